/* The tester's forms and operand generators (alu_diff.c, alu_diff_forms.c). */
#ifndef ALU_DIFF_H
#define ALU_DIFF_H

#include "alu_ref.h"

typedef struct { unsigned bits, mbits; } gen_fmt_t;

typedef enum { GEN_NONE, GEN_INT, GEN_FLOAT, GEN_PRED, GEN_SMALL, GEN_SIGNED_SMALL } gen_kind_t;

typedef struct {
    gen_kind_t kind;
    unsigned bits;    /* INT, SMALL: the width */
    gen_fmt_t f;      /* FLOAT */
    unsigned range;   /* SMALL: 0..range; FLOAT: exponents 1 +- range */
} gen_t;

typedef struct {
    char name[64];
    ptx_alu_t d;
    int nsrc;
    gen_t gen[4];
    int weight;       /* cases: n * weight / 4 */
} form_t;

extern form_t forms[];
extern int forms_count;
void forms_build(void);

uint64_t rnd64(void);
uint64_t gen_value(const gen_t *g);

static inline uint64_t gen_mask(unsigned w)
{
    return w >= 64 ? ~0ull : (1ull << w) - 1;
}

#endif
