#include <stdio.h>

int cube[2][3][4] = {
    {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}},
    {{13, 14}, {15}, {0, 0, 0, 24}}
};
int partial[10] = {1, 2, 3};
char letters[6] = {'a', 'b', 'c'};
long weights[] = {100000, 200000, 300000, 400000};

int sum_layer(int layer[3][4])
{
    int r, c, s = 0;
    for (r = 0; r < 3; r++)
        for (c = 0; c < 4; c++)
            s += layer[r][c];
    return s;
}

void scale_row(int row[], int n, int f)
{
    int i;
    for (i = 0; i < n; i++)
        row[i] *= f;
}

int main(void)
{
    int i, j, local[3][3] = {{1}, {0, 2}, {0, 0, 3}};
    int zeros[5] = {0};
    static int counts[4];
    long total = 0;
    printf("layers: %d %d\n", sum_layer(cube[0]), sum_layer(cube[1]));
    scale_row(cube[1][0], 4, -2);
    printf("scaled: %d %d %d %d\n", cube[1][0][0], cube[1][0][1], cube[1][0][2], cube[1][0][3]);
    printf("layer1 now %d\n", sum_layer(cube[1]));
    for (i = 0; i < 10; i++)
        printf("%d%c", partial[i], i == 9 ? '\n' : ',');
    for (i = 0; i < 6; i++)
        printf("[%d]", letters[i]);
    printf("\n");
    for (i = 0; i < 4; i++)
        total += weights[i];
    printf("total=%ld\n", total);
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 3; j++) {
            printf("%d", local[i][j]);
            counts[local[i][j]]++;
        }
        printf("\n");
    }
    printf("counts %d %d %d %d zeros %d\n", counts[0], counts[1], counts[2], counts[3],
           zeros[0] + zeros[4]);
    return 0;
}
