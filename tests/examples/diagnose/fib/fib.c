/* Fault: the base case should be `n < 2` (fib(1) must be 1). Binary recursion. */
#include <assert.h>
int fib(int n) {
    if (n < 1)
        return n;
    return fib(n - 1) + fib(n - 2);
}
void test_fib2(void) { assert(fib(2) == 1); }
void test_fib5(void) { assert(fib(5) == 5); }
