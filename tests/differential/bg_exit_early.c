#include <stdio.h>
#include <stdlib.h>

int read_positive(void) {
    int v;
    if (scanf("%d", &v) != 1) {
        printf("no number\n");
        exit(2);
    }
    if (v <= 0) {
        printf("not positive: %d\n", v);
        exit(EXIT_FAILURE);
    }
    return v;
}

int main(void) {
    int a = read_positive();
    int b = read_positive();
    printf("%d / %d = %d rem %d\n", a, b, a / b, a % b);
    return EXIT_SUCCESS;
}
