// Warp-level operations: shuffles (idx, up, down, xor), votes (ballot, any,
// all), match-free bit tricks (popc, clz, ffs, brev), __activemask in a
// divergent branch, and a warp-shuffle reduction.
#include "check.h"

__global__ void warps(const unsigned *in, unsigned *out)
{
    int lane = threadIdx.x & 31, i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = in[i];
    unsigned *o = out + i * 12;
    o[0] = __shfl_sync(0xffffffff, v, (lane + 5) & 31);
    o[1] = __shfl_up_sync(0xffffffff, v, 3);
    o[2] = __shfl_down_sync(0xffffffff, v, 7);
    o[3] = __shfl_xor_sync(0xffffffff, v, 9);
    o[4] = __ballot_sync(0xffffffff, v & 1);
    o[5] = __any_sync(0xffffffff, v == 12345u);
    o[6] = __all_sync(0xffffffff, v != 0);
    o[7] = __popc(v) + 100 * __clz(v);
    o[8] = __ffs(v) + 100 * (__brev(v) & 0xff);
    unsigned s = v;
    for (int d = 16; d > 0; d >>= 1)
        s += __shfl_xor_sync(0xffffffff, s, d);
    o[9] = s;
    o[10] = lane & 1 ? __activemask() : 0;
    o[11] = __shfl_sync(0xffffffff, v, 0, 8);   // width 8: each group of 8 reads its own first lane
}

static unsigned popc(unsigned v) { return __builtin_popcount(v); }
static unsigned clz(unsigned v) { return v ? __builtin_clz(v) : 32; }
static unsigned ffs_(unsigned v) { return __builtin_ffs(v); }
static unsigned brev(unsigned v)
{
    unsigned r = 0;
    for (int b = 0; b < 32; b++)
        r |= ((v >> b) & 1) << (31 - b);
    return r;
}

int main()
{
    const int n = 256;
    unsigned h[n], *din, *dout;
    for (int i = 0; i < n; i++)
        h[i] = i == 77 ? 12345u : (i * 2654435761u) ^ (i << 3);
    h[200] = 0;
    CHECK(cudaMalloc(&din, sizeof h));
    CHECK(cudaMalloc(&dout, n * 12 * sizeof(unsigned)));
    CHECK(cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice));
    warps<<<2, 128>>>(din, dout);
    unsigned *o = new unsigned[n * 12];
    CHECK(cudaMemcpy(o, dout, n * 12 * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        int lane = i & 31, w = i & ~31;
        unsigned *r = o + i * 12, ballot = 0, any = 0, all = 1, sum = 0;
        for (int l = 0; l < 32; l++) {
            ballot |= (h[w + l] & 1) << l;
            any |= h[w + l] == 12345u;
            all &= h[w + l] != 0;
            sum += h[w + l];
        }
        EXPECT(r[0] == h[w + ((lane + 5) & 31)], "shfl idx at %d", i);
        EXPECT(r[1] == h[lane >= 3 ? i - 3 : i], "shfl up at %d", i);
        EXPECT(r[2] == h[lane + 7 < 32 ? i + 7 : i], "shfl down at %d", i);
        EXPECT(r[3] == h[w + (lane ^ 9)], "shfl xor at %d", i);
        EXPECT(r[4] == ballot && r[5] == any && r[6] == all, "votes at %d: %x %u %u", i, r[4], r[5], r[6]);
        EXPECT(r[7] == popc(h[i]) + 100 * clz(h[i]), "popc/clz at %d", i);
        EXPECT(r[8] == ffs_(h[i]) + 100 * (brev(h[i]) & 0xff), "ffs/brev at %d", i);
        EXPECT(r[9] == sum, "warp sum at %d: %u, want %u", i, r[9], sum);
        EXPECT(r[10] == (lane & 1 ? 0xaaaaaaaau : 0), "activemask at %d: %x", i, r[10]);
        EXPECT(r[11] == h[i & ~7], "shfl width 8 at %d", i);
    }
    return finish("warp_intrinsics");
}
