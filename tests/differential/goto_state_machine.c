/* Error handling with goto inside a switch in a loop, plus a backward goto from inside
   nested loops (restart the scan after a change) and a label nothing jumps to. */
#include <stdio.h>

int main(void) {
    int v[16], n = 0, i, j, passes = 0, c;
    while (n < 16 && scanf("%d", &v[n]) == 1) n++;
again:
    passes++;
    for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
            if (v[j] < v[i]) {
                int t = v[i];
                v[i] = v[j];
                v[j] = t;
                goto again;
            }
        }
    }
unused:
    for (i = 0; i < n; i++) {
        switch (v[i] % 3) {
        case 0:
            c = 'z';
            break;
        case 1:
            c = 'o';
            break;
        default:
            if (v[i] < 0) goto negative;
            c = 't';
        }
        printf("%d%c ", v[i], c);
    }
    printf("\npasses %d\n", passes);
    return 0;
negative:
    printf("\nnegative %d at %d after %d passes\n", v[i], i, passes);
    return 3;
}
