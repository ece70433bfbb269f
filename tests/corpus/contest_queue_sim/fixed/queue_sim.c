/* Contest task: one counter serves n customers in order of arrival; customer i
 * arrives at time t_i and needs s_i minutes. Print the total time customers
 * waited before being served and the time the counter closes. */
#include <stdio.h>

int main(void)
{
    int n, i, t, s;
    long long now = 0, waited = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        scanf("%d %d", &t, &s);
        if (now < t)
            now = t;
        waited += now - t;
        now += s;
    }
    printf("%lld %lld\n", waited, now);
    return 0;
}
