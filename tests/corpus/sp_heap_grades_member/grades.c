/* Student records in a calloc'd block: totals and the best student. */
#include <assert.h>
#include <stdlib.h>

struct student {
    int id;
    int exam;
    int project;
    int total;
};

struct student *enrol(int n)
{
    struct student *v = calloc(n, sizeof(struct student));
    for (int i = 0; i < n; i++)
        v[i].id = 100 + i;
    return v;
}

void grade(struct student *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i].total = v[i].exam + v[i].exam;
}

int best(const struct student *v, int n)
{
    int b = 0;
    for (int i = 1; i < n; i++)
        if (v[i].total > v[b].total)
            b = i;
    return v[b].id;
}

void test_two(void)
{
    struct student *v = enrol(2);
    v[0].exam = 30;
    v[0].project = 40;
    v[1].exam = 50;
    v[1].project = 10;
    grade(v, 2);
    assert(v[0].total == 70);
    assert(best(v, 2) == 100);
    free(v);
}

void test_three(void)
{
    struct student *v = enrol(3);
    v[0].exam = 10;
    v[0].project = 10;
    v[1].exam = 20;
    v[1].project = 45;
    v[2].exam = 40;
    v[2].project = 5;
    grade(v, 3);
    assert(best(v, 3) == 101);
    free(v);
}

void test_ungraded(void)
{
    struct student *v = enrol(2);
    assert(v[1].total == 0 && v[1].id == 101);
    free(v);
}
