#include <stdio.h>
#include <stdlib.h>

/* Unparenthesized macro bodies: precedence traps that must be expanded textually. */
#define OLEV 600+100
#define MAXALT 640
#define HALF OLEV/2
#define SAFE (600+100)
#define NEG -5
#define SUM(a, b) a + b
#define PROD(a, b) a * b
#define SAFEPROD(a, b) ((a) * (b))
#define SQ(x) x*x
#define INC(x) x + 1

int main(int argc, char *argv[])
{
    int k = argc > 1 ? atoi(argv[1]) : 3;
    printf("OLEV*2 = %d\n", OLEV*2);
    printf("SAFE*2 = %d\n", SAFE*2);
    printf("HALF = %d\n", HALF);
    printf("OLEV > MAXALT: %d\n", OLEV > MAXALT);
    printf("k*OLEV = %d\n", k*OLEV);
    printf("-NEG = %d, 10-NEG = %d\n", -NEG, 10-NEG);
    printf("SUM(k,2)*3 = %d\n", SUM(k, 2)*3);
    printf("PROD(k+1,k+1) = %d\n", PROD(k+1, k+1));
    printf("SAFEPROD(k+1,k+1) = %d\n", SAFEPROD(k+1, k+1));
    printf("SQ(k-1) = %d\n", SQ(k-1));
    printf("100/SQ(k) = %d\n", k != 0 ? 100/SQ(k) : 0);
    printf("INC(k)*INC(k) = %d\n", INC(k)*INC(k));
    if (k > OLEV - 1)
        printf("k beyond threshold\n");
    return 0;
}
