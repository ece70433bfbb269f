/* Length of a string without its leading spaces. */
#include <assert.h>

int trimmed_length(const char *s)
{
    const char *p = s + 1;
    while (*p == ' ')
        p++;
    int n = 0;
    while (p[n] != '\0')
        n++;
    return n;
}

void test_no_spaces(void)
{
    assert(trimmed_length("abc") == 3);
}

void test_two_spaces(void)
{
    assert(trimmed_length("  hi") == 2);
}

void test_one_space(void)
{
    assert(trimmed_length(" x") == 1);
}

void test_one_letter(void)
{
    assert(trimmed_length("a") == 1);
}
