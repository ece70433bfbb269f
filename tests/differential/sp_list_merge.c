#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

struct node *read_list(int n) {
  struct node head = { 0, NULL }, *t = &head;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    scanf("%d", &p->v);
    p->next = NULL;
    t->next = p;
    t = p;
  }
  return head.next;
}

struct node *merge(struct node *a, struct node *b) {
  struct node dummy, *t = &dummy;
  dummy.next = NULL;
  while (a && b) {
    if (a->v <= b->v) { t->next = a; a = a->next; }
    else { t->next = b; b = b->next; }
    t = t->next;
  }
  t->next = a ? a : b;
  return dummy.next;
}

int main(void) {
  int n, m;
  scanf("%d", &n);
  struct node *a = read_list(n);
  scanf("%d", &m);
  struct node *b = read_list(m);
  struct node *c = merge(a, b);
  int len = 0;
  for (struct node *p = c; p; p = p->next, len++) printf("%d ", p->v);
  printf("(%d)\n", len);
  while (c) { struct node *t = c->next; free(c); c = t; }
  return 0;
}
