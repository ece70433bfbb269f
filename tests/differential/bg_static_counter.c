#include <stdio.h>

int next_id(void) {
    static int id = 100;
    return id++;
}

void visit(void) {
    static int calls;
    calls++;
    printf("visit #%d\n", calls);
}

int main(void) {
    int i;
    for (i = 0; i < 3; i++)
        visit();
    int a = next_id();
    int b = next_id();
    printf("%d %d %d\n", a, b, next_id());
    return 0;
}
