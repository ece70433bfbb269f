#include <stdio.h>
#include <string.h>

int value(char c)
{
    switch (c) {
    case 'I': return 1;
    case 'V': return 5;
    case 'X': return 10;
    case 'L': return 50;
    case 'C': return 100;
    case 'D': return 500;
    case 'M': return 1000;
    }
    return 0;
}

int roman_to_int(const char *s)
{
    int total = 0;
    int i, n = strlen(s);
    for (i = 0; i < n; i++) {
        int v = value(s[i]);
        if (v == 0)
            return -1;
        if (i + 1 < n && v <= value(s[i + 1]))
            total -= v;
        else
            total += v;
    }
    return total;
}

int main(void)
{
    char s[32];
    int r;

    while (scanf("%31s", s) == 1) {
        r = roman_to_int(s);
        if (r < 0)
            printf("%s: not a roman numeral\n", s);
        else
            printf("%s = %d\n", s, r);
    }
    return 0;
}
