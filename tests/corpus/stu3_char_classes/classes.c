#include <stdio.h>

int main()
{
    char str[200];
    int i = 0, upper = 0, lower = 0, digit = 0, space = 0;

    fgets(str, sizeof(str), stdin);
    while (str[i] != '\0') {
        if (str[i] >= 'A' && str[i] <= 'Z')
            upper++;
        else if (str[i] >= 'a' && str[i] <= 'z')
            lower++;
        else if (str[i] > '0' && str[i] <= '9')
            digit++;
        else if (str[i] == ' ')
            space++;
        i++;
    }
    printf("upper %d lower %d digits %d spaces %d\n", upper, lower, digit, space);
    return 0;
}
