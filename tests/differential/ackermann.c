#include <stdio.h>

static long calls;

int ack(int m, int n)
{
    calls++;
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

int main(void)
{
    int m, n, r;
    for (m = 0; m <= 2; m++) {
        for (n = 0; n <= 3; n++) {
            calls = 0;
            r = ack(m, n);
            printf("A(%d,%d)=%-4d calls=%ld\n", m, n, r, calls);
        }
    }
    calls = 0;
    r = ack(3, 2);
    printf("A(3,2)=%d calls=%ld\n", r, calls);
    return 0;
}
