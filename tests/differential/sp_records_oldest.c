#include <stdio.h>
#include <string.h>

struct person { char name[20]; int age; int height; };

struct person *oldest(struct person *v, int n) {
  struct person *best = &v[0];
  for (int i = 1; i < n; i++)
    if (v[i].age > best->age || (v[i].age == best->age && strcmp(v[i].name, best->name) < 0))
      best = v + i;
  return best;
}

void grow(struct person *p, int cm) { p->height += cm; p->age++; }

int main(void) {
  struct person people[10];
  int n = 0;
  while (n < 10 && scanf("%19s %d %d", people[n].name, &people[n].age, &people[n].height) == 3) n++;
  if (n == 0) { printf("nobody\n"); return 0; }
  struct person *o = oldest(people, n);
  printf("oldest: %s (%d)\n", o->name, o->age);
  grow(o, 2);
  grow(&people[n - 1], 5);
  for (struct person *p = people; p < people + n; p++)
    printf("%-6s %3d %4d\n", p->name, p->age, p->height);
  printf("index of oldest: %ld\n", (long)(o - people));
  return 0;
}
