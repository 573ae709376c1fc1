// Switch statements (dense and sparse) and calls through function pointers, including a table in global memory.
typedef int (*op_fn)(int, int);

__device__ __noinline__ int op_add(int a, int b) { return a + b; }
__device__ __noinline__ int op_sub(int a, int b) { return a - b; }
__device__ __noinline__ int op_mul(int a, int b) { return a * b; }

__device__ op_fn table[3] = {op_add, op_sub, op_mul};

__device__ __noinline__ int dense(int k, int x)
{
    switch (k) {
    case 0: return x + 1;
    case 1: return x * 3;
    case 2: return x - 7;
    case 3: return x << 2;
    case 4: return x ^ 0x55;
    case 5: return x / 3;
    case 6: return -x;
    case 7: return x & 12;
    default: return 0;
    }
}

__device__ __noinline__ int sparse(int k)
{
    switch (k) {
    case 1: return 10;
    case 100: return 20;
    case 1000: return 30;
    case -5: return 40;
    default: return 50;
    }
}

__global__ void dispatch(int *out, const int *k, int n)
{
    int t = threadIdx.x;
    op_fn f = table[k[t] % 3];
    op_fn g = (t & 1) ? op_add : op_mul;
    out[t] = f(t, n) + g(n, t) + dense(k[t] & 7, t) + sparse(k[t]);
}
