/* A calculator: each operator's function found in a dispatch table. */
#include <assert.h>
#include <stddef.h>

typedef int (*binop)(int, int);

int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
int mul(int a, int b) { return a * b; }
int quo(int a, int b) { return a / b; }
int rem(int a, int b) { return a % b; }

struct entry {
    char sym;
    binop fn;
};

static struct entry table[] = {
    {'+', add}, {'-', sub}, {'*', mul}, {'/', quo}, {'%', rem},
};

binop lookup(char sym)
{
    int i;
    for (i = 0; i < 5; i++)
        if (table[i].sym == sym)
            return table[i].fn;
    return NULL;
}

int eval(int a, char sym, int b)
{
    binop f = lookup(sym);
    if (f == NULL || (b == 0 && (sym == '/' || sym == '%')))
        return 0;
    return f(a, b);
}

void test_add(void)
{
    assert(eval(7, '+', 5) == 12);
}

void test_mul(void)
{
    assert(eval(6, '*', 7) == 42);
}

void test_remainder(void)
{
    assert(eval(17, '%', 5) == 2);
    assert(eval(20, '%', 4) == 0);
}

void test_unknown(void)
{
    assert(eval(1, '^', 2) == 0);
}

void test_divide_by_zero(void)
{
    assert(eval(9, '/', 0) == 0);
}
