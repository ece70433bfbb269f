#include <stdio.h>
int main(void) {
    double v[] = {0.0, -0.0, 3.14159, -2.5, 1234567.891, 0.000123, 1e21, 0.5, 1.5, 2.5};
    for (int i = 0; i < 10; i++)
        printf("[%f] [%.0f] [%.3f] [%10.2f] [%-10.1f] [%+.2f] [% f] [%010.3f] [%#.0f] [%8.3lf] [%F]\n",
               v[i], v[i], v[i], v[i], v[i], v[i], v[i], v[i], v[i], v[i], v[i]);
    return 0;
}
