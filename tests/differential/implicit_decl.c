#include <stdio.h>

/* Functions are called before they are declared (C89 implicit declarations). */
int main(void)
{
    int n, total = 0;
    while (scanf("%d", &n) == 1) {
        printf("%d: triangle=%d odd=%d steps=%d\n", n, triangle(n), is_odd(n), count_down(n, 0));
        total += triangle(n);
    }
    report(total);
    return total > 100;
}

triangle(n)
int n;
{
    return n <= 0 ? 0 : n + triangle(n - 1);
}

int is_odd(int n)
{
    return n % 2 != 0 ? 1 : 0;
}

int count_down(int n, int acc)
{
    if (n <= 0)
        return acc;
    return count_down(n / 2, acc + 1);
}

int report(int t)
{
    printf("total=%d\n", t);
    return 0;
}
