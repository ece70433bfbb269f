#include <stdio.h>

/* A formatted report: columns aligned with widths, hex and octal views. */
int main(void)
{
    int id, qty, price, n = 0;
    long total = 0;
    printf("%-6s|%6s|%8s|%10s|%6s|%6s\n", "id", "qty", "price", "amount", "hex", "oct");
    printf("%.48s\n", "------------------------------------------------------------");
    while (scanf("%d %d %d", &id, &qty, &price) == 3) {
        long amount = (long)qty * price;
        printf("%-6d|%6d|%8d|%10ld|%6x|%6o\n", id, qty, price, amount, id, id);
        total += amount;
        n++;
    }
    printf("%-6s|%6d|%8s|%10ld|%6X|%6s\n", "total", n, "", total, (unsigned)total & 0xFFFF, "-");
    if (n)
        printf("%s%c", "ok", ':');
    else
        printf("%s%c", "empty", ':');
    if (n > 2)
        puts("many");
    else
        puts("few");
    return n == 0 ? 4 : 0;
}
