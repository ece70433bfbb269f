/* Shapes with their area and perimeter functions as struct members, through `.` and `->`. */
#include <stdio.h>
#include <string.h>

struct shape {
    char name[12];
    int a, b;
    int (*area)(int, int);
    int (*perimeter)(int, int);
};

int rect_area(int w, int h) { return w * h; }
int rect_perim(int w, int h) { return 2 * (w + h); }
int tri_area(int base, int h) { return base * h / 2; }
int square_perim(int s, int unused) { return 4 * s + 0 * unused; }

void describe(const struct shape *s)
{
    printf("%-8s area %4d", s->name, s->area(s->a, s->b));
    if (s->perimeter != NULL)
        printf("  perimeter %3d", s->perimeter(s->a, s->b));
    else
        printf("  perimeter   ?");
    printf("\n");
}

int main(void)
{
    struct shape shapes[4];
    struct shape *p;
    int i, n, total = 0;
    if (scanf("%d", &n) != 1 || n < 1 || n > 4)
        return 1;
    for (i = 0; i < n; i++) {
        int kind;
        p = &shapes[i];
        if (scanf("%d %d %d", &kind, &p->a, &p->b) != 3)
            return 2;
        if (kind == 0) {
            strcpy(p->name, "rect");
            p->area = rect_area;
            p->perimeter = rect_perim;
        } else if (kind == 1) {
            strcpy(p->name, "square");
            p->area = rect_area;
            p->perimeter = &square_perim;
            p->b = p->a;
        } else {
            strcpy(p->name, "triangle");
            p->area = tri_area;
            p->perimeter = NULL;
        }
    }
    for (i = 0; i < n; i++) {
        describe(&shapes[i]);
        total += shapes[i].area(shapes[i].a, shapes[i].b);
    }
    printf("same area fn: %d\n", n > 1 && shapes[0].area == shapes[1].area);
    printf("total %d\n", total);
    return 0;
}
