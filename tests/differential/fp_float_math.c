#include <stdio.h>
#include <math.h>
int main(void) {
    float v[] = {0.3f, 2.0f, 7.5f, 100.25f};
    for (int i = 0; i < 4; i++)
        printf("%.9g %.9g %.9g %.9g %.9g %.9g %.9g\n", sqrtf(v[i]), powf(v[i], 2.5f), expf(v[i]), logf(v[i]),
               sinf(v[i]), fmodf(v[i], 0.7f), hypotf(v[i], 1.0f));
    printf("%.9g %.9g %.9g\n", fminf(1.5f, -2.0f), fmaxf(1.5f, -2.0f), fabsf(-3.25f));
    return 0;
}
