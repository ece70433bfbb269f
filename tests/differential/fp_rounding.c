#include <stdio.h>
#include <math.h>
int main(void) {
    double v[] = {0.5, 1.5, 2.5, -0.5, -2.5, 2.675, 1.005, 0.125, 1e-7, 123.456};
    for (int i = 0; i < 10; i++)
        printf("%g: %.0f %.1f %.2f | round %.1f floor %.1f ceil %.1f trunc %.1f\n",
               v[i], v[i], v[i], v[i], round(v[i]), floor(v[i]), ceil(v[i]), trunc(v[i]));
    return 0;
}
