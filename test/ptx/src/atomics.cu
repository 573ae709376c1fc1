// Atomics on shared and global memory: every operation, 32- and 64-bit, float and double, scopes.
__global__ void atomics(int *gi, unsigned *gu, unsigned long long *gl, float *gf, double *gd, int n)
{
    __shared__ int si[32];
    __shared__ float sf;
    int t = threadIdx.x;
    if (t < 32)
        si[t] = 0;
    if (t == 0)
        sf = 0.0f;
    __syncthreads();
    atomicAdd(&si[t & 31], t);
    atomicAdd(&sf, 1.5f);
    atomicMax(&si[0], t);
    atomicMin(&si[1], -t);
    __syncthreads();
    atomicAdd(gi, si[t & 31]);
    atomicSub(gi + 1, t);
    atomicExch(gi + 2, t);
    atomicCAS(gi + 3, t, t + 1);
    atomicAnd(gi + 4, ~t);
    atomicOr(gi + 5, t);
    atomicXor(gi + 6, t);
    atomicInc(gu, 17u);
    atomicDec(gu + 1, 17u);
    atomicMax(gu + 2, (unsigned)t);
    atomicAdd(gl, (unsigned long long)t);
    atomicCAS(gl + 1, 0ull, (unsigned long long)t);
    atomicMin(gl + 2, (unsigned long long)t);
    atomicAdd(gf, sf);
    atomicAdd(gd, (double)t);
    atomicAdd_block(gi + 7, 1);
    atomicAdd_system(gi + 8, 1);
    int old = gi[9], assumed;
    do {
        assumed = old;
        old = atomicCAS(gi + 9, assumed, assumed * 2 + n);
    } while (assumed != old);
    __threadfence();
    __threadfence_block();
    __threadfence_system();
}
