#include <stdio.h>

int main()
{
    int secret, guess, tries = 0;
    scanf("%d", &secret);
    while (1) {
        printf("Guess: ");
        if (scanf("%d", &guess) != 1)
            break;
        tries++;
        if (guess == secret)
            break;
        if (guess < secret)
            printf("Too low\n");
        else
            printf("Too high\n");
    }
    printf("You needed %d tries\n", tries);
    if (tries >= 5)
        printf("Too many tries!\n");
    return 0;
}
