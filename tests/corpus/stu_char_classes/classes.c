#include <stdio.h>
#include <ctype.h>

int main()
{
    int c, upper = 0, lower = 0, digits = 0, others = 0;
    while ((c = getchar()) != EOF && c != '\n') {
        if (isupper(c))
            upper++;
        else if (islower(c))
            lower++;
        else if (isdigit(c))
            others++;
        else
            others++;
    }
    printf("upper=%d lower=%d digits=%d others=%d\n", upper, lower, digits, others);
    return 0;
}
