#include <stdio.h>
#include <stdlib.h>

struct entry { int code; int price; };

int by_code(const void *a, const void *b) {
  const struct entry *x = a, *y = b;
  return x->code < y->code ? -1 : x->code > y->code;
}

int cmp_long(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return x < y ? -1 : (x > y ? 1 : 0);
}

int main(void) {
  struct entry menu[] = { {40, 7}, {10, 3}, {30, 12}, {20, 5}, {50, 1} };
  int n = sizeof menu / sizeof menu[0];
  qsort(menu, n, sizeof menu[0], by_code);
  long primes[] = { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29 };
  int code;
  long total = 0;
  while (scanf("%d", &code) == 1) {
    struct entry key = { code, 0 };
    struct entry *e = bsearch(&key, menu, n, sizeof(struct entry), by_code);
    if (e == NULL) { printf("%d: no such item\n", code); continue; }
    total += e->price;
    long c = code / 10;
    long *p = bsearch(&c, primes, 10, sizeof(long), cmp_long);
    printf("%d: %d at index %ld", code, e->price, (long)(e - menu));
    if (p != NULL) printf(" (prime row %ld)", (long)(p - primes));
    printf("\n");
  }
  printf("total %ld\n", total);
  return 0;
}
