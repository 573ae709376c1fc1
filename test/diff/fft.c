/* A radix-2 complex FFT in double and its inverse, on a fixed signal:
 * the spectrum's strongest bins and the round trip's error, in bits. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 1024

static double re[N], im[N];

static void fft(double *xr, double *xi, int n, int inverse)
{
    for (int i = 1, j = 0; i < n; i++) {
        int bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double t = xr[i]; xr[i] = xr[j]; xr[j] = t;
            t = xi[i]; xi[i] = xi[j]; xi[j] = t;
        }
    }
    for (int len = 2; len <= n; len <<= 1) {
        double ang = 2 * M_PI / len * (inverse ? 1 : -1);
        double wr = cos(ang), wi = sin(ang);
        for (int i = 0; i < n; i += len) {
            double cr = 1, ci = 0;
            for (int k = 0; k < len / 2; k++) {
                int p = i + k, q = i + k + len / 2;
                double tr = xr[q] * cr - xi[q] * ci, ti = xr[q] * ci + xi[q] * cr;
                xr[q] = xr[p] - tr; xi[q] = xi[p] - ti;
                xr[p] += tr; xi[p] += ti;
                double ncr = cr * wr - ci * wi;
                ci = cr * wi + ci * wr;
                cr = ncr;
            }
        }
    }
    if (inverse)
        for (int i = 0; i < n; i++) {
            xr[i] /= n;
            xi[i] /= n;
        }
}

int main(void)
{
    double orig[N];
    for (int i = 0; i < N; i++) {
        re[i] = orig[i] = sin(2 * M_PI * 17 * i / N) + 0.5 * cos(2 * M_PI * 100 * i / N) + 0.001 * (i % 7);
        im[i] = 0;
    }
    fft(re, im, N, 0);
    for (int k = 0; k < N / 2; k++) {
        double mag = hypot(re[k], im[k]);
        if (mag > 1.0)
            printf("bin %d mag %.12f phase %.12f\n", k, mag, atan2(im[k], re[k]));
    }
    uint64_t h = 0;
    for (int i = 0; i < N; i++) {
        uint64_t u;
        memcpy(&u, &re[i], 8);
        h = h * 31 + u;
    }
    printf("spectrum hash %016llx\n", (unsigned long long)h);
    fft(re, im, N, 1);
    double err = 0;
    for (int i = 0; i < N; i++)
        err = fmax(err, fabs(re[i] - orig[i]));
    printf("round trip max error %a\n", err);
    return 0;
}
