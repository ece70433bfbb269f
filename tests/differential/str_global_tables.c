/* File-scope tables initialized with string literals and addresses: names of days, a price
   list of structs with `const char *` members, a pointer to a global's element. */
#include <stdio.h>
#include <string.h>

struct price { const char *item; int cents; const char *unit; };

const char *days[] = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"};
static struct price prices[] = {
    {"apple", 45, "each"},
    {"milk", 119, "litre"},
    {.item = "rice", .cents = 250},
};
int stock[4] = {5, 0, 12, 7};
int *cheapest = &stock[0];
const char *banner = "== shop ==";

int day_of(const char *name)
{
    int i;
    for (i = 0; i < 7; i++)
        if (strncmp(days[i], name, 3) == 0)
            return i;
    return -1;
}

int main(void)
{
    char word[16];
    int total = 0, i;
    puts(banner);
    while (scanf("%15s", word) == 1) {
        int d = day_of(word);
        if (d >= 0) {
            printf("%s is day %d%s\n", days[d], d + 1, d >= 5 ? " (weekend)" : "");
            continue;
        }
        for (i = 0; i < 3; i++)
            if (strcmp(prices[i].item, word) == 0) {
                total += prices[i].cents;
                printf("%s: %d.%02d per %s\n", word, prices[i].cents / 100, prices[i].cents % 100,
                       prices[i].unit ? prices[i].unit : "kg");
                break;
            }
        if (i == 3)
            printf("%s: unknown\n", word);
    }
    days[6] = "funday";
    *cheapest += 1;
    printf("total %d, %s, stock %d, %d tables\n", total, days[6], stock[0],
           (int)(sizeof prices / sizeof prices[0]));
    return 0;
}
