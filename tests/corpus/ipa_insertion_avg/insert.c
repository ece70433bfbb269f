#include <stdio.h>

#define MAX 20

void insertion_sort(double a[], int n)
{
    int i, j;
    double key;

    for (i = 1; i < n; i++) {
        key = a[i];
        j = i - 1;
        while (j > 0 && a[j] > key) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = key;
    }
}

double average(double a[], int n)
{
    double sum = 0;
    int i;
    for (i = 0; i < n; i++)
        sum += a[i];
    return sum / n;
}

int main(void)
{
    double marks[MAX];
    int n, i;

    scanf("%d", &n);
    if (n < 1 || n > MAX)
        return 1;
    for (i = 0; i < n; i++)
        scanf("%lf", &marks[i]);
    insertion_sort(marks, n);
    printf("Lowest: %.1f\n", marks[0]);
    printf("Highest: %.1f\n", marks[n - 1]);
    printf("Average: %.1f\n", average(marks, n));
    printf("Top three:");
    for (i = n - 1; i >= 0 && i >= n - 3; i--)
        printf(" %.1f", marks[i]);
    printf("\n");
    return 0;
}
