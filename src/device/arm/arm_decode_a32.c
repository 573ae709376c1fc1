/* A32 decoder: one table of match/mask rows (arm_a32.def) picks the op and an
 * operand form; one small function per form pulls the fields out of the word
 * into the arm_insn_t conventions of arm_ops.def. Host code, run once per
 * text word. */
#include <pthread.h>
#include <string.h>

#include "arm_insn.h"
#include "arm_a32.def"
#include "arm_decode_index.h"

/* How a matched word's fields are extracted (the `form` column). */
typedef enum a32_form {
    F_NONE, F_DPI, F_DPR, F_DPRS, F_MRS, F_MSRR, F_MSRI, F_BXR, F_RR, F_QARITH,
    F_BKPT, F_HMUL, F_HMULL, F_MOVI, F_MUL, F_MULL, F_SWP, F_LDREX, F_STREX,
    F_LSXR, F_LSXI, F_LIT, F_LSI, F_LSR, F_XT, F_XTA, F_RRR, F_SAT, F_DIV,
    F_USAD, F_BFX, F_BFI, F_LSM, F_BR, F_SVC, F_MRC, F_BLXI, F_PKH, F_SMUL, F_SMULL, F_SAT16
} a32_form_t;

typedef struct a32_row {
    uint32_t match, mask;
    uint16_t op;
    uint8_t form;
} a32_row_t;

#define A32_ROW(op, form, match, mask) {(match), (mask), ARM_OP_##op, F_##form},
static const a32_row_t a32_cond_rows[] = {ARM_A32_COND_ROWS(A32_ROW)};
static const a32_row_t a32_uncond_rows[] = {ARM_A32_UNCOND_ROWS(A32_ROW)};
#undef A32_ROW

#define BITS(w, hi, lo) (((w) >> (lo)) & ((2u << ((hi) - (lo))) - 1u))
#define BIT(w, n) (((w) >> (n)) & 1u)

static uint32_t a32_ror(uint32_t v, uint32_t n)
{
    n &= 31u;
    return n ? (v >> n) | (v << (32u - n)) : v;
}

/* Immediate shift "DecodeImmShift": LSR/ASR #0 mean #32, ROR #0 is RRX. */
static void a32_imm_shift(uint32_t w, arm_insn_t *o)
{
    uint32_t type = BITS(w, 6, 5), n = BITS(w, 11, 7);
    o->shift = (uint8_t)type;
    o->amount = (uint8_t)n;
    if ((type == ARM_SH_LSR || type == ARM_SH_ASR) && n == 0)
        o->amount = 32;
    else if (type == ARM_SH_ROR && n == 0)
        o->shift = ARM_SH_RRX;
}


/* Each form returns 0, or 1 when the word is UNPREDICTABLE and becomes UNDEF. */
static int a32_form_dp(uint32_t w, uint32_t form, arm_insn_t *o)
{
    o->rd = (uint8_t)BITS(w, 15, 12);
    o->rn = (uint8_t)BITS(w, 19, 16);
    o->flags = BIT(w, 20) ? ARM_F_S : 0;
    if (form == F_DPI) {
        uint32_t rot = BITS(w, 11, 8) * 2u;
        o->imm = a32_ror(BITS(w, 7, 0), rot);
        if (rot)
            o->flags |= ARM_F_IMMC;
    } else {
        o->rm = (uint8_t)BITS(w, 3, 0);
        if (form == F_DPR) {
            a32_imm_shift(w, o);
        } else {
            o->rs = (uint8_t)BITS(w, 11, 8);
            o->shift = (uint8_t)BITS(w, 6, 5);
            if (o->rd == 15 || o->rn == 15 || o->rm == 15 || o->rs == 15)
                return 1;
        }
    }
    /* S with Rd = pc is an exception return: privileged. */
    return (o->flags & ARM_F_S) && o->rd == 15 && !arm_op_has(o->op, ARM_P_NORD);
}

