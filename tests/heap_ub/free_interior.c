/* free() of a pointer moved into the middle of its block. ASan: bad-free. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    char *buf = malloc(16);
    char *p = buf;
    int i;
    for (i = 0; i < 15; i++) *p++ = 'a' + i;
    *p = '\0';
    printf("%s\n", buf);
    free(p); /* UB: */
    return 0;
}
