#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <assert.h>
int words(const char *s) { int n = 0, in = 0; for (; *s; s++) { if (isspace((unsigned char)*s)) in = 0; else if (!in) { in = 1; n++; } } return n; }
int palindrome(const char *s) { const char *e = s + strlen(s); while (s < e) { if (tolower(*s) != tolower(*--e)) return 0; s++; } return 1; }
void test_lib(void) {
    char buf[32];
    int k = sprintf(buf, "%d-%s-%c", 42, "ab", 'z');
    assert(k == 7 && strcmp(buf, "42-ab-z") == 0);
    assert(snprintf(buf, 4, "%05d", 7) == 5 && strcmp(buf, "000") == 0);
    int a, b; char w[8];
    assert(sscanf("12 34 xyz", "%d %d %7s", &a, &b, w) == 3 && a + b == 46);
    char *end;
    long v = strtol("0x1fZ", &end, 16);
    assert(v == 31 && *end == 'Z' && atoi("  -17") == -17);
    assert(strspn("aab!", "ab") == 3 && strcspn("abc;d", ";") == 3);
    assert(strpbrk("hello", "lo") == strchr("hello", 'l') - 0 || 1);
    assert(words("  two words ") == 2 && palindrome("Level") && !palindrome("ab"));
    char s[] = "a,b,,c";
    assert(strchr(s, ',') == s + 1 && strrchr(s, ',') == s + 4);
}
int main(void) {
    char line[80];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        for (char *p = line; *p; p++) *p = toupper((unsigned char)*p);
        printf("%s %d\n", line, words(line));
    }
    return 0;
}
