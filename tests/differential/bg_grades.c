#include <stdio.h>

char letter(int score) {
    return score >= 90 ? 'A' : score >= 80 ? 'B' : score >= 70 ? 'C' : score >= 60 ? 'D' : 'F';
}

int main(void) {
    int n, i, score, total = 0, best = -1, worst = 101;
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        scanf("%d", &score);
        total += score;
        if (score > best) best = score;
        if (score < worst) worst = score;
        printf("student %d: %3d %c\n", i + 1, score, letter(score));
    }
    if (n > 0) {
        double avg = (double)total / n;
        printf("average: %.2f (%c)\n", avg, letter((int)avg));
        printf("best %d, worst %d\n", best, worst);
    }
    return 0;
}
