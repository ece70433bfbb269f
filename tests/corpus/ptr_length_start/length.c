/* String length and last character, walking a char pointer. */
#include <assert.h>

int length(char *s)
{
    char *p = s + 1;
    while (*p)
        p++;
    return p - s;
}

char last(char *s)
{
    int n = length(s);
    if (n == 0)
        return 0;
    return s[n - 1];
}

void test_word(void)
{
    char w[6] = "hello";
    assert(length(w) == 5);
}

void test_last(void)
{
    char w[4] = "abc";
    assert(last(w) == 'c');
}

void test_one(void)
{
    char w[2] = "x";
    assert(length(w) == 1);
}

void test_empty(void)
{
    char w[3] = "";
    w[1] = 'z';
    assert(length(w) == 0);
}
