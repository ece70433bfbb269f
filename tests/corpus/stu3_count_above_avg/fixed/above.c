#include <stdio.h>
#define MAX 20

int main()
{
    double marks[MAX], sum = 0.0, avg;
    int n, i, above = 0;

    printf("Number of students: ");
    scanf("%d", &n);
    if (n < 1 || n > MAX) {
        printf("Bad count\n");
        return 1;
    }
    for (i = 0; i < n; i++) {
        scanf("%lf", &marks[i]);
        sum += marks[i];
    }
    avg = sum / n;
    for (i = 0; i < n; i++)
        if (marks[i] > avg)
            above++;
    printf("Average %.2f, %d above average\n", avg, above);
    return 0;
}
