/* Exercise: print each word in upper case. */
#include <stdio.h>

int main(void)
{
    char w[32];
    int i;
    while (scanf("%31s", w) == 1) {
        for (i = 0; w[i] != '\0'; i++) {
            if (w[i] >= 'a' && w[i] <= 'z')
                w[i] = w[i] - 32;
        }
        printf("%s\n", w);
    }
    return 0;
}
