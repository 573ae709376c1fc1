// ldmatrix.sync.aligned.m8n8 through inline PTX, every form: .x1, .x2, .x4, each plain and .trans,
// by .shared, .shared::cta and a generic address. Shared memory holds 40 rows of 8 distinct b16
// values; lane 8i+j (j < 8) points at row perm(8i+j), so the row it gives is row j of matrix i, and
// the lanes past the matrices point nowhere valid (their addresses are not used). Each lane stores
// its registers; the host checks them against the PTX ISA's fragment: lane l's register i holds
// matrix i's row l/4, columns 2(l%4) and +1 (low half first), with .trans column l/4, rows 2(l%4)
// and +1. A wrong lane, register, half or transposition gives another value.
// With the argument "check", warp 0 also ldmatrix's 8 rows that warp 1 writes with no barrier
// between: --racecheck must report their 32 words (cuda_apps_test.sh).
#include <cstdint>
#include <cstring>
#include "check.h"

enum { NROWS = 40, PITCH = 24 }; // 48 bytes a row: rows 16-byte aligned, not packed
enum Form { X1, X2, X4, X1T, X2T, X4T, X4_CTA, X2T_GENERIC, NFORMS };
static __host__ __device__ int nmat(int f) { return f == X1 || f == X1T ? 1 : f == X2 || f == X2T || f == X2T_GENERIC ? 2 : 4; }
static const bool trans[NFORMS] = {false, false, false, true, true, true, false, true};
static const char *const names[NFORMS] = {"x1", "x2", "x4", "x1.trans", "x2.trans", "x4.trans", "x4 ::cta", "x2.trans generic"};

static __host__ __device__ int perm(int r) { return (r * 17 + 5) % NROWS; }
static __host__ __device__ uint16_t value(int row, int col) { return (uint16_t)(0x1000 + row * 16 + col); }

__global__ void load_all(uint32_t *out)
{
    __shared__ __align__(16) uint16_t rows[NROWS * PITCH];
    int l = threadIdx.x;
    for (int i = l; i < NROWS * PITCH; i += 32)
        rows[i] = value(i / PITCH, i % PITCH);
    __syncwarp();
    for (int f = 0; f < NFORMS; f++) {
        int n = nmat(f);
        uint32_t a = l < 8 * n ? (uint32_t)__cvta_generic_to_shared(&rows[perm(l) * PITCH]) : 0xfffffff0u;
        uint64_t ga = l < 8 * n ? (uint64_t)&rows[perm(l) * PITCH] : 16;
        uint32_t r[4] = {0xdead, 0xdead, 0xdead, 0xdead};
        switch (f) {
        case X1: asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r[0]) : "r"(a)); break;
        case X2:
            asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(a));
            break;
        case X4:
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                         : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(a));
            break;
        case X1T: asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(r[0]) : "r"(a)); break;
        case X2T:
            asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(a));
            break;
        case X4T:
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                         : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(a));
            break;
        case X4_CTA:
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared::cta.b16 {%0, %1, %2, %3}, [%4];"
                         : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(a));
            break;
        case X2T_GENERIC:
            asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.b16 {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "l"(ga));
            break;
        }
        for (int i = 0; i < 4; i++)
            out[(f * 32 + l) * 4 + i] = r[i];
    }
}

__global__ void unsynced(uint32_t *out)
{
    __shared__ __align__(16) uint16_t rows[8 * 8];
    int t = threadIdx.x;
    if (t >= 32) {
        for (int i = (t - 32) * 2; i < (t - 32) * 2 + 2; i++)
            rows[i] = (uint16_t)i;
        return;
    }
    uint32_t r, a = (uint32_t)__cvta_generic_to_shared(&rows[(t & 7) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r) : "r"(a));
    out[t] = r;
}

int main(int argc, char **argv)
{
    uint32_t *d, h[NFORMS * 32 * 4];
    CHECK(cudaMalloc(&d, sizeof h));
    load_all<<<1, 32>>>(d);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int f = 0; f < NFORMS; f++)
        for (int l = 0; l < 32; l++)
            for (int i = 0; i < 4; i++) {
                uint32_t want = 0xdead;
                if (i < nmat(f)) {
                    int a = l / 4, b = 2 * (l % 4);
                    want = trans[f] ? value(perm(8 * i + b), a) | (uint32_t)value(perm(8 * i + b + 1), a) << 16
                                    : value(perm(8 * i + a), b) | (uint32_t)value(perm(8 * i + a), b + 1) << 16;
                }
                uint32_t got = h[(f * 32 + l) * 4 + i];
                EXPECT(got == want, "%s: lane %d register %d: 0x%08x, not 0x%08x", names[f], l, i, got, want);
            }
    if (argc > 1 && !strcmp(argv[1], "check")) {
        unsynced<<<1, 64>>>(d);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
    }
    CHECK(cudaFree(d));
    return finish("ldmatrix");
}
