#include <stdio.h>
#include <stdlib.h>

struct cell { int hits; long sum; struct cell *link; };

int main(void) {
  int n;
  if (scanf("%d", &n) != 1 || n <= 0 || n > 50) { printf("bad\n"); return 0; }
  struct cell *c = calloc(n, sizeof(struct cell));
  int x;
  while (scanf("%d", &x) == 1) {
    struct cell *p = &c[(x % n + n) % n];
    p->hits++;
    p->sum += x;
  }
  /* Chain the non-empty cells from last to first. */
  struct cell *chain = NULL;
  for (int i = 0; i < n; i++)
    if (c[i].hits) { c[i].link = chain; chain = c + i; }
  for (struct cell *p = chain; p != NULL; p = p->link)
    printf("cell %ld: %d hits, sum %ld\n", (long)(p - c), p->hits, p->sum);
  free(c);
  return 0;
}
