#include <stdio.h>
#include <ctype.h>
/* Sum the digits of each line read with fgets. */
int main(void) {
    char line[32];
    while (fgets(line, 32, stdin) != NULL) {
        int i, sum = 0, digits = 0;
        for (i = 0; line[i] != '\0' && line[i] != '\n'; i++)
            if (isdigit(line[i])) {
                sum += line[i] - '0';
                digits++;
            }
        printf("%d digits, sum %d\n", digits, sum);
    }
    return 0;
}
