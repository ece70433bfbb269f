#include <stdio.h>
#include <ctype.h>

void letter_counts(const char *w, int cnt[], int sign)
{
    int i;
    for (i = 0; w[i] != '\0'; i++) {
        if (isalpha((unsigned char)w[i]))
            cnt[tolower((unsigned char)w[i]) - 'a'] += sign;
    }
}

int all_zero(const int cnt[])
{
    int k;
    for (k = 0; k < 26; k++)
        if (cnt[k] != 0)
            return 0;
    return 1;
}

int main()
{
    char a[50], b[50];
    int cnt[26];
    int k, pairs = 0, yes = 0;

    while (scanf("%49s %49s", a, b) == 2) {
        for (k = 0; k < 26; k++)
            cnt[k] = 0;
        letter_counts(a, cnt, 1);
        letter_counts(b, cnt, 1);
        pairs++;
        if (all_zero(cnt)) {
            printf("%s and %s are anagrams\n", a, b);
            yes++;
        } else {
            printf("%s and %s are not anagrams\n", a, b);
        }
    }
    printf("%d of %d pairs\n", yes, pairs);
    return 0;
}
