#include <stdio.h>

#define DEBUG 0
#define VERBOSE
#define SQUARE(x) ((x) * (x))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

int main(void) {
    int a, b;
    scanf("%d %d", &a, &b);
#if DEBUG
    printf("debug: a=%d b=%d\n", a, b);
#endif
#ifdef VERBOSE
    printf("reading done\n");
#endif
#ifndef QUIET
    printf("square of %d is %d\n", a, SQUARE(a));
#else
    printf("quiet\n");
#endif
#if 0
    this is not compiled at all
#endif
    printf("max %d\n", MAX(a, b));
    return 0;
}
