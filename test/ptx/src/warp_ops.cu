// Warp collectives: shuffles in four modes, votes, match, activemask, redux (sm_80+), syncwarp, bit tricks.
__global__ void warp_ops(unsigned *out, const unsigned *in)
{
    unsigned t = threadIdx.x, v = in[t];
    unsigned mask = __activemask();
    unsigned a = __shfl_sync(0xffffffffu, v, 3);
    unsigned b = __shfl_up_sync(0xffffffffu, v, 1);
    unsigned c = __shfl_down_sync(0xffffffffu, v, 2, 16);
    unsigned d = __shfl_xor_sync(0xffffffffu, v, 5);
    float e = __shfl_sync(mask, (float)v, 7);
    double g = __shfl_xor_sync(mask, (double)v, 1);
    unsigned ballot = __ballot_sync(0xffffffffu, v & 1);
    int all = __all_sync(0xffffffffu, v > 3);
    int any = __any_sync(0xffffffffu, v > 3);
    unsigned ma = __match_any_sync(0xffffffffu, v);
    int pred;
    unsigned mb = __match_all_sync(0xffffffffu, (unsigned long long)v, &pred);
    __syncwarp();
    unsigned r = 0;
#if __CUDA_ARCH__ >= 800
    r = __reduce_add_sync(0xffffffffu, v) + __reduce_min_sync(0xffffffffu, v) + __reduce_max_sync(0xffffffffu, (int)v)
        + __reduce_and_sync(0xffffffffu, v) + __reduce_or_sync(0xffffffffu, v) + __reduce_xor_sync(0xffffffffu, v);
#endif
    unsigned bits = __popc(v) + __clz(v) + __ffs(v) + __brev(v) + __byte_perm(v, a, 0x3210)
        + __funnelshift_l(v, a, b) + __funnelshift_rc(v, a, b) + __popcll((unsigned long long)v << 33) + __clzll(v);
    out[t] = a + b + c + d + (unsigned)e + (unsigned)g + ballot + all + any + ma + mb + pred + r + bits + mask;
}
