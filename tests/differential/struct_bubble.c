#include <stdio.h>
struct rec {
    int id;
    int score;
};

int main(void) {
    struct rec r[8];
    int n = 0, i, j;
    while (n < 8 && scanf("%d %d", &r[n].id, &r[n].score) == 2)
        n++;
    for (i = 0; i < n - 1; i++)
        for (j = 0; j < n - 1 - i; j++)
            if (r[j].score < r[j + 1].score ||
                (r[j].score == r[j + 1].score && r[j].id > r[j + 1].id)) {
                struct rec t = r[j];
                r[j] = r[j + 1];
                r[j + 1] = t;
            }
    for (i = 0; i < n; i++)
        printf("%d: id=%d score=%d\n", i + 1, r[i].id, r[i].score);
    return 0;
}
