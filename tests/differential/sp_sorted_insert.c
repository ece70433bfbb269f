#include <stdio.h>
#include <stdlib.h>

struct item { int key; int seq; struct item *next; };

struct item *insert(struct item *h, struct item *p) {
  if (h == NULL || p->key < h->key) { p->next = h; return p; }
  struct item *c = h;
  while (c->next != NULL && c->next->key <= p->key) c = c->next;
  p->next = c->next;
  c->next = p;
  return h;
}

int main(void) {
  struct item *h = NULL;
  int k, seq = 0;
  while (scanf("%d", &k) == 1) {
    struct item *p = malloc(sizeof *p);
    p->key = k;
    p->seq = seq++;
    h = insert(h, p);
  }
  int total = 0;
  for (struct item *c = h; c; c = c->next) {
    printf("%d/%d ", c->key, c->seq);
    total += c->key;
  }
  printf("| total %d\n", total);
  while (h) { struct item *t = h; h = h->next; free(t); }
  return 0;
}
