// stmatrix.sync.aligned.m8n8 through inline PTX (sm_90), every form: .x1, .x2, .x4, each plain and
// .trans, by .shared, .shared::cta and a generic address. Shared memory holds 40 rows of 8 b16
// elements (48 bytes apart), all 0xeeee first; lane 8i+j (j < 8) points at row perm(8i+j), so that
// row is row j of matrix i, and the lanes past the matrices point nowhere valid (their addresses are
// not used). Half h of lane l's register i is distinct for each form, lane, register and half; the
// host checks every element of the rows against the PTX ISA's fragment: matrix i's row l/4,
// columns 2(l%4) and +1 hold lane l's register i (low half first), with .trans column l/4, rows
// 2(l%4) and +1; every other element must still be 0xeeee. Then round trips: stmatrix.x4 read back
// by ldmatrix.x4 (each lane its own registers) and by ldmatrix.x4.trans (the transposed fragment).
// Built for sm_75 the kernel has no stmatrix: the program says so on stderr and checks nothing.
// With the argument "check", warp 0 stmatrix's 8 rows that warp 1 reads with no barrier between:
// --racecheck must report their 32 words (cuda_apps_test.sh).
#include <cstdint>
#include <cstring>
#include "check.h"

enum { NROWS = 40, PITCH = 24, FILL = 0xeeee };
enum Form { X1, X2, X4, X1T, X2T, X4T, X4_CTA, X2T_GENERIC, NFORMS };
enum { RT_PLAIN = NFORMS, RT_TRANS, NOUT }; // the round trips' slots in the register output
static __host__ __device__ int nmat(int f) { return f == X1 || f == X1T ? 1 : f == X2 || f == X2T || f == X2T_GENERIC ? 2 : 4; }
static const bool trans[NFORMS] = {false, false, false, true, true, true, false, true};
static const char *const names[NFORMS] = {"x1", "x2", "x4", "x1.trans", "x2.trans", "x4.trans", "x4 ::cta", "x2.trans generic"};

static __host__ __device__ int perm(int r) { return (r * 17 + 5) % NROWS; }
// Half h of lane l's register i in form f.
static __host__ __device__ uint16_t value(int f, int l, int i, int h) { return (uint16_t)(f << 8 | l << 3 | i << 1 | h); }
static __host__ __device__ uint32_t reg(int f, int l, int i) { return value(f, l, i, 0) | (uint32_t)value(f, l, i, 1) << 16; }

// rows_out: the rows after each form's stores; regs_out: the round trips' registers; ran: 1 where the
// kernel had stmatrix (sm_90).
__global__ void store_all(uint16_t *rows_out, uint32_t *regs_out, int *ran)
{
#if __CUDA_ARCH__ >= 900
    __shared__ __align__(16) uint16_t rows[NROWS * PITCH];
    int l = threadIdx.x;
    for (int f = 0; f < NFORMS + 1; f++) {
        for (int i = l; i < NROWS * PITCH; i += 32)
            rows[i] = FILL;
        __syncwarp();
        int n = f < NFORMS ? nmat(f) : 4, g = f < NFORMS ? f : X4;
        uint32_t a = l < 8 * n ? (uint32_t)__cvta_generic_to_shared(&rows[perm(l) * PITCH]) : 0xfffffff0u;
        uint64_t ga = l < 8 * n ? (uint64_t)&rows[perm(l) * PITCH] : 16;
        uint32_t r0 = reg(g, l, 0), r1 = reg(g, l, 1), r2 = reg(g, l, 2), r3 = reg(g, l, 3);
        switch (f) {
        case X1: asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(a), "r"(r0) : "memory"); break;
        case X2:
            asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" ::"r"(a), "r"(r0), "r"(r1) : "memory");
            break;
        case X4: case NFORMS:
            asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};"
                         ::"r"(a), "r"(r0), "r"(r1), "r"(r2), "r"(r3) : "memory");
            break;
        case X1T:
            asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};" ::"r"(a), "r"(r0) : "memory");
            break;
        case X2T:
            asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};" ::"r"(a), "r"(r0), "r"(r1)
                         : "memory");
            break;
        case X4T:
            asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};"
                         ::"r"(a), "r"(r0), "r"(r1), "r"(r2), "r"(r3) : "memory");
            break;
        case X4_CTA:
            asm volatile("stmatrix.sync.aligned.m8n8.x4.shared::cta.b16 [%0], {%1, %2, %3, %4};"
                         ::"r"(a), "r"(r0), "r"(r1), "r"(r2), "r"(r3) : "memory");
            break;
        case X2T_GENERIC:
            asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.b16 [%0], {%1, %2};" ::"l"(ga), "r"(r0), "r"(r1) : "memory");
            break;
        }
        __syncwarp();
        if (f < NFORMS) {
            for (int i = l; i < NROWS * PITCH; i += 32)
                rows_out[f * NROWS * PITCH + i] = rows[i];
            continue;
        }
        uint32_t p[4], t[4];
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(p[0]), "=r"(p[1]), "=r"(p[2]), "=r"(p[3]) : "r"(a) : "memory");
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(t[0]), "=r"(t[1]), "=r"(t[2]), "=r"(t[3]) : "r"(a) : "memory");
        for (int i = 0; i < 4; i++) {
            regs_out[(0 * 32 + l) * 4 + i] = p[i];
            regs_out[(1 * 32 + l) * 4 + i] = t[i];
        }
    }
    if (l == 0)
        *ran = 1;
