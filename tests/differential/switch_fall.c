#include <stdio.h>
#include <stdlib.h>

/* Cumulative verses via switch fall-through. */
void verse(int day)
{
    printf("day %d:", day);
    switch (day) {
    case 5: printf(" five");
    case 4: printf(" four");
    case 3: printf(" three");
    case 2: printf(" two"); printf(" and");
    case 1: printf(" one");
        break;
    default:
        printf(" (none)");
    }
    printf("\n");
}

int classify(int c)
{
    int score = 0;
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
        score += 10;
        /* fall through */
    case 'y':
        score += 1;
        break;
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        score = c - '0';
        break;
    default:
        if (c == ' ')
            return -1;
        score = 100;
    }
    return score;
}

int main(int argc, char *argv[])
{
    int i, j, total = 0;
    int days = argc > 1 ? atoi(argv[1]) : 3;
    for (i = 1; i <= days; i++)
        verse(i);
    for (i = 2; i < argc; i++)
        for (j = 0; argv[i][j] != '\0'; j++) {
            int s = classify(argv[i][j]);
            printf("%c:%d ", argv[i][j], s);
            total += s;
        }
    printf("\ntotal=%d\n", total);
    return 0;
}
