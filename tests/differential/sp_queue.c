#include <stdio.h>
#include <stdlib.h>

typedef struct qnode { int id; int work; struct qnode *next; } QNode;
typedef struct { QNode *head, *tail; int len; } Queue;

void enqueue(Queue *q, int id, int work) {
  QNode *n = malloc(sizeof(QNode));
  n->id = id; n->work = work; n->next = NULL;
  if (q->tail) q->tail->next = n; else q->head = n;
  q->tail = n;
  q->len++;
}

QNode *dequeue(Queue *q) {
  QNode *n = q->head;
  q->head = n->next;
  if (q->head == NULL) q->tail = NULL;
  q->len--;
  return n;
}

/* Round-robin scheduling with a time slice. */
int main(void) {
  Queue q = { NULL, NULL, 0 };
  int n, slice, w, t = 0;
  scanf("%d %d", &n, &slice);
  for (int i = 1; i <= n; i++) { scanf("%d", &w); enqueue(&q, i, w); }
  while (q.len > 0) {
    QNode *c = dequeue(&q);
    int run = c->work < slice ? c->work : slice;
    t += run;
    c->work -= run;
    if (c->work > 0) enqueue(&q, c->id, c->work);
    else printf("job %d done at %d\n", c->id, t);
    free(c);
  }
  return 0;
}
