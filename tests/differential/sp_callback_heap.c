#include <stdio.h>
#include <stdlib.h>

struct job { int prio; int id; struct job *next; };

int by_prio(const void *a, const void *b) {
  const struct job *x = a, *y = b;
  if (x->prio != y->prio) return x->prio > y->prio ? -1 : 1;
  return x->id - y->id;
}

int main(void) {
  int n = 0, cap = 4, p;
  struct job *jobs = malloc(cap * sizeof *jobs);
  while (scanf("%d", &p) == 1) {
    if (n == cap) { cap *= 2; jobs = realloc(jobs, cap * sizeof *jobs); }
    jobs[n].prio = p;
    jobs[n].id = n;
    jobs[n].next = NULL;
    n++;
  }
  qsort(jobs, n, sizeof(struct job), by_prio);
  for (int i = 0; i + 1 < n; i++) jobs[i].next = &jobs[i + 1];
  for (struct job *j = n ? jobs : NULL; j; j = j->next) printf("#%d(p%d) ", j->id, j->prio);
  printf("\n");
  free(jobs);
  return 0;
}
