#include <stdio.h>

int main(void)
{
    int a, b, c, m;
    printf("Enter three integers > ");
    scanf("%d %d %d", &a, &b, &c);
    if (a >= b) {
        if (a >= c) {
            if (a > c)  /* a biggest */
                m = b;
            else
                m = c;
        } else {
            m = a;
        }
    } else {
        if (b >= c) {
            if (a > c)
                m = a;
            else
                m = c;
        } else {
            m = b;
        }
    }
    printf("The median is %d\n", m);
    return 0;
}
