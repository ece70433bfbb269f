#include <stdio.h>
#include <stdlib.h>

int moves;
int verbose;

void hanoi(int n, char from, char to, char via)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to);
    moves++;
    if (verbose)
        printf("move disk %d %c -> %c\n", n, from, to);
    hanoi(n - 1, via, to, from);
}

unsigned long long hanoi_count(int n)
{
    return n == 0 ? 0ULL : 2ULL * hanoi_count(n - 1) + 1ULL;
}

int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 3;
    verbose = n <= 4;
    if (n < 0 || n > 20) {
        fprintf(stderr, "n out of range: %d\n", n);
        return 3;
    }
    hanoi(n, 'A', 'C', 'B');
    printf("%d disks: %d moves\n", n, moves);
    printf("formula for 63 disks: %llu\n", hanoi_count(63));
    printf("formula for %d disks: %llu\n", n, hanoi_count(n));
    return moves == (int)hanoi_count(n) ? 0 : 1;
}
