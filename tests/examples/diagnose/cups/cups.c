/* A coffee stand: reads a cup size letter, prints its volume in millilitres and its price. */
#include <stdio.h>

int main(void)
{
    char size;
    int ml, cents;
    printf("Size (S, M, L): ");
    scanf(" %c", &size);
    switch (size) {
    case 's':
    case 'S':
        ml = 250;
        cents = 180;
        break;
    case 'M':
        ml = 350;
        cents = 220;
    case 'L':
        ml = 500;
        cents = 260;
        break;
    default:
        printf("unknown size\n");
        return 1;
    }
    printf("%d ml: %d.%02d\n", ml, cents / 100, cents % 100);
    return 0;
}
