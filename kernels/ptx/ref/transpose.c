/* out (320 x 192) = in (192 x 320) transposed. */
#include "ref_io.h"

#define ROWS 192
#define COLS 320

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const float *in = ref_load("in", 4, ROWS * COLS);
    float *out = ref_alloc(4, ROWS * COLS);
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            out[c * ROWS + r] = in[r * COLS + c];
    ref_store("out", out, 4, ROWS * COLS);
    return 0;
}
