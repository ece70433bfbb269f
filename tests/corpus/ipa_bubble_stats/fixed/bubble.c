#include <stdio.h>

#define MAX 100

void bubble_sort(int v[], int n)
{
    int i, j, tmp;
    for (i = 0; i < n - 1; i++) {
        for (j = 0; j < n - 1 - i; j++) {
            if (v[j] > v[j + 1]) {
                tmp = v[j];
                v[j] = v[j + 1];
                v[j + 1] = tmp;
            }
        }
    }
}

double median(int v[], int n)
{
    if (n % 2 == 1)
        return v[n / 2];
    return (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

int main(void)
{
    int v[MAX];
    int n, i;

    printf("How many numbers? ");
    scanf("%d", &n);
    if (n <= 0 || n > MAX) {
        printf("Bad count\n");
        return 0;
    }
    for (i = 0; i < n; i++)
        scanf("%d", &v[i]);

    bubble_sort(v, n);

    printf("Sorted:");
    for (i = 0; i < n; i++)
        printf(" %d", v[i]);
    printf("\n");
    printf("Min: %d\n", v[0]);
    printf("Max: %d\n", v[n - 1]);
    printf("Median: %.1f\n", median(v, n));
    return 0;
}
