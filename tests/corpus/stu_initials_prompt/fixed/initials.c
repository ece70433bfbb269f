#include <stdio.h>
#include <ctype.h>

int main()
{
    char first[30], last[30];
    fputs("Enter your first and last name: ", stdout);
    fflush(stdout);
    if (scanf("%29s %29s", &first, &last) != 2) {
        fputs("two names, please\n", stdout);
        return 1;
    }
    printf("Initials: %c.%c.\n", toupper(first[0]), toupper(last[0]));
    return 0;
}
