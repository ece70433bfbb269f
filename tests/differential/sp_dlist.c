#include <stdio.h>
#include <stdlib.h>

typedef struct dnode DNode;
struct dnode { int v; DNode *prev; DNode *next; };

DNode *make(int v) {
  DNode *n = malloc(sizeof(DNode));
  n->v = v;
  n->prev = n->next = NULL;
  return n;
}

int main(void) {
  DNode *head = NULL, *tail = NULL;
  int v;
  while (scanf("%d", &v) == 1) {
    DNode *n = make(v);
    if (!tail) head = tail = n;
    else { tail->next = n; n->prev = tail; tail = n; }
  }
  /* Unlink every even value. */
  DNode *c = head;
  while (c) {
    DNode *nx = c->next;
    if (c->v % 2 == 0) {
      if (c->prev) c->prev->next = c->next; else head = c->next;
      if (c->next) c->next->prev = c->prev; else tail = c->prev;
      free(c);
    }
    c = nx;
  }
  for (c = head; c; c = c->next) printf("%d ", c->v);
  printf("| ");
  for (c = tail; c; c = c->prev) printf("%d ", c->v);
  printf("\n");
  while (head) { c = head->next; free(head); head = c; }
  return 0;
}
