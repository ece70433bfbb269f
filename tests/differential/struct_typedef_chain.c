#include <stdio.h>
typedef int Meters;
typedef unsigned long Count;
typedef struct segment Segment;
struct segment { Meters from, to; };
typedef Segment Route[3];

Meters length(Segment s) { return s.to - s.from; }

int main(void) {
    Route r = {{0, 5}, {5, 12}, {12, 20}};
    Count n = 0;
    Meters total = 0;
    int i;
    for (i = 0; i < 3; i++) {
        total += length(r[i]);
        n++;
    }
    printf("%lu segments, %d m, sizeof(Route)=%lu\n", n, total, (unsigned long)sizeof(Route));
    return 0;
}
