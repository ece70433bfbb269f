#include <stdio.h>

int main(void) {
    int choice;
    double a, b;
    do {
        printf("1) add 2) sub 3) mul 4) div 0) quit\n");
        printf("choice: ");
        if (scanf("%d", &choice) != 1)
            break;
        if (choice == 0)
            break;
        printf("two numbers: ");
        scanf("%lf %lf", &a, &b);
        switch (choice) {
        case 1: printf("%.2f\n", a + b); break;
        case 2: printf("%.2f\n", a - b); break;
        case 3: printf("%.2f\n", a * b); break;
        case 4:
            if (b == 0)
                printf("cannot divide by zero\n");
            else
                printf("%.2f\n", a / b);
            break;
        default: printf("unknown choice %d\n", choice);
        }
    } while (choice != 0);
    printf("bye\n");
    return 0;
}
