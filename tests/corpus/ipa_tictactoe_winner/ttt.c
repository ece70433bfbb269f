#include <stdio.h>

char board[3][4];

int wins(char p)
{
    int i;
    for (i = 0; i < 3; i++) {
        if (board[i][0] == p && board[i][1] == p && board[i][2] == p)
            return 1;
        if (board[0][i] == p && board[1][i] == p && board[2][i] == p)
            return 1;
    }
    if (board[0][0] == p && board[1][1] == p && board[2][2] == p)
        return 1;
    if (board[0][2] == p && board[1][1] == p && board[2][2] == p)
        return 1;
    return 0;
}

int count(char p)
{
    int i, j, c = 0;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            if (board[i][j] == p)
                c++;
    return c;
}

int main(void)
{
    int i, x, o;

    for (i = 0; i < 3; i++)
        if (scanf("%3s", board[i]) != 1)
            return 1;
    x = count('X');
    o = count('O');
    if (x < o || x > o + 1)
        printf("invalid board\n");
    else if (wins('X'))
        printf("X wins\n");
    else if (wins('O'))
        printf("O wins\n");
    else if (x + o == 9)
        printf("draw\n");
    else
        printf("game continues\n");
    return 0;
}
