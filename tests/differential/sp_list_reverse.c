#include <stdio.h>
#include <stdlib.h>

typedef struct node { int key; struct node *next; } node;

node *append(node *tail, int k) {
  node *p = (node *)malloc(sizeof(node));
  p->key = k;
  p->next = NULL;
  if (tail != NULL) tail->next = p;
  return p;
}

node *reverse(node *h) {
  node *prev = NULL;
  while (h != NULL) {
    node *nx = h->next;
    h->next = prev;
    prev = h;
    h = nx;
  }
  return prev;
}

void print(const node *h) {
  for (; h != NULL; h = h->next) printf("%d%c", h->key, h->next ? ' ' : '\n');
}

int main(void) {
  node *head = NULL, *tail = NULL;
  int k, count = 0;
  while (scanf("%d", &k) == 1) {
    tail = append(tail, k);
    if (head == NULL) head = tail;
    count++;
  }
  if (count == 0) { printf("empty\n"); return 0; }
  print(head);
  head = reverse(head);
  print(head);
  printf("first=%d count=%d\n", head->key, count);
  while (head) { node *t = head; head = head->next; free(t); }
  return 0;
}
