// mma.sync.aligned through inline PTX, one warp a product D = A * B + C:
// every lane builds its fragments from the matrices by the layouts the PTX
// ISA gives ("Matrix Fragments for mma.m16n8k16" and its kin: the tables are
// written out below as the manual words them, shape by shape), runs one mma,
// and stores its d elements where the same tables put them; the host
// compares D with its own product. Every element of A, B and C is distinct
// (s8/u8 A repeats after 255 elements), so a lane or register holding the
// wrong element changes D. Values are chosen so that every product and sum
// is exact in the accumulator's type (f16/bf16 A and B: multiples of 1/64
// below 2, so f32 sums of 16 products need 19 bits; tf32 likewise; f64 and
// integers exactly): the hardware's summation order cannot change the result,
// and the check is exact, bit for bit. The f16-accumulator cases use a
// permutation matrix for B so that D stays exact in f16. Shapes of sm_75
// (m16n8k8 f16, m8n8k16 s8/u8) run in both builds; the rest need sm_80 and run
// in the sm_90 build.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>
#include "check.h"

#if __CUDA_ARCH_LIST__ >= 800
#define SM80 1
#else
#define SM80 0
#endif

enum Elem { F16, BF16, TF32, F32, F64, S8, U8, S32 };
enum Case {
    F16_K8_F32, F16_K8_F16, S8_M8K16, U8_M8K16_SAT,                            // sm_75
    F16_K16_F32, F16_K16_F16, BF16_K8, BF16_K16, TF32_K8, TF32_K4, F64_K4,  // sm_80
    S8_K32, U8S8_K32_SAT, S8_K16, NCASES
};

struct Shape {
    const char *name;
    int M, N, K;
    Elem a, b, c; // d's type is c's
    int na, nb, nc; // elements a lane of A, B, C/D
    bool sm80;
};

static const Shape shapes[NCASES] = {
    {"m16n8k8.f32.f16.f16.f32", 16, 8, 8, F16, F16, F32, 4, 2, 4, false},
    {"m16n8k8.f16.f16.f16.f16", 16, 8, 8, F16, F16, F16, 4, 2, 4, false},
    {"m8n8k16.s32.s8.s8.s32", 8, 8, 16, S8, S8, S32, 4, 4, 2, false},
    {"m8n8k16.satfinite.s32.u8.u8.s32", 8, 8, 16, U8, U8, S32, 4, 4, 2, false},
    {"m16n8k16.f32.f16.f16.f32", 16, 8, 16, F16, F16, F32, 8, 4, 4, true},
    {"m16n8k16.f16.f16.f16.f16", 16, 8, 16, F16, F16, F16, 8, 4, 4, true},
    {"m16n8k8.f32.bf16.bf16.f32", 16, 8, 8, BF16, BF16, F32, 4, 2, 4, true},
    {"m16n8k16.f32.bf16.bf16.f32", 16, 8, 16, BF16, BF16, F32, 8, 4, 4, true},
    {"m16n8k8.f32.tf32.tf32.f32", 16, 8, 8, TF32, TF32, F32, 4, 2, 4, true},
    {"m16n8k4.f32.tf32.tf32.f32", 16, 8, 4, TF32, TF32, F32, 2, 1, 4, true},
    {"m8n8k4.f64.f64.f64.f64", 8, 8, 4, F64, F64, F64, 1, 1, 2, true},
    {"m16n8k32.s32.s8.s8.s32", 16, 8, 32, S8, S8, S32, 16, 8, 4, true},
    {"m16n8k32.satfinite.s32.u8.s8.s32", 16, 8, 32, U8, S8, S32, 16, 8, 4, true},
    {"m16n8k16.s32.s8.s8.s32", 16, 8, 16, S8, S8, S32, 8, 4, 4, true},
};

static __host__ __device__ int bits_of(Elem e)
{
    return e == S8 || e == U8 ? 8 : e == F16 || e == BF16 ? 16 : e == F64 ? 64 : 32;
}

