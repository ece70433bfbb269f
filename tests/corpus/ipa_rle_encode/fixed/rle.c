#include <stdio.h>
#include <string.h>

int encode(const char *s, char *out)
{
    int i = 0, k = 0;
    int n = strlen(s);

    while (i < n) {
        int cnt = 1;
        while (i + cnt < n && s[i + cnt] == s[i])
            cnt++;
        out[k++] = s[i];
        if (cnt > 1)
            k += sprintf(out + k, "%d", cnt);
        i += cnt;
    }
    out[k] = '\0';
    return k;
}

int main(void)
{
    char line[200];
    char out[400];
    int len, k;

    while (fgets(line, sizeof line, stdin) != NULL) {
        len = strlen(line);
        if (len > 0 && line[len - 1] == '\n') {
            line[len - 1] = '\0';
            len--;
        }
        if (len == 0)
            continue;
        k = encode(line, out);
        printf("%s -> %s", line, out);
        if (k < len)
            printf(" (saved %d)\n", len - k);
        else
            printf("\n");
    }
    return 0;
}
