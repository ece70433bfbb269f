#include <stdio.h>

/* Reverse Polish calculator reading single-digit operands and operators via getchar. */
int stack[32];
int sp;

int push(int v) { if (sp >= 32) return 0; stack[sp++] = v; return 1; }
int pop(void) { return sp > 0 ? stack[--sp] : 0; }

int main(void)
{
    int c, a, b, line = 0, err = 0, num = 0, innum = 0;
    while ((c = getchar()) != EOF) {
        if (c >= '0' && c <= '9') {
            num = num * 10 + (c - '0');
            innum = 1;
            continue;
        }
        if (innum) {
            push(num);
            num = 0;
            innum = 0;
        }
        switch (c) {
        case '+': case '-': case '*': case '/':
            if (sp < 2) { err = 1; break; }
            b = pop();
            a = pop();
            if (c == '+') push(a + b);
            else if (c == '-') push(a - b);
            else if (c == '*') push(a * b);
            else if (b == 0) err = 2;
            else push(a / b);
            break;
        case '\n':
            line++;
            if (err)
                printf("line %d: error %d\n", line, err);
            else if (sp != 1)
                printf("line %d: stack has %d items\n", line, sp);
            else
                printf("line %d: %d\n", line, stack[0]);
            sp = 0;
            err = 0;
            break;
        case ' ': case '\t':
            break;
        default:
            err = 3;
        }
    }
    return line == 0;
}
