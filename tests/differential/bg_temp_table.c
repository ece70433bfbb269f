#include <stdio.h>

#define LOWER 0
#define UPPER 300
#define STEP 20

int main(void) {
    float fahr, celsius;
    printf("%3s %6s\n", "F", "C");
    for (fahr = LOWER; fahr <= UPPER; fahr = fahr + STEP) {
        celsius = (5.0 / 9.0) * (fahr - 32.0);
        printf("%3.0f %6.1f\n", fahr, celsius);
    }
    int c;
    for (c = -40; c <= 100; c += 35)
        printf("%4d C = %5.1f F\n", c, c * 9.0 / 5 + 32);
    return 0;
}
