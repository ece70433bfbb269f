/* sprintf/snprintf, fgets and scanf("%s") writing through `char *` values (`out + k`, a row
   pointer): the text goes where the pointer points, within its object. */
#include <stdio.h>
#include <string.h>

int encode(const char *s, char *out)
{
    int i = 0, k = 0, n = strlen(s);
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
    char names[3][16];
    char out[64], enc[64];
    char *p;
    int i, k = 0;

    for (i = 0; i < 2; i++) {
        p = names[i];
        scanf("%15s", p);
    }
    k += sprintf(out + k, "%s", names[0]);
    k += sprintf(out + k, "-%d-", k);
    snprintf(out + k, 5, "%s", names[1]);
    printf("%s %d\n", out, k);
    printf("%s %d\n", enc, encode(names[1], enc));
    p = names[2];
    getchar();
    if (fgets(p + 1, 10, stdin)) {
        p[0] = '>';
        printf("[%s]\n", p);
    }
    return 0;
}
