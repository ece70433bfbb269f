#include <stdio.h>

#define MAXST 20

typedef struct {
    char name[16];
    int marks[3];
    double avg;
    char grade;
} Student;

double avg_of(const int m[], int n)
{
    int i, sum = 0;
    for (i = 0; i < n; i++)
        sum += m[i];
    return sum / n;
}

char letter(double avg)
{
    if (avg >= 90)
        return 'A';
    if (avg > 80)
        return 'B';
    if (avg >= 70)
        return 'C';
    if (avg >= 60)
        return 'D';
    return 'F';
}

int main(void)
{
    Student st[MAXST];
    int n, i, counts[5] = {0};
    const char *letters = "ABCDF";

    if (scanf("%d", &n) != 1 || n < 1 || n > MAXST)
        return 1;
    for (i = 0; i < n; i++) {
        scanf("%15s %d %d %d", st[i].name, &st[i].marks[0], &st[i].marks[1], &st[i].marks[2]);
        st[i].avg = avg_of(st[i].marks, 3);
        st[i].grade = letter(st[i].avg);
        if (st[i].grade == 'F')
            counts[4]++;
        else
            counts[st[i].grade - 'A']++;
    }
    for (i = 0; i < n; i++)
        printf("%-8s %5.1f %c\n", st[i].name, st[i].avg, st[i].grade);
    for (i = 0; i < 5; i++)
        printf("%c:%d ", letters[i], counts[i]);
    printf("\n");
    return 0;
}
