/* The Advanced SIMD decoder, A32 and T32: the word rewritten to its A32
 * form, the first row of arm_neon_enc.def that matches, and the row's
 * field extractor. Host code (records are decoded once, on the host). */
#include <string.h>

#include "arm_insn.h"
#include "arm_neon.h"
#include "arm_neon_enc.def"
#include "arm_decode_neon_arith.h"
#include "arm_decode_neon_elem.h"

typedef int (*neon_form_fn)(uint32_t w, uint32_t addr, arm_insn_t *out);

typedef struct neon_row {
    uint16_t op;
    neon_form_fn form;
    uint32_t match, mask;
} neon_row_t;

#define NEON_ROW(op, form, match, mask) {ARM_OP_##op, arm_neon_form_##form, (match), (mask)},
static const neon_row_t neon_rows[] = {ARM_NEON_ENC_ROWS(NEON_ROW){0, NULL, 1u, 0u}}; /* the last: never */
#undef NEON_ROW

/* The A32 form of an Advanced SIMD encoding (data processing: 1111 001U;
 * element and structure loads and stores: 1111 0100 xxx0), or 0 for a word
 * outside them. T32 (w = hw1 << 16 | hw2) writes the first as 111U 1111 and
 * the second as 1111 1001 xxx0. */
static uint32_t neon_a32_form(uint32_t w, uint32_t t32)
{
    if (!t32)
        return (w >> 25) == 0x79u || ((w >> 24) == 0xf4u && !(w & (1u << 20))) ? w : 0u;
    if ((w >> 29) == 7u && ((w >> 24) & 0xfu) == 0xfu)
        return 0xf2000000u | ((w >> 28) & 1u) << 24 | (w & 0x00ffffffu);
    if ((w >> 24) == 0xf9u && !(w & (1u << 20)))
        return 0xf4000000u | (w & 0x00ffffffu);
    return 0u;
}

int arm_decode_neon(uint32_t w, uint32_t addr, uint32_t t32, arm_insn_t *out)
{
    uint32_t a = neon_a32_form(w, t32);
    if (!a)
        return 0;
    arm_insn_t o;
    memset(&o, 0, sizeof o);
    o.cond = ARM_COND_AL;
    for (size_t i = 0; neon_rows[i].form; i++) {
        if ((a & neon_rows[i].mask) != neon_rows[i].match)
            continue;
        o.op = neon_rows[i].op;
        if (neon_rows[i].form(a, addr, &o))
            break;
        o.flags |= (uint8_t)(t32 ? ARM_F_T32 : 0u);
        arm_set_len(&o, 4);
        *out = o;
        return 1;
    }
    /* an Advanced SIMD word no row takes, or a variant the row refuses */
    memset(out, 0, sizeof *out);
    out->op = ARM_OP_UNDEF;
    out->cond = ARM_COND_AL;
    out->imm = t32 ? (w >> 16 | w << 16) : w;
    out->flags = (uint8_t)(t32 ? ARM_F_T32 : 0u);
    arm_set_len(out, 4);
    return 1;
}
