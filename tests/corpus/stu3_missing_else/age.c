#include <stdio.h>

int main()
{
    int age;

    printf("Age? ");
    scanf("%d", &age);
    if (age < 0)
        printf("invalid\n");
    else if (age < 13)
        printf("child\n");
    if (age < 20)
        printf("teenager\n");
    else if (age < 65)
        printf("adult\n");
    else
        printf("senior\n");
    return 0;
}
