#include <stdio.h>
int main(void) {
    double v[] = {1.0, 0.1, -2.5, 1e-310, 1024.0, 0.0, 3.0};
    for (int i = 0; i < 7; i++)
        printf("[%a] [%A] [%.2a] [%.0a] [%15a] [%#a]\n", v[i], v[i], v[i], v[i], v[i], v[i]);
    return 0;
}
