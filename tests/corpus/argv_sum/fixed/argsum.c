/* Print the sum of the integer command-line arguments. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int i, sum = 0;
    if (argc < 2) {
        printf("usage: argsum N...\n");
        return 1;
    }
    for (i = 1; i < argc; i++)
        sum += atoi(argv[i]);
    printf("%d\n", sum);
    return 0;
}
