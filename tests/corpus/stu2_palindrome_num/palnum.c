#include <stdio.h>

int main()
{
    int n, orig, rev = 0, r;
    printf("Enter an integer: ");
    scanf("%d", &n);
    orig = n;
    while (n != 0) {
        r = n % 10;
        rev = rev * 10 + r;
        n /= 10;
    }
    if (rev == n)
        printf("%d is a palindrome.\n", orig);
    else
        printf("%d is not a palindrome.\n", orig);
    return 0;
}
