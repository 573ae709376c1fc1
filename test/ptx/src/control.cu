// Divergent control flow: nested if/else, loops with break and continue, early returns, trap, clock.
__device__ __noinline__ int walk(const int *v, int n, int key)
{
    int found = -1;
    for (int i = 0; i < n; i++) {
        if (v[i] < 0)
            continue;
        if (v[i] == key) {
            found = i;
            break;
        }
        if (v[i] > 1000)
            return -2;
    }
    return found;
}

__global__ void control(int *out, const int *v, int n)
{
    long long t0 = clock64();
    int t = threadIdx.x;
    if (t >= n)
        return;
    int r;
    if (t & 1) {
        if (t & 2)
            r = walk(v, n, t);
        else
            r = t * 3;
    } else {
        int k = 0;
        while (k < t) {
            k += v[k];
            if (k == 77)
                __trap();
            if (k < 0)
                break;
        }
        r = k;
    }
    do {
        r = r / 2 + 1;
    } while (r > 10 && v[r & 15] != 0);
    out[t] = r + (int)(clock64() - t0) + (int)clock();
}
