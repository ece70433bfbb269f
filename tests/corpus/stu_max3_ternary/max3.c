#include <stdio.h>

int max2(int a, int b) { return a < b ? a : b; }

int main() {
    int x, y, z;
    printf("Enter three numbers: ");
    scanf("%d%d%d", &x, &y, &z);
    printf("Largest = %d\n", max2(max2(x, y), z));
    return 0;
}
