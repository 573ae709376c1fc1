/* Black-Scholes call and put prices in double, N(d) = erfc(-d / sqrt 2) / 2. */
#include <math.h>

#include "ref_io.h"

#define N 32768

static double norm_cdf(double d)
{
    return 0.5 * erfc(-d / sqrt(2.0));
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const float *s = ref_load("s", 4, N), *x = ref_load("x", 4, N), *t = ref_load("t", 4, N);
    const double r = (double)0.02f, v = (double)0.30f;
    float *call = ref_alloc(4, N), *put = ref_alloc(4, N);
    for (int i = 0; i < N; i++) {
        double sd = s[i], xd = x[i], td = t[i];
        double d1 = (log(sd / xd) + (r + v * v / 2) * td) / (v * sqrt(td));
        double d2 = d1 - v * sqrt(td);
        double disc = exp(-r * td);
        call[i] = (float)(sd * norm_cdf(d1) - xd * disc * norm_cdf(d2));
        put[i] = (float)(xd * disc * norm_cdf(-d2) - sd * norm_cdf(-d1));
    }
    ref_store("call", call, 4, N);
    ref_store("put", put, 4, N);
    return 0;
}
