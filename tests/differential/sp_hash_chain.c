#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB 7
struct entry { char key[16]; int value; struct entry *next; };

unsigned hash(const char *s) {
  unsigned h = 5381;
  while (*s) h = h * 33 + (unsigned char)*s++;
  return h % NB;
}

struct entry *find(struct entry **tab, const char *k) {
  for (struct entry *e = tab[hash(k)]; e; e = e->next)
    if (strcmp(e->key, k) == 0) return e;
  return NULL;
}

int main(void) {
  struct entry *tab[NB];
  for (int i = 0; i < NB; i++) tab[i] = NULL;
  char k[16];
  int v;
  while (scanf("%15s %d", k, &v) == 2) {
    struct entry *e = find(tab, k);
    if (e) { e->value += v; continue; }
    e = malloc(sizeof(struct entry));
    strcpy(e->key, k);
    e->value = v;
    unsigned b = hash(k);
    e->next = tab[b];
    tab[b] = e;
  }
  for (int i = 0; i < NB; i++)
    for (struct entry *e = tab[i]; e; e = e->next) printf("%d %s=%d\n", i, e->key, e->value);
  for (int i = 0; i < NB; i++)
    while (tab[i]) { struct entry *t = tab[i]->next; free(tab[i]); tab[i] = t; }
  return 0;
}
