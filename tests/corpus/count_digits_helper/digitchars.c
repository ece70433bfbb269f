/* Parse the leading decimal number of a char array (0-terminated); other chars stop it. */
#include <assert.h>

int is_digit(char c)
{
    return c >= '0' && c < '9';
}

int leading_number(char s[])
{
    int value = 0;
    int i = 0;
    while (is_digit(s[i])) {
        value = value * 10 + (s[i] - '0');
        i++;
    }
    return value;
}

void test_plain(void)
{
    char s[4] = {'4', '2', 'x', 0};
    assert(leading_number(s) == 42);
}

void test_nine(void)
{
    char s[3] = {'9', '1', 0};
    assert(leading_number(s) == 91);
}

void test_empty(void)
{
    char s[2] = {'a', 0};
    assert(leading_number(s) == 0);
}

void test_trailing_nine(void)
{
    char s[4] = {'1', '0', '9', 0};
    assert(leading_number(s) == 109);
}
