/* Function-static tables of strings and pointers (initialized once, before any use), and
 * arrays of `char *` passed to functions. */
#include <stdio.h>
#include <string.h>

static int counter;

const char *day_name(int d)
{
    static const char *days[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
    static int calls = 0;
    calls++;
    if (d < 0 || d > 6)
        return "???";
    return days[d];
}

int *next_slot(void)
{
    static int slots[4];
    static int *cursor = NULL;
    if (cursor == NULL || cursor == slots + 4)
        cursor = slots;
    return cursor++;
}

int *the_counter(void)
{
    static int *p = &counter;
    return p;
}

void print_all(char *names[], int n)
{
    for (int i = 0; i < n; i++)
        printf("%d:%s ", i, names[i]);
    printf("\n");
}

int longest(char *names[], int n)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (strlen(names[i]) > strlen(names[best]))
            best = i;
    return best;
}

int count_starting(const char *const words[], int n, char c)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (words[i][0] == c)
            k++;
    return k;
}

int main(void)
{
    char *names[] = {"ann", "bobby", "cy", "dorothea", "ed"};
    static const char *const words[] = {"apple", "avocado", "banana", "apricot"};
    int d, n = 0;
    while (scanf("%d", &d) == 1) {
        printf("%s ", day_name(d));
        int *s = next_slot();
        *s = d;
        n++;
    }
    printf("\n");
    for (int k = 0; k < 3; k++)
        *the_counter() += k;
    print_all(names, 5);
    printf("longest %s\n", names[longest(names, 5)]);
    print_all(names + 2, 2);
    printf("a-words %d, counter %d, read %d\n", count_starting(words, 4, 'a'), counter, n);
    return 0;
}
