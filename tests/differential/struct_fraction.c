#include <stdio.h>
typedef struct fraction { long num; long den; } Fraction;

long gcd(long a, long b) {
    while (b != 0) { long t = a % b; a = b; b = t; }
    return a < 0 ? -a : a;
}

Fraction reduce(Fraction f) {
    long g = gcd(f.num, f.den);
    if (g != 0) { f.num /= g; f.den /= g; }
    if (f.den < 0) { f.num = -f.num; f.den = -f.den; }
    return f;
}

Fraction mul(Fraction a, Fraction b) {
    Fraction r;
    r.num = a.num * b.num;
    r.den = a.den * b.den;
    return reduce(r);
}

Fraction addf(Fraction a, Fraction b) {
    Fraction r = { a.num * b.den + b.num * a.den, a.den * b.den };
    return reduce(r);
}

int main(void) {
    Fraction acc = {0, 1};
    long n, d;
    while (scanf("%ld/%ld", &n, &d) == 2) {
        Fraction f = {n, d};
        acc = addf(acc, f);
        printf("+ %ld/%ld = %ld/%ld\n", n, d, acc.num, acc.den);
    }
    Fraction sq = mul(acc, acc);
    printf("square: %ld/%ld\n", sq.num, sq.den);
    return 0;
}
