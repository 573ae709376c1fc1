/* N-queens by backtracking for N = 1..7 (all solutions counted, the first
 * printed as a board), cross-checked by a bitmask solver that goes on to 9. */
#include <stdio.h>
#include <stdlib.h>

static int cols[16];

static int safe(int row, int col)
{
    for (int r = 0; r < row; r++)
        if (cols[r] == col || abs(cols[r] - col) == row - r)
            return 0;
    return 1;
}

static int solve(int n, int row, int *first)
{
    if (row == n) {
        if (!*first) {
            *first = 1;
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++)
                    putchar(cols[r] == c ? 'Q' : '.');
                putchar('\n');
            }
        }
        return 1;
    }
    int count = 0;
    for (int c = 0; c < n; c++)
        if (safe(row, c)) {
            cols[row] = c;
            count += solve(n, row + 1, first);
        }
    return count;
}

static int solve_bits(unsigned all, unsigned cols_used, unsigned d1, unsigned d2)
{
    if (cols_used == all)
        return 1;
    int count = 0;
    unsigned avail = all & ~(cols_used | d1 | d2);
    while (avail) {
        unsigned bit = avail & -avail;
        avail -= bit;
        count += solve_bits(all, cols_used | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    }
    return count;
}

int main(void)
{
    int total = 0, total_bits = 0;
    for (int n = 1; n <= 9; n++) {
        int b = solve_bits((1u << n) - 1, 0, 0, 0);
        total_bits += b;
        if (n > 7) {
            printf("n=%d bitmask=%d\n", n, b);
            continue;
        }
        int first = 0;
        int a = solve(n, 0, &first);
        printf("n=%d solutions=%d bitmask=%d %s\n", n, a, b, a == b ? "agree" : "DISAGREE");
        total += a;
    }
    printf("total=%d total_bits=%d\n", total, total_bits);
    return total == 57 && total_bits == 501 ? 0 : 1;
}
