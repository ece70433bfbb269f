#include <stdio.h>

int main(void)
{
    float m1, m2, m3, avg;
    printf("Enter marks of three subjects: ");
    scanf("%f %f %f", &m1, &m2, &m3);
    avg = (m1 + m2 + m3) / 3;
    if (avg >= 90)
        printf("Excellent! Average %.1f\n", avg);
    else if (avg >= 50)
        printf("Passed with an average of %.1f\n", avg);
    else
        printf("Failed with an average of %.1f\n", avg);
    return 0;
}
