#include <stdio.h>

int main(void) {
  int num, rev, digit;
  printf("Enter an integer: ");
  scanf("%d", &num);
  rev = 0;
  while (num != 0) {
    digit = num % 10;
    rev = rev * 10 + digit;
    num = num / 10;
  }
  printf("Reversed number = %d\n", rev);
  return 0;
}
