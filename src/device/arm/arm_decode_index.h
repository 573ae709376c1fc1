/* First-match lookup in a match/mask decode table, through an index.
 *
 * The decoders try their rows in order and take the first whose masked bits
 * match. Predecoding a static glibc binary does that for every text word and
 * halfword, and a linear scan of ~150 rows made it most of a short run's
 * time. The index keys on a few opcode bits: for each key value it lists, in
 * table order, the rows that can match a word with those bits, so the scan
 * gives the same first match over a handful of rows. Host-only. */
#ifndef ARM_DECODE_INDEX_H
#define ARM_DECODE_INDEX_H

#include <stddef.h>
#include <stdint.h>

typedef struct dec_index {
    uint32_t keymask;                /* word bits the key is made of */
    uint32_t (*key)(uint32_t w);     /* those bits, compacted to 0 .. 2^bits - 1 */
    uint32_t (*unkey)(uint32_t k);   /* the word bits a key stands for */
    uint32_t bits;
    uint32_t *start;                 /* 2^bits + 1 offsets into list */
    uint32_t *list;                  /* row numbers */
} dec_index_t;

/* rows: n rows of row_size bytes, each starting with uint32_t match, mask.
 * Returns 0, or -1 when out of memory (lookups then scan the table). */
int dec_index_build(dec_index_t *ix, const void *rows, size_t n, size_t row_size);

/* Row number of the first row matching w, or -1. */
long dec_index_find(const dec_index_t *ix, const void *rows, size_t n, size_t row_size, uint32_t w);

#endif
