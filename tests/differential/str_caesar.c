#include <stdio.h>
#include <string.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
    char buf[100];
    int k, i;
    if (argc < 2) {
        puts("usage: caesar shift");
        return 2;
    }
    k = atoi(argv[1]) % 26;
    if (k < 0) k += 26;
    while (fgets(buf, sizeof(buf), stdin)) {
        for (i = 0; buf[i]; i++) {
            char c = buf[i];
            if (c >= 'a' && c <= 'z')
                buf[i] = 'a' + (c - 'a' + k) % 26;
            else if (c >= 'A' && c <= 'Z')
                buf[i] = 'A' + (c - 'A' + k) % 26;
        }
        printf("%s", buf);
    }
    return 0;
}