static int a32_form_mul(uint32_t w, uint32_t form, arm_insn_t *o)
{
    o->rd = (uint8_t)BITS(w, 19, 16);
    o->rn = (uint8_t)BITS(w, 15, 12);
    o->rs = (uint8_t)BITS(w, 11, 8);
    o->rm = (uint8_t)BITS(w, 3, 0);
    if (form == F_SMUL || form == F_SMULL) {
        o->amount = (uint8_t)BIT(w, 5); /* X or R */
        if (arm_op_has(o->op, ARM_P_NORN))
            o->rn = 0; /* Ra = 1111: no accumulator */
    } else if (form == F_HMUL || form == F_HMULL) {
        /* SMLA<x><y> Rd, Rn, Rm, Ra: x = N (bit 5) picks Rn's half, y = M (bit 6) Rm's. */
        o->amount = (uint8_t)(BIT(w, 5) | BIT(w, 6) << 1);
        if (o->op == ARM_OP_SMLAWY || o->op == ARM_OP_SMULWY)
            o->amount = (uint8_t)(BIT(w, 6) << 1);
    } else if (BIT(w, 20)) {
        o->flags = ARM_F_S;
    }
    if (form == F_MULL || form == F_HMULL || form == F_SMULL) {
        uint8_t hi = o->rd;
        o->rd = o->rn; /* RdLo */
        o->rn = hi;    /* RdHi */
        if (o->rd == o->rn)
            return 1;
    }
    return o->rd == 15 || o->rn == 15 || o->rm == 15 || o->rs == 15;
}

/* Loads and stores of a single register: P, U, W; post-indexed (P = 0)
 * always writes back, and the unprivileged W = 1 forms are plain post-index. */
static int a32_ls_flags(uint32_t w, arm_insn_t *o)
{
    uint32_t p = BIT(w, 24), wb = BIT(w, 21) || !p;
    o->rd = (uint8_t)BITS(w, 15, 12);
    o->rn = (uint8_t)BITS(w, 19, 16);
    o->flags = (uint8_t)((p ? ARM_F_P : 0) | (BIT(w, 23) ? ARM_F_U : 0) | (wb ? ARM_F_W : 0));
    return wb && o->rn == 15;
}

static int a32_is_load(uint32_t op)
{
    return op == ARM_OP_LDR_IMM || op == ARM_OP_LDR_REG || op == ARM_OP_LDRB_IMM ||
           op == ARM_OP_LDRB_REG || op == ARM_OP_LDRH_IMM || op == ARM_OP_LDRH_REG ||
           op == ARM_OP_LDRSB_IMM || op == ARM_OP_LDRSB_REG || op == ARM_OP_LDRSH_IMM ||
           op == ARM_OP_LDRSH_REG || op == ARM_OP_LDRD_IMM || op == ARM_OP_LDRD_REG;
}

static int a32_form_ls(uint32_t w, uint32_t form, arm_insn_t *o)
{
    int bad = a32_ls_flags(w, o);
    uint32_t op = o->op, byte_or_half = 0;
    if (form == F_LSI) {
        o->imm = BITS(w, 11, 0);
    } else if (form == F_LSXI) {
        o->imm = BITS(w, 11, 8) << 4 | BITS(w, 3, 0);
    } else {
        o->rm = (uint8_t)BITS(w, 3, 0);
        bad |= o->rm == 15;
        if (form == F_LSR)
            a32_imm_shift(w, o);
    }
    if (op == ARM_OP_LDRD_IMM || op == ARM_OP_LDRD_REG || op == ARM_OP_STRD_IMM ||
        op == ARM_OP_STRD_REG) {
        o->rs = (uint8_t)(o->rd + 1u);
        bad |= (o->rd & 1u) || o->rd == 14 || (!BIT(w, 24) && BIT(w, 21));
        bad |= a32_is_load(op) && (o->flags & ARM_F_W) && (o->rn == o->rd || o->rn == o->rs);
        bad |= op == ARM_OP_LDRD_REG && (o->rm == o->rd || o->rm == o->rs);
        byte_or_half = 1;
    } else if (form != F_LSI && form != F_LSR) {
        byte_or_half = 1;
    } else if (op == ARM_OP_LDRB_IMM || op == ARM_OP_LDRB_REG) {
        byte_or_half = 1;
    }
    /* Only a word load may write the PC. */
    bad |= byte_or_half && a32_is_load(op) && o->rd == 15;
    return bad;
}

