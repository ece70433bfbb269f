#include <stdio.h>
#include <string.h>
/* String helpers taking char array parameters. */
void reverse(char s[]) {
    int i, j;
    char t;
    for (i = 0, j = strlen(s) - 1; i < j; i++, j--) {
        t = s[i];
        s[i] = s[j];
        s[j] = t;
    }
}
int count_words(char s[]) {
    int i, n = 0, in = 0;
    for (i = 0; s[i]; i++) {
        if (s[i] == ' ') in = 0;
        else if (!in) { in = 1; n++; }
    }
    return n;
}
void join(char dst[], char a[], char b[]) {
    strcpy(dst, a);
    strcat(dst, "-");
    strcat(dst, b);
}
int main(void) {
    char a[20], b[20], j[50];
    while (scanf("%19s %19s", a, b) == 2) {
        join(j, a, b);
        reverse(a);
        printf("%s %s %d\n", j, a, count_words(j));
    }
    return 0;
}
