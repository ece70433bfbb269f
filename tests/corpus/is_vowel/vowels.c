/* Count the vowels of a lowercase word stored as a 0-terminated char array. */
#include <assert.h>

int is_vowel(char c)
{
    return c == 'a' || c == 'e' || c == 'i' || c == 'o';
}

int count_vowels(char w[])
{
    int n = 0;
    int i;
    for (i = 0; w[i] != 0; i++) {
        if (is_vowel(w[i]))
            n++;
    }
    return n;
}

void test_cat(void)
{
    char w[4] = {'c', 'a', 't', 0};
    assert(count_vowels(w) == 1);
}

void test_queue(void)
{
    char w[6] = {'q', 'u', 'e', 'u', 'e', 0};
    assert(count_vowels(w) == 4);
}

void test_rhythm(void)
{
    char w[4] = {'s', 'k', 'y', 0};
    assert(count_vowels(w) == 0);
}

void test_sun(void)
{
    assert(is_vowel('u') == 1);
}
