#include <stdio.h>

int main()
{
    char choice;
    int l, w;
    printf("a) area  p) perimeter  q) quit\n");
    printf("Choice: ");
    scanf("%c", &choice);
    if (choice == 'q') {
        printf("Bye\n");
        return 0;
    }
    printf("Enter length and width: ");
    scanf("%d %d", &l, &w);
    switch (choice) {
        case 'a':
            printf("Area = %d\n", l * w);
        case 'p':
            printf("Perimeter = %d\n", 2 * (l + w));
            break;
        default:
            printf("Invalid choice\n");
    }
    return 0;
}
