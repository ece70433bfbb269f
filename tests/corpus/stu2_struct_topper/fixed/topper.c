#include <stdio.h>

typedef struct {
    char name[20];
    int marks;
} Student;

int main()
{
    Student s[10];
    int n, i, best = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++)
        scanf("%s %d", s[i].name, &s[i].marks);
    for (i = 1; i < n; i++) {
        if (s[i].marks > s[best].marks)
            best = i;
    }
    printf("Topper: %s with %d marks\n", s[best].name, s[best].marks);
    return 0;
}
