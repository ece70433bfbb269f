#include <stdio.h>
struct hms { int h, m, s; };

struct hms normalize(long secs) {
    struct hms t;
    t.h = secs / 3600;
    t.m = secs / 60 % 60;
    t.s = secs % 60;
    return t;
}

long to_secs(struct hms t) { return t.h * 3600L + t.m * 60 + t.s; }

int main(void) {
    struct hms a, b;
    if (scanf("%d:%d:%d %d:%d:%d", &a.h, &a.m, &a.s, &b.h, &b.m, &b.s) != 6) return 2;
    long d = to_secs(b) - to_secs(a);
    if (d < 0) d += 24 * 3600;
    struct hms r = normalize(d);
    printf("%02d:%02d:%02d\n", r.h, r.m, r.s);
    return 0;
}
