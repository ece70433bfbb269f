#include <stdio.h>
#include <string.h>
int main(void) {
    char line[100];
    int n = 0;
    while (gets(line) != NULL) {
        n++;
        printf("%d [%s] %d\n", n, line, (int)strlen(line));
    }
    return 0;
}
