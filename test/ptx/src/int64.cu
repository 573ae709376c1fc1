// 64-bit integer math: multiply (low, high, wide), divide and remainder, shifts, bit counts, 128-bit carries.
__global__ void int64_math(unsigned long long *out, const unsigned long long *a, const long long *b, int n)
{
    int i = threadIdx.x;
    unsigned long long x = a[i], y = a[i + n] | 1;
    long long sx = b[i], sy = b[i + n] | 1;
    unsigned long long r = x * y + __umul64hi(x, y) + (unsigned long long)__mul64hi(sx, sy);
    r += x / y + x % y + (unsigned long long)(sx / sy) + (unsigned long long)(sx % sy);
    r += (x << (i & 63)) + (x >> (i & 31)) + (unsigned long long)(sx >> (i & 15));
    r += __popcll(x) + __clzll(sx) + __ffsll(sx) + __brevll(x);
    r += (unsigned long long)__umulhi((unsigned)x, (unsigned)y) + (unsigned long long)(unsigned)x * (unsigned)y;
    r += (unsigned long long)__mulhi((int)sx, (int)sy) + __mul24((int)sx, (int)sy) + __umul24((unsigned)x, 7u);
    r += __sad((int)sx, (int)sy, 3u) + __usad((unsigned)x, 5u, 1u);
    /* 128-bit add with carry */
    unsigned long long lo = x + y;
    unsigned long long hi = (unsigned long long)sx + (unsigned long long)sy + (lo < x);
    r ^= lo ^ hi;
    r += (x > y ? x : y) + (sx < sy ? sx : sy) + (unsigned long long)llabs(sx);
    out[i] = r;
}
