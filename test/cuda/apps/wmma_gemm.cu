// GEMMs through the wmma API against the host's: D = 2 * (A * B + C), one
// warp a tile, every fragment shape and layout nvcc offers for f16 and s8/u8
// (sm_75), bf16, tf32 and f64 (sm_80+; the sm_90 build runs them). The
// element-wise doubling goes through fragment.x[], so it holds for whatever
// fragment layout the machine has. Inputs are small integers and halves:
// every product and every partial sum is exact in the accumulator's type,
// so the hardware's summation order (Fasi et al. 2021: aligned, truncated
// groups) cannot change the result and the check is exact. The tf32 inputs
// are exact in tf32 already, so no __float_to_tf32 (cvt.rna.tf32.f32).
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include "check.h"

using namespace nvcuda;

// bf16, tf32 and f64 fragments exist from sm_80 on: the build's architecture
// (nvcc's __CUDA_ARCH_LIST__, in the host pass too; apps.mk builds one).
#if __CUDA_ARCH_LIST__ >= 800
#define SM80 1
#else
#define SM80 0
#endif

// Matrices of R x C stored row-major (ld C) or col-major (ld R).
static __host__ __device__ size_t at(bool row, int r, int c, int R, int C)
{
    return row ? (size_t)r * C + c : (size_t)c * R + r;
}

template <typename T> struct cast { static __host__ __device__ T from(double v) { return (T)v; } };
template <> struct cast<half> { static __host__ __device__ half from(double v) { return __float2half((float)v); } };
template <> struct cast<__nv_bfloat16> {
    static __host__ __device__ __nv_bfloat16 from(double v) { return __float2bfloat16((float)v); }
};

// The fragment's element type (tf32 fragments take float).
template <typename P> struct elem { typedef P type; };
#if SM80
template <> struct elem<wmma::precision::tf32> { typedef float type; };
#endif

template <typename P, typename Acc, int M, int N, int K, typename LA, typename LB>
__device__ void tile(const typename elem<P>::type *A, const typename elem<P>::type *B, const Acc *C, Acc *D,
                     int Mt, int Nt, int Kt, bool c_row)
{
    const bool a_row = __is_same(LA, wmma::row_major), b_row = __is_same(LB, wmma::row_major);
    int tm = blockIdx.y * M, tn = blockIdx.x * N;
    wmma::fragment<wmma::matrix_a, M, N, K, P, LA> a;
    wmma::fragment<wmma::matrix_b, M, N, K, P, LB> b;
    wmma::fragment<wmma::accumulator, M, N, K, Acc> acc;
    wmma::layout_t cl = c_row ? wmma::mem_row_major : wmma::mem_col_major;
    wmma::load_matrix_sync(acc, C + at(c_row, tm, tn, Mt, Nt), c_row ? Nt : Mt, cl);
    for (int k = 0; k < Kt; k += K) {
        wmma::load_matrix_sync(a, A + at(a_row, tm, k, Mt, Kt), a_row ? Kt : Mt);
        wmma::load_matrix_sync(b, B + at(b_row, k, tn, Kt, Nt), b_row ? Nt : Kt);
        wmma::mma_sync(acc, a, b, acc);
    }
    for (int i = 0; i < acc.num_elements; i++)
        acc.x[i] = acc.x[i] + acc.x[i];
    wmma::store_matrix_sync(D + at(c_row, tm, tn, Mt, Nt), acc, c_row ? Nt : Mt, cl);
}

template <typename P, typename Acc, int M, int N, int K, typename LA, typename LB>
__global__ void gemm(const typename elem<P>::type *A, const typename elem<P>::type *B, const Acc *C, Acc *D,
                     int Mt, int Nt, int Kt, bool c_row)
{
    tile<P, Acc, M, N, K, LA, LB>(A, B, C, D, Mt, Nt, Kt, c_row);
}

// Values of A and B: small integers (and halves for float types); C too.
static double value(int i, int salt, bool integral)
{
    int v = (i * 7 + salt * 13) % 9 - 4;
    return integral ? v : v * 0.5;
}