// The PTX ISA's fragment tables: element i of lane `lane` of matrix 'a',
// 'b' or 'c' (C and D), as row and column.
static __host__ __device__ void frag_pos(const Shape &s, char mat, int lane, int i, int *row, int *col)
{
    const int g = lane >> 2, t = lane % 4;
    bool half = s.a == F16 || s.a == BF16, bytes = s.a == S8 || s.a == U8;
    if (mat == 'c') {
        *row = s.M == 8 ? g : (i < 2 ? g : g + 8);
        *col = s.M == 8 ? t * 2 + i : t * 2 + (i & 1);
    } else if (mat == 'a') {
        if (half && s.K == 8) {             // m16n8k8 .f16/.bf16
            *row = i < 2 ? g : g + 8;
            *col = t * 2 + (i & 1);
        } else if (half) {                  // m16n8k16 .f16/.bf16
            *row = (i < 2 || (i >= 4 && i < 6)) ? g : g + 8;
            *col = t * 2 + (i & 1) + (i >= 4 ? 8 : 0);
        } else if (s.a == TF32 && s.K == 8) { // m16n8k8 .tf32
            *row = (i == 0 || i == 2) ? g : g + 8;
            *col = i < 2 ? t : t + 4;
        } else if (s.a == TF32) {           // m16n8k4 .tf32
            *row = i == 0 ? g : g + 8;
            *col = t;
        } else if (s.a == F64) {            // m8n8k4 .f64
            *row = g;
            *col = t;
        } else if (bytes && s.K == 32) {    // m16n8k32 .s8/.u8
            *row = (i < 4 || (i >= 8 && i < 12)) ? g : g + 8;
            *col = t * 4 + (i & 3) + (i >= 8 ? 16 : 0);
        } else if (bytes && s.M == 16) {    // m16n8k16 .s8/.u8
            *row = i < 4 ? g : g + 8;
            *col = t * 4 + (i & 3);
        } else {                            // m8n8k16 .s8/.u8
            *row = g;
            *col = t * 4 + i;
        }
    } else {
        *col = g;
        if (half && s.K == 8)
            *row = t * 2 + i;
        else if (half)
            *row = t * 2 + (i & 1) + (i >= 2 ? 8 : 0);
        else if (s.a == TF32 && s.K == 8)
            *row = i == 0 ? t : t + 4;
        else if (s.a == TF32 || s.a == F64)
            *row = t;
        else if (s.K == 32)
            *row = t * 4 + (i & 3) + (i >= 4 ? 16 : 0);
        else
            *row = t * 4 + i;
    }
}

// Lane `lane`'s registers of one matrix (element bits in uint64_t, row-major, `cols` a row).
static __device__ void pack(const Shape &s, char mat, int lane, int n, Elem e, const uint64_t *m, int cols, uint64_t *reg)
{
    int bits = bits_of(e), per = bits == 64 ? 1 : 32 / bits;
    for (int r = 0; r < 4; r++)
        reg[r] = 0;
    for (int i = 0; i < n; i++) {
        int row, col;
        frag_pos(s, mat, lane, i, &row, &col);
        uint64_t v = m[row * cols + col] & (bits == 64 ? ~0ull : (1ull << bits) - 1);
        reg[i / per] |= v << (i % per * bits);
    }
}

// One mma of each operand shape: a, b, c registers 4/2/4, 2/1/4 (f32 or s32
// d), 4/2/2, 2/1/2 (f16 d) and 1/1/2 (m8n8k16); the instruction's words first.
#define MMA_424(words)                                                                                     \
    asm volatile("mma.sync.aligned." words " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" \
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])                                          \
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]),  \
                   "r"(c[2]), "r"(c[3]))
#define MMA_214(words)                                                                                     \
    asm volatile("mma.sync.aligned." words " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};"           \
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])                                          \
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]))
#define MMA_422(words)                                                                                     \
    asm volatile("mma.sync.aligned." words " {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};"                \
                 : "=r"(d[0]), "=r"(d[1])                                                                  \
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]))
#define MMA_212(words)                                                                                     \
    asm volatile("mma.sync.aligned." words " {%0, %1}, {%2, %3}, {%4}, {%5, %6};"                            \
                 : "=r"(d[0]), "=r"(d[1]) : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]))
#define MMA_112(words)                                                                                     \
    asm volatile("mma.sync.aligned." words " {%0, %1}, {%2}, {%3}, {%4, %5};"                                \
                 : "=r"(d[0]), "=r"(d[1]) : "r"(a[0]), "r"(b[0]), "r"(c[0]), "r"(c[1]))

