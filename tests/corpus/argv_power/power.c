/* power BASE EXP: print BASE raised to EXP (EXP >= 0, small). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int base, exp, i;
    int result = 1;
    if (argc != 3) {
        printf("usage: power BASE EXP\n");
        return 1;
    }
    base = atoi(argv[1]);
    exp = atoi(argv[2]);
    if (exp < 0) {
        printf("negative exponent\n");
        return 2;
    }
    for (i = 0; i < exp; i++)
        result = result * exp;
    printf("%d\n", result);
    return 0;
}
