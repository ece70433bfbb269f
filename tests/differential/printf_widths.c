#include <stdio.h>

int main(void)
{
    int v[5] = {0, 7, -42, 1234, -99999};
    int i;
    for (i = 0; i < 5; i++) {
        printf("[%d] [%5d] [%-5d] [%05d] [%+d] [% d] [%.3d] [%8.4d]\n",
               v[i], v[i], v[i], v[i], v[i], v[i], v[i], v[i]);
    }
    printf("[%x] [%X] [%#x] [%#o] [%o] [%08X]\n", 255, 255, 255, 8, 64, 48879);
    printf("[%c] [%3c] [%-3c] [%c]\n", 'A', 'b', 'c', 65 + 25);
    printf("[%s] [%8s] [%-8s] [%.2s] [%8.3s]\n", "abc", "right", "left", "trunc", "xyzzy");
    printf("[%ld] [%lu] [%lld] [%llu]\n", -1234567L, 1234567UL, -9000000000LL, 18000000000000000000ULL);
    printf("[%i] [%u] [%u]\n", -17, 17u, (unsigned)-17);
    printf("[%%] [%%%%] 100%%\n");
    printf("[%6d] [%-6d] [%.4d]\n", 42, 42, 42);
    printf("[%lx] [%llX] [%lo]\n", 3735928559UL, 0xCAFEBABEULL, 511UL);
    printf("[%+5d] [%-+5d] [%+05d]\n", 3, 3, -3);
    printf("[%5.1s] [%-6.0d] [%.0d]\n", "hi", 0, 0);
    return 0;
}
