/* Sum, sum of squares, minimum, maximum, count of positives; the float sum
 * equals the integer sum when no partial sum can leave (-2^24, 2^24). */
#include "ref_io.h"

#define N 262144

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const int32_t *in = ref_load("in", 4, N);
    int64_t sum = 0, pos = 0, neg = 0;
    uint64_t sumsq = 0;
    int32_t mn = in[0], mx = in[0];
    uint32_t npos = 0;
    for (int i = 0; i < N; i++) {
        int32_t x = in[i];
        sum += x;
        sumsq += (uint64_t)((int64_t)x * x);
        mn = x < mn ? x : mn;
        mx = x > mx ? x : mx;
        npos += x > 0;
        pos += x > 0 ? x : 0;
        neg += x < 0 ? x : 0;
    }
    if (pos >= (1 << 24) || -neg >= (1 << 24))
        ref_fail("the float sum would round: the workload's premise does not hold", "fsum");
    int32_t s32 = (int32_t)sum;
    float fsum = (float)sum;
    ref_store("sum", &s32, 4, 1);
    ref_store("sumsq", &sumsq, 8, 1);
    ref_store("mn", &mn, 4, 1);
    ref_store("mx", &mx, 4, 1);
    ref_store("npos", &npos, 4, 1);
    ref_store("fsum", &fsum, 4, 1);
    return 0;
}
