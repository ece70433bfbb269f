#include <stdio.h>
int main(void) {
    double z = 0.0, nz = -z;
    printf("%f %f %e %g %a\n", nz, z * -1, nz, nz, nz);
    printf("%f %f\n", nz + 0.0, nz - 0.0);
    printf("%d %d\n", nz == z, 1 / nz < 0);
    printf("%+.1f %+.1f % .1f\n", z, nz, z);
    return 0;
}
