#include <stdio.h>

int main(void) {
    unsigned char c = 250;
    int i;
    for (i = 0; i < 10; i++) {
        printf("%u ", c);
        c++;
    }
    printf("\n");
    unsigned char bytes[4] = {0x12, 0xAB, 0xFF, 0x00};
    unsigned int word = 0;
    for (i = 0; i < 4; i++)
        word = (word << 8) | bytes[i];
    printf("%08X %u\n", word, word);
    signed char s = 127;
    s = s + 1;
    printf("%d %hhu\n", s, (unsigned char)-1);
    unsigned int u = 0;
    u--;
    printf("%u %x %o\n", u, u, 8u);
    return 0;
}
