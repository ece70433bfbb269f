#include <stdio.h>
#include <stdlib.h>

/* usage: calc NUM OP NUM [OP NUM ...]   evaluated left to right */
int main(int argc, char *argv[])
{
    long acc;
    int i;
    if (argc < 2 || argc % 2 != 0) {
        fprintf(stderr, "usage: %s num [op num]...\n", argv[0]);
        printf("usage error (argc=%d)\n", argc);
        return 2;
    }
    acc = atol(argv[1]);
    for (i = 2; i + 1 < argc; i += 2) {
        long rhs = atol(argv[i + 1]);
        char op = argv[i][0];
        if (argv[i][1] != '\0') {
            printf("bad operator '%s'\n", argv[i]);
            return 3;
        }
        switch (op) {
        case '+': acc += rhs; break;
        case '-': acc -= rhs; break;
        case 'x': acc *= rhs; break;
        case '/':
            if (rhs == 0) {
                printf("division by zero\n");
                exit(4);
            }
            acc /= rhs;
            break;
        default:
            printf("bad operator '%c'\n", op);
            return 3;
        }
        printf("step %d: %ld\n", i / 2, acc);
    }
    printf("= %ld\n", acc);
    return 0;
}
