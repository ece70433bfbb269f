#include <stdio.h>
#include <assert.h>
double average(int *v, int n) {
    int sum = 0;
    for (int i = 0; i < n; i++) sum += v[i];
    return (double)sum / n;
}
void test_average(void) {
    int v[3] = {1, 2, 4};
    double m = average(v, 3);
    assert(m > 2.33 && m < 2.34);
    int t = (int)m;
    assert(t == 2);
    double x = 7 / 2;
    x += 0.5; x *= 2; x -= 1; x /= 3; x++; --x;
    assert(x == 2.0);
    float y = x > 1 ? 1.5f : -1.5f;
    assert(y == 1.5f);
}
int main(void) {
    double price;
    int qty;
    if (scanf("%lf %d", &price, &qty) != 2) return 1;
    printf("total: %.2f\n", price * qty);
    return 0;
}
