#include <stdio.h>
#include <string.h>

char s[100005];

int main()
{
    int t, i, sum;
    scanf("%d", &t);
    while (t--) {
        scanf("%s", s);
        sum = 0;
        for (i = 0; i < strlen(s); i++)
            sum += s[i] - '0';
        if (sum % 3 == 0)
            puts("YES");
        else
            puts("NO");
    }
    return 0;
}
