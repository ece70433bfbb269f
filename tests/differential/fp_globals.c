#include <stdio.h>
double rate = 0.05;
double table[4] = {1.0, 2.5, -3.25};
float half = 1 / 2.0f;
const double third = 1.0 / 3;
int truncated = 7.9;
static double counter;
void bump(void) { counter += 0.1; }
int main(void) {
    for (int i = 0; i < 3; i++) bump();
    printf("%g %g %g %g %g %g\n", rate, table[0], table[1], table[2], table[3], half);
    printf("%.17g %d %.17g\n", third, truncated, counter);
    return 0;
}
