#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

/* Removes every node holding v; returns how many were removed. */
int remove_all(struct node **head, int v) {
  int removed = 0;
  struct node **pp = head;
  while (*pp) {
    if ((*pp)->v == v) {
      struct node *dead = *pp;
      *pp = dead->next;
      free(dead);
      removed++;
    } else {
      pp = &(*pp)->next;
    }
  }
  return removed;
}

int main(void) {
  struct node *head = NULL, **end = &head;
  int n, x, target;
  scanf("%d %d", &n, &target);
  for (int i = 0; i < n; i++) {
    scanf("%d", &x);
    struct node *p = malloc(sizeof(struct node));
    p->v = x;
    p->next = NULL;
    *end = p;
    end = &p->next;
  }
  int r = remove_all(&head, target);
  printf("removed %d:", r);
  for (struct node *p = head; p != NULL; p = p->next) printf(" %d", p->v);
  printf("\n");
  while (head != NULL) { struct node *t = head->next; free(head); head = t; }
  return 0;
}
