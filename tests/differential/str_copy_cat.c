#include <stdio.h>
#include <string.h>
int main(void) {
    char a[40] = "Hello";
    char b[20];
    char c[40];
    strcpy(b, ", world");
    strcat(a, b);
    printf("[%s] %d\n", a, (int)strlen(a));
    strncpy(c, a, 5);
    c[5] = '\0';
    printf("[%s]\n", c);
    strncat(c, "!!!???", 3);
    printf("[%s] %d\n", c, (int)strlen(c));
    strcpy(c, "");
    printf("[%s] %d\n", c, (int)strlen(c));
    return 0;
}
