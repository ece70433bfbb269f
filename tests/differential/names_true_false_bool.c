/* Before C23, true, false and bool are ordinary names: a program without <stdbool.h> may
   declare them (tree-sitter-c reads them as keywords). */
#include <stdio.h>

typedef enum { false, true } bool;

int true_count;

static bool is_even(int n)
{
    return n % 2 == 0 ? true : false;
}

int main(void)
{
    int n, i, x;
    bool seen = false;
    if (scanf("%d", &n) != 1)
        return 1;
    for (i = 0; i < n; i++) {
        if (scanf("%d", &x) != 1)
            return 2;
        if (is_even(x) == true) {
            true_count++;
            seen = true;
        }
    }
    printf("%d %d %d\n", true_count, seen, (int)(true + true));
    return seen ? 0 : 3;
}
