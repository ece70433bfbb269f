#include <stdio.h>

struct row { int id; int cells[5]; long weight; };

static struct row table[3];

static int sum_from(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += v[i];
  return s;
}

static void bump(int *cell, int by) { *cell += by; }

static int *largest(struct row *r) {
  int *best = &r->cells[0];
  for (int j = 1; j < 5; j++)
    if (r->cells[j] > *best) best = &r->cells[j];
  return best;
}

int main(void) {
  struct row q[4];
  int n;
  if (scanf("%d", &n) != 1 || n < 1 || n > 4) n = 4;
  for (int i = 0; i < 4; i++) {
    q[i].id = i;
    q[i].weight = 100 + i;
    for (int j = 0; j < 5; j++) {
      int v = 0;
      if (scanf("%d", &v) != 1) v = i * j;
      q[i].cells[j] = v;
    }
  }
  for (int i = 0; i < n; i++) {
    struct row *p = &q[i];
    int *e = &p->cells[2];
    bump(e, p->id);
    bump(&q[i].cells[4], 10);
    p->cells[0] = p->cells[1] + p->cells[3];
    int *m = largest(p);
    printf("row %d: sum=%d tail=%d max@%d=%d w=%ld\n", p->id, sum_from(p->cells, 5),
           sum_from(&q[i].cells[2], 3), (int)(m - p->cells), *m, p->weight);
  }
  for (int i = 0; i < 3; i++) {
    struct row *t = table + i;
    t->id = 7 * i;
    for (int j = 0; j < 5; j++) t->cells[j] = q[i].cells[4 - j];
    int *first = &t->cells[0], *last = &t->cells[4];
    while (first < last) {
      int tmp = *first;
      *first++ = *last;
      *last-- = tmp;
    }
  }
  struct row *p1 = &q[1];
  int *a = &q[1].cells[4], *b = &p1->cells[1];
  printf("diff %d %d %d\n", (int)(a - b), a > b, q[1].cells == p1->cells);
  int *d = &table[2].cells[3];
  printf("tdiff %d %d\n", (int)(d - (table + 2)->cells), d == &(table + 2)->cells[3]);
  for (int i = 0; i < 3; i++) {
    int *c = &table[i].cells[1];
    printf("table %d: %d %d %d same=%d\n", table[i].id, c[-1], c[0], c[3],
           table[i].cells[4] == q[i].cells[4]);
  }
  return 0;
}
