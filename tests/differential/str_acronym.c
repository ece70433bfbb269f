#include <stdio.h>
#include <ctype.h>
int main(void) {
    char w[30], acr[11];
    int n = 0;
    while (n < 10 && scanf("%29s", w) == 1)
        acr[n++] = toupper(w[0]);
    acr[n] = '\0';
    printf("%s\n", acr);
    return 0;
}
