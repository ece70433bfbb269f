#include <stdio.h>
#include <limits.h>

int main(void) {
    printf("char %zu short %zu int %zu long %zu long long %zu\n", sizeof(char), sizeof(short), sizeof(int), sizeof(long), sizeof(long long));
    printf("float %zu double %zu pointer %zu\n", sizeof(float), sizeof(double), sizeof(int *));
    printf("INT_MAX %d INT_MIN %d UINT_MAX %u\n", INT_MAX, INT_MIN, UINT_MAX);
    printf("LONG_MAX %ld CHAR_MAX %d\n", LONG_MAX, CHAR_MAX);
    unsigned int big = 4000000000u;
    printf("%u %d\n", big / 2, (int)(big % 1000));
    short s = 32767;
    s++;
    printf("%d\n", s);
    return 0;
}
