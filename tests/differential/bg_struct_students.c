#include <stdio.h>
#include <string.h>

typedef struct {
    char name[20];
    int marks[3];
    float avg;
} Student;

int main(void) {
    Student s[5];
    int n, i, j, top = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        int total = 0;
        scanf("%s", s[i].name);
        for (j = 0; j < 3; j++) {
            scanf("%d", &s[i].marks[j]);
            total += s[i].marks[j];
        }
        s[i].avg = total / 3.0f;
        if (s[i].avg > s[top].avg)
            top = i;
    }
    for (i = 0; i < n; i++)
        printf("%-8s %6.2f\n", s[i].name, s[i].avg);
    if (n > 0)
        printf("top: %s\n", s[top].name);
    return 0;
}
