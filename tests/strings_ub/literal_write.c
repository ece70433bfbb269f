/* Capitalizing a word that points into a string literal. gcc: SEGV (literals are read-only). */
#include <stdio.h>

void capitalize(char *w)
{
    if (w[0] >= 'a' && w[0] <= 'z')
        w[0] = w[0] - 'a' + 'A'; /* UB: */
}

int main(void)
{
    char *name = "ada";
    capitalize(name);
    printf("%s\n", name);
    return 0;
}
