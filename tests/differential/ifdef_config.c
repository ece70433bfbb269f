#include <stdio.h>
#include "config.h"
#include "config.h"

#ifdef FEATURE_LOG
#define LOG(x) printf("log: %d\n", (x))
#else
#define LOG(x) 0
#endif

#ifndef BUFSZ
#define BUFSZ 4
#endif

#ifdef FEATURE_FAST
int fast = 1;
#else
#if VERSION == 3
int fast = 2;
#else
int fast = 0;
#endif
#endif

int main(void)
{
    int buf[BUFSZ];
    int i, n = 0, x;
    printf("mode %s version %d fast %d\n", MODE_NAME, VERSION, fast);
    while (n < BUFSZ && scanf("%d", &x) == 1)
        buf[n++] = SCALE(x);
    for (i = 0; i < n; i++)
        LOG(buf[i]);
#ifndef FEATURE_LOG
    printf("logging disabled\n");
#else
    printf("logging enabled\n");
#endif
#if 0
    printf("never\n");
#endif
    printf("buffer %d/%d\n", n, BUFSZ);
    return 0;
}
