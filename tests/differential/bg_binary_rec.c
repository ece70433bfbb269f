#include <stdio.h>

void to_binary(int n) {
    if (n > 1)
        to_binary(n / 2);
    printf("%d", n % 2);
}

void to_base(int n, int base) {
    const char digits[] = "0123456789ABCDEF";
    if (n >= base)
        to_base(n / base, base);
    putchar(digits[n % base]);
}

int main(void) {
    int n;
    while (scanf("%d", &n) == 1 && n >= 0) {
        to_binary(n);
        printf(" ");
        to_base(n, 16);
        printf(" ");
        to_base(n, 8);
        printf("\n");
    }
    return 0;
}
