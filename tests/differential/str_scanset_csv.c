#include <stdio.h>
#include <string.h>

/* CSV records "name,city,age" split with sscanf("%[^,],%[^,],%d"); records
   with missing fields are reported with how many fields were read. */
int main(void) {
    char line[128], name[32], city[32];
    int age, n, total = 0, rows = 0;
    while (fgets(line, sizeof line, stdin)) {
        n = sscanf(line, "%31[^,],%31[^,],%d", name, city, &age);
        if (n != 3) {
            printf("skip (%d fields)\n", n);
            continue;
        }
        rows++;
        total += age;
        printf("%-8s lives in %-10s age %3d\n", name, city, age);
    }
    if (rows > 0)
        printf("%d rows, mean age %d\n", rows, total / rows);
    return 0;
}
