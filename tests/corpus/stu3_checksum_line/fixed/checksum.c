#include <stdio.h>

int main()
{
    char c;
    int sum = 0;

    printf("Enter an abitrarily long string, ending with carriage return > ");
    c = getchar();
    while (c != '\n') {
        sum = sum + c;
        c = getchar();
    }
    sum = sum % 64;
    c = sum + ' ';
    printf("Check sum is %c\n", c);
    return 0;
}
