/* printf/scanf conversions that do not match their argument's type but that gcc on x86-64
   runs deterministically: narrow arguments promoted, 64-bit ones truncated by `%d`, 32-bit
   ones zero-extended by `%ld`, signedness, extra arguments, and `scanf` conversions narrower
   than their (initialized) object storing into its low bytes. */
#include <stdio.h>

int main(void) {
    int count = 0, n;
    long total = 0;
    char grade = 'B';
    short year = 2024;
    double price = 0.0;
    int letter = 0;
    float weight = 0;
    if (scanf("%d", &n) != 1)
        return 1;
    for (int i = 0; i < n; i++) {
        int v;
        scanf("%d", &v);
        total += v;
        count++;
    }
    printf("count %ld total %d\n", count, total);
    printf("grade %d %c year %d %hd\n", grade, grade, year, year);
    printf("unsigned %u hex %x octal %o\n", n - 10, n - 10, n);
    printf("diff %ld %lld\n", n - 10, count * -2);
    printf("%d items\n", count, total, grade);
    scanf("%f", &price);
    printf("price bits %a\n", price);
    scanf(" %c", &letter);
    printf("letter %d %c\n", letter, letter);
    scanf("%d", &total);
    printf("total now %ld\n", total);
    scanf("%d", &weight);
    printf("weight %g\n", weight);
    return 0;
}
