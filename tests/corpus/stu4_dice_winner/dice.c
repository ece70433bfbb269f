#include <stdio.h>

int main()
{
    int d1, d2, d3, d4;
    int total1, total2;
    printf("Player 1, enter your two dice: ");
    scanf("%d %d", &d1, &d2);
    printf("Player 2, enter your two dice: ");
    scanf("%d %d", &d3, &d4);
    total1 = d1 + d2;
    total2 = d3 + d4;
    printf("Player 1 has %d, player 2 has %d\n", total1, total2);
    if (total1 >= total2)
        printf("Player 1 wins!\n");
    else if (total2 > total1)
        printf("Player 2 wins!\n");
    else
        printf("It's a draw.\n");
    return 0;
}
