/* A roster of named records in a malloc'd block grown with realloc: names copied into
   struct members, compared with strcmp, scores updated through member pointers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
    char name[12];
    int score;
    long total;
};

static int find(struct entry *v, int n, const char *name) {
    for (int i = 0; i < n; i++)
        if (strcmp(v[i].name, name) == 0)
            return i;
    return -1;
}

int main(void) {
    int cap = 2, n = 0;
    struct entry *v = malloc(cap * sizeof(struct entry));
    char name[12];
    int pts;
    while (scanf("%11s %d", name, &pts) == 2) {
        int k = find(v, n, name);
        if (k < 0) {
            if (n == cap) {
                cap *= 2;
                v = realloc(v, cap * sizeof(struct entry));
            }
            k = n++;
            strcpy(v[k].name, name);
            v[k].score = 0;
            v[k].total = 0;
        }
        int *s = &v[k].score;
        *s += pts;
        long *t = &v[k].total;
        *t += (long)pts * pts;
    }
    int best = -1;
    for (int i = 0; i < n; i++) {
        printf("%s %d %ld\n", v[i].name, v[i].score, v[i].total);
        if (best < 0 || v[i].score > v[best].score)
            best = i;
    }
    if (best >= 0)
        printf("best %s (%zu chars)\n", v[best].name, strlen(v[best].name));
    free(v);
    return 0;
}
