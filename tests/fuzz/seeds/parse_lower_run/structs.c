#include <stdio.h>
#include <assert.h>
struct point { int x, y; };
typedef struct { char name[16]; double grade; int id; } student;
struct point mid(struct point a, struct point b) {
    struct point m = { (a.x + b.x) / 2, (a.y + b.y) / 2 };
    return m;
}
void test_structs(void) {
    struct point a = {0, 0}, b = {4, 6};
    struct point m = mid(a, b);
    assert(m.x == 2 && m.y == 3);
    student s[2] = { {"ann", 9.5, 1}, {"bob", 7.25, 2} };
    student *p = &s[1];
    p->grade += 1;
    assert(s[1].grade == 8.25 && sizeof(struct point) == 8);
}
int main(void) {
    student s;
    if (scanf("%15s %lf %d", s.name, &s.grade, &s.id) != 3) return 1;
    printf("%s (%d): %.1f\n", s.name, s.id, s.grade);
    return 0;
}
