#include <stdio.h>

typedef long long ll;

int main()
{
    ll n;
    int c = 0;
    scanf("%lld", &n);
    while (n > 0) {
        if (n % 10 == 4 || n % 10 == 7)
            c++;
        n /= 10;
    }
    if (c == 4 || c == 7)
        puts("YES");
    else
        puts("NO");
    return 0;
}
