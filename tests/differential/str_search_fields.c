/* Fields of "path/name.ext?query" lines found with strchr, strrchr, strstr, strpbrk, strspn, strcspn. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[80];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        size_t lead = strspn(line, " \t");
        char *s = line + lead;
        char *slash = strrchr(s, '/');
        char *name = s;
        if (slash) name = slash + 1;
        char *dot = strchr(name, '.');
        char *q = strpbrk(s, "?#");
        char *tmp = strstr(s, "tmp");
        printf("lead=%d name@%d dot=%d q=%d tmp=%d len=%d\n", (int)lead, (int)(name - s),
               dot ? (int)(dot - name) : -1, q ? (int)(q - s) : -1, tmp ? (int)(tmp - s) : -1,
               (int)strlen(s));
        if (q) *q = '\0';
        printf("[%s]\n", name);
    }
    return 0;
}
