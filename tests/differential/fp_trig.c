#include <stdio.h>
#include <math.h>
int main(void) {
    for (int d = 0; d <= 360; d += 30) {
        double r = d * M_PI / 180.0;
        printf("%3d %.17g %.17g %.12f %.17g\n", d, sin(r), cos(r), d % 180 == 90 ? 0.0 : tan(r), atan(r));
    }
    return 0;
}
