/* A double-precision matrix product for measuring simulation speed on VFP
 * code: built for armhf (hard-float, VFPv3-D16, Thumb-2), its inner loop is
 * VLDR, VMLA and loop control. The size from argv[1] (n x n times n x n),
 * repeated argv[2] times. Prints the trace and a checksum of the bits so
 * both simulators can be checked to have done the same. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 64, reps = argc > 2 ? atoi(argv[2]) : 1;
    if (n < 1 || n > 1024 || reps < 1) {
        fprintf(stderr, "dmatmul: usage: dmatmul [n 1..1024] [repetitions]\n");
        return 2;
    }
    double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n);
    double *c = malloc(sizeof(double) * n * n);
    if (!a || !b || !c)
        return 1;
    for (int i = 0; i < n * n; i++) {
        a[i] = (double)((i * 7) % 23) / 8.0 - 1.3;
        b[i] = (double)((i * 5) % 19) / 3.0 + 0.1;
    }
    uint64_t h = 0;
    double trace = 0;
    for (int r = 0; r < reps; r++) {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++)
                    s += a[i * n + k] * b[k * n + j];
                c[i * n + j] = s;
            }
        for (int i = 0; i < n; i++)
            trace += c[i * n + i];
        for (int i = 0; i < n * n; i++) {
            uint64_t u;
            memcpy(&u, &c[i], sizeof u);
            h = (h ^ u) * 1099511628211ull;
        }
        a[r % (n * n)] += 1.0;
    }
    printf("dmatmul %d x %d, %d times: trace %.17g hash %016llx\n", n, n, reps, trace, (unsigned long long)h);
    return 0;
}
