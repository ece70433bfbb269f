#include <stdio.h>
#include <math.h>
int main(int argc, char **argv) {
    double r = 2.5;
    printf("area %.4f circumference %.4f\n", M_PI * r * r, 2 * M_PI * r);
    double ax = 0, ay = 0, bx = 3, by = 4;
    printf("dist %.3f hypot %.3f\n", sqrt((bx-ax)*(bx-ax) + (by-ay)*(by-ay)), hypot(bx - ax, by - ay));
    printf("angle %.6f deg %.3f\n", atan2(by, bx), atan2(by, bx) * 180.0 / M_PI);
    double a = 3, b = 4, c = 5, s = (a + b + c) / 2;
    printf("heron %.2f\n", sqrt(s * (s - a) * (s - b) * (s - c)));
    return 0;
}
