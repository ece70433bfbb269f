#include <stdio.h>

enum day { MON = 1, TUE, WED, THU, FRI, SAT, SUN };
enum color { RED, GREEN = 5, BLUE };

const char *name(enum day d) {
    switch (d) {
    case MON: return "Monday";
    case TUE: return "Tuesday";
    case WED: return "Wednesday";
    case THU: return "Thursday";
    case FRI: return "Friday";
    case SAT: return "Saturday";
    case SUN: return "Sunday";
    }
    return "?";
}

int main(void) {
    int n;
    enum day d;
    scanf("%d", &n);
    d = (enum day)n;
    if (d >= MON && d <= SUN)
        printf("%s%s\n", name(d), d >= SAT ? " (weekend)" : "");
    else
        printf("no such day\n");
    printf("%d %d %d\n", RED, GREEN, BLUE);
    return 0;
}
