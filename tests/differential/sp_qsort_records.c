#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char name[16];
  int wins;
  int losses;
} Team;

/* Most wins first, then fewest losses, then by name (names are unique): a total order. */
int rank(const void *pa, const void *pb) {
  const Team *a = (const Team *)pa;
  const Team *b = (const Team *)pb;
  if (a->wins != b->wins) return b->wins - a->wins;
  if (a->losses != b->losses) return a->losses - b->losses;
  return strcmp(a->name, b->name);
}

int main(void) {
  Team t[12];
  int n = 0;
  while (n < 12 && scanf("%15s %d %d", t[n].name, &t[n].wins, &t[n].losses) == 3) n++;
  qsort(t, n, sizeof(Team), rank);
  for (int i = 0; i < n; i++) {
    Team *p = &t[i];
    printf("%2d. %-8s %d-%d\n", i + 1, p->name, p->wins, p->losses);
  }
  return 0;
}
