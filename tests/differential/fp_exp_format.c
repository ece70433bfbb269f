#include <stdio.h>
int main(void) {
    double v[] = {0.0, 1.0, -1.5, 12345.6789, 1e-10, 6.02214076e23, 5e-324, 1.7976931348623157e308};
    for (int i = 0; i < 8; i++)
        printf("[%e] [%.0e] [%.3E] [%-14.2e] [%+e] [%#.0e] [%012.3e]\n", v[i], v[i], v[i], v[i], v[i], v[i], v[i]);
    return 0;
}
