#include <stdio.h>
#include <stdlib.h>

static int ascending(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int descending(const void *a, const void *b) { return ascending(b, a); }

int main(void) {
  int n;
  if (scanf("%d", &n) != 1 || n < 1 || n > 100) { printf("bad n\n"); return 1; }
  int *v = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) scanf("%d", &v[i]);
  qsort(v, n, sizeof(int), ascending);
  for (int i = 0; i < n; i++) printf("%d ", v[i]);
  printf("\nmedian %d\n", v[n / 2]);
  qsort(v, n, sizeof v[0], descending);
  long top3 = 0;
  for (int i = 0; i < n && i < 3; i++) top3 += v[i];
  printf("top3 %ld\n", top3);
  free(v);
  return 0;
}
