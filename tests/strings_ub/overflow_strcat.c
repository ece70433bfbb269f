#include <stdio.h>
#include <string.h>
int main(void) {
    char buf[8] = "hello";
    strcat(buf, ", world"); /* UB: the result needs 13 bytes */
    puts(buf);
    return 0;
}
