#include <stdio.h>
#include <ctype.h>
/* Count the classes of the characters read, and print each class bit for a few values. */
int main(void) {
    int c, digits = 0, alphas = 0, spaces = 0, uppers = 0, lowers = 0, puncts = 0, others = 0;
    while ((c = getchar()) != EOF) {
        if (isdigit(c)) digits++;
        else if (isalpha(c)) {
            alphas++;
            if (isupper(c)) uppers++;
            if (islower(c)) lowers++;
        } else if (isspace(c)) spaces++;
        else if (ispunct(c)) puncts++;
        else others++;
    }
    printf("digits=%d alphas=%d upper=%d lower=%d spaces=%d punct=%d other=%d\n",
           digits, alphas, uppers, lowers, spaces, puncts, others);
    return 0;
}
