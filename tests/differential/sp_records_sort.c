#include <stdio.h>

struct rec { int id; int score; char grade; };

void swap(struct rec *a, struct rec *b) {
  struct rec t = *a;
  *a = *b;
  *b = t;
}

/* Selection sort: by score descending, then id ascending (ids are unique). */
void sort(struct rec *r, int n) {
  for (int i = 0; i < n - 1; i++) {
    struct rec *m = r + i;
    for (struct rec *p = r + i + 1; p < r + n; p++)
      if (p->score > m->score || (p->score == m->score && p->id < m->id)) m = p;
    if (m != &r[i]) swap(m, &r[i]);
  }
}

int main(void) {
  struct rec r[16];
  int n = 0;
  while (n < 16 && scanf("%d %d", &r[n].id, &r[n].score) == 2) {
    r[n].grade = r[n].score >= 90 ? 'A' : r[n].score >= 75 ? 'B' : 'C';
    n++;
  }
  sort(r, n);
  for (int i = 0; i < n; i++) printf("%d %d %c\n", r[i].id, r[i].score, r[i].grade);
  return 0;
}
