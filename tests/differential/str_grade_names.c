#include <stdio.h>
#include <string.h>
int main(void) {
    char name[20], best[20];
    int score, top = -1;
    while (scanf("%19s %d", name, &score) == 2) {
        char grade;
        if (score >= 90) grade = 'A';
        else if (score >= 80) grade = 'B';
        else if (score >= 70) grade = 'C';
        else grade = 'F';
        printf("%-10s %3d %c\n", name, score, grade);
        if (score > top) {
            top = score;
            strcpy(best, name);
        }
    }
    if (top >= 0)
        printf("best: %s\n", best);
    return 0;
}
