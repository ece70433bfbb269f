#include <stdio.h>
struct student {
    char name[12];
    int grade;
    double gpa;
};

int main(void) {
    struct student s[4] = {
        {"Ann", 91, 3.7},
        {"Bob", 78, 2.9},
        {"Cy", 85, 3.2},
        {"Dee", 66, 2.1},
    };
    int i, best = 0;
    double total = 0;
    for (i = 0; i < 4; i++) {
        total += s[i].gpa;
        if (s[i].grade > s[best].grade)
            best = i;
    }
    printf("best: %s (%d)\n", s[best].name, s[best].grade);
    printf("mean gpa: %.3f\n", total / 4);
    printf("sizeof(struct student) = %lu\n", (unsigned long)sizeof(struct student));
    return 0;
}
