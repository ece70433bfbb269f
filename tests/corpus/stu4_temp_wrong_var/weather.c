#include <stdio.h>

int main()
{
    float fahr, celsius;
    printf("Temperature in Fahrenheit: ");
    scanf("%f", &fahr);
    celsius = (fahr - 32) * 5 / 9;
    printf("That is %.1f degrees Celsius\n", celsius);
    if (fahr > 30.0)
        printf("It's hot\n");
    else if (celsius < 10.0)
        printf("It's cold\n");
    else
        printf("It's mild\n");
    return 0;
}
