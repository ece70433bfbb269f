#include <stdio.h>
struct item { char code[4]; int stock; };

int main(void) {
    struct item inv[5] = {{"ax", 7}, {"bq", 2}, {"cz", 9}, {"dd", 2}, {"ek", 5}};
    int i, j;
    for (i = 1; i < 5; i++) {
        struct item key = inv[i];
        j = i - 1;
        while (j >= 0 && inv[j].stock > key.stock) {
            inv[j + 1] = inv[j];
            j--;
        }
        inv[j + 1] = key;
    }
    for (i = 0; i < 5; i++)
        printf("%s:%d ", inv[i].code, inv[i].stock);
    printf("\n");
    return 0;
}
