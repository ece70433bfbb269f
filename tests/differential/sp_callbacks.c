#include <stdio.h>

struct account { int id; long balance; };

int square(int x) { return x * x; }
int negate(int x) { return -x; }
int clamp10(int x) { return x > 10 ? 10 : x < -10 ? -10 : x; }

void map(int *a, int n, int (*f)(int)) {
  for (int i = 0; i < n; i++) a[i] = f(a[i]);
}

int add(int a, int b) { return a + b; }
int larger(int a, int b) { return a > b ? a : b; }

int fold(const int *a, int n, int (*op)(int, int), int acc) {
  for (int i = 0; i < n; i++) acc = op(acc, a[i]);
  return acc;
}

void deposit(struct account *acc) { acc->balance += 100; }
void fee(struct account *acc) { acc->balance -= acc->balance > 500 ? 5 : 1; }

void each(struct account *v, int n, void (*visit)(struct account *)) {
  for (struct account *p = v; p < v + n; p++) visit(p);
}

int twice(int (*f)(int), int x) { return f(f(x)); }

int main(void) {
  int a[8], n = 0;
  while (n < 8 && scanf("%d", &a[n]) == 1) n++;
  map(a, n, clamp10);
  printf("sum %d max %d\n", fold(a, n, add, 0), fold(a, n, larger, -1000));
  map(a, n, &square);
  printf("squares sum %d\n", fold(a, n, add, 0));
  map(a, n, negate);
  printf("neg max %d twice %d\n", fold(a, n, larger, -100000), twice(square, n));
  struct account accs[3] = { {1, 50}, {2, 600}, {3, 0} };
  each(accs, 3, deposit);
  each(accs, 3, fee);
  for (int i = 0; i < 3; i++) printf("%d:%ld ", accs[i].id, accs[i].balance);
  printf("\n");
  return 0;
}
