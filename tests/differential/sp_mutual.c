#include <stdio.h>
#include <stdlib.h>

struct dept;
struct emp { int id; int salary; struct dept *dept; struct emp *next; };
struct dept { int code; struct emp *staff; int headcount; };

void hire(struct dept *d, struct emp *e) {
  e->dept = d;
  e->next = d->staff;
  d->staff = e;
  d->headcount++;
}

int payroll(const struct dept *d) {
  int s = 0;
  for (struct emp *e = d->staff; e; e = e->next) s += e->salary;
  return s;
}

int main(void) {
  struct dept ds[2] = { { 10, NULL, 0 }, { 20, NULL, 0 } };
  struct emp es[6];
  int n = 0, id, sal, which;
  while (n < 6 && scanf("%d %d %d", &id, &sal, &which) == 3) {
    es[n].id = id;
    es[n].salary = sal;
    hire(&ds[which % 2], &es[n]);
    n++;
  }
  for (int i = 0; i < 2; i++)
    printf("dept %d: %d people, payroll %d\n", ds[i].code, ds[i].headcount, payroll(&ds[i]));
  for (int i = 0; i < n; i++) printf("emp %d in %d\n", es[i].id, es[i].dept->code);
  return 0;
}
