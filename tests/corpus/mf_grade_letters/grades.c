#include <stdio.h>

int main()
{
    int score;
    int count = 0;
    printf("Enter scores (end with EOF):\n");
    while (scanf("%d", &score) == 1) {
        count++;
        if (score > 90)
            printf("%d: A\n", score);
        else if (score >= 80)
            printf("%d: B\n", score);
        else if (score >= 75)
            printf("%d: C\n", score);
        else if (score >= 60)
            printf("%d: D\n", score);
        else
            printf("%d: F\n", score);
    }
    printf("%d scores\n", count);
    return 0;
}
