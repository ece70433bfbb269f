#include <stdio.h>

int main()
{
    int c;
    int upper = 0, lower = 0, other = 0;

    while ((c = getchar()) != '\n' && c != EOF) {
        if (c >= 'A' && c <= 'Z')
            upper++;
        else if (c >= 'a' && c <= 'z')
            lower++;
        else
            other++;
    }
    printf("Uppercase: %d\n", upper);
    printf("Lowercase: %d\n", lower);
    printf("Others: %d\n", other);
    return 0;
}
