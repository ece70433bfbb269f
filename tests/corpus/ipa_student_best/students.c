#include <stdio.h>

#define MAXS 30

struct student {
    char name[20];
    int score[3];
    double avg;
};

struct student s[MAXS];

void compute_average(struct student *p)
{
    int k, sum = 0;
    for (k = 0; k < 3; k++)
        sum += p->score[k];
    p->avg = sum / 3.0;
}

int main(void)
{
    int n, i, best = 0;
    double class_sum = 0;

    scanf("%d", &n);
    if (n < 1 || n > MAXS) {
        printf("invalid\n");
        return 0;
    }
    for (i = 0; i < n; i++) {
        scanf("%19s %d %d %d", s[i].name, &s[i].score[0], &s[i].score[1], &s[i].score[2]);
        compute_average(&s[i]);
        class_sum += s[i].avg;
    }
    for (i = 1; i < n; i++) {
        if (s[i].score[0] > s[best].avg)
            best = i;
    }
    for (i = 0; i < n; i++)
        printf("%-10s %6.2f\n", s[i].name, s[i].avg);
    printf("Best: %s\n", s[best].name);
    printf("Class average: %.1f\n", class_sum / n);
    return 0;
}
