/* A tokenizer as a state machine: one handler function per state, chosen from a table;
   handlers return the next state's number. Counts words, numbers and other characters. */
#include <stdio.h>

enum { START, WORD, NUMBER, NSTATES };

struct counts { int words, numbers, other; };

typedef int (*handler)(int c, struct counts *k);

int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
int is_num(int c) { return c >= '0' && c <= '9'; }

int in_start(int c, struct counts *k)
{
    if (is_alpha(c)) { k->words++; return WORD; }
    if (is_num(c)) { k->numbers++; return NUMBER; }
    if (c != ' ' && c != '\n') k->other++;
    return START;
}

int in_word(int c, struct counts *k)
{
    if (is_alpha(c) || is_num(c)) return WORD;
    return in_start(c, k);
}

int in_number(int c, struct counts *k)
{
    if (is_num(c)) return NUMBER;
    if (is_alpha(c)) return WORD;
    return in_start(c, k);
}

int main(void)
{
    handler table[NSTATES] = { in_start, in_word, in_number };
    struct counts k = {0, 0, 0};
    int state = START, c, transitions = 0;
    while ((c = getchar()) != EOF) {
        int next = table[state](c, &k);
        if (next != state) transitions++;
        state = next;
    }
    printf("words %d numbers %d other %d transitions %d\n", k.words, k.numbers, k.other, transitions);
    return 0;
}
