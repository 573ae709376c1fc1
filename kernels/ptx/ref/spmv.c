/* The CSR matrix built row by row (lengths 1 + i % 13, columns
 * (31 i + 97 k + 7 k^2) mod n), and y = A x in double. */
#include "ref_io.h"

#define N 8192
#define NNZ 57333

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const float *vals = ref_load("vals", 4, NNZ), *x = ref_load("x", 4, N);
    uint32_t *row_ptr = ref_alloc(4, N + 1), *cols = ref_alloc(4, NNZ);
    float *y = ref_alloc(4, N);
    uint32_t p = 0;
    for (uint32_t i = 0; i < N; i++) {
        row_ptr[i] = p;
        double s = 0;
        for (uint32_t k = 0; k < 1 + i % 13; k++, p++) {
            cols[p] = (uint32_t)((31ull * i + 97ull * k + 7ull * k * k) % N);
            s += (double)vals[p] * x[cols[p]];
        }
        y[i] = (float)s;
    }
    row_ptr[N] = p;
    if (p != NNZ)
        ref_fail("the matrix's entry count differs from the launch file's", "vals");
    ref_store("row_ptr", row_ptr, 4, N + 1);
    ref_store("cols", cols, 4, NNZ);
    ref_store("y_scalar", y, 4, N);
    ref_store("y_vector", y, 4, N);
    return 0;
}
