/* The stdio calls students use around prompts: fflush, setbuf, fputs, getc/fgetc(stdin),
   fscanf(stdin, ...). */
#include <stdio.h>

int main(void)
{
    int n, c, total = 0, r;
    char word[32];
    setbuf(stdout, NULL);
    fputs("How many? ", stdout);
    fflush(stdout);
    if (fscanf(stdin, "%d", &n) != 1) {
        fputs("bad count\n", stdout);
        return 1;
    }
    while (n-- > 0 && fscanf(stdin, "%d", &c) == 1)
        total += c;
    printf("total %d\n", total);
    /* the rest of the line, then one word, character by character */
    while ((c = getc(stdin)) != '\n' && c != EOF)
        ;
    r = fflush(stdout);
    printf("flushed %d\n", r);
    n = 0;
    while ((c = fgetc(stdin)) != EOF && c != ' ' && c != '\n' && n < 31)
        word[n++] = (char)c;
    word[n] = '\0';
    r = fputs(word, stdout);
    fputs("\n", stdout);
    fputs("to stderr\n", stderr);
    printf("fputs gave %d, %d chars\n", r > 0, n);
    return fscanf(stdin, "%s", word) == EOF ? 0 : 2;
}
