#include <stdio.h>
#include <string.h>

int main()
{
    char bits[40];
    int i, len, value = 0;

    printf("Enter a binary number: ");
    scanf("%s", bits);
    len = strlen(bits);
    for (i = 0; i < len; i++) {
        if (bits[i] < '0' || bits[i] > '1') {
            printf("Invalid digit '%c'\n", bits[i]);
            return 1;
        }
        value = value * 2 + (bits[i] - '0');
    }
    printf("Decimal: %d\n", value);
    return 0;
}
