#include <stdio.h>

int main()
{
    float score;
    char grade;

    printf("Enter the score: ");
    scanf("%f", &score);
    if (score < 0 || score > 100) {
        printf("Invalid score\n");
        return 1;
    }
    if (score >= 90)
        grade = 'A';
    else if (score >= 80)
        grade = 'B';
    else if (score >= 70)
        grade = 'C';
    else if (score >= 60)
        grade = 'D';
    else
        grade = 'F';
    printf("Score %.1f gets grade %c\n", score, grade);
    return 0;
}
