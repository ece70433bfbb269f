#include <stdio.h>

int main(void)
{
    long l;
    long long ll;
    unsigned u;
    unsigned long ul;
    int h, i, got;
    char c1, c2;
    got = scanf("%ld %lld %u %lu", &l, &ll, &u, &ul);
    printf("got %d\n", got);
    if (got < 4)
        return 1;
    printf("l=%ld ll=%lld u=%u ul=%lu\n", l, ll, u, ul);
    got = scanf("%x %i", &h, &i);
    printf("got %d\n", got);
    if (got == 2)
        printf("h=%d i=%d\n", h, i);
    got = scanf(" %c%c", &c1, &c2);
    if (got == 2)
        printf("c1='%c' c2=%d\n", c1, c2);
    else
        printf("chars missing (%d)\n", got);
    return 0;
}
