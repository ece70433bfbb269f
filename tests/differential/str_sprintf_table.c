#include <stdio.h>
#include <string.h>

/* A table built row by row with sprintf (%-N.Ms, %Nd, %c) and joined with
   strcat, then printed at once. */
int main(void) {
    char table[512], row[64], name[32];
    int score, rows = 0;
    strcpy(table, "");
    while (rows < 6 && scanf("%31s %d", name, &score) == 2) {
        sprintf(row, "%-8.6s|%5d|%c\n", name, score, score >= 50 ? 'P' : 'F');
        strcat(table, row);
        rows++;
    }
    printf("%s%d rows, %d bytes\n", table, rows, (int)strlen(table));
    return 0;
}
