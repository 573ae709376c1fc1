// Double precision: arithmetic with explicit rounding, fma, division, sqrt, min/max, abs, comparisons.
__global__ void f64_kernel(double *out, const double *a, const double *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double x = a[i], y = b[i];
    double s = __dadd_rn(x, y) + __dadd_rz(x, y) + __dadd_ru(x, y) + __dadd_rd(x, y);
    double m = __dmul_rn(x, y) - __dmul_rz(x, y);
    double f = __fma_rn(x, y, s) + fma(x, m, y);
    double q = x / y + __ddiv_rz(x, y) + __drcp_rn(y);
    double r = __dsqrt_rn(fabs(x)) + fmin(x, y) + fmax(x, y);
    double t = (x < y || x != x) ? f : q;
    out[i] = s + m + f + q + r + t + copysign(x, y) + (double)(x == y) + __longlong_as_double(__double_as_longlong(x) & 0x7fffffffffffffffLL);
}
