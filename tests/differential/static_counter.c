#include <stdio.h>

int next_id(void)
{
    static int id = 100;
    return id++;
}

int running_max(int x)
{
    static int best;
    static int seen = 0;
    if (!seen || x > best)
        best = x;
    seen = 1;
    return best;
}

int calls_of(int which)
{
    static int counts[3];
    if (which >= 0 && which < 3)
        counts[which]++;
    return which >= 0 && which < 3 ? counts[which] : -1;
}

int main(void)
{
    int x, i;
    while (scanf("%d", &x) == 1)
        printf("id=%d x=%d max=%d calls(%d)=%d\n", next_id(), x, running_max(x),
               x % 3, calls_of(x % 3));
    for (i = 0; i < 3; i++)
        printf("id %d\n", next_id());
    return 0;
}