__global__ void mma_kernel(Shape s, int cs, const uint64_t *A, const uint64_t *B, const uint64_t *C, uint64_t *D)
{
    int lane = threadIdx.x;
    uint64_t ra[4], rb[4], rc[4];
    uint32_t a[4], b[4], c[4], d[4] = {0, 0, 0, 0};
    pack(s, 'a', lane, s.na, s.a, A, s.K, ra);
    pack(s, 'b', lane, s.nb, s.b, B, s.N, rb);
    pack(s, 'c', lane, s.nc, s.c, C, s.N, rc);
    for (int r = 0; r < 4; r++)
        a[r] = (uint32_t)ra[r], b[r] = (uint32_t)rb[r], c[r] = (uint32_t)rc[r];
    double dd[2] = {0, 0};
    switch (cs) {
    case F16_K8_F32: MMA_214("m16n8k8.row.col.f32.f16.f16.f32"); break;
    case F16_K8_F16: MMA_212("m16n8k8.row.col.f16.f16.f16.f16"); break;
    case S8_M8K16: MMA_112("m8n8k16.row.col.s32.s8.s8.s32"); break;
    case U8_M8K16_SAT: MMA_112("m8n8k16.row.col.satfinite.s32.u8.u8.s32"); break;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    case F16_K16_F32: MMA_424("m16n8k16.row.col.f32.f16.f16.f32"); break;
    case F16_K16_F16: MMA_422("m16n8k16.row.col.f16.f16.f16.f16"); break;
    case BF16_K8: MMA_214("m16n8k8.row.col.f32.bf16.bf16.f32"); break;
    case BF16_K16: MMA_424("m16n8k16.row.col.f32.bf16.bf16.f32"); break;
    case TF32_K8: MMA_424("m16n8k8.row.col.f32.tf32.tf32.f32"); break;
    case TF32_K4: MMA_214("m16n8k4.row.col.f32.tf32.tf32.f32"); break;
    case F64_K4:
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%4, %5};"
                     : "=d"(dd[0]), "=d"(dd[1])
                     : "d"(__longlong_as_double((long long)ra[0])), "d"(__longlong_as_double((long long)rb[0])),
                       "d"(__longlong_as_double((long long)rc[0])), "d"(__longlong_as_double((long long)rc[1])));
        break;
    case S8_K32: MMA_424("m16n8k32.row.col.s32.s8.s8.s32"); break;
    case U8S8_K32_SAT: MMA_424("m16n8k32.row.col.satfinite.s32.u8.s8.s32"); break;
    case S8_K16: MMA_214("m16n8k16.row.col.s32.s8.s8.s32"); break;
#endif
    default: __trap();
    }
    int per = bits_of(s.c) == 16 ? 2 : 1, cbits = bits_of(s.c);
    for (int i = 0; i < s.nc; i++) {
        int row, col;
        frag_pos(s, 'c', lane, i, &row, &col);
        uint64_t v = s.c == F64 ? (uint64_t)__double_as_longlong(dd[i]) : (d[i / per] >> (i % per * cbits));
        D[row * s.N + col] = cbits == 64 ? v : v & ((1ull << cbits) - 1);
    }
}

// ---- host: element values and the reference ---------------------------------------------

static uint64_t to_bits(Elem e, double v)
{
    switch (e) {
    case F16: { __half h = __float2half((float)v); uint16_t x; memcpy(&x, &h, 2); return x; }
    case BF16: { __nv_bfloat16 h = __float2bfloat16((float)v); uint16_t x; memcpy(&x, &h, 2); return x; }
    case TF32: case F32: { float f = (float)v; uint32_t x; memcpy(&x, &f, 4); return x; }
    case F64: { uint64_t x; memcpy(&x, &v, 8); return x; }
    case S8: return (uint8_t)(int8_t)v;
    case U8: return (uint8_t)v;
    default: return (uint32_t)(int32_t)v;
    }
}

static double of_bits(Elem e, uint64_t x)
{
    switch (e) {
    case F16: { uint16_t b = (uint16_t)x; __half h; memcpy(&h, &b, 2); return __half2float(h); }
    case BF16: { uint16_t b = (uint16_t)x; __nv_bfloat16 h; memcpy(&h, &b, 2); return __bfloat162float(h); }
    case TF32: case F32: { uint32_t b = (uint32_t)x; float f; memcpy(&f, &b, 4); return f; }
    case F64: { double d; memcpy(&d, &x, 8); return d; }
    case S8: return (int8_t)(uint8_t)x;
    case U8: return (uint8_t)x;
    default: return (int32_t)(uint32_t)x;
    }
}

