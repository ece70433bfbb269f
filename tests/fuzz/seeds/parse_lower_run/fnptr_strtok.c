#include <stdio.h>
#include <string.h>
typedef int (*binop)(int, int);
int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
struct op { const char *name; binop fn; };
struct op ops[] = { {0, add}, {0, sub} };
binop pick(int i) { return i < 2 ? ops[i].fn : NULL; }
int main(void) {
    char line[64];
    const char *names[] = {"add", "sub"};
    int (*f)(int, int) = add;
    int acc = 0, i = 0;
    if (fgets(line, sizeof line, stdin) == NULL) return 1;
    for (char *t = strtok(line, " \n"); t != NULL; t = strtok(NULL, " \n")) {
        f = pick(i % 2);
        if (f != NULL) acc = f(acc, t[0] - '0');
        printf("%s %s\n", names[i % 2], i ? "more" : "first");
        i++;
    }
    printf("%d %c\n", acc, "0123456789"[acc % 10 < 0 ? 0 : acc % 10]);
    return 0;
}
