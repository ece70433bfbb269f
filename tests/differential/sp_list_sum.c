#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

int sum(struct node *h) {
  int s = 0;
  while (h) { s += h->v; h = h->next; }
  return s;
}

int main(void) {
  struct node *h = NULL;
  int n, x;
  if (scanf("%d", &n) != 1) return 1;
  for (int i = 0; i < n; i++) {
    if (scanf("%d", &x) != 1) break;
    struct node *p = malloc(sizeof *p);
    p->v = x;
    p->next = h;
    h = p;
  }
  printf("%d\n", sum(h));
  for (struct node *p = h; p; p = p->next) printf("%d ", p->v);
  printf("\n");
  while (h) { struct node *t = h->next; free(h); h = t; }
  return 0;
}
