/* The average is a double printed with `%d`: gcc warns, and x86-64 prints whatever an
   integer register holds (the double is in xmm0). */
#include <stdio.h>

int main(void) {
    int n, i, x, sum = 0;
    double avg;
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        scanf("%d", &x);
        sum += x;
    }
    avg = (double)sum / n;
    printf("average: %d\n", avg); /* UB: */
    return 0;
}
