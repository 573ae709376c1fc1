// Vector loads and stores, read-only (.nc) loads, cache hints (__ldcs, __ldcg, __stcs, __stwt).
#if defined(__clang__)
/* clang's CUDA headers have no cache-hint loads and stores: plain ones stand in. */
#define __ldcs(p) (*(p))
#define __ldcg(p) __ldg(p)
#define __stcs(p, v) (*(p) = (v))
#define __stwt(p, v) (*(p) = (v))
#endif
__global__ void vec_copy(float4 *__restrict__ out, const float4 *__restrict__ in, const int2 *__restrict__ ii,
                         double2 *d2, const char4 *c4, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 v = in[i];
    int2 k = __ldg(&ii[i]);
    float4 w = __ldcs(&in[i + 1]);
    float4 x = __ldcg(&in[i + 2]);
    double2 d = d2[i];
    char4 c = c4[i];
    d.x += k.x;
    d.y -= k.y;
    d2[i] = d;
    v.x += w.y + x.z + c.x;
    v.y -= c.y;
    v.w *= c.w;
    __stcs(&out[i], v);
    __stwt(&out[i + n], w);
    out[i + 2 * n] = make_float4(x.w, x.z, x.y, x.x);
}
