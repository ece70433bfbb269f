/* A dispatch table searched for an operator; the missing one's NULL is called. UBSan/ASan: SEGV. */
#include <stdio.h>

typedef int (*binop)(int, int);

int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }

struct entry { char sym; binop fn; };

struct entry table[] = { {'+', add}, {'-', sub} };

binop find(char c) {
    for (int i = 0; i < 2; i++)
        if (table[i].sym == c) return table[i].fn;
    return NULL;
}

int main(void) {
    char op;
    int a, b;
    if (scanf("%d %c %d", &a, &op, &b) != 3) return 1;
    binop f = find(op);
    printf("%d\n", f(a, b)); /* UB: */
    return 0;
}