static int a32_form_lsm(uint32_t w, arm_insn_t *o)
{
    o->rn = (uint8_t)BITS(w, 19, 16);
    o->imm = BITS(w, 15, 0);
    o->flags = (uint8_t)((BIT(w, 24) ? ARM_F_P : 0) | (BIT(w, 23) ? ARM_F_U : 0) |
                         (BIT(w, 21) ? ARM_F_W : 0));
    arm_lsm_layout(o);
    return o->rn == 15 || o->imm == 0;
}

static int a32_form_sync(uint32_t w, uint32_t form, arm_insn_t *o)
{
    o->rn = (uint8_t)BITS(w, 19, 16);
    o->rd = (uint8_t)BITS(w, 15, 12);
    if (form != F_LDREX)
        o->rm = (uint8_t)BITS(w, 3, 0);
    if (o->op == ARM_OP_LDREXD) {
        o->rs = (uint8_t)(o->rd + 1u);
        return (o->rd & 1u) || o->rd == 14 || o->rn == 15;
    }
    if (o->op == ARM_OP_STREXD) {
        o->rs = (uint8_t)(o->rm + 1u);
        if ((o->rm & 1u) || o->rm == 14 || o->rd == o->rs)
            return 1;
    }
    if (form == F_STREX && (o->rd == o->rn || o->rd == o->rm))
        return 1;
    return o->rd == 15 || o->rn == 15 || o->rm == 15;
}

static int a32_form_media(uint32_t w, uint32_t form, arm_insn_t *o)
{
    o->rd = (uint8_t)BITS(w, 15, 12);
    o->rn = (uint8_t)BITS(w, 19, 16);
    o->rm = (uint8_t)BITS(w, 3, 0);
    if (form == F_SAT || form == F_BFX || form == F_BFI) {
        o->rn = o->rm;
        o->rm = 0;
    }
    switch (form) {
    case F_XT:
    case F_XTA:
        o->amount = (uint8_t)(BITS(w, 11, 10) * 8u);
        break;
    case F_SAT:
        o->amount = (uint8_t)(BITS(w, 20, 16) + (o->op == ARM_OP_SSAT ? 1u : 0u));
        o->shift = BIT(w, 6) ? ARM_SH_ASR : ARM_SH_LSL;
        o->imm = BITS(w, 11, 7);
        if (o->shift == ARM_SH_ASR && o->imm == 0)
            o->imm = 32;
        break;
    case F_SAT16:
        o->rn = o->rm;
        o->rm = 0;
        o->amount = (uint8_t)(BITS(w, 19, 16) + (o->op == ARM_OP_SSAT16 ? 1u : 0u));
        break;
    case F_DIV:
        /* SDIV Rd, Rn, Rm: Rd 19:16, Rm 11:8, Rn 3:0 */
        o->rd = (uint8_t)BITS(w, 19, 16);
        o->rm = (uint8_t)BITS(w, 11, 8);
        o->rn = (uint8_t)BITS(w, 3, 0);
        break;
    case F_PKH: /* pkhbt rd, rn, rm, lsl #imm5 / pkhtb ... asr #imm5 (0: 32) */
        o->shift = BIT(w, 6) ? ARM_SH_ASR : ARM_SH_LSL;
        o->amount = (uint8_t)BITS(w, 11, 7);
        if (o->shift == ARM_SH_ASR && o->amount == 0)
            o->amount = 32;
        break;
    case F_USAD:
        o->rd = (uint8_t)BITS(w, 19, 16);
        o->rs = (uint8_t)BITS(w, 15, 12); /* Ra; 15 = plain USAD8 */
        o->rm = (uint8_t)BITS(w, 11, 8);
        o->rn = (uint8_t)BITS(w, 3, 0);
        break;
    case F_BFX: {
        uint32_t lsb = BITS(w, 11, 7), width = BITS(w, 20, 16) + 1u;
        o->amount = (uint8_t)lsb;
        o->imm = width;
        return lsb + width > 32u || o->rd == 15 || o->rn == 15;
    }
    case F_BFI: {
        uint32_t lsb = BITS(w, 11, 7), msb = BITS(w, 20, 16);
        o->amount = (uint8_t)lsb;
        o->imm = msb + 1u - lsb;
        return msb < lsb || o->rd == 15;
    }
    default:
        break;
    }
    return o->rd == 15 || o->rm == 15 || (form != F_XT && o->rn == 15);
}

