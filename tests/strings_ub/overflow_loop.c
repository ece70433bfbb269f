#include <stdio.h>
int main(void) {
    char s[6] = "abcde";
    int i = 0;
    while (s[i] != 'z') /* UB: reads past the NUL and the array */
        i++;
    printf("%d\n", i);
    return 0;
}
