#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    double v = argc > 1 ? atof(argv[1]) : 0;
    if (v != v) { printf("nan\n"); return 3; }
    if (v > 100) return 2;
    printf("%.3e\n", v);
    return v < 0;
}
