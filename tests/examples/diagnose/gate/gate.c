/* An advisory gated by a rate check: a rate outside the band turns the
 * advisory off (0); otherwise the closest approach over the next 40 seconds,
 * in 5-second steps, decides between climb (1) and clear (2).
 *
 * Input: own altitude, own vertical rate (ft/min), other altitude. */
#include <stdio.h>
#include <stdlib.h>

int rate_ok(int rate)
{
    return rate <= 600 && rate >= -1200;
}

int closest(int own, int rate, int other)
{
    int t, sep, best = abs(own - other);
    for (t = 5; t <= 40; t += 5) {
        sep = abs(own + rate * t / 60 - other);
        if (sep < best)
            best = sep;
    }
    return best;
}

int main(void)
{
    int own, rate, other, enabled;
    if (scanf("%d %d %d", &own, &rate, &other) != 3)
        return 1;
    enabled = rate_ok(rate);
    if (!enabled) {
        printf("0\n");
        return 0;
    }
    printf("%d\n", closest(own, rate, other) < 300 ? 1 : 2);
    return 0;
}
