#include <stdio.h>
#include <string.h>

int main()
{
    char s[100];
    int i, lower = 0, other = 0;
    fgets(s, 100, stdin);
    s[strcspn(s, "\n")] = 0;
    for (i = 0; s[i] != '\0'; i++) {
        if (s[i] >= 'a' || s[i] <= 'z')
            lower++;
        else
            other++;
    }
    printf("lowercase: %d\n", lower);
    printf("other: %d\n", other);
    return 0;
}
