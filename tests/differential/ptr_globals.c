#include <stdio.h>
#include <stddef.h>

int table[5] = {10, 20, 30, 40, 50};
int *cursor;
int hits;

int *find(int *p, int *end, int key)
{
    for (; p < end; p++)
        if (*p == key)
            return p;
    return 0;
}

void bump(int *counter)
{
    ++*counter;
}

int main(void)
{
    int key;
    cursor = table;
    while (scanf("%d", &key) == 1) {
        int *f = find(cursor, table + 5, key);
        if (f != NULL) {
            bump(&hits);
            printf("%d at %ld\n", *f, (long)(f - table));
            cursor = f + 1;
        } else {
            printf("%d missing\n", key);
        }
    }
    printf("hits %d, cursor at %ld\n", hits, (long)(cursor - &table[0]));
    return 0;
}
