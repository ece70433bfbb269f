#include <stdio.h>
#include <string.h>
int sign(int x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }
int main(void) {
    char a[50], b[50];
    while (scanf("%49s %49s", a, b) == 2) {
        printf("%s %s: strcmp %d strncmp3 %d memcmp2 %d\n", a, b,
               sign(strcmp(a, b)), sign(strncmp(a, b, 3)), sign(memcmp(a, b, 2)));
    }
    return 0;
}
