#include <stdio.h>

int main(void) {
    int n, i;
    long long a = 0, b = 1, t;
    unsigned long long sum = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        printf("%lld ", a);
        sum += a;
        t = a + b;
        a = b;
        b = t;
    }
    printf("\nsum=%llu\n", sum);
    return 0;
}