#endif
}

__global__ void unsynced(uint32_t *out)
{
#if __CUDA_ARCH__ >= 900
    __shared__ __align__(16) uint16_t rows[8 * 8];
    int t = threadIdx.x;
    if (t >= 32) {
        out[t] = rows[(t - 32) * 2] | (uint32_t)rows[(t - 32) * 2 + 1] << 16;
        return;
    }
    uint32_t a = (uint32_t)__cvta_generic_to_shared(&rows[(t & 7) * 8]);
    asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(a), "r"((uint32_t)t) : "memory");
#endif
}

int main(int argc, char **argv)
{
    uint16_t *drows, hrows[NFORMS * NROWS * PITCH];
    uint32_t *dregs, hregs[2 * 32 * 4];
    int *dran, ran = 0;
    CHECK(cudaMalloc(&drows, sizeof hrows));
    CHECK(cudaMalloc(&dregs, sizeof hregs));
    CHECK(cudaMalloc(&dran, sizeof ran));
    CHECK(cudaMemset(dran, 0, sizeof ran));
    store_all<<<1, 32>>>(drows, dregs, dran);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(&ran, dran, sizeof ran, cudaMemcpyDeviceToHost));
    if (!ran) {
        fprintf(stderr, "stmatrix: the kernel was built for an arch below sm_90 (no stmatrix): nothing checked\n");
        return finish("stmatrix");
    }
    CHECK(cudaMemcpy(hrows, drows, sizeof hrows, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hregs, dregs, sizeof hregs, cudaMemcpyDeviceToHost));
    for (int f = 0; f < NFORMS; f++) {
        static uint16_t want[NROWS * PITCH];
        for (int i = 0; i < NROWS * PITCH; i++)
            want[i] = FILL;
        for (int l = 0; l < 32; l++)
            for (int i = 0; i < nmat(f); i++)
                for (int h = 0; h < 2; h++) {
                    int a = l / 4, b = 2 * (l % 4) + h, row = trans[f] ? b : a, col = trans[f] ? a : b;
                    want[perm(8 * i + row) * PITCH + col] = value(f, l, i, h);
                }
        for (int i = 0; i < NROWS * PITCH; i++) {
            uint16_t got = hrows[f * NROWS * PITCH + i];
            EXPECT(got == want[i], "%s: row %d element %d: 0x%04x, not 0x%04x", names[f], i / PITCH, i % PITCH, got,
                   want[i]);
        }
    }
    // Round trips of stmatrix.x4: ldmatrix.x4 gives each lane its registers back; ldmatrix.x4.trans
    // gives lane l matrix i's column l/4, rows 2(l%4) and +1, i.e. the halves lanes 4(2(l%4)) + l/8
    // and 4(2(l%4)+1) + l/8 stored, half (l/4)%2 of each.
    for (int l = 0; l < 32; l++)
        for (int i = 0; i < 4; i++) {
            int c = l / 4, r = 2 * (l % 4);
            uint32_t plain = reg(X4, l, i), tr = value(X4, 4 * r + c / 2, i, c % 2) |
                                                 (uint32_t)value(X4, 4 * (r + 1) + c / 2, i, c % 2) << 16;
            EXPECT(hregs[(0 * 32 + l) * 4 + i] == plain, "round trip: lane %d register %d: 0x%08x, not 0x%08x", l, i,
                   hregs[(0 * 32 + l) * 4 + i], plain);
            EXPECT(hregs[(1 * 32 + l) * 4 + i] == tr, "round trip .trans: lane %d register %d: 0x%08x, not 0x%08x", l, i,
                   hregs[(1 * 32 + l) * 4 + i], tr);
        }
    if (argc > 1 && !strcmp(argv[1], "check")) {
        unsynced<<<1, 64>>>(dregs);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
    }
    CHECK(cudaFree(drows));
    CHECK(cudaFree(dregs));
    CHECK(cudaFree(dran));
    return finish("stmatrix");
}
