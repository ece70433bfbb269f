#include <stdio.h>

/* snprintf truncation: the buffer always ends with a NUL and the return value
   is the length the whole text would have had. */
int main(void) {
    char small[8];
    char name[32];
    int size, n;
    while (scanf("%31s %d", name, &size) == 2) {
        if (size < 0 || size > 8)
            size = 8;
        small[0] = '#';
        small[1] = '\0';
        n = snprintf(small, size, "hi %s!", name);
        printf("size %d: \"%s\" wanted %d", size, small, n);
        if (n >= size)
            printf(" (truncated)");
        printf("\n");
    }
    return 0;
}
