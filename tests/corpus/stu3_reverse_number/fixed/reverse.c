#include <stdio.h>

int main()
{
    int num, rev, digit, original;

    printf("Enter a number: ");
    scanf("%d", &num);
    original = num;
    rev = 0;
    while (num != 0) {
        digit = num % 10;
        rev = rev * 10 + digit;
        num /= 10;
    }
    printf("Reversed number = %d\n", rev);
    if (rev == original)
        printf("%d is a palindrome.\n", original);
    else
        printf("%d is not a palindrome.\n", original);
    return 0;
}
