#include <stdio.h>
#include <stdlib.h>

struct node { long value; struct node *below; };
struct stack { struct node *top; int size; };

void push(struct stack *s, long v) {
  struct node *n = malloc(sizeof(*n));
  n->value = v;
  n->below = s->top;
  s->top = n;
  s->size++;
}

long pop(struct stack *s) {
  struct node *n = s->top;
  long v = n->value;
  s->top = n->below;
  free(n);
  s->size -= 1;
  return v;
}

/* Evaluates a postfix expression of integers and + - * read as words. */
int main(void) {
  struct stack st = { NULL, 0 };
  char w[32];
  while (scanf("%31s", w) == 1) {
    if ((w[0] == '+' || w[0] == '-' || w[0] == '*') && w[1] == '\0') {
      if (st.size < 2) { printf("underflow\n"); break; }
      long b = pop(&st), a = pop(&st);
      push(&st, w[0] == '+' ? a + b : w[0] == '-' ? a - b : a * b);
    } else {
      push(&st, atol(w));
    }
  }
  printf("depth %d\n", st.size);
  while (st.size > 0) printf("%ld\n", pop(&st));
  return 0;
}
