/* Count each byte value. */
#include "ref_io.h"

#define N 262144

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const uint8_t *data = ref_load("data", 1, N);
    uint32_t hist[256] = {0};
    for (int i = 0; i < N; i++)
        hist[data[i]]++;
    ref_store("hist", hist, 4, 256);
    return 0;
}
