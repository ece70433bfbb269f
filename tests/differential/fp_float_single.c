#include <stdio.h>
int main(void) {
    float f = 0.1f, sum = 0.0f;
    for (int i = 0; i < 10; i++) sum += f;
    printf("%.10f %.10f\n", sum, (double)sum);
    double dsum = 0.0;
    for (int i = 0; i < 10; i++) dsum += 0.1;
    printf("%.17g %.17g\n", dsum, (double)(float)dsum);
    float big = 16777216.0f;
    printf("%.1f %.1f\n", big + 1.0f, big + 2.0f);
    printf("%d\n", sum == 1.0f);
    printf("%a %a\n", f, 0.1);
    return 0;
}
