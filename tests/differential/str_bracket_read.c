#include <stdio.h>
#include <string.h>
/* Lines with a name and an age, name first; strcmp finds a given name. */
int main(void) {
    char name[16], want[16];
    int age, found = 0;
    if (scanf("%15s", want) != 1)
        return 2;
    while (scanf("%15s %d", name, &age) == 2) {
        if (strcmp(name, want) == 0) {
            printf("%s is %d\n", name, age);
            found = 1;
        }
    }
    if (!found)
        printf("%s not found\n", want);
    return !found;
}
