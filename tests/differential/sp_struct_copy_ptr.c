#include <stdio.h>

struct vec { int x, y, z; };
struct body { struct vec pos; struct vec vel; int mass; };

void step(struct body *b, int dt) {
  b->pos.x += b->vel.x * dt;
  b->pos.y += b->vel.y * dt;
  b->pos.z += b->vel.z * dt;
}

struct body snapshot(const struct body *b) { return *b; }

int main(void) {
  struct body bs[3];
  for (int i = 0; i < 3; i++) {
    struct body *b = &bs[i];
    scanf("%d %d %d %d %d %d %d", &b->pos.x, &b->pos.y, &b->pos.z, &b->vel.x, &b->vel.y, &b->vel.z, &b->mass);
  }
  struct body before = snapshot(&bs[1]);
  for (int t = 0; t < 4; t++)
    for (struct body *b = bs; b < bs + 3; b++) step(b, t);
  struct body *heavy = bs;
  for (int i = 1; i < 3; i++) if (bs[i].mass > heavy->mass) heavy = &bs[i];
  *heavy = before;
  for (int i = 0; i < 3; i++) printf("%d %d %d m=%d\n", bs[i].pos.x, bs[i].pos.y, bs[i].pos.z, bs[i].mass);
  return 0;
}
