// Device functions the compiler keeps as calls: recursion, function
// pointers chosen at run time, a virtual call, local arrays indexed at run
// time (local memory).
#include "check.h"

__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ int add1(int x) { return x + 1; }
__device__ int twice(int x) { return 2 * x; }
__device__ int (*const ops[2])(int) = {add1, twice};

struct Shape {
    __device__ virtual int area() const = 0;
};
struct Sq : Shape {
    int s;
    __device__ Sq(int s) : s(s) {}
    __device__ int area() const override { return s * s; }
};
struct Rect : Shape {
    int w, h;
    __device__ Rect(int w, int h) : w(w), h(h) {}
    __device__ int area() const override { return w * h; }
};

__global__ void calls(int *out)
{
    int t = threadIdx.x;
    out[t * 4] = fib(t % 12);
    out[t * 4 + 1] = ops[t & 1](t);
    Sq sq(t);
    Rect r(t, 3);
    const Shape *s = t & 1 ? (const Shape *)&sq : (const Shape *)&r;
    out[t * 4 + 2] = s->area();
    int local[16];
    for (int i = 0; i < 16; i++)
        local[i] = i * t;
    out[t * 4 + 3] = local[(t * 7) & 15];
}

static int hfib(int n) { return n < 2 ? n : hfib(n - 1) + hfib(n - 2); }

int main()
{
    int *d, h[64 * 4];
    CHECK(cudaMalloc(&d, sizeof h));
    calls<<<1, 64>>>(d);
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int t = 0; t < 64; t++) {
        EXPECT(h[t * 4] == hfib(t % 12), "fib at %d: %d", t, h[t * 4]);
        EXPECT(h[t * 4 + 1] == (t & 1 ? 2 * t : t + 1), "pointer call at %d: %d", t, h[t * 4 + 1]);
        EXPECT(h[t * 4 + 2] == (t & 1 ? t * t : 3 * t), "virtual call at %d: %d", t, h[t * 4 + 2]);
        EXPECT(h[t * 4 + 3] == ((t * 7) & 15) * t, "local array at %d: %d", t, h[t * 4 + 3]);
    }
    return finish("calls");
}
