/* Per 32-element group: the kept values (below 300) in order, the rest of
 * the slot untouched (0xffffffff); their count; the first and last kept
 * positions (-1 if none); the keep mask with bit k for position 31 - k;
 * bit 0: some value >= 990, bit 1: every value < 1000. */
#include "ref_io.h"

#define N 131072
#define THRESHOLD 300

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const uint32_t *in = ref_load("in", 4, N);
    uint32_t *out = ref_alloc(4, N), *counts = ref_alloc(4, N / 32), *rev = ref_alloc(4, N / 32);
    uint32_t *votes = ref_alloc(4, N / 32);
    int32_t *first_last = ref_alloc(4, N / 16);
    memset(out, 0xff, 4 * (size_t)N);
    for (int g = 0; g < N / 32; g++) {
        uint32_t n = 0, any = 0, all = 1;
        int first = -1, last = -1;
        for (int k = 0; k < 32; k++) {
            uint32_t v = in[g * 32 + k];
            any |= v >= 990;
            all &= v < 1000;
            if (v >= THRESHOLD)
                continue;
            out[g * 32 + n++] = v;
            if (first < 0)
                first = k;
            last = k;
            rev[g] |= 1u << (31 - k);
        }
        counts[g] = n;
        first_last[2 * g] = first;
        first_last[2 * g + 1] = last;
        votes[g] = any | all << 1;
    }
    ref_store("out", out, 4, N);
    ref_store("counts", counts, 4, N / 32);
    ref_store("first_last", first_last, 4, N / 16);
    ref_store("rev", rev, 4, N / 32);
    ref_store("votes", votes, 4, N / 32);
    return 0;
}
