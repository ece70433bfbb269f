/* Exercise: read a score 0..100 and print its letter grade; anything else is rejected. */
#include <stdio.h>

int main(void)
{
    int score;
    if (scanf("%d", &score) != 1 || score < 0 || score > 100) {
        printf("invalid score\n");
        return 1;
    }
    if (score >= 90)
        printf("A\n");
    else if (score > 80)
        printf("B\n");
    else if (score >= 70)
        printf("C\n");
    else if (score >= 60)
        printf("D\n");
    else
        printf("F\n");
    return 0;
}