static int a32_form_misc(uint32_t w, uint32_t form, uint32_t addr, arm_insn_t *o)
{
    switch (form) {
    case F_NONE:
        return 0;
    case F_MRS:
        o->rd = (uint8_t)BITS(w, 15, 12);
        return o->rd == 15;
    case F_MSRR:
    case F_MSRI:
        /* f (bit 19) writes NZCVQ, s (bit 18) GE; c (bit 16) is ignored in User
         * mode; x (bit 17) would write the E bit: big-endian data is not
         * supported, so that form is rejected rather than silently ignored. */
        o->amount = (uint8_t)(BIT(w, 19) << 3 | BIT(w, 18) << 2);
        o->rm = (uint8_t)BITS(w, 3, 0);
        o->imm = a32_ror(BITS(w, 7, 0), BITS(w, 11, 8) * 2u);
        return (form == F_MSRR && o->rm == 15) || BIT(w, 17);
    case F_BXR:
        o->rm = (uint8_t)BITS(w, 3, 0);
        return o->op == ARM_OP_BLX_REG && o->rm == 15;
    case F_RR:
        o->rd = (uint8_t)BITS(w, 15, 12);
        o->rm = (uint8_t)BITS(w, 3, 0);
        return o->rd == 15 || o->rm == 15;
    case F_QARITH:
        o->rd = (uint8_t)BITS(w, 15, 12);
        o->rn = (uint8_t)BITS(w, 19, 16);
        o->rm = (uint8_t)BITS(w, 3, 0);
        return o->rd == 15 || o->rn == 15 || o->rm == 15;
    case F_BKPT:
        o->imm = BITS(w, 19, 8) << 4 | BITS(w, 3, 0);
        return o->cond != ARM_COND_AL;
    case F_MOVI:
        o->rd = (uint8_t)BITS(w, 15, 12);
        o->imm = BITS(w, 19, 16) << 12 | BITS(w, 11, 0);
        return o->rd == 15;
    case F_LIT: {
        uint32_t off = BITS(w, 11, 0);
        o->rd = (uint8_t)BITS(w, 15, 12);
        o->imm = BIT(w, 23) ? addr + 8u + off : addr + 8u - off;
        return 0;
    }
    case F_BR:
        /* imm32 = SignExtend(imm24:'00'); target = PC + imm32 */
        o->imm = addr + 8u + (uint32_t)((int32_t)(w << 8) >> 6);
        return 0;
    case F_BLXI:
        o->imm = addr + 8u + (uint32_t)((int32_t)(w << 8) >> 6) + (BIT(w, 24) << 1);
        return 0;
    case F_SVC:
        o->imm = BITS(w, 23, 0);
        return 0;
    case F_MRC:
        o->rd = (uint8_t)BITS(w, 15, 12);
        return o->rd == 15;
    default:
        return 1;
    }
}

