#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry { char word[16]; int count; };

int main(void) {
  int cap = 2, n = 0;
  struct entry *t = malloc(cap * sizeof(struct entry));
  char w[16];
  while (scanf("%15s", w) == 1) {
    int i;
    for (i = 0; i < n; i++)
      if (strcmp(t[i].word, w) == 0) break;
    if (i < n) { t[i].count++; continue; }
    if (n == cap) {
      cap *= 2;
      t = realloc(t, cap * sizeof *t);
    }
    strcpy(t[n].word, w);
    t[n].count = 1;
    n++;
  }
  int best = 0;
  for (int i = 1; i < n; i++)
    if (t[i].count > t[best].count) best = i;
  for (struct entry *e = t; e != t + n; ++e) printf("%s:%d\n", e->word, e->count);
  if (n > 0) printf("most: %s (%zu chars)\n", t[best].word, strlen(t[best].word));
  free(t);
  return 0;
}
