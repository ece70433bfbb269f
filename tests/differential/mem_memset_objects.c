/* memset of whole objects that are not char arrays: counters, a 2-D table set to -1 (all
 * bytes 0xff), a prefix of an array, a struct with an array member, an array of structs,
 * a global table, and a scalar through `&`. */
#include <stdio.h>
#include <string.h>

struct stats { int count; long sum; char name[8]; short hist[5]; };
struct cell { int id; int seen; };

int global_marks[70];

int main(void)
{
    int cnt[26], i, c, x;
    long dist[3][4];
    unsigned char flags[5];
    unsigned short half[6];
    struct stats st;
    struct cell grid[4];
    memset(cnt, 0, sizeof cnt);
    memset(dist, -1, sizeof(dist));
    memset(&st, 0, sizeof st);
    memset(grid, 0, sizeof grid);
    memset(flags, 1, sizeof flags);
    memset(half, 0xab, sizeof half);
    memset(half, 0, 2 * sizeof(unsigned short));
    memset(global_marks, 0x7f, sizeof global_marks);
    memset(&x, 0, sizeof x);
    while ((c = getchar()) != EOF) {
        if (c >= 'a' && c <= 'z') {
            cnt[c - 'a']++;
            st.count++;
            st.sum += c;
            st.hist[(c - 'a') % 5]++;
            grid[(c - 'a') % 4].seen++;
            global_marks[c - 'a'] = 0;
            x++;
        }
    }
    for (i = 0; i < 26; i++)
        if (cnt[i])
            printf("%c%d ", 'a' + i, cnt[i]);
    printf("\n%ld %ld %d %ld %s|\n", dist[0][0], dist[2][3], st.count, st.sum, st.name);
    for (i = 0; i < 5; i++)
        printf("%d%c", st.hist[i], i == 4 ? '\n' : ' ');
    for (i = 0; i < 4; i++)
        printf("%d:%d ", grid[i].id, grid[i].seen);
    printf("\n%d %d %u %u %d %d %d\n", flags[0], flags[4], half[1], half[2], global_marks[0],
           global_marks[69], x);
    return 0;
}
