#include <stdio.h>
#include <string.h>

/* CSV split with strchr: each comma is replaced by a NUL and the field before
   it printed through a pointer; the last field ends at the newline. */
int main(void) {
    char line[128];
    int row = 0;
    while (fgets(line, sizeof line, stdin)) {
        char *field = line;
        char *comma;
        char *nl = strchr(line, '\n');
        int k = 0;
        if (nl != NULL)
            *nl = '\0';
        row++;
        while ((comma = strchr(field, ',')) != NULL) {
            *comma = '\0';
            printf("row %d field %d: \"%s\" (%d)\n", row, k, field, (int)strlen(field));
            field = comma + 1;
            k++;
        }
        printf("row %d field %d: \"%s\" (%d)\n", row, k, field, (int)strlen(field));
    }
    return 0;
}
