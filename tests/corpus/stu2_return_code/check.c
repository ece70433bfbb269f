#include <stdio.h>

int main()
{
    int n;
    if (scanf("%d", &n) != 1) {
        printf("error: not a number\n");
        return 2;
    }
    if (n < 0 || n >= 100) {
        printf("error: out of range\n");
        return 1;
    }
    if (n >= 40)
        printf("PASS\n");
    else
        printf("FAIL\n");
    return 0;
}
