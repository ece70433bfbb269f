#include <stdio.h>

int main(void) {
    char buf[8];
    int n = 12345;
    sprintf(buf, "n=%d!", n * 100); /* UB: 10 bytes and the NUL into 8 */
    printf("%s\n", buf);
    return 0;
}
