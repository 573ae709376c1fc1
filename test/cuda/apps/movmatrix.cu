// movmatrix.sync.aligned.m8n8.trans.b16 through inline PTX (sm_75): the lanes hold an 8x8 b16 matrix
// as ldmatrix's fragment (lane l: row l/4, columns 2(l%4) and +1, low half first), every element
// distinct; d must be the transposed matrix's fragment, checked on the host element by element. The
// same matrix written to shared memory row by row and read with ldmatrix.x1.trans must give d too,
// and movmatrix twice gives a back.
#include <cstdint>
#include "check.h"

static __host__ __device__ uint16_t value(int row, int col) { return (uint16_t)(0x2000 + row * 16 + col); }

__global__ void transpose(uint32_t *out)
{
    __shared__ __align__(16) uint16_t rows[8 * 8];
    int l = threadIdx.x, row = l / 4, col = 2 * (l % 4);
    uint32_t a = value(row, col) | (uint32_t)value(row, col + 1) << 16, d, back, via_ld;
    rows[row * 8 + col] = value(row, col);
    rows[row * 8 + col + 1] = value(row, col + 1);
    __syncwarp();
    asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d) : "r"(a));
    asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(back) : "r"(d));
    uint32_t p = (uint32_t)__cvta_generic_to_shared(&rows[(l & 7) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(via_ld) : "r"(p));
    out[l] = d;
    out[32 + l] = back;
    out[64 + l] = via_ld;
    out[96 + l] = a;
}

int main()
{
    uint32_t *d, h[4 * 32];
    CHECK(cudaMalloc(&d, sizeof h));
    transpose<<<1, 32>>>(d);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int l = 0; l < 32; l++) {
        int r = 2 * (l % 4), c = l / 4; // the transposed matrix's row l/4 is the matrix's column l/4
        uint32_t want = value(r, c) | (uint32_t)value(r + 1, c) << 16;
        EXPECT(h[l] == want, "lane %d: d 0x%08x, not 0x%08x", l, h[l], want);
        EXPECT(h[64 + l] == want, "lane %d: ldmatrix.trans 0x%08x, not 0x%08x", l, h[64 + l], want);
        EXPECT(h[32 + l] == h[96 + l], "lane %d: movmatrix twice 0x%08x, not a 0x%08x", l, h[32 + l], h[96 + l]);
    }
    CHECK(cudaFree(d));
    return finish("movmatrix");
}
