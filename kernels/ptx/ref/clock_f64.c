/* sum over j = 1..300 of 1 / (g + j)^2, for each thread g, in long double. */
#include "ref_io.h"

#define THREADS 4096
#define TERMS 300

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    double *sums = ref_alloc(8, THREADS);
    for (int g = 0; g < THREADS; g++) {
        long double s = 0;
        for (int j = TERMS; j >= 1; j--)
            s += 1.0L / ((long double)(g + j) * (g + j));
        sums[g] = (double)s;
    }
    ref_store("sums", sums, 8, THREADS);
    return 0;
}
