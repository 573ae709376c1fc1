// Kernel parameters as C++ passes them: structs by value (padding, doubles,
// chars, arrays), templates over types and values, a functor, many
// arguments, pointers to structs; each laid out at the PTX .param offsets.
#include "check.h"

struct Mixed {
    char c;
    double d;
    short s[3];
    int i;
    float f4[4];
};

template <typename T, int K>
__global__ void scale(T *out, const T *in, T factor, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * factor + (T)K;
}

__global__ void unpack(Mixed m, char c2, long long big, double *out)
{
    out[0] = m.c;
    out[1] = m.d;
    out[2] = m.s[0] + m.s[1] * 10 + m.s[2] * 100;
    out[3] = m.i;
    out[4] = m.f4[0] + m.f4[1] + m.f4[2] + m.f4[3];
    out[5] = c2;
    out[6] = (double)big;
}

struct Poly {
    float a, b, c;
    __device__ float operator()(float x) const { return (a * x + b) * x + c; }
};

template <typename F>
__global__ void apply(F f, const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = f(in[i]);
}

__global__ void many(int a, char b, short c, long long d, float e, double f, unsigned char g, int h, int *o)
{
    o[0] = a + b + c + (int)d + (int)e + (int)f + g + h;
}

int main()
{
    const int n = 500;
    double hd[n], *dd, *dd2;
    int hi[n], *di, *di2;
    float hf[n], *df, *df2;
    for (int i = 0; i < n; i++)
        hd[i] = i * 0.25, hi[i] = i - 250, hf[i] = i * 0.5f;
    CHECK(cudaMalloc(&dd, sizeof hd));
    CHECK(cudaMalloc(&dd2, sizeof hd));
    CHECK(cudaMalloc(&di, sizeof hi));
    CHECK(cudaMalloc(&di2, sizeof hi));
    CHECK(cudaMalloc(&df, sizeof hf));
    CHECK(cudaMalloc(&df2, sizeof hf));
    CHECK(cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice));
    scale<double, 3><<<4, 128>>>(dd2, dd, 1.5, n);
    scale<int, -2><<<4, 128>>>(di2, di, 7, n);
    apply<<<4, 128>>>(Poly{0.5f, -1.0f, 2.0f}, df, df2, n);
    double rd[n];
    int ri[n];
    float rf[n];
    CHECK(cudaMemcpy(rd, dd2, sizeof rd, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(ri, di2, sizeof ri, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(rf, df2, sizeof rf, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        EXPECT(rd[i] == hd[i] * 1.5 + 3, "double[%d] = %g", i, rd[i]);
        EXPECT(ri[i] == hi[i] * 7 - 2, "int[%d] = %d", i, ri[i]);
        float x = hf[i], want = (0.5f * x - 1.0f) * x + 2.0f;
        EXPECT(fabsf(rf[i] - want) <= 1e-5f * fabsf(want) + 1e-6f, "functor[%d] = %g, want %g", i, rf[i], want);
    }
    Mixed m = {'x', 3.5, {1, 2, 3}, -42, {0.5f, 1.5f, 2.5f, 3.5f}};
    unpack<<<1, 1>>>(m, 'y', 1LL << 40, dd);
    double u[7];
    CHECK(cudaMemcpy(u, dd, sizeof u, cudaMemcpyDeviceToHost));
    EXPECT(u[0] == 'x' && u[1] == 3.5 && u[2] == 321 && u[3] == -42, "struct: %g %g %g %g", u[0], u[1], u[2], u[3]);
    EXPECT(u[4] == 8 && u[5] == 'y' && u[6] == (double)(1LL << 40), "struct tail: %g %g %g", u[4], u[5], u[6]);
    many<<<1, 1>>>(1, 2, 3, 4, 5.0f, 6.0, 7, 8, di);
    int o;
    CHECK(cudaMemcpy(&o, di, 4, cudaMemcpyDeviceToHost));
    EXPECT(o == 36, "many arguments: %d", o);
    return finish("params");
}
