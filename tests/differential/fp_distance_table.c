#include <stdio.h>
#include <math.h>
int main(void) {
    double px[] = {0, 1.5, -2, 3.25}, py[] = {0, 2, 1, -1};
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 4; j++)
            printf("%7.3f", sqrt(pow(px[i] - px[j], 2) + pow(py[i] - py[j], 2)));
        printf("\n");
    }
    return 0;
}
