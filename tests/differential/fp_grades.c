#include <stdio.h>
char grade(double s) {
    if (s >= 89.5) return 'A';
    else if (s >= 79.5) return 'B';
    else if (s >= 69.5) return 'C';
    return 'F';
}
int main(void) {
    double s;
    while (scanf("%lf", &s) == 1)
        printf("%6.2f -> %c\n", s, grade(s));
    return 0;
}
