#include <stdio.h>
#include <stdlib.h>

struct reading { int station; int temps[4]; };
struct region { struct reading r[2]; int code; };

static void fill(struct reading *p, int n, int base) {
  for (int i = 0; i < n; i++) {
    p[i].station = base + i;
    for (int j = 0; j < 4; j++) p[i].temps[j] = base * (j + 1) - i;
  }
}

static int range(const int *lo, const int *hi) {
  int mn = *lo, mx = *lo;
  for (const int *t = lo; t <= hi; t++) {
    if (*t < mn) mn = *t;
    if (*t > mx) mx = *t;
  }
  return mx - mn;
}

int main(void) {
  int n, base;
  if (scanf("%d %d", &n, &base) != 2 || n < 1 || n > 6) { n = 3; base = 2; }
  struct reading *h = malloc(n * sizeof *h);
  if (!h) return 1;
  fill(h, n, base);
  for (int i = 0; i < n; i++) {
    struct reading *p = h + i;
    int *mid = &p->temps[1];
    *mid -= 3;
    mid[1] = h[i].temps[0] + mid[0];
    int *hot = &h[i].temps[3];
    printf("%d: %d %d %d %d range=%d\n", p->station, p->temps[0], p->temps[1], p->temps[2],
           *hot, range(&p->temps[0], hot));
  }
  struct reading *last = &h[n - 1];
  int *t = last->temps;
  t[2] = 100;
  printf("last %d %d\n", last->temps[2], h[n - 1].temps[2]);
  free(h);

  struct region g;
  g.code = base;
  fill(g.r, 2, base + 1);
  struct region *gp = &g;
  int *w = &gp->r[1].temps[2];
  *w *= 2;
  gp->r[0].temps[3] = -gp->code;
  int *z = &g.r[0].temps[0];
  printf("region %d: %d %d %d range=%d\n", gp->code, *w, z[3], g.r[1].temps[2],
         range(z, &g.r[0].temps[3]));
  return 0;
}
