#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[100];
    int i, sum = 0, count = 0;
    printf("Enter a line of text > ");
    fgets(line, sizeof(line), stdin);
    line[strcspn(line, "\n")] = '\0';
    for (i = 0; i < strlen(line); i++) {
        if (line[i] >= '0' && line[i] < '9') {
            sum = sum + (line[i] - '0');
            count++;
        }
    }
    printf("%d digits, their sum is %d\n", count, sum);
    return 0;
}
