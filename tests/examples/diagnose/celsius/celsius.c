/* Convert a temperature in degrees Celsius to Fahrenheit. */
#include <stdio.h>

int main(void)
{
    int celsius;
    printf("Temperature in Celsius: ");
    scanf("%d", &celsius);
    printf("%d\n", celsius * 9 / 5 + 32);
    return 0;
}
