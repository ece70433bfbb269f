#include <stdio.h>
#include <assert.h>
int find(const int *a, int n, int key) {
    int i = 0;
again:
    if (i >= n) goto missing;
    if (a[i] == key) goto found;
    i++;
    goto again;
found:
    return i;
missing:
    return -1;
}
int cleanup(int x) {
    int r = 0;
    if (x < 0) goto out;
    for (int i = 0; i < x; i++) { if (i == 3) goto out; r += i; }
out:
    return r;
}
void test_goto(void) {
    int a[5] = {4, 8, 15, 16, 23};
    assert(find(a, 5, 15) == 2 && find(a, 5, 7) == -1);
    assert(cleanup(-1) == 0 && cleanup(2) == 1 && cleanup(9) == 3);
}
int main(void) { int x; if (scanf("%d", &x) != 1) goto bad; printf("%d\n", cleanup(x)); return 0; bad: puts("bad input"); return 2; }
