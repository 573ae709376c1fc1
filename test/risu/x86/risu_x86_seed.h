/* A seed of a tester row (risu_x86_rows.c): the prefixes and opcode bytes
 * and the ModRM byte that made warpsim's decoder give the row; a pick
 * keeps the prefixes, the opcode and ModRM.reg and draws the rest. */
#ifndef RISU_X86_SEED_H
#define RISU_X86_SEED_H

#include <stdint.h>

#include "risu_x86.h"

typedef struct risu_x86_seed {
    uint8_t o16;   /* 0x66 first */
    uint8_t pfx;   /* 0, or F3, F2, F0 */
    uint8_t map;   /* 1: the two-byte map (0F) */
    uint8_t op;
    uint8_t modrm; /* the byte after the opcode */
} risu_x86_seed_t;

/* The seed's bytes up to and including its ModRM byte; returns how many. */
static inline uint32_t risu_x86_seed_bytes(const risu_x86_seed_t *s, uint8_t *b)
{
    uint32_t n = 0;
    if (s->o16)
        b[n++] = 0x66;
    if (s->pfx)
        b[n++] = s->pfx;
    if (s->map)
        b[n++] = 0x0f;
    b[n++] = s->op;
    b[n++] = s->modrm;
    return n;
}

const risu_x86_seed_t *risu_x86_seed(risu_x86_class_t cls, uint32_t row, uint64_t *rng);
uint32_t risu_x86_row_key(risu_x86_class_t cls, uint32_t row);
int risu_x87_env_row(uint32_t row);
const char *risu_x87_row_name(uint32_t row);

#endif
