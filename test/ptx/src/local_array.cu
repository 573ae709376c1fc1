// Local memory: dynamically indexed arrays and structs spilled to the local depot.
struct rec_t { int k; double w[3]; };

__device__ __noinline__ int pick(const int *a, int i) { return a[i]; }

__global__ void local_arrays(int *out, const int *idx, int n)
{
    int a[64];
    rec_t r[4];
    int t = threadIdx.x;
    for (int i = 0; i < 64; i++)
        a[i] = i * t + idx[i & 7];
    for (int i = 0; i < 4; i++) {
        r[i].k = a[idx[i] & 63];
        r[i].w[i % 3] = (double)i;
    }
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[idx[i] & 63] + r[idx[i] & 3].k + (int)r[i & 3].w[i % 3];
    out[t] = s + pick(a, t & 63);
}
