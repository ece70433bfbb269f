#include <stdio.h>
#include <string.h>

struct student { char name[12]; int marks[4]; int total; };

void fill_total(struct student *s) {
  s->total = 0;
  for (int i = 0; i < 4; i++) s->total += s->marks[i];
}

int best_mark(const struct student *s) {
  int b = s->marks[0];
  for (int i = 1; i < 4; i++) if (s->marks[i] > b) b = s->marks[i];
  return b;
}

int main(void) {
  struct student cls[5];
  int n = 0;
  while (n < 5) {
    struct student *s = &cls[n];
    if (scanf("%11s", s->name) != 1) break;
    for (int i = 0; i < 4; i++) scanf("%d", &s->marks[i]);
    fill_total(s);
    n++;
  }
  for (int i = 0; i < n; i++) {
    struct student *s = cls + i;
    s->name[0] = s->name[0] >= 'a' && s->name[0] <= 'z' ? s->name[0] - 32 : s->name[0];
    printf("%s total=%d best=%d len=%zu\n", s->name, s->total, best_mark(s), strlen(s->name));
  }
  return 0;
}
