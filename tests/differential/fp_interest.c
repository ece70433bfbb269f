#include <stdio.h>
#include <math.h>
int main(int argc, char **argv) {
    double principal = 1000.0, rate = 0.035;
    for (int year = 1; year <= 10; year++) {
        principal *= 1 + rate;
        printf("year %2d: %10.2f\n", year, principal);
    }
    printf("closed form: %.2f\n", 1000.0 * pow(1 + rate, 10));
    double monthly = 0.05 / 12;
    double payment = 200000 * monthly / (1 - pow(1 + monthly, -360));
    printf("payment %.2f\n", payment);
    return 0;
}
