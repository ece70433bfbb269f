#include <stdio.h>
#include <string.h>

int main(void) {
    char first[20], last[20], full[45], initials[3];
    scanf("%19s %19s", first, last);
    strncpy(full, first, sizeof(full) - 1);
    full[sizeof(full) - 1] = '\0';
    strcat(full, " ");
    strncat(full, last, sizeof(full) - strlen(full) - 1);
    initials[0] = first[0];
    initials[1] = last[0];
    initials[2] = '\0';
    char shortname[5];
    strncpy(shortname, last, 4);
    shortname[4] = '\0';
    printf("%s (%s) [%s] len=%zu\n", full, initials, shortname, strlen(full));
    if (strcmp(first, last) == 0)
        printf("same\n");
    return 0;
}
