/* Running sums: of the input, of its 256-element chunks' totals. */
#include "ref_io.h"

#define N 200000
#define CHUNK 256
#define NCHUNKS ((N + CHUNK - 1) / CHUNK)

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const uint32_t *in = ref_load("in", 4, N);
    uint32_t *out = ref_alloc(4, N), sums[NCHUNKS], scanned[NCHUNKS];
    uint32_t run = 0;
    for (int i = 0; i < N; i++)
        out[i] = run += in[i];
    memset(sums, 0, sizeof sums);
    for (int i = 0; i < N; i++)
        sums[i / CHUNK] += in[i];
    run = 0;
    for (int c = 0; c < NCHUNKS; c++)
        scanned[c] = run += sums[c];
    ref_store("out", out, 4, N);
    ref_store("sums", sums, 4, NCHUNKS);
    ref_store("sums_scan", scanned, 4, NCHUNKS);
    return 0;
}
