#include <stdio.h>
struct employee { int id; int age; double salary; };

int main(void) {
    struct employee e[5];
    int n, i;
    double sum = 0;
    scanf("%d", &n);
    if (n > 5) n = 5;
    for (i = 0; i < n; i++) {
        scanf("%d %d %lf", &e[i].id, &e[i].age, &e[i].salary);
        sum += e[i].salary;
    }
    for (i = 0; i < n; i++)
        if (e[i].salary > sum / n)
            printf("above average: %d (age %d) %.2f\n", e[i].id, e[i].age, e[i].salary);
    printf("total %.2f\n", sum);
    return 0;
}
