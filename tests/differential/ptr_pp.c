#include <stdio.h>
#include <stddef.h>

void set_to(int **pp, int *target)
{
    *pp = target;
}

int deref_or(int *p, int dflt)
{
    if (p == NULL)
        return dflt;
    return *p;
}

int main(void)
{
    int a = 5, b = 7;
    int *p = NULL;
    int **pp = &p;
    printf("%d\n", deref_or(p, -1));
    set_to(pp, &a);
    printf("%d\n", deref_or(p, -1));
    **pp = 11;
    printf("a=%d\n", a);
    set_to(&p, &b);
    *p += 1;
    printf("b=%d same=%d null=%d\n", b, p == &b, !p);
    if (p)
        printf("set\n");
    return 0;
}
