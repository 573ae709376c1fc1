// Recursion and calls to non-inlined device functions with several parameters and struct returns.
struct pair_t { int a; float b; long long c; };

__device__ __noinline__ int fib(int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__device__ __noinline__ pair_t make_pair(int a, float b, long long c, const int *p)
{
    pair_t r;
    r.a = a + p[a & 3];
    r.b = b * 2.0f;
    r.c = c ^ (long long)p;
    return r;
}

__device__ __noinline__ double ackermann_step(double x, int depth)
{
    if (depth <= 0)
        return x;
    return ackermann_step(x * 0.5 + 1.0, depth - 1) + x;
}

__device__ __noinline__ void write_out(int *out, int idx, pair_t p)
{
    out[idx] = p.a + (int)p.b + (int)p.c;
}

__global__ void calls(int *out, const int *in, int n)
{
    int i = threadIdx.x;
    pair_t p = make_pair(in[i], (float)i, (long long)i * 3, in);
    int f = fib(i % 12);
    write_out(out, i, p);
    out[i + n] = f + (int)ackermann_step((double)i, i & 7);
}
