/* scanf/sscanf string conversions into `char *` parameters: the characters go into the
   caller's array, never into the parameter itself. */
#include <stdio.h>
#include <string.h>

struct rec {
    char name[12];
    int age;
};

int read_word(char *w)
{
    return scanf("%15s", w);
}

void read_rest(char line[])
{
    scanf(" %39[^\n]", line);
}

void read_code(char *code)
{
    scanf(" %3c", code);
    code[3] = '\0';
}

int parse(const char *text, char *key, int *value)
{
    return sscanf(text, "%7[a-z]=%d", key, value);
}

void read_rec(struct rec *r)
{
    scanf("%11s %d", r->name, &r->age);
}

int main(void)
{
    char a[16], b[16], rest[40], code[4], key[8];
    struct rec rs[2];
    int v = 0, n, i;

    n = read_word(a);
    n += read_word(b);
    read_code(code);
    read_rest(rest);
    printf("%d [%s] [%s] [%s] [%s] %zu\n", n, a, b, code, rest, strlen(rest));
    for (i = 0; i < 2; i++)
        read_rec(&rs[i]);
    printf("%s %d / %s %d\n", rs[0].name, rs[0].age, rs[1].name, rs[1].age);
    if (parse("width=42", key, &v) == 2)
        printf("%s -> %d\n", key, v);
    if (parse("=7", key, &v) != 2)
        printf("no key\n");
    return 0;
}
