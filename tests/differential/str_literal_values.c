/* String literals as values: `char *` variables, `?:` arms, printf arguments, arrays of names,
   struct initializers (positional and designated), indexing a literal, walking one. */
#include <stdio.h>
#include <string.h>

struct item {
    const char *name;
    int qty;
    const char *unit;
};

const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

int count_char(const char *s, char c)
{
    int n = 0;
    for (; *s != '\0'; s++)
        if (*s == c)
            n++;
    return n;
}

void hex(unsigned v, char *out)
{
    int i;
    for (i = 7; i >= 0; i--) {
        out[i] = "0123456789abcdef"[v % 16];
        v /= 16;
    }
    out[8] = '\0';
}

int main(void)
{
    const char *days[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
    struct item stock[] = {
        {"pen", 3, "box"},
        {"cup", 1},
        {.qty = 12, .name = "egg", .unit = "dozen"},
    };
    struct item extra = {"ink", 0, "bottle"};
    const char *greeting = "hello, world";
    char buf[9];
    int n, i;
    if (scanf("%d", &n) != 1)
        return 1;
    printf("%s has %d l's and %d o's\n", greeting, count_char(greeting, 'l'), count_char(greeting, 'o'));
    printf("day %d is %s (%s)\n", n, days[n % 7], n % 7 >= 5 ? "weekend" : "weekday");
    for (i = 0; i < 3; i++)
        printf("%d %s%s in %s\n", stock[i].qty, stock[i].name, plural(stock[i].qty),
               stock[i].unit ? stock[i].unit : "(loose)");
    printf("%s: %s\n", extra.name, extra.qty == 0 ? "out of stock" : "available");
    greeting = n > 3 ? "big" : "small";
    printf("%s %d %c\n", greeting, (int)strlen(greeting), greeting[1]);
    hex((unsigned)n * 2654435761u, buf);
    printf("hash %s, digit %c\n", buf, "0123456789"[n % 10]);
    puts(n % 2 ? "odd" : "even");
    return 0;
}
