#include <stdio.h>

/* Commands "<op> <a> <b>" parsed with sscanf(" %c %d %d"); the result is
   rendered with sprintf and printed through puts. */
int main(void) {
    char line[64], out[64], op;
    int a, b, r, ok;
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, " %c %d %d", &op, &a, &b) != 3) {
            puts("?");
            continue;
        }
        ok = 1;
        switch (op) {
        case '+': r = a + b; break;
        case '-': r = a - b; break;
        case '*': r = a * b; break;
        case '/':
            if (b == 0) { ok = 0; r = 0; } else r = a / b;
            break;
        default: ok = 0; r = 0;
        }
        if (ok)
            sprintf(out, "%d %c %d = %d", a, op, b, r);
        else
            sprintf(out, "cannot do '%c' on %d, %d", op, a, b);
        puts(out);
    }
    return 0;
}
