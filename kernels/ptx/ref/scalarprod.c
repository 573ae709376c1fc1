/* scalarProd: each dot product summed in long double, from the first element on. */
#include "ref_io.h"

#define NV 64
#define E 4096

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const float *a = ref_load("a", 4, NV * E), *b = ref_load("b", 4, NV * E);
    float *d = ref_alloc(4, NV);
    for (int v = 0; v < NV; v++) {
        long double s = 0;
        for (int i = 0; i < E; i++)
            s += (long double)a[v * E + i] * b[v * E + i];
        d[v] = (float)s;
    }
    ref_store("d", d, 4, NV);
    return 0;
}
