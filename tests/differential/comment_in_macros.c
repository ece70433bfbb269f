#include <stdio.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b)) /* max */
#define LIMIT /* the limit */ 10 // ten
#define PICK(c) /* pick */ ((c) /* c */ ? 1 : /* no */ 2)
int main(void) {
    int x, y;
    if (scanf("%d %d", &x, &y) != 2) return 1;
    int m = MAX( /* first */ x, /* second */ y);
    if (m > LIMIT) /* big */ m = LIMIT; else /* keep */
        m = m + PICK(x /* arg */ > 0);
    printf("%d\n", m);
    return 0;
}
