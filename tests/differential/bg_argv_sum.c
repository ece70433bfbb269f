#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int i;
    double total = 0;
    if (argc < 2) {
        printf("usage: %s numbers...\n", "sum");
        return 1;
    }
    for (i = 1; i < argc; i++) {
        double v = atof(argv[i]);
        printf("arg %d: %s -> %g\n", i, argv[i], v);
        total += v;
    }
    printf("total %.3f, mean %.3f\n", total, total / (argc - 1));
    return 0;
}
