/* 4 sweeps of u' = c0 u + c1 (sum of the 6 neighbours) in double on the
 * interior of a 64^3 grid; the buffer written by sweep 3 (b) and 4 (a). */
#include "ref_io.h"

#define NX 64
#define NY 64
#define NZ 64
#define SWEEPS 4
#define AT(x, y, z) (((size_t)(z) * NY + (y)) * NX + (x))

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const size_t n = (size_t)NX * NY * NZ;
    const float *a0 = ref_load("a", 4, n), *b0 = ref_load("b", 4, n);
    if (memcmp(a0, b0, 4 * n))
        ref_fail("a and b must start alike (their boundaries are never written)", "b");
    const double c0 = 0.4f, c1 = 0.1f;
    double *u = ref_alloc(8, n), *v = ref_alloc(8, n);
    float *out = ref_alloc(4, n);
    for (size_t i = 0; i < n; i++)
        u[i] = v[i] = a0[i];
    for (int s = 0; s < SWEEPS; s++) {
        for (int z = 1; z < NZ - 1; z++)
            for (int y = 1; y < NY - 1; y++)
                for (int x = 1; x < NX - 1; x++)
                    v[AT(x, y, z)] = c0 * u[AT(x, y, z)] +
                                     c1 * (u[AT(x - 1, y, z)] + u[AT(x + 1, y, z)] + u[AT(x, y - 1, z)] +
                                           u[AT(x, y + 1, z)] + u[AT(x, y, z - 1)] + u[AT(x, y, z + 1)]);
        double *t = u;
        u = v;
        v = t;
        if (s >= SWEEPS - 2) {
            for (size_t i = 0; i < n; i++)
                out[i] = (float)u[i];
            ref_store(s == SWEEPS - 1 ? "a" : "b", out, 4, n);
        }
    }
    return 0;
}
