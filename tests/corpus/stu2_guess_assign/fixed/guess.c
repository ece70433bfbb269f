#include <stdio.h>
#define SECRET 42

int main()
{
    int guess;
    printf("Guess the number: ");
    scanf("%d", &guess);
    if (guess == SECRET)
        printf("Correct!\n");
    else if (guess < SECRET)
        printf("Too low\n");
    else
        printf("Too high\n");
    return 0;
}
