/* A reversed copy of a string in a new malloc'd buffer. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

char *reversed(const char *s)
{
    int n = strlen(s);
    char *r = malloc(n + 1);
    for (int i = 0; i < n; i++)
        r[i] = s[n - 1 - i];
    r[n] = '\0';
    return r;
}

void test_word(void)
{
    char *r = reversed("abc");
    assert(strcmp(r, "cba") == 0);
    free(r);
}

void test_single(void)
{
    char *r = reversed("x");
    assert(strcmp(r, "x") == 0);
    free(r);
}

void test_pal(void)
{
    char *r = reversed("level");
    assert(strcmp(r, "level") == 0);
    free(r);
}
