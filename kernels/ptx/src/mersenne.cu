/* Mersenne Twister MT19937, one generator per thread with its 624-word
 * state in local memory: thread g is seeded with seed + g and writes its
 * k-th number to out[k * threads + g]. */
#define MT_N 624
#define MT_M 397

extern "C" __global__ void mersenne(unsigned *out, unsigned seed, int count)
{
    unsigned mt[MT_N];
    unsigned g = blockIdx.x * blockDim.x + threadIdx.x, threads = gridDim.x * blockDim.x;
    mt[0] = seed + g;
    for (int i = 1; i < MT_N; i++)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i;
    int idx = MT_N;
    for (int k = 0; k < count; k++) {
        if (idx == MT_N) {
            for (int i = 0; i < MT_N; i++) {
                unsigned y = (mt[i] & 0x80000000u) | (mt[(i + 1) % MT_N] & 0x7fffffffu);
                mt[i] = mt[(i + MT_M) % MT_N] ^ (y >> 1) ^ (y & 1 ? 0x9908b0dfu : 0u);
            }
            idx = 0;
        }
        unsigned y = mt[idx++];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= y >> 18;
        out[(size_t)k * threads + g] = y;
    }
}
