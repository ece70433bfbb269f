/* Exercise: Caesar cipher; the shift is the first input number, then words follow. */
#include <stdio.h>

int main(void)
{
    char w[40];
    int k, i;
    if (scanf("%d", &k) != 1)
        return 1;
    while (scanf("%39s", w) == 1) {
        for (i = 0; w[i] != '\0'; i++) {
            if (w[i] >= 'a' && w[i] <= 'z')
                w[i] = 'a' + (w[i] - 'a' + k) % 26;
        }
        printf("%s\n", w);
    }
    return 0;
}
