/* The host's view of the op table (ptx_ops.def): mnemonic, accepted types
 * and modifiers, operand shape. */
#ifndef PTX_OPTAB_H
#define PTX_OPTAB_H

#include <stddef.h>
#include <stdint.h>

#include "device/ptx/ptx_ops.h"

typedef struct ptx_opinfo {
    const char *mnem;
    uint32_t props;
    uint32_t types;  /* PTX_TK_* */
    uint64_t mods;   /* PTX_M_* */
    const char *shape;
} ptx_opinfo_t;

const ptx_opinfo_t *ptx_opinfo(ptx_op_t op);
/* The mnemonic ("add", "bar.red"); also in ptx.h. */
const char *ptx_op_name(ptx_op_t op);

/* The op whose mnemonic is the longest prefix of the words w[0..n) (an
 * opcode and its dotted modifiers, the dots kept: "bar" ".red" ".popc");
 * *used says how many words it took. -1 when none. */
int ptx_op_lookup(const char *const *w, const uint32_t *wlen, unsigned n, unsigned *used);

/* Shape letters without '?' and the number that are not optional. */
unsigned ptx_shape_len(const char *shape, unsigned *mandatory);
/* The letter of operand i when n operands are present (optional slots filled
 * left to right); 0 if i is past the shape. */
char ptx_shape_letter(const char *shape, unsigned n, unsigned i);

/* Special registers: "%tid" -> PTX_SREG_TID with its form, bits, count. */
int ptx_sreg_lookup(const char *s, size_t len, unsigned *index);
const char *ptx_sreg_name(ptx_sreg_t s);
ptx_sreg_form_t ptx_sreg_form(ptx_sreg_t s);
unsigned ptx_sreg_count(ptx_sreg_t s);

#endif
