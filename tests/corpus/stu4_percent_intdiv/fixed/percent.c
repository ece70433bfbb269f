#include <stdio.h>

int main()
{
    int right, total;
    float percent;
    printf("Number of correct answers: ");
    scanf("%d", &right);
    printf("Number of questions: ");
    scanf("%d", &total);
    percent = 100.0 * right / total;
    printf("You scored %.1f%%\n", percent);
    if (percent >= 50)
        printf("Pass\n");
    else
        printf("Fail\n");
    return 0;
}
