#include <stdio.h>

int main()
{
    int a, b, c, d;
    int price;
    printf("Age? ");
    scanf("%d", &a);
    printf("Student (1/0)? ");
    scanf("%d", &b);
    printf("Weekend (1/0)? ");
    scanf("%d", &c);
    printf("Evening show (1/0)? ");
    scanf("%d", &d);
    price = 12;
    if (c == 1) {
        if (d == 1) {
            price = 14;
        } else {
            if (a < 65) {
                if (a <= 12) {
                    price = 6;
                } else if (b == 1) {
                    price = 9;
                } else {
                    price = 12;
                }
            } else {
                price = 7;
            }
        }
    } else {
        if (b == 1)
            price = 8;
    }
    printf("Your ticket costs $%d\n", price);
    return 0;
}
