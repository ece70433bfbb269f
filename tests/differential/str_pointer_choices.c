/* String calls on `char *` operands that point into one of several objects: a table of
 * words indexed by input, a pointer chosen between two buffers, a suffix `s + k`. */
#include <stdio.h>
#include <string.h>

const char *names[] = {"zero", "one", "two", "three", "four", "five"};

int main(void)
{
    char out[16], left[12] = "apple", right[12] = "berry";
    char *p, *q;
    int i, k, n;
    if (scanf("%d %d", &i, &k) != 2 || i < 0 || i > 5 || k < 0 || k > 5)
        return 1;
    strcpy(out, names[i]);
    strcat(out, "!");
    printf("%s has %d chars, tail %s\n", out, (int)strlen(out), out + (k < (int)strlen(out) ? k : 0));
    n = (int)strlen(names[i] + (k < 3 ? k : 3));
    p = i % 2 ? left : right;
    q = i > 2 ? right : left;
    printf("n=%d cmp=%d chr=%d\n", n, strcmp(p, q) < 0 ? -1 : strcmp(p, q) > 0, strchr(p, 'r') != NULL);
    strncpy(p, names[(i + k) % 6], 5);
    p[5] = 0;
    printf("left=%s right=%s len=%d\n", left, right, (int)strlen(q + 1));
    memcpy(q, "xy", 2);
    printf("left=%s right=%s\n", left, right);
    return 0;
}