static int a32_fill(uint32_t w, uint32_t addr, uint32_t form, arm_insn_t *o)
{
    switch (form) {
    case F_DPI:
    case F_DPR:
    case F_DPRS:
        return a32_form_dp(w, form, o);
    case F_MUL:
    case F_MULL:
    case F_HMUL:
    case F_HMULL:
    case F_SMUL:
    case F_SMULL:
        return a32_form_mul(w, form, o);
    case F_LSI:
    case F_LSR:
    case F_LSXI:
    case F_LSXR:
        return a32_form_ls(w, form, o);
    case F_LSM:
        return a32_form_lsm(w, o);
    case F_SWP:
    case F_LDREX:
    case F_STREX:
        return a32_form_sync(w, form, o);
    case F_XT:
    case F_XTA:
    case F_RRR:
    case F_SAT:
    case F_DIV:
    case F_USAD:
    case F_BFX:
    case F_BFI:
    case F_PKH:
    case F_SAT16:
        return a32_form_media(w, form, o);
    default:
        return a32_form_misc(w, form, addr, o);
    }
}

/* The index keys on bits 27:20 and 7:4, the bits the ARM ARM's decode
 * tables branch on first. */
static uint32_t a32_key(uint32_t w) { return (w >> 20 & 0xffu) << 4 | (w >> 4 & 0xfu); }
static uint32_t a32_unkey(uint32_t k) { return (k >> 4 & 0xffu) << 20 | (k & 0xfu) << 4; }

#define A32_INDEX_INIT {0x0ff000f0u, a32_key, a32_unkey, 12, NULL, NULL}
static dec_index_t a32_cond_index = A32_INDEX_INIT, a32_uncond_index = A32_INDEX_INIT;
static pthread_once_t a32_index_once = PTHREAD_ONCE_INIT;

static void a32_index_build(void)
{
    /* Without memory the lookups fall back to scanning the tables. */
    dec_index_build(&a32_cond_index, a32_cond_rows, sizeof a32_cond_rows / sizeof a32_cond_rows[0],
                    sizeof a32_cond_rows[0]);
    dec_index_build(&a32_uncond_index, a32_uncond_rows, sizeof a32_uncond_rows / sizeof a32_uncond_rows[0],
                    sizeof a32_uncond_rows[0]);
}

static const a32_row_t *a32_lookup(uint32_t w)
{
    const a32_row_t *rows = a32_cond_rows;
    size_t n = sizeof a32_cond_rows / sizeof a32_cond_rows[0];
    const dec_index_t *ix = &a32_cond_index;
    pthread_once(&a32_index_once, a32_index_build);
    if ((w >> 28) == 15u) {
        rows = a32_uncond_rows;
        n = sizeof a32_uncond_rows / sizeof a32_uncond_rows[0];
        ix = &a32_uncond_index;
    }
    long i = dec_index_find(ix, rows, n, sizeof rows[0], w);
    return i < 0 ? NULL : &rows[i];
}

void arm_decode_a32(uint32_t word, uint32_t addr, arm_insn_t *out)
{
    if (arm_decode_vfp(word, addr, 0, out) || arm_decode_neon(word, addr, 0, out))
        return;
    const a32_row_t *row = a32_lookup(word);
    memset(out, 0, sizeof *out);
    out->cond = (uint8_t)((word >> 28) == 15u ? ARM_COND_AL : word >> 28);
    if (row) {
        out->op = row->op;
        if (a32_fill(word, addr, row->form, out) == 0) {
            arm_set_len(out, 4);
            return;
        }
        memset(out, 0, sizeof *out);
        out->cond = (uint8_t)((word >> 28) == 15u ? ARM_COND_AL : word >> 28);
    }
    out->op = ARM_OP_UNDEF;
    out->imm = word;
    arm_set_len(out, 4);
}
