#include <stdio.h>
#include <string.h>

/* Number formatting with sprintf: the text goes to a buffer whose length is
   checked against sprintf's return value before it is printed. */
int main(void) {
    char buf[80];
    int v, n;
    while (scanf("%d", &v) == 1) {
        n = sprintf(buf, "[%5d|%-5d|%05d|%x|%X|%o|%+d]", v, v, v, v, v, v, v);
        printf("%s len=%d strlen=%d\n", buf, n, (int)strlen(buf));
        n = sprintf(buf, "%u", (unsigned)v);
        printf("%s %d\n", buf, n);
    }
    return 0;
}
