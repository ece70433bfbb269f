#include <stdio.h>
int main(void) {
    double w, h;
    while (scanf("%lf %lf", &w, &h) == 2) {
        double bmi = w / (h * h);
        if (bmi < 18.5) printf("%.1f under\n", bmi);
        else if (bmi < 25) printf("%.1f normal\n", bmi);
        else printf("%.1f over\n", bmi);
    }
    return 0;
}
