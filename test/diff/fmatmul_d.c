/* A double-precision matrix product and a float one, with checksums of
 * the result bits: every rounding of the products and sums shows. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 48

static double a[N][N], b[N][N], c[N][N];
static float af[N][N], bf[N][N], cf[N][N];

static uint64_t bits_d(double x) { uint64_t u; memcpy(&u, &x, sizeof u); return u; }
static uint32_t bits_f(float x) { uint32_t u; memcpy(&u, &x, sizeof u); return u; }

int main(void)
{
    uint32_t s = 12345;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            s = s * 1103515245u + 12345u;
            a[i][j] = (double)(int32_t)s / 3.0e9;
            s = s * 1103515245u + 12345u;
            b[i][j] = (double)(s >> 8) / 7.0e5 - 11.5;
            af[i][j] = (float)a[i][j];
            bf[i][j] = (float)b[i][j];
        }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double sum = 0;
            float sumf = 0;
            for (int k = 0; k < N; k++) {
                sum += a[i][k] * b[k][j];
                sumf += af[i][k] * bf[k][j];
            }
            c[i][j] = sum;
            cf[i][j] = sumf;
        }
    uint64_t h = 1469598103934665603ull;
    uint32_t hf = 2166136261u;
    double trace = 0;
    for (int i = 0; i < N; i++) {
        trace += c[i][i];
        for (int j = 0; j < N; j++) {
            h = (h ^ bits_d(c[i][j])) * 1099511628211ull;
            hf = (hf ^ bits_f(cf[i][j])) * 16777619u;
        }
    }
    printf("trace %.17g\n", trace);
    printf("c[3][7] %.17g c[47][0] %a\n", c[3][7], c[47][0]);
    printf("cf[5][5] %.9g cf[0][47] %a\n", (double)cf[5][5], (double)cf[0][47]);
    printf("hash %016llx %08x\n", (unsigned long long)h, hf);
    return 0;
}
