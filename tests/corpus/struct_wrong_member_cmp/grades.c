/* Student records: the best grade, and the number passing. */
#include <assert.h>

struct student {
    int id;
    int grade;
};

struct student roster[5] = {
    {101, 72}, {102, 91}, {103, 55}, {104, 88}, {105, 91},
};

int best_student(struct student s[], int n)
{
    int best = 0;
    int i;
    for (i = 1; i < n; i++) {
        if (s[i].id > s[best].grade)
            best = i;
    }
    return s[best].id;
}

int passing(struct student s[], int n, int limit)
{
    int count = 0;
    int i;
    for (i = 0; i < n; i++) {
        if (s[i].grade >= limit)
            count++;
    }
    return count;
}

void test_best_of_all(void)
{
    assert(best_student(roster, 5) == 102);
}

void test_best_of_first(void)
{
    assert(best_student(roster, 1) == 101);
}

void test_best_of_three(void)
{
    struct student s[3] = {{7, 40}, {8, 90}, {9, 60}};
    assert(best_student(s, 3) == 8);
}

void test_passing(void)
{
    assert(passing(roster, 5, 60) == 4);
}
