/* vectorAdd: one float addition per element, rounded once: exact. */
#include "ref_io.h"

#define N 250000

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const float *a = ref_load("a", 4, N), *b = ref_load("b", 4, N);
    float *c = ref_alloc(4, N);
    for (size_t i = 0; i < N; i++)
        c[i] = a[i] + b[i];
    ref_store("c", c, 4, N);
    return 0;
}
