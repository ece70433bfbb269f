#include <stdio.h>
/* before */ int /* ret */ add /* name */ ( /* p1 */ int /* t */ a /* n */ , /* p2 */ int b /* p3 */ ) /* before body */
// line before body
{
    return a + b;
}
static int
// the name on its own line
twice(int v) /* trailing */ { return 2 * v; }
int main /* m */ ( /* v */ void /* v2 */ ) {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 1;
    printf("%d %d\n", add(a, b), twice(/* arg */ a /* arg2 */));
    return 0;
}
