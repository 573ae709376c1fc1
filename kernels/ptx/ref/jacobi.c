/* 20 Jacobi sweeps in double on a 256 x 256 grid with a fixed boundary;
 * the buffer written by sweep 19 (b) and by sweep 20 (a). */
#include "ref_io.h"

#define W 256
#define H 256
#define SWEEPS 20

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const float *a0 = ref_load("a", 4, W * H), *b0 = ref_load("b", 4, W * H);
    if (memcmp(a0, b0, 4 * (size_t)W * H))
        ref_fail("a and b must start alike (their boundaries are never written)", "b");
    double *u = ref_alloc(8, W * H), *v = ref_alloc(8, W * H);
    float *out = ref_alloc(4, W * H);
    for (int i = 0; i < W * H; i++)
        u[i] = v[i] = a0[i];
    for (int s = 0; s < SWEEPS; s++) {
        for (int y = 1; y < H - 1; y++)
            for (int x = 1; x < W - 1; x++)
                v[y * W + x] = (u[(y - 1) * W + x] + u[(y + 1) * W + x] + u[y * W + x - 1] + u[y * W + x + 1]) / 4;
        double *t = u;
        u = v;
        v = t;
        if (s >= SWEEPS - 2) {
            for (int i = 0; i < W * H; i++)
                out[i] = (float)u[i];
            ref_store(s == SWEEPS - 1 ? "a" : "b", out, 4, W * H);
        }
    }
    return 0;
}
