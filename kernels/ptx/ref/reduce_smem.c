/* Sum of the inputs, in long double. */
#include "ref_io.h"

#define N 262144

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const float *in = ref_load("in", 4, N);
    long double s = 0;
    for (int i = 0; i < N; i++)
        s += in[i];
    float total = (float)s;
    ref_store("total", &total, 4, 1);
    return 0;
}
