#include <stdio.h>
struct config {
    int width;
    int height;
    char fill;
    int border;
    double scale;
};

static struct config defaults = {.width = 8, .height = 3, .fill = '#'};

int main(void) {
    struct config c = {.height = 2, .fill = '*', .width = 5};
    struct config d = defaults;
    int r, k;
    d.border = 1;
    printf("%d %d %c %d %.1f\n", c.width, c.height, c.fill, c.border, c.scale);
    printf("%d %d %c %d\n", d.width, d.height, d.fill, d.border);
    for (r = 0; r < c.height; r++) {
        for (k = 0; k < c.width; k++)
            putchar(c.fill);
        putchar('\n');
    }
    return 0;
}
