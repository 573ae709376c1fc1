#include "arm_decode_index.h"

#include <stdlib.h>
#include <string.h>

static void row_bits(const void *rows, size_t row_size, size_t i, uint32_t *match, uint32_t *mask)
{
    const uint8_t *r = (const uint8_t *)rows + i * row_size;
    memcpy(match, r, 4);
    memcpy(mask, r + 4, 4);
}

/* A row can match some word whose key bits are unkey(k) unless they
 * contradict a bit the row fixes: keep each row's fixed key bits (m) and
 * their values (v). */
static int rows_key_bits(const dec_index_t *ix, const void *rows, size_t n, size_t row_size, uint32_t **m,
                         uint32_t **v)
{
    *m = (uint32_t *)malloc((n ? n : 1) * sizeof **m);
    *v = (uint32_t *)malloc((n ? n : 1) * sizeof **v);
    if (!*m || !*v)
        return -1;
    for (size_t i = 0; i < n; i++) {
        uint32_t match, mask;
        row_bits(rows, row_size, i, &match, &mask);
        (*m)[i] = mask & ix->keymask;
        (*v)[i] = match & (*m)[i];
    }
    return 0;
}

/* Two passes over keys x rows: count, then fill. */
static int index_fill(dec_index_t *ix, size_t n, const uint32_t *m, const uint32_t *v)
{
    size_t keys = (size_t)1 << ix->bits, total = 0;
    for (int pass = 0; pass < 2; pass++) {
        total = 0;
        for (size_t k = 0; k < keys; k++) {
            uint32_t kbits = ix->unkey((uint32_t)k);
            ix->start[k] = (uint32_t)total;
            for (size_t i = 0; i < n; i++)
                if ((kbits & m[i]) == v[i]) {
                    if (pass)
                        ix->list[total] = (uint32_t)i;
                    total++;
                }
        }
        ix->start[keys] = (uint32_t)total;
        if (!pass && !(ix->list = (uint32_t *)malloc((total ? total : 1) * sizeof *ix->list)))
            return -1;
    }
    return 0;
}

int dec_index_build(dec_index_t *ix, const void *rows, size_t n, size_t row_size)
{
    uint32_t *m = NULL, *v = NULL;
    ix->start = (uint32_t *)calloc(((size_t)1 << ix->bits) + 1, sizeof *ix->start);
    int rc = !ix->start || rows_key_bits(ix, rows, n, row_size, &m, &v) || index_fill(ix, n, m, v) ? -1 : 0;
    if (rc) {
        free(ix->start);
        ix->start = NULL;
    }
    free(m);
    free(v);
    return rc;
}

long dec_index_find(const dec_index_t *ix, const void *rows, size_t n, size_t row_size, uint32_t w)
{
    uint32_t match, mask;
    if (!ix->start) {
        for (size_t i = 0; i < n; i++) {
            row_bits(rows, row_size, i, &match, &mask);
            if ((w & mask) == match)
                return (long)i;
        }
        return -1;
    }
    uint32_t k = ix->key(w);
    for (uint32_t j = ix->start[k]; j < ix->start[k + 1]; j++) {
        row_bits(rows, row_size, ix->list[j], &match, &mask);
        if ((w & mask) == match)
            return ix->list[j];
    }
    return -1;
}
