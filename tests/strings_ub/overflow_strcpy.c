#include <stdio.h>
#include <string.h>
int main(void) {
    char small[4];
    strcpy(small, "toolong"); /* UB: 8 bytes into 4 */
    printf("%s\n", small);
    return 0;
}
