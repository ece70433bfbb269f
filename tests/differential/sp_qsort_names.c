#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int by_name(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

int by_length(const void *a, const void *b) {
  const char *x = a, *y = b;
  size_t lx = strlen(x), ly = strlen(y);
  if (lx != ly) return lx < ly ? -1 : 1;
  return strcmp(x, y);
}

int main(void) {
  char names[10][16];
  int n = 0;
  while (n < 10 && scanf("%15s", names[n]) == 1) n++;
  qsort(names, n, sizeof names[0], by_name);
  for (int i = 0; i < n; i++) printf("%s%c", names[i], i + 1 < n ? ' ' : '\n');
  char key[16];
  strcpy(key, "kim");
  char *hit = bsearch(key, names, n, sizeof names[0], by_name);
  if (hit != NULL) printf("kim at %ld\n", (long)((hit - names[0]) / 16));
  else printf("no kim\n");
  qsort(names, n, 16, by_length);
  for (int i = 0; i < n; i++) printf("%s ", names[i]);
  printf("\n");
  return 0;
}
