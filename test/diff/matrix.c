/* Matrix operations: integer multiply, transpose, trace, determinant by
 * fraction-free Gaussian elimination (Bareiss, 64-bit), and a double
 * precision LU solve checked by residual. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#define N 24

static int32_t A[N][N], B[N][N], C[N][N];

static int64_t bareiss(int64_t m[6][6], int n)
{
    int64_t prev = 1;
    int sign = 1;
    for (int k = 0; k < n - 1; k++) {
        if (m[k][k] == 0) {
            int r = k + 1;
            while (r < n && m[r][k] == 0)
                r++;
            if (r == n)
                return 0;
            for (int c = 0; c < n; c++) {
                int64_t t = m[k][c];
                m[k][c] = m[r][c];
                m[r][c] = t;
            }
            sign = -sign;
        }
        for (int i = k + 1; i < n; i++)
            for (int j = k + 1; j < n; j++)
                m[i][j] = (m[i][j] * m[k][k] - m[i][k] * m[k][j]) / prev;
        prev = m[k][k];
    }
    return sign * m[n - 1][n - 1];
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (i * 7 + j * 3) % 19 - 9;
            B[i][j] = (i * j + 5) % 13 - 6;
        }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int32_t s = 0;
            for (int k = 0; k < N; k++)
                s += A[i][k] * B[k][j];
            C[i][j] = s;
        }
    int64_t trace = 0, total = 0;
    uint32_t h = 0;
    for (int i = 0; i < N; i++) {
        trace += C[i][i];
        for (int j = 0; j < N; j++) {
            total += C[i][j];
            h = h * 31u + (uint32_t)C[j][i];
        }
    }
    printf("C: trace=%lld total=%lld hash=%08x C[3][5]=%d C[23][0]=%d\n", (long long)trace, (long long)total,
           (unsigned)h, C[3][5], C[23][0]);
    for (int n = 2; n <= 6; n++) {
        int64_t m[6][6];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                m[i][j] = (i == j ? 10 : 0) + (i * 3 + j * 5) % 7 - 3;
        printf("det%d = %lld\n", n, (long long)bareiss(m, n));
    }
    double L[8][8], b[8], x[8], M[8][8];
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 8; j++)
            M[i][j] = L[i][j] = 1.0 / (i + j + 1) + (i == j ? 1.0 : 0.0);
        b[i] = i + 1;
    }
    for (int k = 0; k < 8; k++)
        for (int i = k + 1; i < 8; i++) {
            double f = L[i][k] / L[k][k];
            for (int j = k; j < 8; j++)
                L[i][j] -= f * L[k][j];
            b[i] -= f * b[k];
        }
    for (int i = 7; i >= 0; i--) {
        double s = b[i];
        for (int j = i + 1; j < 8; j++)
            s -= L[i][j] * x[j];
        x[i] = s / L[i][i];
    }
    double resid = 0;
    for (int i = 0; i < 8; i++) {
        double s = 0;
        for (int j = 0; j < 8; j++)
            s += M[i][j] * x[j];
        resid += fabs(s - (i + 1));
    }
    printf("x = ");
    for (int i = 0; i < 8; i++)
        printf("%.6f ", x[i]);
    printf("\nresidual small: %d\n", resid < 1e-9);
    return 0;
}
