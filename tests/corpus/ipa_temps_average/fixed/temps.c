#include <stdio.h>

#define DAYS 7

double average(const double t[], int n)
{
    double sum = 0.0;
    int i;
    for (i = 0; i < n; i++)
        sum += t[i];
    return sum / n;
}

int warmest(const double t[], int n)
{
    int i, best = 0;
    for (i = 1; i < n; i++)
        if (t[i] > t[best])
            best = i;
    return best;
}

int main(void)
{
    const char *names[DAYS] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    double t[DAYS];
    double avg;
    int i, above = 0, w;

    for (i = 0; i < DAYS; i++) {
        if (scanf("%lf", &t[i]) != 1) {
            printf("need %d temperatures\n", DAYS);
            return 1;
        }
    }
    avg = average(t, DAYS);
    w = warmest(t, DAYS);
    for (i = 0; i < DAYS; i++)
        if (t[i] > avg)
            above++;
    printf("Average: %.1f\n", avg);
    printf("Warmest: %s (%.1f)\n", names[w], t[w]);
    printf("Days above average: %d\n", above);
    return 0;
}
