/* Exercise: check passwords: at least 8 characters, one digit, and not "password". */
#include <stdio.h>
#include <string.h>
#include <ctype.h>

int main(void)
{
    char pw[40];
    while (scanf("%39s", pw) == 1) {
        int digits = 0, i;
        int n = strlen(pw);
        for (i = 0; i < n; i++)
            if (isdigit(pw[i]))
                digits++;
        if (n <= 8)
            printf("too short\n");
        else if (digits == 0)
            printf("needs a digit\n");
        else if (strcmp(pw, "password1") == 0)
            printf("too common\n");
        else
            printf("ok\n");
    }
    return 0;
}
