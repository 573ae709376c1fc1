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

/* The keys a row fits are its fixed key bits plus every combination of the
 * free ones (key() is a bit permutation, so it maps masks to masks). Two
 * passes over those: count per key, then fill in table order. The cost is
 * the size of the index, not keys x rows. */
static int index_fill(dec_index_t *ix, size_t n, const uint32_t *m, const uint32_t *v)
{
    size_t keys = (size_t)1 << ix->bits;
    uint32_t all = (uint32_t)keys - 1u;
    uint32_t *fill = (uint32_t *)calloc(keys, sizeof *fill);
    if (!fill)
        return -1;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < n; i++) {
            uint32_t fixed = ix->key(m[i]), val = ix->key(v[i]), free_bits = all & ~fixed;
            for (uint32_t sub = free_bits;; sub = (sub - 1u) & free_bits) {
                uint32_t k = val | sub;
                if (pass)
                    ix->list[ix->start[k] + fill[k]++] = (uint32_t)i;
                else
                    ix->start[k + 1]++;
                if (!sub)
                    break;
            }
        }
        if (pass)
            break;
        for (size_t k = 0; k < keys; k++)
            ix->start[k + 1] += ix->start[k];
        if (!(ix->list = (uint32_t *)malloc((ix->start[keys] ? ix->start[keys] : 1) * sizeof *ix->list))) {
            free(fill);
            return -1;
        }
    }
    free(fill);
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
