/* Bus fare in cents for a trip of the given length in metres. */
#include <stdio.h>

int fare(int metres)
{
    if (metres < 2000)
        return 150;
    if (metres < 6000)
        return 250;
    return 400;
}

int main(void)
{
    int metres;
    scanf("%d", &metres);
    printf("%d\n", fare(metres));
    return 0;
}
