/* One Lloyd iteration from the first k points, in integers; the new
 * centroids are the float quotients of the integer sums and counts. */
#include "ref_io.h"

#define N 16384
#define DIM 4
#define K 8

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const int32_t *pts = ref_load("pts", 4, N * DIM);
    int32_t *assign = ref_alloc(4, N);
    int64_t isum[K * DIM] = {0};
    uint32_t counts[K] = {0};
    for (int p = 0; p < N; p++) {
        int best = 0;
        int64_t best_d = INT64_MAX;
        for (int j = 0; j < K; j++) {
            int64_t dist = 0;
            for (int d = 0; d < DIM; d++) {
                int64_t diff = pts[p * DIM + d] - pts[j * DIM + d];
                dist += diff * diff;
            }
            if (dist < best_d) {
                best_d = dist;
                best = j;
            }
        }
        assign[p] = best;
        counts[best]++;
        for (int d = 0; d < DIM; d++)
            isum[best * DIM + d] += pts[p * DIM + d];
    }
    float sums[K * DIM], cent[K * DIM];
    for (int i = 0; i < K * DIM; i++) {
        if (isum[i] >= (1 << 24))
            ref_fail("a sum would round: the workload's premise does not hold", "sums");
        sums[i] = (float)isum[i];
        cent[i] = counts[i / DIM] ? sums[i] / (float)counts[i / DIM] : (float)pts[i];
    }
    ref_store("assign", assign, 4, N);
    ref_store("counts", counts, 4, K);
    ref_store("sums", sums, 4, K * DIM);
    ref_store("cent", cent, 4, K * DIM);
    return 0;
}
