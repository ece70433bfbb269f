#include <stdio.h>
#include <string.h>

char s[100005];

int main()
{
    int t, i, depth, ok, len;
    scanf("%d", &t);
    while (t--) {
        scanf("%s", s);
        len = strlen(s);
        depth = 0;
        ok = 1;
        for (i = 0; i < len; i++) {
            if (s[i] == '(')
                depth++;
            else
                depth--;
            if (depth < 0) {
                ok = 0;
                break;
            }
        }
        if (depth != 0)
            ok = 0;
        puts(ok ? "YES" : "NO");
    }
    return 0;
}
