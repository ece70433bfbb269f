#include <stdio.h>

char s[55];

int main()
{
    int n, t, i;
    scanf("%d %d", &n, &t);
    scanf("%s", s);
    while (--t) {
        for (i = 0; i + 1 < n; i++) {
            if (s[i] == 'B' && s[i + 1] == 'G') {
                s[i] = 'G';
                s[i + 1] = 'B';
                i++;
            }
        }
    }
    printf("%s\n", s);
    return 0;
}
