/* out(x, y) = sum over the 5 x 5 window of in(clamp(x + dx), clamp(y + dy))
 * times weight (5 (dy + 2) + dx + 3) / 325, in double. */
#include "ref_io.h"

#define W 240
#define H 200

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const float *in = ref_load("in", 4, W * H);
    float *out = ref_alloc(4, W * H);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double s = 0;
            for (int dy = -2; dy <= 2; dy++)
                for (int dx = -2; dx <= 2; dx++) {
                    float wgt = (float)(5 * (dy + 2) + dx + 3) / 325.0f;
                    s += (double)wgt * in[clamp(y + dy, 0, H - 1) * W + clamp(x + dx, 0, W - 1)];
                }
            out[y * W + x] = (float)s;
        }
    ref_store("out", out, 4, W * H);
    return 0;
}
