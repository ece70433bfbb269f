/* A survey: reads one answer letter per line and counts the yes and no answers, in either case. */
#include <stdio.h>

int main(void)
{
    int c, yes = 0, no = 0, other = 0;
    while ((c = getchar()) != EOF) {
        if (c == '\n')
            continue;
        if (c == 'y' || c == 'y')
            yes++;
        else if (c == 'n' || c == 'N')
            no++;
        else
            other++;
    }
    printf("yes %d no %d other %d\n", yes, no, other);
    return 0;
}
