/* Headers included out of habit and never used (<time.h>, <errno.h>, <stdarg.h>, <unistd.h>):
   gcc accepts them, and so must the preprocessor. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <errno.h>
#include <stdarg.h>
#include <unistd.h>
#include <string.h>

int main()
{
    int n, i;
    long sum = 0;
    printf("How many numbers? ");
    if (scanf("%d", &n) != 1 || n < 0) {
        printf("invalid\n");
        return EXIT_FAILURE;
    }
    for (i = 0; i < n; i++) {
        int x;
        if (scanf("%d", &x) != 1)
            break;
        sum += x;
    }
    printf("sum = %ld\n", sum);
    return 0;
}
