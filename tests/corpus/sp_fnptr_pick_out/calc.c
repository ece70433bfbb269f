/* A calculator picks its operation through an out-parameter (`binop *op`, a pointer to a
 * function pointer) and applies it. */
#include <assert.h>

int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
int mul(int a, int b) { return a * b; }

typedef int (*binop)(int, int);

int pick(char c, binop *op)
{
    if (c == '+')
        *op = add;
    else if (c == '-')
        *op = add;
    else if (c == '*')
        *op = mul;
    else
        return 0;
    return 1;
}

int calc(char c, int a, int b, int *ok)
{
    binop f = 0;
    *ok = pick(c, &f);
    return *ok ? f(a, b) : 0;
}

int fold(binop f, const int *v, int n)
{
    int acc = v[0], i;
    for (i = 1; i < n; i++)
        acc = f(acc, v[i]);
    return acc;
}

void test_add(void) { int ok; assert(calc('+', 2, 3, &ok) == 5 && ok); }
void test_mul(void) { int ok; assert(calc('*', 4, 3, &ok) == 12 && ok); }
void test_sub(void) { int ok; assert(calc('-', 9, 4, &ok) == 5 && ok); }
void test_sub_negative(void) { int ok; assert(calc('-', 1, 3, &ok) == -2 && ok); }
void test_unknown(void) { int ok; assert(calc('/', 1, 3, &ok) == 0 && !ok); }
void test_fold(void) { int v[3] = {10, 3, 2}; assert(fold(sub, v, 3) == 5 && fold(add, v, 3) == 15); }
