#include <stdio.h>
struct vertex { int x, y; };
struct polygon { int n; struct vertex v[6]; };

long twice_area(struct polygon p) {
    long s = 0;
    int i;
    for (i = 0; i < p.n; i++) {
        int j = (i + 1) % p.n;
        s += (long)p.v[i].x * p.v[j].y - (long)p.v[j].x * p.v[i].y;
    }
    return s < 0 ? -s : s;
}

int main(void) {
    struct polygon p;
    int i;
    if (scanf("%d", &p.n) != 1 || p.n < 3 || p.n > 6) { printf("bad\n"); return 1; }
    for (i = 0; i < p.n; i++)
        scanf("%d %d", &p.v[i].x, &p.v[i].y);
    long a = twice_area(p);
    printf("area = %ld.%d\n", a / 2, a % 2 ? 5 : 0);
    return 0;
}
