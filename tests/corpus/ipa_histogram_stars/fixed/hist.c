#include <stdio.h>

#define BUCKETS 11

int count[BUCKETS];

int bucket_of(int grade)
{
    int b = grade / 10;
    if (b > 9)
        b = 9;
    return b;
}

void print_stars(int k)
{
    int i;
    for (i = 0; i < k; i++)
        putchar('*');
    putchar('\n');
}

int main(void)
{
    int g, i, total = 0, invalid = 0;

    while (scanf("%d", &g) == 1) {
        if (g < 0 || g > 100) {
            invalid++;
            continue;
        }
        count[bucket_of(g)]++;
        total++;
    }
    for (i = 0; i < 10; i++) {
        if (i == 9)
            printf("90-100: ");
        else
            printf("%2d-%2d:  ", i * 10, i * 10 + 9);
        print_stars(count[i]);
    }
    printf("%d grades, %d invalid\n", total, invalid);
    return 0;
}
