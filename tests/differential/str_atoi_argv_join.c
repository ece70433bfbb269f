#include <stdio.h>
#include <string.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
    char out[100] = "";
    int i, total = 0;
    for (i = 1; i < argc; i++) {
        if (strlen(out) + strlen(argv[i]) + 2 >= sizeof out)
            break;
        if (i > 1)
            strcat(out, "+");
        strcat(out, argv[i]);
        total += atoi(argv[i]);
    }
    printf("%s=%d\n", out, total);
    return strcmp(out, "") == 0;
}
