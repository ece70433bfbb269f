#include <stdio.h>
#define SIZE 6

int main()
{
    int arr[SIZE];
    int i, max, pos;

    printf("Enter %d numbers: ", SIZE);
    for (i = 0; i < SIZE; i++)
        scanf("%d", &arr[i]);
    max = 0;
    pos = 0;
    for (i = 1; i < SIZE; i++) {
        if (arr[i] > max) {
            max = arr[i];
            pos = i;
        }
    }
    printf("\nLargest = %d at position %d\n", max, pos + 1);
    return 0;
}
