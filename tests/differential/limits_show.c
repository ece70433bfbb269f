#include <stdio.h>
#include <limits.h>

int main(void)
{
    printf("CHAR_BIT=%d\n", CHAR_BIT);
    printf("SCHAR %d..%d UCHAR_MAX=%d\n", SCHAR_MIN, SCHAR_MAX, UCHAR_MAX);
    printf("CHAR %d..%d\n", CHAR_MIN, CHAR_MAX);
    printf("SHRT %d..%d USHRT_MAX=%d\n", SHRT_MIN, SHRT_MAX, USHRT_MAX);
    printf("INT %d..%d UINT_MAX=%u\n", INT_MIN, INT_MAX, UINT_MAX);
    printf("LONG %ld..%ld ULONG_MAX=%lu\n", LONG_MIN, LONG_MAX, ULONG_MAX);
    printf("LLONG %lld..%lld ULLONG_MAX=%llu\n", LLONG_MIN, LLONG_MAX, ULLONG_MAX);
    printf("INT_MAX+1u=%u\n", INT_MAX + 1u);
    printf("INT_MIN/-1 avoided; INT_MIN/2=%d INT_MIN%%3=%d\n", INT_MIN / 2, INT_MIN % 3);
    printf("(unsigned)INT_MIN=%u\n", (unsigned)INT_MIN);
    printf("-(INT_MIN+1)=%d\n", -(INT_MIN + 1));
    printf("UINT_MAX+1=%u ULLONG_MAX+1=%llu\n", UINT_MAX + 1, ULLONG_MAX + 1);
    printf("%x %X %o\n", INT_MAX, UINT_MAX, UCHAR_MAX);
    printf("SHRT_MAX+1=%d (short)(SHRT_MAX+1)=%d\n", SHRT_MAX + 1, (short)(SHRT_MAX + 1));
    return 0;
}