template <typename P, typename Acc, int M, int N, int K, typename LA, typename LB>
static void run(const char *name, bool c_row)
{
    typedef typename elem<P>::type T;
    const bool integral = __is_same(Acc, int), a_row = __is_same(LA, wmma::row_major),
               b_row = __is_same(LB, wmma::row_major);
    const bool unsigned_in = __is_same(T, unsigned char);
    const int Mt = 2 * M, Nt = 2 * N, Kt = 3 * K;
    T *A = new T[Mt * Kt], *B = new T[Kt * Nt];
    Acc *C = new Acc[Mt * Nt], *D = new Acc[Mt * Nt];
    for (int r = 0; r < Mt; r++)
        for (int k = 0; k < Kt; k++) {
            double v = value(r * Kt + k, 1, integral);
            A[at(a_row, r, k, Mt, Kt)] = cast<T>::from(unsigned_in ? v + 4 : v);
        }
    for (int k = 0; k < Kt; k++)
        for (int c = 0; c < Nt; c++) {
            double v = value(k * Nt + c, 2, integral);
            B[at(b_row, k, c, Kt, Nt)] = cast<T>::from(unsigned_in ? v + 4 : v);
        }
    for (int i = 0; i < Mt * Nt; i++)
        C[i] = cast<Acc>::from(value(i, 3, integral));
    T *dA, *dB;
    Acc *dC, *dD;
    CHECK(cudaMalloc(&dA, sizeof(T) * Mt * Kt));
    CHECK(cudaMalloc(&dB, sizeof(T) * Kt * Nt));
    CHECK(cudaMalloc(&dC, sizeof(Acc) * Mt * Nt));
    CHECK(cudaMalloc(&dD, sizeof(Acc) * Mt * Nt));
    CHECK(cudaMemcpy(dA, A, sizeof(T) * Mt * Kt, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dB, B, sizeof(T) * Kt * Nt, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dC, C, sizeof(Acc) * Mt * Nt, cudaMemcpyHostToDevice));
    gemm<P, Acc, M, N, K, LA, LB><<<dim3(Nt / N, Mt / M), 32>>>(dA, dB, dC, dD, Mt, Nt, Kt, c_row);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(D, dD, sizeof(Acc) * Mt * Nt, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int r = 0; r < Mt; r++)
        for (int c = 0; c < Nt; c++) {
            double want = (double)C[at(c_row, r, c, Mt, Nt)];
            for (int k = 0; k < Kt; k++)
                want += (double)A[at(a_row, r, k, Mt, Kt)] * (double)B[at(b_row, k, c, Kt, Nt)];
            want *= 2;
            double got = (double)D[at(c_row, r, c, Mt, Nt)];
            if (got != want && bad++ < 3)
                EXPECT(got == want, "%s %s: D[%d][%d] = %g, want %g", name, c_row ? "C row" : "C col", r, c, got, want);
        }
    cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dD);
    delete[] A, delete[] B, delete[] C, delete[] D;
}

template <typename P, typename Acc, int M, int N, int K> static void layouts(const char *name)
{
    run<P, Acc, M, N, K, wmma::row_major, wmma::col_major>(name, true);
    run<P, Acc, M, N, K, wmma::col_major, wmma::row_major>(name, false);
    run<P, Acc, M, N, K, wmma::row_major, wmma::row_major>(name, false);
    run<P, Acc, M, N, K, wmma::col_major, wmma::col_major>(name, true);
}

int main()
{
    layouts<half, float, 16, 16, 16>("f16.f32 m16n16k16");
    layouts<half, float, 32, 8, 16>("f16.f32 m32n8k16");
    layouts<half, float, 8, 32, 16>("f16.f32 m8n32k16");
    layouts<half, half, 16, 16, 16>("f16.f16 m16n16k16");
    layouts<signed char, int, 16, 16, 16>("s8 m16n16k16");
    layouts<signed char, int, 32, 8, 16>("s8 m32n8k16");
    layouts<unsigned char, int, 8, 32, 16>("u8 m8n32k16");
#if SM80
    layouts<__nv_bfloat16, float, 16, 16, 16>("bf16 m16n16k16");
    layouts<__nv_bfloat16, float, 32, 8, 16>("bf16 m32n8k16");
    layouts<wmma::precision::tf32, float, 16, 16, 8>("tf32 m16n16k8");
    layouts<double, double, 8, 8, 4>("f64 m8n8k4");
#endif
    printf("wmma_gemm: %s\n", SM80 ? "f16, s8/u8, bf16, tf32 and f64" : "f16 and s8/u8");
    return finish("wmma_gemm");
}
