/* `&name` for a `char name[N]` where a string is expected (scanf("%s", &name) is a common
   habit): gcc passes the array's address, the same as `name`. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char name[20], rows[3][8];
    int age, i, n;
    printf("Name and age: ");
    n = scanf("%19s %d", &name, &age);
    if (n != 2) {
        printf("need a name and an age\n");
        return 1;
    }
    for (i = 0; i < 3; i++)
        if (scanf("%7s", &rows[i]) != 1)
            strcpy(rows[i], "-");
    printf("%s is %d\n", &name, age);
    for (i = 2; i >= 0; i--)
        printf("%s%c", rows[i], i ? ' ' : '\n');
    printf("%d %d\n", (int)strlen(&name), strcmp(&rows[0], "x") == 0);
    return 0;
}
