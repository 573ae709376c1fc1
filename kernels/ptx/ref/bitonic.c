/* Each 1024-key chunk sorted ascending (qsort). */
#include "ref_io.h"

#define N 65536
#define CHUNK 1024

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    uint32_t *keys = ref_load("keys", 4, N);
    for (int c = 0; c < N / CHUNK; c++)
        qsort(keys + c * CHUNK, CHUNK, 4, cmp_u32);
    ref_store("keys", keys, 4, N);
    return 0;
}
