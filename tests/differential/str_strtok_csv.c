/* CSV records split with strtok (fields) inside strtok_r (records on ';'): a sum per column. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

int main(void)
{
    char buf[256];
    int sums[4] = {0, 0, 0, 0};
    int rows = 0, i;
    char *rest = NULL;
    char *rec;
    if (fgets(buf, sizeof buf, stdin) == NULL)
        return 1;
    buf[strcspn(buf, "\n")] = '\0';
    for (rec = strtok_r(buf, ";", &rest); rec != NULL; rec = strtok_r(NULL, ";", &rest)) {
        char *field = strtok(rec, ",");
        int col = 0;
        printf("row %d:", rows);
        while (field != NULL && col < 4) {
            int v = atoi(field);
            sums[col] += v;
            printf(" %s=%d", field, v);
            col++;
            field = strtok(NULL, ",");
        }
        printf(" (%d fields)\n", col);
        rows++;
    }
    for (i = 0; i < 4; i++)
        printf("col %d sum %d\n", i, sums[i]);
    printf("rows %d rest %d\n", rows, rest == NULL ? 0 : 1);
    return 0;
}
