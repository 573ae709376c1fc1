// Conversions in many combinations: int and float sizes, every rounding mode, saturation, sign extension.
__global__ void conversions(double *out, const float *f, const double *d, const long long *l, const short *s,
                            const unsigned char *b)
{
    int i = threadIdx.x;
    float x = f[i];
    double y = d[i];
    long long z = l[i];
    double acc = 0;
    acc += __float2int_rn(x) + __float2int_rz(x) + __float2int_ru(x) + __float2int_rd(x);
    acc += __float2uint_rn(x) + __float2ll_rz(x) + __float2ull_rd(x);
    acc += __double2int_rz(y) + __double2uint_ru(y) + __double2ll_rn(y) + __double2ull_rz(y);
    acc += __int2float_rd(i) + __uint2float_ru(i) + __ll2float_rz(z) + __ull2float_rn(z);
    acc += __ll2double_rz(z) + __ull2double_rd(z) + __int2double_rn(i);
    acc += __double2float_rz(y) + __double2float_ru(y) + (float)y;
    acc += __saturatef(x) + rintf(x) + truncf(x) + floorf(x) + ceilf(x) + nearbyint(y) + floor(y) + trunc(y);
    acc += (double)(signed char)z + (double)(short)z + (double)(unsigned short)z + s[i] + b[i];
    acc += (double)(float)(unsigned long long)y + (unsigned)x + (long long)x;
    acc += __float_as_int(x) + __int_as_float(i);
    out[i] = acc;
}
