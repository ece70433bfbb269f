#include <stdio.h>
int main(void) {
    int n;
    double total = 0, best = -1;
    if (scanf("%d", &n) != 1 || n <= 0) return 1;
    for (int i = 0; i < n; i++) {
        double g;
        if (scanf("%lf", &g) != 1) return 2;
        total += g;
        if (g > best) best = g;
    }
    double avg = total / n;
    char letter = avg >= 90 ? 'A' : avg >= 80 ? 'B' : 'C';
    printf("avg %.2f best %g grade %c\n", avg, best, letter);
    printf("%5.1f%%\n", 100.0 * avg / 100);
    return avg < 50.0;
}
