#include <stdio.h>
int main(void) {
    char name[20];
    int age;
    while (scanf("%19s %d", name, &age) == 2) {
        printf("|%s|%10s|%-10s|%.3s|%-8.2s|%3s|\n", name, name, name, name, name, name);
        printf("%s is %d\n", name, age);
    }
    return 0;
}