// Distinct values, exact products and sums (see the top).
static double value(Elem e, char mat, int i, int rows, int cols, bool perm)
{
    if (mat == 'b' && perm) // B of the f16-accumulator cases: column n picks row (5n + 3) % K
        return i / cols == (i % cols * 5 + 3) % rows ? 1.0 : 0.0;
    switch (e) {
    case F16: case BF16:
        return mat == 'a' ? (i - 128) / 64.0 : mat == 'b' ? (i * 3 % 128 - 64) / 64.0 : (i - 64) / 64.0;
    case TF32:
        return mat == 'a' ? (i - 64) / 32.0 : (i * 5 % 64 - 32) / 32.0;
    case F32: return (i - 64) / 8.0;
    case F64: return mat == 'a' ? i - 16 + 0.5 : mat == 'b' ? i * 0.25 - 3 : i * 0.125;
    case S8: return (i * (mat == 'a' ? 73 : 29)) % 255 - 127;
    case U8: return (i * (mat == 'a' ? 73 : 29)) % 255;
    default: return (double)i * 1000 - 50000;
    }
}

static uint64_t *upload(const uint64_t *h, size_t bytes)
{
    uint64_t *d;
    CHECK(cudaMalloc(&d, bytes));
    CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
    return d;
}

static void run_case(int cs)
{
    const Shape &s = shapes[cs];
    const bool perm = s.c == F16, sat = strstr(s.name, "satfinite") != NULL;
    const int M = s.M, N = s.N, K = s.K;
    uint64_t A[16 * 32], B[32 * 8], C[16 * 8], D[16 * 8];
    for (int i = 0; i < M * K; i++)
        A[i] = to_bits(s.a, value(s.a, 'a', i, M, K, perm));
    for (int i = 0; i < K * N; i++)
        B[i] = to_bits(s.b, value(s.b, 'b', i, K, N, perm));
    for (int i = 0; i < M * N; i++) {
        double v = value(s.c, 'c', i, M, N, perm);
        if (sat) // near the top of s32, so that some sums pass it
            v = 2147483647.0 - 20000.0 * (i % 64);
        C[i] = to_bits(s.c, v);
    }
    uint64_t *dA = upload(A, sizeof A), *dB = upload(B, sizeof B), *dC = upload(C, sizeof C), *dD;
    CHECK(cudaMalloc(&dD, sizeof D));
    CHECK(cudaMemset(dD, 0xff, sizeof D));
    mma_kernel<<<1, 32>>>(s, cs, dA, dB, dC, dD);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(D, dD, sizeof D, cudaMemcpyDeviceToHost));
    int bad = 0, saturated = 0;
    for (int r = 0; r < M; r++)
        for (int c = 0; c < N; c++) {
            double want = of_bits(s.c, C[r * N + c]);
            for (int k = 0; k < K; k++)
                want += of_bits(s.a, A[r * K + k]) * of_bits(s.b, B[k * N + c]);
            if (s.c == S32 && sat && want > 2147483647.0)
                want = 2147483647.0, saturated++;
            else if (s.c == S32 && !sat)
                want = (double)(int32_t)(uint32_t)(int64_t)want;
            uint64_t wbits = to_bits(s.c, want);
            if (D[r * N + c] != wbits && bad++ < 3)
                EXPECT(D[r * N + c] == wbits, "mma.%s: D[%d][%d] = %g (bits %llx), want %g", s.name, r, c,
                       of_bits(s.c, D[r * N + c]), (unsigned long long)D[r * N + c], want);
        }
    if (sat)
        EXPECT(saturated > 0 && saturated < M * N, "mma.%s: %d of %d elements saturate", s.name, saturated, M * N);
    cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dD);
}

int main()
{
    int ran = 0;
    for (int cs = 0; cs < NCASES; cs++)
        if (!shapes[cs].sm80 || SM80)
            run_case(cs), ran++;
    printf("mma_sync: %d shapes and types\n", ran);
    return finish("mma_sync");
}
