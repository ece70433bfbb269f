#include <stdio.h>
#include <string.h>
#include <assert.h>
int count(const char s[], char c) { int n = 0; for (int i = 0; s[i]; i++) if (s[i] == c) n++; return n; }
void reverse(char *s) { int n = strlen(s); for (int i = 0; i < n / 2; i++) { char t = s[i]; s[i] = s[n - 1 - i]; s[n - 1 - i] = t; } }
void test_strings(void) {
    char s[] = "hello";
    char buf[32];
    strcpy(buf, s);
    strcat(buf, ", world");
    assert(strlen(buf) == 12 && strcmp(buf, "hello, world") == 0);
    assert(strncmp(buf, "help", 3) == 0 && count(buf, 'l') == 3);
    reverse(s);
    assert(s[0] == 'o');
    char *c = strchr(buf, ',');
    assert(c != NULL && c - buf == 5 && strrchr(buf, 'o') == buf + 8);
    assert(strstr(buf, "wor") == buf + 7);
    char z[8];
    memset(z, 'x', 7); z[7] = '\0';
    memcpy(z, "ab", 2); memmove(z + 1, z, 3);
    strncpy(buf, "abc", sizeof buf); strncat(buf, "defg", 2);
    assert(memcmp(buf, "abcde", 5) == 0);
}
int main(void) {
    char line[64];
    if (!fgets(line, sizeof line, stdin)) return 1;
    printf("%d %s", (int)strlen(line), line);
    return 0;
}
