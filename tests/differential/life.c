#include <stdio.h>
#include <stdlib.h>

#define R 8
#define C 10

int grid[R][C], next[R][C];

int neighbours(int r, int c)
{
    int dr, dc, n = 0;
    for (dr = -1; dr <= 1; dr++)
        for (dc = -1; dc <= 1; dc++) {
            int rr = (r + dr + R) % R, cc = (c + dc + C) % C;
            if (dr == 0 && dc == 0)
                continue;
            n += grid[rr][cc];
        }
    return n;
}

void step(void)
{
    int r, c, n;
    for (r = 0; r < R; r++)
        for (c = 0; c < C; c++) {
            n = neighbours(r, c);
            next[r][c] = grid[r][c] ? (n == 2 || n == 3) : n == 3;
        }
    for (r = 0; r < R; r++)
        for (c = 0; c < C; c++)
            grid[r][c] = next[r][c];
}

int main(int argc, char *argv[])
{
    int gens = argc > 1 ? atoi(argv[1]) : 4, g, r, c, alive;
    int pattern = argc > 2 ? atoi(argv[2]) : 0;
    if (pattern == 0) {          /* glider */
        grid[0][1] = grid[1][2] = grid[2][0] = grid[2][1] = grid[2][2] = 1;
    } else {                     /* blinker + block */
        grid[3][3] = grid[3][4] = grid[3][5] = 1;
        grid[6][7] = grid[6][8] = grid[7][7] = grid[7][8] = 1;
    }
    for (g = 0; g < gens; g++)
        step();
    alive = 0;
    for (r = 0; r < R; r++) {
        for (c = 0; c < C; c++) {
            putchar(grid[r][c] ? '#' : '.');
            alive += grid[r][c];
        }
        putchar('\n');
    }
    printf("generation %d: %d alive\n", gens, alive);
    return 0;
}
