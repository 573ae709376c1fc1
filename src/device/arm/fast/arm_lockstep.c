/* The lockstep engine (arm_lockstep.h).
 *
 * State. A chunk's cores are lanes; each keeps its whole context (arm_ctx_t,
 * as a core staged for arm_run has it), but while the chunk runs, r0-r14,
 * the flags and the pc live in slots, structure-of-arrays (R[reg][slot]),
 * where the records that share a group read them side by side. A lane
 * keeps its slot; a group is a set of live slots (a bit each, and a mask a
 * slot in gm), those at the lowest (pc, instruction set, IT state): the
 * lowest pc runs first (where a group splits, the lanes ahead usually wait
 * at a higher pc, after a loop or an if, for the others to come: they
 * merge there; Fung et al.'s reconvergence heuristic, which the GPU's
 * scheduler approximates too). Nothing depends on the order but speed.
 *
 * A record runs once for the group, by its kind (lockstep_kind):
 *   - data processing with register and immediate operands: a loop over
 *     all ARM_LANES slots for each operation, operand-2 shape and flag
 *     setting, masked by the group and each lane's condition, that the
 *     compiler vectorises (the values come from the same helpers
 *     arm_exec's bodies use: arm_dp_val_<op>, arm_add_with_carry,
 *     arm_nzc_merge: one source);
 *   - multiplies, saturating arithmetic, bit counts, reversals, extends:
 *     the same, from arm_exec_mul.h's and arm_exec_bits.h's value helpers;
 *   - single loads and stores: every slot's address at once, then where
 *     all fall in their windows a host access a slot (word loads from the
 *     shared region: a gather from its base); on the interleaved layout
 *     (backend_cpu.c's --layout), where every slot's offset is the same
 *     and the chunk's lanes are 32 consecutive cores, one host vector of
 *     32 words (the window's word w of core c is at w * ncores + c); else
 *     a loop through arm_ld_size and arm_st_size; a lane whose access
 *     faults takes the full path, which faults it the same way;
 *   - LDM and STM whose words are all aligned and in their windows: a
 *     row a register on a dense chunk with one address, else a slot at a
 *     time (lockstep_lsm);
 *   - B: each lane's condition picks its pc; IT: every lane's IT state;
 *   - anything else: each lane's registers go to its context, arm_exec's
 *     body runs on it (the op's switch outside the loop over the lanes),
 *     and they come back: only the registers the record's fields name, for
 *     the formats whose bodies touch no others, else r0-r14.
 * In an IT block, data processing and the value ops run shared under the
 * block's condition, then every lane's IT state advances; other records
 * there, and fetches outside the text, run as a full step of each lane's
 * own (arm_step_inline). */
#define SIM_PORTABLE_FLAGS /* before any include: host.h (the vectorised loops) */
#include "arm_lockstep.h"

#include <stdlib.h>
#include <string.h>

/* -O3's inlining of the NEON bodies into the lanes' cases makes GCC 12 warn
 * that arm_neon_misc's m[] may be read uninitialized: its loops read the
 * elements of the registers arm_neon_read filled, no more (-O2 is quiet). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include "../arm_step.h"
#pragma GCC diagnostic pop

#if defined(__GNUC__) && !defined(__CUDACC__)

/* This file is built twice on x86-64: as itself (the generic build, with
 * the dispatch at its end) and as arm_lockstep_x86_64_v3.c, which names
 * its entry point and gets -march=x86-64-v3: 8-lane vectors and a shift
 * per element for the lane loops. */
#ifndef ARM_LOCKSTEP_CHUNK
#define ARM_LOCKSTEP_CHUNK arm_lockstep_chunk_generic
#define ARM_LOCKSTEP_DISPATCH
#endif

#define NL ARM_LANES

typedef struct lockstep {
    /* by slot */
    uint32_t R[16][NL] __attribute__((aligned(64))); /* R[15]: never read (the pc is PC) */
    uint32_t NZCV[NL] __attribute__((aligned(64)));
    uint32_t gm[NL] __attribute__((aligned(64))); /* the group as a mask a slot: all ones or none */
    uint32_t PC[NL];
    uint8_t *W[NL]; /* the first byte of the lane's window (its word 0: lk_host) */
    uint64_t done[NL]; /* instructions run (arm_run's n), before the current group's */
    uint64_t left[NL]; /* budget still to run, likewise */
    uint8_t lane[NL];
    uint32_t live; /* the slots still running in this call, a bit each */
    uint64_t rest_lo; /* the lowest key of the live slots outside the group (group_form) */
    /* the layout (sim_mem.h): words a window's word is from the next
     * (stride_word: 1, or ncores interleaved), that in bytes, and, when
     * interleaved with slot s the lane of core core[0] + s for all NL
     * slots, slot 0's word 0 (slot s's word w at dense[w * sw + s]); NULL
     * otherwise */
    uint64_t sw, swb;
    uint32_t *dense;
    /* by lane */
    arm_ctx_t ctx[NL];
    sim_mem_t mem[NL]; /* each lane's view (sim_mem_for_core) */
    uint32_t core[NL];
    uint64_t start[NL]; /* icount at entry */
    uint64_t ran[NL];   /* instructions run, once the lane has left */
} lockstep_t;

/* Each slot s of the set g (a bit a slot), lowest first. */
#define FOR_SLOTS(s, g)                                                        \
    for (uint32_t s##_m = (g), s = 0; s##_m && (s = (uint32_t)__builtin_ctz(s##_m), 1); s##_m &= s##_m - 1u)

/* x where the mask m (all ones or none) is set, else y: vector code in
 * the lane loops. */
static inline uint32_t lk_sel(uint32_t m, uint32_t x, uint32_t y)
{
    return (x & m) | (y & ~m);
}

/* The host byte of offset po of slot s's window, on either layout: on the
 * interleaved one only for an access that stays in po's word. */
static inline uint8_t *lk_host(const lockstep_t *S, uint32_t s, uint32_t po)
{
    return S->W[s] + (uint64_t)(po >> 2) * S->swb + (po & 3u);
}

/* The registers of slot s to and from its lane's context, with the flags
 * (and, back, the pc): all of r0-r14 (nf = 0), or the nf registers the
 * record's fields name (f: rd, rn, rm, rs; a field naming r15 moves the
 * unused row R[15], and the step sets r15 after). */
static inline void slot_to_ctx(lockstep_t *S, uint32_t s, const uint8_t *f, uint32_t nf)
{
    arm_ctx_t *c = &S->ctx[S->lane[s]];
    if (nf) {
        /* the fields in locals first: the stores could alias f */
        uint32_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3];
        c->r[f0] = S->R[f0][s];
        c->r[f1] = S->R[f1][s];
        c->r[f2] = S->R[f2][s];
        c->r[f3] = S->R[f3][s];
    } else
        for (uint32_t r = 0; r < 15; r++)
            c->r[r] = S->R[r][s];
    c->nzcv = S->NZCV[s];
}

static inline void slot_from_ctx(lockstep_t *S, uint32_t s, const uint8_t *f, uint32_t nf)
{
    const arm_ctx_t *c = &S->ctx[S->lane[s]];
    if (nf) {
        uint32_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3];
        S->R[f0][s] = c->r[f0];
        S->R[f1][s] = c->r[f1];
        S->R[f2][s] = c->r[f2];
        S->R[f3][s] = c->r[f3];
    } else
        for (uint32_t r = 0; r < 15; r++)
            S->R[r][s] = c->r[r];
    S->NZCV[s] = c->nzcv;
    S->PC[s] = c->r[15];
}

static const uint8_t *const all_regs = NULL;

/* How a record runs for a group (the file's head comment). */
enum { LK_DP, LK_VALUE, LK_LS, LK_LSM, LK_B, LK_IT, LK_EXCL, LK_FIELDS, LK_ALL };

/* The formats whose bodies read and write only the registers their fields
 * (rd, rn, rm, rs) name, the flags, and state the contexts keep (cpsr,
 * thumb, it): a lane's step needs those registers and no more (NONE's
 * ops, NOP, DMB, CLREX, UNDEF, touch none). */
static uint32_t fmt_fields_only(uint32_t fmt)
{
    switch (fmt) {
    case ARM_FMT_DP_IMM: case ARM_FMT_DP_REG: case ARM_FMT_DP_RSR: case ARM_FMT_MUL: case ARM_FMT_MLA:
    case ARM_FMT_MULL: case ARM_FMT_QARITH: case ARM_FMT_DIV: case ARM_FMT_RR: case ARM_FMT_XT:
    case ARM_FMT_XTA: case ARM_FMT_BFX: case ARM_FMT_SAT: case ARM_FMT_RRR: case ARM_FMT_MOVI:
    case ARM_FMT_LS_IMM: case ARM_FMT_LS_REG: case ARM_FMT_LIT: case ARM_FMT_PKH: case ARM_FMT_SMUL:
    case ARM_FMT_SMLA: case ARM_FMT_SMLAL: case ARM_FMT_NONE:
        return 1;
    default:
        return 0;
    }
}

/* The single loads and stores the lane loop runs (arm_ops.def's
 * ARM_LOAD_LIST and ARM_STORE_LIST): size, sign, whether a load. */
typedef struct ls_op { uint8_t size, sign, load, valid; } ls_op_t;
static const ls_op_t ls_ops[ARM_OP_COUNT] = {
#define LS_LOAD(n, mn, size, sign) [ARM_OP_##n##_IMM] = {size, sign, 1, 1}, [ARM_OP_##n##_REG] = {size, sign, 1, 1},
#define LS_STORE(n, mn, size, sign) [ARM_OP_##n##_IMM] = {size, 0, 0, 1}, [ARM_OP_##n##_REG] = {size, 0, 0, 1},
    ARM_LOAD_LIST(LS_LOAD) ARM_STORE_LIST(LS_STORE)
#undef LS_LOAD
#undef LS_STORE
};

/* The ops whose values come from arm_exec_mul.h's and arm_exec_bits.h's
 * value helpers (the ones their bodies use): Rd, with RdHi for the long
 * multiplies, the flags where the op sets them, and Q where it saturates. */
#define LK_VALUE_OPS(_)                                                        \
    _(MUL) _(MLA) _(MLS) _(UMULL) _(SMULL) _(UMLAL) _(SMLAL) _(UMAAL) _(SMULXY) _(SMULWY) \
    _(QADD) _(QSUB) _(QDADD) _(QDSUB) _(CLZ) _(RBIT) _(REV) _(REV16) _(REVSH) \
    _(SXTB) _(SXTH) _(UXTB) _(UXTH) _(SXTB16) _(UXTB16) _(SXTAB) _(SXTAH) _(UXTAB) _(UXTAH) \
    _(SXTAB16) _(UXTAB16) _(NOP)

static const uint8_t lk_value_op[ARM_OP_COUNT] = {
#define LK_VALUE_ROW(n) [ARM_OP_##n] = 1,
    LK_VALUE_OPS(LK_VALUE_ROW)
#undef LK_VALUE_ROW
};

/* The data-processing ops that write Rd (the tests' rd field names no
 * register: T32's TST, TEQ, CMP and CMN have 15 there). */
static const uint8_t lk_dp_writes[ARM_OP_COUNT] = {
#define LK_DP_LOGIC_W(n, expr, wr, is_b) [ARM_OP_##n##_IMM] = wr, [ARM_OP_##n##_REG] = wr,
#define LK_DP_ARITH_W(n, x, y, cin, wr) [ARM_OP_##n##_IMM] = wr, [ARM_OP_##n##_REG] = wr,
    ARM_DP_LOGIC_OPS(LK_DP_LOGIC_W) ARM_DP_ARITH_OPS(LK_DP_ARITH_W)
#undef LK_DP_LOGIC_W
#undef LK_DP_ARITH_W
};

static uint32_t lockstep_kind(const arm_insn_t *in)
{
    uint32_t op = in->op, fmt = arm_op_fmts[op], norn = arm_op_has(op, ARM_P_NORN) != 0;
    if ((fmt == ARM_FMT_DP_IMM || fmt == ARM_FMT_DP_REG) && (in->rd != 15 || !lk_dp_writes[op]) &&
        (fmt == ARM_FMT_DP_IMM || in->rm != 15) && (in->rn != 15 || norn))
        return LK_DP;
    if (lk_value_op[op] && in->rd != 15 && (in->rn != 15 || norn) && in->rm != 15 && in->rs != 15)
        return LK_VALUE;
    if (op == ARM_OP_IT)
        return LK_IT;
    if (ls_ops[op].valid && in->rd != 15 && in->rn != 15 && (fmt == ARM_FMT_LS_IMM || in->rm != 15))
        return LK_LS;
    if ((op == ARM_OP_LDM || (op == ARM_OP_STM && !(arm_lsm_list(in) & 0x8000u))) && in->rn != 15)
        return LK_LSM;
    if (op == ARM_OP_B)
        return LK_B;
    if (fmt == ARM_FMT_LDREX)
        return LK_EXCL;
    return fmt_fields_only(fmt) ? LK_FIELDS : LK_ALL;
}

/* ---- data processing, every slot at once -------------------------------- */

/* The group's slots (0..n-1) whose condition passes, as a mask per slot
 * (all ones or none): the condition is the record's, so each has a loop of
 * its own (arm_cond_bits: no per-slot shift or table), which vectorises.
 * AL is the group's mask itself (S->gm). */
static inline const uint32_t *cond_mask(const lockstep_t *S, uint32_t cond, uint32_t *ok)
{
    switch (cond) {
#define CM(k)                                                                  \
    case k:                                                                    \
        for (uint32_t s = 0; s < NL; s++)                                      \
            ok[s] = S->gm[s] & -arm_cond_bits(k, S->NZCV[s]);                  \
        return ok;
        CM(0) CM(1) CM(2) CM(3) CM(4) CM(5) CM(6) CM(7) CM(8) CM(9) CM(10) CM(11) CM(12) CM(13)
#undef CM
    default:
        return S->gm;
    }
}

/* Operand 2's shape (arm_op2_imm, arm_op2_reg: an immediate shift of Rm),
 * the record's, so that each is a loop of straight-line code: arm_shift_c's
 * tests of the type and the amount are made once, here. */
enum { OP2_IMM, OP2_RM, OP2_LSL, OP2_LSR, OP2_LSR32, OP2_ASR, OP2_ASR32, OP2_ROR, OP2_RRX, OP2_ANY };

static uint32_t op2_kind(const arm_insn_t *in)
{
    uint32_t n = in->amount;
    if (arm_op_fmts[in->op] == ARM_FMT_DP_IMM)
        return OP2_IMM;
    switch (in->shift) {
    case ARM_SH_LSL: return n == 0 ? OP2_RM : n < 32u ? OP2_LSL : OP2_ANY;
    case ARM_SH_LSR: return n == 0 ? OP2_RM : n < 32u ? OP2_LSR : n == 32u ? OP2_LSR32 : OP2_ANY;
    case ARM_SH_ASR: return n == 0 ? OP2_RM : n < 32u ? OP2_ASR : OP2_ASR32;
    case ARM_SH_ROR: return n == 0 ? OP2_RM : n < 32u ? OP2_ROR : OP2_ANY;
    default: return OP2_RRX;
    }
}

/* Each record's plan: its kind and, for data processing, its operand-2
 * shape, a byte a record of the text (kind + 1, shape << 4; 0: not worked
 * out yet), kept from its first run (lockstep_kind and op2_kind were a
 * tenth of compute.arm's host instructions, a record run 32 times a
 * hundred thousand times). One table for the run, both builds and every
 * thread: a byte is only ever written with the one value its record
 * gives, atomically. Undecoded records (lazy decode fills them in later)
 * and IT blocks' copies are worked out each time. */
typedef struct lk_plans {
    const arm_insn_t *a32, *t32;
    uint32_t na, nt;
    uint8_t *pa, *pt;
} lk_plans_t;
extern lk_plans_t arm_lockstep_plan_table;
#ifdef ARM_LOCKSTEP_DISPATCH
lk_plans_t arm_lockstep_plan_table;

int arm_lockstep_plans(const arm_code_t *code)
{
    lk_plans_t *P = &arm_lockstep_plan_table;
    free(P->pa);
    free(P->pt);
    memset(P, 0, sizeof *P);
    if (!code)
        return 0;
    uint32_t na = code->a32 ? code->text_size >> 2 : 0u, nt = code->t32 ? code->text_size >> 1 : 0u;
    uint8_t *pa = (uint8_t *)calloc(na + 1u, 1), *pt = (uint8_t *)calloc(nt + 1u, 1);
    if (!pa || !pt) {
        free(pa);
        free(pt);
        return -1;
    }
    *P = (lk_plans_t){code->a32, code->t32, na, nt, pa, pt};
    return 0;
}
#endif

/* The plan of record `in`, of the text's records of the instruction set
 * `thumb` or a copy (lk_plan_kind, lk_plan_shape). */
static inline uint32_t lk_plan(const arm_insn_t *in, uint32_t thumb)
{
    const lk_plans_t *P = &arm_lockstep_plan_table;
    uint8_t *b = NULL;
    uintptr_t i = ((uintptr_t)in - (uintptr_t)(thumb ? P->t32 : P->a32)) / sizeof *in;
    if (i < (thumb ? P->nt : P->na))
        b = &(thumb ? P->pt : P->pa)[i];
    uint32_t v = b ? __atomic_load_n(b, __ATOMIC_RELAXED) : 0u;
    if (SIM_LIKELY(v))
        return v;
    uint32_t k = lockstep_kind(in);
    v = (k + 1u) | (k == LK_DP ? op2_kind(in) << 4 : 0u);
    if (b && in->op != ARM_OP_UNDECODED)
        __atomic_store_n(b, (uint8_t)v, __ATOMIC_RELAXED);
    return v;
}
static inline uint32_t lk_plan_kind(uint32_t v) { return (v & 15u) - 1u; }
static inline uint32_t lk_plan_shape(uint32_t v) { return v >> 4; }

/* Operand 2 of one slot, v its Rm and cf its C flag, with the shifter's
 * carry in *sc: arm_shift_c's cases, each for the amounts op2_kind gave
 * it (k is a constant where this inlines). */
static inline __attribute__((always_inline)) uint32_t op2_lane(uint32_t k, const arm_insn_t *in, uint32_t v,
                                                               uint32_t cf, uint32_t *sc)
{
    const uint32_t n = in->amount;
    switch (k) {
    case OP2_IMM:
        *sc = in->flags & ARM_F_IMMC ? in->imm >> 31 : cf;
        return in->imm;
    case OP2_RM:
        *sc = cf;
        return v;
    case OP2_LSL:
        *sc = (v >> (32u - n)) & 1u;
        return v << n;
    case OP2_LSR:
        *sc = (v >> (n - 1u)) & 1u;
        return v >> n;
    case OP2_LSR32:
        *sc = v >> 31;
        return 0;
    case OP2_ASR:
        *sc = (v >> (n - 1u)) & 1u;
        return (uint32_t)((int32_t)v >> n);
    case OP2_ASR32:
        *sc = v >> 31;
        return (uint32_t)((int32_t)v >> 31);
    case OP2_ROR: {
        uint32_t r = (v >> n) | (v << (32u - n));
        *sc = r >> 31;
        return r;
    }
    case OP2_RRX:
        *sc = v & 1u;
        return cf << 31 | v >> 1;
    default:
        return arm_shift_c(v, in->shift, n, cf, sc);
    }
}

/* One loop for the group: operand 2, the operation's value and flags, and
 * the commit where the slot's mask is set (Rd if the op writes it, the
 * flags if it sets them), as selects. The rows of Rd, Rn and Rm may be one:
 * each slot reads its own before it writes it, so no iteration depends on
 * another (ivdep). VAL(a, b, cf, sc, &nf) gives the result and the flags. */
#define DP_LOOP(K, WR, SETF, VAL)                                              \
    _Pragma("GCC ivdep") for (uint32_t s = 0; s < NL; s++)                     \
    {                                                                          \
        uint32_t f = S->NZCV[s], cf = (f >> 1) & 1u, sc, nf;                   \
        uint32_t b = op2_lane(K, in, rm[s], cf, &sc), a = ra[s];               \
        uint32_t res = VAL;                                                    \
        uint32_t m = ok[s];                                                    \
        (void)a, (void)nf, (void)sc;                                           \
        if (WR)                                                                \
            rd[s] = lk_sel(m, res, rd[s]);                                     \
        if (SETF)                                                              \
            S->NZCV[s] = lk_sel(m, nf, f);                                     \
    }

/* Each operand-2 shape, flags set or not: its own loop. */
#define DP_SHAPES(WR, VAL)                                                     \
    switch (shape) {                                                           \
    case OP2_IMM: DP_SETF(OP2_IMM, WR, VAL) break;                             \
    case OP2_RM: DP_SETF(OP2_RM, WR, VAL) break;                               \
    case OP2_LSL: DP_SETF(OP2_LSL, WR, VAL) break;                             \
    case OP2_LSR: DP_SETF(OP2_LSR, WR, VAL) break;                             \
    case OP2_LSR32: DP_SETF(OP2_LSR32, WR, VAL) break;                         \
    case OP2_ASR: DP_SETF(OP2_ASR, WR, VAL) break;                             \
    case OP2_ASR32: DP_SETF(OP2_ASR32, WR, VAL) break;                         \
    case OP2_ROR: DP_SETF(OP2_ROR, WR, VAL) break;                             \
    case OP2_RRX: DP_SETF(OP2_RRX, WR, VAL) break;                             \
    default: DP_SETF(OP2_ANY, WR, VAL) break;                                  \
    }
#define DP_SETF(K, WR, VAL)                                                    \
    if (setf) {                                                                \
        DP_LOOP(K, WR, 1, VAL)                                                 \
    } else {                                                                   \
        DP_LOOP(K, WR, 0, VAL)                                                 \
    }

/* One function per operation, from the rows of arm_exec_dataproc.h's
 * tables: logical ones set N Z from the result and C from the shifter,
 * arithmetic ones AddWithCarry's four. */
#define LS_DP_FN_HEAD(n)                                                       \
    static void lockstep_dp_##n(lockstep_t *S, const arm_insn_t *in, uint32_t setf, uint32_t shape) \
    {                                                                          \
        uint32_t okb[NL] __attribute__((aligned(64)));                         \
        const uint32_t *ok = cond_mask(S, in->cond, okb);                      \
        const uint32_t *ra = S->R[in->rn & 15u], *rm = S->R[in->rm & 15u];     \
        uint32_t *rd = S->R[in->rd & 15u];
#define LS_DP_LOGIC_FN(n, expr, wr, is_b)                                      \
    LS_DP_FN_HEAD(n)                                                           \
    DP_SHAPES(wr, (nf = arm_nzc_merge(f, arm_dp_val_##n(a, b, 0u), sc), arm_dp_val_##n(a, b, 0u))) \
    }
#define LS_DP_ARITH_FN(n, x, y, cin, wr)                                       \
    LS_DP_FN_HEAD(n)                                                           \
    DP_SHAPES(wr, arm_add_with_carry(x, y, cin, &nf))                          \
    }
ARM_DP_LOGIC_OPS(LS_DP_LOGIC_FN)
ARM_DP_ARITH_OPS(LS_DP_ARITH_FN)
#undef LS_DP_LOGIC_FN
#undef LS_DP_ARITH_FN
#undef LS_DP_FN_HEAD
#undef DP_SHAPES
#undef DP_SETF
#undef DP_LOOP

static void lockstep_dp(lockstep_t *S, const arm_insn_t *in, const arm_ctx_t *c0, uint32_t shape)
{
    uint32_t setf = arm_setflags(c0, in) != 0; /* the group shares its IT state (0 here) */
    switch (in->op) {
#define LS_DP_CASE(n, ...)                                                     \
    case ARM_OP_##n##_IMM:                                                     \
    case ARM_OP_##n##_REG:                                                     \
        lockstep_dp_##n(S, in, setf, shape);                                   \
        return;
        ARM_DP_LOGIC_OPS(LS_DP_CASE)
        ARM_DP_ARITH_OPS(LS_DP_CASE)
#undef LS_DP_CASE
    default:
        __builtin_unreachable();
    }
}

/* ---- multiplies, saturating and bit operations, every slot at once ----- */

/* One loop over the slots: r = the value (from a = Rm, b = Rs, acc = Rn),
 * kept where the slot's mask is set. */
#define VAL_LOOP(EXPR)                                                         \
    _Pragma("GCC ivdep") for (uint32_t s = 0; s < NL; s++)                     \
    {                                                                          \
        uint32_t a = rm[s], b = rs[s], acc = rn[s], m = ok[s], r = (EXPR);     \
        (void)a, (void)b, (void)acc;                                           \
        rd[s] = lk_sel(m, r, rd[s]);                                           \
    }

static void lockstep_value(lockstep_t *S, const arm_insn_t *in, const arm_ctx_t *c0)
{
    uint32_t okb[NL] __attribute__((aligned(64)));
    const uint32_t *ok = cond_mask(S, in->cond, okb);
    const uint32_t *rm = S->R[in->rm & 15u], *rs = S->R[in->rs & 15u], *rn = S->R[in->rn & 15u];
    uint32_t *rd = S->R[in->rd & 15u], setf = arm_setflags(c0, in) != 0, amount = in->amount;
    (void)amount;
    switch (in->op) {
    case ARM_OP_MUL:
    case ARM_OP_MLA:
        if (in->op == ARM_OP_MUL)
            VAL_LOOP(a * b)
        else
            VAL_LOOP(a * b + acc)
        if (setf)
            for (uint32_t s = 0; s < NL; s++)
                S->NZCV[s] = lk_sel(ok[s], arm_nz_merge(S->NZCV[s], rd[s]), S->NZCV[s]);
        return;
    case ARM_OP_MLS: VAL_LOOP(arm_mul_val(ARM_OP_MLS, a, b, acc)) return;
#define LK_MULL(n)                                                             \
    case ARM_OP_##n: {                                                         \
        uint32_t *hi = S->R[in->rn & 15u];                                     \
        for (uint32_t s = 0; s < NL; s++) {                                    \
            uint32_t m = ok[s], f = S->NZCV[s];                                \
            uint64_t r = arm_mull_val(ARM_OP_##n, rm[s], rs[s], rd[s], hi[s]); \
            rd[s] = lk_sel(m, (uint32_t)r, rd[s]);                              \
            hi[s] = lk_sel(m, (uint32_t)(r >> 32), hi[s]);                      \
            if (ARM_OP_##n != ARM_OP_UMAAL && setf)                            \
                S->NZCV[s] = lk_sel(m, arm_mull_nz(f, r), f);                   \
        }                                                                      \
        return;                                                                \
    }
        LK_MULL(UMULL) LK_MULL(SMULL) LK_MULL(UMLAL) LK_MULL(SMLAL) LK_MULL(UMAAL)
#undef LK_MULL
    case ARM_OP_SMULXY: VAL_LOOP((uint32_t)arm_hmul_val(ARM_OP_SMULXY, a, b, amount)) return;
    case ARM_OP_SMULWY: VAL_LOOP((uint32_t)arm_hmul_val(ARM_OP_SMULWY, a, b, amount)) return;
#define LK_Q(n)                                                                \
    case ARM_OP_##n: {                                                         \
        uint32_t q[NL] = {0};                                                  \
        for (uint32_t s = 0; s < NL; s++) {                                    \
            uint32_t r = arm_qarith_val(ARM_OP_##n, rm[s], rn[s], &q[s]);      \
            rd[s] = lk_sel(ok[s], r, rd[s]);                                   \
        }                                                                      \
        for (uint32_t s = 0; s < NL; s++)                                      \
            if (q[s] & ok[s])                                                  \
                arm_set_q(&S->ctx[S->lane[s]]);                                \
        return;                                                                \
    }
        LK_Q(QADD) LK_Q(QSUB) LK_Q(QDADD) LK_Q(QDSUB)
#undef LK_Q
#define LK_BIT(n)                                                              \
    case ARM_OP_##n: VAL_LOOP(arm_bitop_val(ARM_OP_##n, a)) return;
        LK_BIT(CLZ) LK_BIT(RBIT) LK_BIT(REV) LK_BIT(REV16) LK_BIT(REVSH)
#undef LK_BIT
#define LK_XT(n)                                                               \
    case ARM_OP_##n: VAL_LOOP(arm_extend_val(ARM_OP_##n, a, amount, acc)) return;
        LK_XT(SXTB) LK_XT(SXTH) LK_XT(UXTB) LK_XT(UXTH) LK_XT(SXTB16) LK_XT(UXTB16)
        LK_XT(SXTAB) LK_XT(SXTAH) LK_XT(UXTAB) LK_XT(UXTAH) LK_XT(SXTAB16) LK_XT(UXTAB16)
#undef LK_XT
    case ARM_OP_NOP:
        return;
    default:
        __builtin_unreachable();
    }
}
#undef VAL_LOOP

/* ---- the other paths --------------------------------------------------- */

/* Slot s's record as arm_step_record runs it outside an IT block, with its
 * registers regs (nr of them) in its context; 1 if the lane stopped. */
#define LANE_STEP_BEGIN(s_)                                                    \
    uint32_t l_ = S->lane[s_];                                                 \
    arm_ctx_t *c = &S->ctx[l_];                                                \
    const sim_mem_t *m = &S->mem[l_];                                          \
    uint32_t core = S->core[l_];                                               \
    uint64_t icount = S->start[l_] + S->done[s_] + k;                          \
    (void)m;                                                                   \
    (void)core;                                                                \
    (void)icount;                                                              \
    slot_to_ctx(S, s_, regs, nr);                                              \
    c->r[15] = r15;                                                            \
    c->npc = npc;

/* Every slot of the group through arm_exec's body of the record's op, the
 * switch outside the loop over the slots. Returns whether a lane stopped. */
static uint32_t lockstep_lanes(lockstep_t *S, uint32_t g, const arm_insn_t *rec, uint32_t pc, uint32_t thumb,
                               uint64_t k, const uint8_t *regs, uint32_t nr)
{
    const arm_insn_t r = *rec, *in = &r;
    const uint32_t r15 = pc + (thumb ? 4u : 8u), npc = pc + arm_len(in), cond = in->cond;
    uint32_t stopped = 0;
#define LANE_LOOP(body)                                                        \
    FOR_SLOTS(s, g) {                                                          \
        LANE_STEP_BEGIN(s)                                                     \
        if (cond == ARM_COND_AL || arm_cond_pass(cond, c->nzcv)) {             \
            body;                                                              \
        }                                                                      \
        c->r[15] = c->npc;                                                     \
        slot_from_ctx(S, s, regs, nr);                                         \
        stopped |= c->sys.status != SIM_RUNNING;                               \
    }
#define LANE_NONE(op, body)                                                    \
    case ARM_OP_##op:                                                          \
        LANE_LOOP(body)                                                        \
        break;
#define LANE_STATUS LANE_NONE
#define LANE_RET(op, body) LANE_NONE(op, (void)(body))
    switch (in->op) {
#define ARM_OP(name, unit, fmt, mn, props, stop, exec) LANE_##stop(name, exec)
        ARM_OP_TABLE
#undef ARM_OP
    default:
        LANE_LOOP(arm_undef(c, in, pc))
        break;
    }
#undef LANE_LOOP
#undef LANE_NONE
#undef LANE_STATUS
#undef LANE_RET
    return stopped;
}

/* A single load or store on every slot of the group whose condition
 * passes; a lane whose access faults (or leaves the fast accessors' reach
 * and faults there) runs the record again by the full path, which stops
 * it the same way. Returns whether a lane stopped. LOAD, SIZE and SIGN are
 * constants where this inlines (lockstep_ls): an access inside the lane's
 * window is then one host access at the slot's window pointer (lk_host;
 * on the interleaved layout one that stays in a word, and where all the
 * slots' offsets are one and the chunk dense, one vector for them all),
 * anything else goes through arm_ld_size and arm_st_size. */
static inline __attribute__((always_inline)) uint32_t ls_run(lockstep_t *S, uint32_t g, const arm_insn_t *in,
                                                             uint32_t pc, uint32_t thumb, uint64_t k,
                                                             const uint32_t LOAD, const uint32_t SIZE,
                                                             const uint32_t SIGN)
{
    const uint32_t rd = in->rd, rn = in->rn, rm = in->rm, imm = in->imm, reg = arm_op_fmts[in->op] == ARM_FMT_LS_REG;
    const uint32_t pre = in->flags & ARM_F_P, up = in->flags & ARM_F_U, w = in->flags & ARM_F_W;
    const uint32_t base0 = S->mem[0].priv_base, fit = S->mem[0].priv_fit; /* every lane's */
    /* the interleaved layout's accesses stay in a word (a word's bytes are
     * one core's; the next word is the next row) */
    const uint32_t split = S->swb != 4u, lane_mask = SIZE == 4u ? ~0u : (1u << (8u * SIZE)) - 1u;
    uint32_t okb[NL] __attribute__((aligned(64))), po[NL] __attribute__((aligned(64)));
    uint32_t wbv[NL] __attribute__((aligned(64)));
    const uint32_t *ok = cond_mask(S, in->cond, okb);
    uint32_t faulted = 0, out = 1, lo = ~0u, hi = 0, cross = 0;
    /* First every slot's address and its offset in the window, and of the
     * offsets of the slots that run the lowest, the highest, and whether
     * one would cross a word: vector code (a masked slot's offset is 0,
     * which any window holds). Any outside the window: the highest is. */
    if (!reg || (in->shift == ARM_SH_LSL && in->amount < 32u)) {
        const uint32_t *rmv = S->R[rm & 15u], *rnv = S->R[rn], sh = reg ? in->amount : 0u;
        for (uint32_t s = 0; s < NL; s++) {
            uint32_t off = reg ? rmv[s] << sh : imm, base = rnv[s];
            uint32_t wb = up ? base + off : base - off, a = pre ? wb : base, o = (a - base0) & ok[s];
            wbv[s] = wb;
            po[s] = o;
            lo = (o | ~ok[s]) < lo ? o | ~ok[s] : lo;
            hi = o > hi ? o : hi;
            cross |= SIZE == 4u ? o : SIZE == 2u ? o & (o >> 1) : 0u; /* (o & 3) + SIZE > 4 */
        }
        out = (hi > fit) | (split & ((cross & (SIZE == 4u ? 3u : 1u)) != 0u));
    }
    if (SIM_LIKELY(!out)) {
        /* then the accesses: a load writes the base back before Rt, so
         * that a load into the base keeps the value (arm_load); a store
         * stores Rt as it was before (arm_store) */
        if (w && LOAD)
            for (uint32_t s = 0; s < NL; s++)
                S->R[rn][s] = lk_sel(ok[s], wbv[s], S->R[rn][s]);
        if (S->dense && lo == hi) {
            /* one offset, 32 consecutive cores: one row of 32 words (words
             * of slots outside the group are read, and written back as
             * they were, by this thread alone: the chunk's cores) */
            uint32_t *row = S->dense + (uint64_t)(lo >> 2) * S->sw, sh = (lo & 3u) * 8u;
            if (LOAD) {
                uint32_t *rdv = S->R[rd];
                for (uint32_t s = 0; s < NL; s++) {
                    uint32_t x = (row[s] >> sh) & lane_mask;
                    rdv[s] = lk_sel(ok[s], SIGN ? arm_sign_extend(x, SIZE) : x, rdv[s]);
                }
            } else {
                const uint32_t *val = S->R[rd];
                for (uint32_t s = 0; s < NL; s++) {
                    uint32_t old = row[s], v = SIZE == 4u ? val[s] : (old & ~(lane_mask << sh)) |
                                                                         ((val[s] & lane_mask) << sh);
                    row[s] = lk_sel(ok[s], v, old);
                }
            }
        } else if (LOAD) {
            uint32_t v[NL] __attribute__((aligned(64)));
            uint32_t *rdv = S->R[rd];
            for (uint32_t s = 0; s < NL; s++)
                v[s] = 0;
            FOR_SLOTS(s, g) { /* the gather: a host load a slot */
                const uint8_t *p = lk_host(S, s, po[s]);
                if (SIZE == 4u)
                    __builtin_memcpy(&v[s], p, 4u);
                else if (SIZE == 2u) {
                    uint16_t h;
                    __builtin_memcpy(&h, p, 2u);
                    v[s] = h;
                } else
                    v[s] = *p;
            }
            for (uint32_t s = 0; s < NL; s++) { /* vector code */
                uint32_t x = SIGN ? arm_sign_extend(v[s], SIZE) : v[s];
                rdv[s] = lk_sel(ok[s], x, rdv[s]);
            }
        } else
            FOR_SLOTS(s, g)
                if (ok[s]) {
                    uint32_t v = S->R[rd][s];
                    __builtin_memcpy(lk_host(S, s, po[s]), &v, SIZE); /* little-endian: the low bytes */
                }
        if (w && !LOAD)
            for (uint32_t s = 0; s < NL; s++)
                S->R[rn][s] = lk_sel(ok[s], wbv[s], S->R[rn][s]);
        return 0;
    }
    if (LOAD && SIZE == 4u && (!reg || (in->shift == ARM_SH_LSL && in->amount < 32u))) {
        /* words of the shared region (the cores' inputs and results: imatmul's
         * matrices), aligned, as sim_ld32_beyond reads them: a gather from
         * one base (a masked slot's offset 0, which the region holds if any
         * slot reads it) */
        const sim_mem_t *m0 = &S->mem[0];
        uint32_t so[NL] __attribute__((aligned(64))), bad = 0;
        for (uint32_t s = 0; s < NL; s++) {
            uint32_t a = po[s] + base0 - m0->shared_base;
            so[s] = a & ok[s];
            bad |= ok[s] & ((a >= m0->shared_size) | (a & 3u));
        }
        if (!bad) {
            uint32_t v[NL] __attribute__((aligned(64)));
            uint32_t *rdv = S->R[rd];
            for (uint32_t s = 0; s < NL; s++)
                v[s] = 0;
            FOR_SLOTS(s, g)
                if (ok[s])
                    v[s] = *(volatile const uint32_t *)(m0->shared + so[s]);
            if (w)
                for (uint32_t s = 0; s < NL; s++)
                    S->R[rn][s] = lk_sel(ok[s], wbv[s], S->R[rn][s]);
            for (uint32_t s = 0; s < NL; s++)
                rdv[s] = lk_sel(ok[s], v[s], rdv[s]);
            return 0;
        }
    }
    FOR_SLOTS(s, g) {
        if (!ok[s])
            continue;
        uint32_t off = imm, unused;
        if (reg)
            off = in->shift == ARM_SH_LSL
                      ? S->R[rm][s] << in->amount
                      : arm_shift_c(S->R[rm][s], in->shift, in->amount, (S->NZCV[s] >> 1) & 1u, &unused);
        uint32_t base = S->R[rn][s], wb = up ? base + off : base - off, a = pre ? wb : base, v, po = a - base0;
        uint32_t l = S->lane[s];
        if (LOAD) {
            if (SIM_LIKELY(po <= fit && !(split & ((po & 3u) + SIZE > 4u)))) {
                const uint8_t *p = lk_host(S, s, po);
                if (SIZE == 4u)
                    __builtin_memcpy(&v, p, 4u);
                else if (SIZE == 2u) {
                    uint16_t h;
                    __builtin_memcpy(&h, p, 2u);
                    v = h;
                } else
                    v = *p;
            } else if (SIM_UNLIKELY(arm_ld_size(&S->mem[l], S->core[l], a, SIZE, &v))) {
                faulted |= 1u << s;
                continue;
            }
            if (SIGN)
                v = arm_sign_extend(v, SIZE);
            if (w) /* the base before Rt: a load into the base keeps the value (arm_load) */
                S->R[rn][s] = wb;
            S->R[rd][s] = v;
        } else {
            v = S->R[rd][s];
            if (SIM_LIKELY(po <= fit && !(split & ((po & 3u) + SIZE > 4u))))
                __builtin_memcpy(lk_host(S, s, po), &v, SIZE); /* little-endian: the low bytes */
            else if (SIM_UNLIKELY(arm_st_size(&S->mem[l], S->core[l], a, SIZE, v))) {
                faulted |= 1u << s;
                continue;
            }
            if (w)
                S->R[rn][s] = wb;
        }
    }
    if (SIM_LIKELY(!faulted))
        return 0;
    /* the full path, on the faulting lanes alone */
    FOR_SLOTS(s, faulted) {
        const uint8_t *regs = all_regs;
        uint32_t nr = 0, r15 = pc + (thumb ? 4u : 8u), npc = pc + arm_len(in);
        LANE_STEP_BEGIN(s)
        arm_step_record(c, in, m, core, pc, icount);
        (void)r15;
        (void)npc;
        slot_from_ctx(S, s, regs, nr);
    }
    return 1;
}

static uint32_t lockstep_ls(lockstep_t *S, uint32_t g, const arm_insn_t *in, uint32_t pc, uint32_t thumb,
                            uint64_t k)
{
    const ls_op_t o = ls_ops[in->op];
    if (!o.load)
        return o.size == 4u ? ls_run(S, g, in, pc, thumb, k, 0, 4, 0)
               : o.size == 2u ? ls_run(S, g, in, pc, thumb, k, 0, 2, 0)
                              : ls_run(S, g, in, pc, thumb, k, 0, 1, 0);
    if (o.size == 4u)
        return ls_run(S, g, in, pc, thumb, k, 1, 4, 0);
    if (o.size == 2u)
        return o.sign ? ls_run(S, g, in, pc, thumb, k, 1, 2, 1) : ls_run(S, g, in, pc, thumb, k, 1, 2, 0);
    return o.sign ? ls_run(S, g, in, pc, thumb, k, 1, 1, 1) : ls_run(S, g, in, pc, thumb, k, 1, 1, 0);
}

/* LDM and STM (PUSH and POP among them) on every slot of the group whose
 * condition passes, where every such slot's words are aligned and inside
 * its window (so that none can fault): on a dense chunk with one address a
 * row of 32 host words a register, else a slot at a time at lk_host. As
 * arm_ldm and arm_stm: the lowest register at the lowest address, the base
 * written back unless an LDM loads it, STM stores the registers as they
 * were; a loaded pc interworks, and ends the record's block: each slot's
 * PC is then set (next: the pc of a slot whose condition fails). Returns
 * LSM_NOT where some slot's words may fault (the caller runs the record
 * lane by lane), LSM_PC after a loaded pc, else LSM_DONE. */
enum { LSM_NOT, LSM_DONE, LSM_PC };
static uint32_t lockstep_lsm(lockstep_t *S, const arm_insn_t *in, uint32_t next)
{
    const uint32_t list = arm_lsm_list(in), bytes = arm_lsm_bytes(in), rn = in->rn, load = in->op == ARM_OP_LDM;
    const uint32_t first = arm_lsm_first_offset(in), wbo = arm_lsm_wb_offset(in);
    const uint32_t base0 = S->mem[0].priv_base, size = S->mem[0].priv_size; /* every lane's */
    uint32_t okb[NL] __attribute__((aligned(64))), po[NL] __attribute__((aligned(64)));
    uint32_t last[NL] __attribute__((aligned(64)));
    const uint32_t *ok = cond_mask(S, in->cond, okb);
    uint32_t lo = ~0u, hi = 0, any = 0, *rb = S->R[rn];
    for (uint32_t s = 0; s < NL; s++) {
        uint32_t o = (rb[s] + first - base0) & ok[s];
        po[s] = o;
        lo = (o | ~ok[s]) < lo ? o | ~ok[s] : lo;
        hi = o > hi ? o : hi;
        any |= o;
    }
    if (bytes > size || hi > size - bytes || (any & 3u))
        return LSM_NOT;
    uint32_t i = 0;
    if (S->dense && lo == hi) {
        const uint32_t *row0 = S->dense + (uint64_t)(lo >> 2) * S->sw;
        for (uint32_t l = list; l; l &= l - 1u, i++) {
            uint32_t r = (uint32_t)__builtin_ctz(l), *row = (uint32_t *)row0 + (uint64_t)i * S->sw;
            uint32_t *v = r == 15u ? last : S->R[r];
            for (uint32_t s = 0; s < NL; s++) {
                if (load)
                    v[s] = lk_sel(ok[s], row[s], v[s]);
                else
                    row[s] = lk_sel(ok[s], v[s], row[s]);
            }
        }
    } else
        FOR_SLOTS(s, S->live)
            if (ok[s]) {
                uint32_t *p = (uint32_t *)lk_host(S, s, po[s]);
                i = 0;
                for (uint32_t l = list; l; l &= l - 1u, i++) {
                    uint32_t r = (uint32_t)__builtin_ctz(l), *w = p + (uint64_t)i * S->sw;
                    uint32_t *v = r == 15u ? &last[s] : &S->R[r][s];
                    if (load)
                        *v = *w;
                    else
                        *w = *v;
                }
            }
    if ((in->flags & ARM_F_W) && !(load && (list & (1u << rn))))
        for (uint32_t s = 0; s < NL; s++)
            rb[s] = lk_sel(ok[s], rb[s] + wbo, rb[s]);
    if (!(load && (list & 0x8000u)))
        return LSM_DONE;
    FOR_SLOTS(s, S->live)
        if (S->gm[s]) {
            uint32_t a = last[s];
            if (ok[s]) { /* arm_bx_write_pc */
                S->ctx[S->lane[s]].thumb = a & 1u;
                a = (a & 1u) ? a & ~1u : a & ~3u;
            } else
                a = next;
            S->PC[s] = a;
        }
    return LSM_PC;
}

/* A group at an LDREX: each lane in turn runs on its own, a step at a time,
 * until its exclusive access is over (the monitor clear again: its STREX,
 * or a CLREX), it stops, or its budget ends. A lane's load-exclusive to
 * store-exclusive is then never interleaved with another lane's, as on the
 * per-core engine, whose cores each run a quantum uninterrupted: the other
 * way, every lane's STREX after the first would fail and retry, changing
 * its instruction count (the results stay right either way). The group's
 * k shared steps so far are counted here; returns 0 further steps. */
static uint64_t lockstep_excl(lockstep_t *S, uint32_t g, const arm_code_t *code, uint64_t k)
{
    const arm_code_t im = *code;
    FOR_SLOTS(s, g) {
        uint32_t l = S->lane[s];
        arm_ctx_t *c = &S->ctx[l];
        S->done[s] += k;
        S->left[s] -= k;
        slot_to_ctx(S, s, all_regs, 0);
        c->r[15] = S->PC[s];
        do {
            arm_step_inline(c, im, &S->mem[l], S->core[l], S->start[l] + S->done[s]);
            S->done[s]++;
            S->left[s]--;
        } while (c->excl_addr != ARM_EXCL_NONE && c->sys.status == SIM_RUNNING && S->left[s]);
        slot_from_ctx(S, s, all_regs, 0);
    }
    return 0;
}

/* ---- groups ------------------------------------------------------------ */


static inline uint64_t slot_key(const lockstep_t *S, uint32_t s)
{
    const arm_ctx_t *c = &S->ctx[S->lane[s]];
    return (uint64_t)S->PC[s] << 9 | c->thumb << 8 | c->it;
}

/* The group to run: the live slots at the lowest key (where the others
 * tend to come back to), as a set, its mask a slot in S->gm; and rest_lo,
 * the lowest key outside it. Slots stay where they are: a group is a set,
 * not a prefix, so forming one moves no state (sorting 32 slots' rows cost
 * imatmul a third of its time). */
static uint32_t group_form(lockstep_t *S)
{
    uint64_t key[NL], lo = ~0ull;
    uint32_t g = 0;
    FOR_SLOTS(s, S->live) {
        key[s] = slot_key(S, s);
        lo = key[s] < lo ? key[s] : lo;
    }
    FOR_SLOTS(s, S->live)
        g |= (uint32_t)(key[s] == lo) << s;
    S->rest_lo = ~0ull;
    FOR_SLOTS(s, S->live & ~g)
        S->rest_lo = key[s] < S->rest_lo ? key[s] : S->rest_lo;
    for (uint32_t s = 0; s < NL; s++)
        S->gm[s] = 0u - (g >> s & 1u);
    return g;
}

/* Whether the group's slots are all still running and at one key (after a
 * block that did not split them). */
static inline uint32_t group_whole(const lockstep_t *S, uint32_t g)
{
    uint64_t k0 = slot_key(S, (uint32_t)__builtin_ctz(g));
    uint32_t same = 1;
    FOR_SLOTS(s, g)
        same &= (slot_key(S, s) == k0) & (S->ctx[S->lane[s]].sys.status == SIM_RUNNING);
    return same;
}

/* The group's slots after it ran k instructions: their counts, and the ones
 * that stopped or used their budget leave (as arm_run, an instruction that
 * faulted or must be retried is not counted), their registers back in
 * their contexts. */
static void group_settle(lockstep_t *S, uint32_t g, uint64_t k)
{
    FOR_SLOTS(s, g) {
        S->done[s] += k;
        S->left[s] -= k;
        arm_ctx_t *c = &S->ctx[S->lane[s]];
        uint32_t st = c->sys.status;
        if (st == SIM_RUNNING && S->left[s])
            continue;
        uint64_t n = S->done[s];
        if (n && (st == SIM_FAULTED || st == SIM_WAIT_HOST || st == SIM_WAIT_DECODE))
            n--;
        S->ran[S->lane[s]] = n;
        slot_to_ctx(S, s, all_regs, 0);
        c->r[15] = S->PC[s];
        S->live &= ~(1u << s);
    }
}

/* Run the group (the slots of g, at one pc) for at most budget (>= 1)
 * instructions: until its block ends, a lane stops, or the budget is used.
 * Leaves each slot's pc in PC; returns the instructions run, and in *whole
 * whether the group is still one: GROUP_WHOLE where its lanes cannot have
 * parted (a block that fell through, a branch all took one way),
 * GROUP_SPLIT where they did, GROUP_ASK where group_whole must look. */
enum { GROUP_SPLIT, GROUP_WHOLE, GROUP_ASK };

#define GROUP_RETURN(x)                                                        \
    do {                                                                       \
        st->records += recs;                                                   \
        st->lane_steps += recs * ng;                                           \
        return (x);                                                            \
    } while (0)
static uint64_t group_run(lockstep_t *S, uint32_t g, const arm_code_t *code, uint64_t budget,
                          arm_lockstep_stats_t *st, uint32_t *whole)
{
    *whole = GROUP_ASK;
    const arm_code_t im = *code;
    const uint32_t s0 = (uint32_t)__builtin_ctz(g), ng = (uint32_t)__builtin_popcount(g);
    const arm_ctx_t *c0 = &S->ctx[S->lane[s0]];
    uint32_t pc = S->PC[s0], thumb = c0->thumb;
    uint64_t k = 0, recs = 0; /* records run, added to the stats at the return (st may alias S) */
    const arm_insn_t *next = NULL; /* the block's next record, once one ran */
    while (k < budget) {
        const arm_insn_t *in = next ? next : arm_fetch(c0, im, pc);
        next = in && in->run >= 2u ? (thumb ? arm_next_t32(in) : in + 1) : NULL;
        /* inside an IT block (its state is the group's): the block's
         * condition for the record's, data processing and the value ops
         * shared, then ITAdvance on every lane; the rest a full step each */
        const uint32_t it = thumb ? c0->it : 0u;
        arm_insn_t itr;
        if (SIM_UNLIKELY(it) && in) {
            uint32_t kd = lk_plan_kind(lk_plan(in, thumb));
            if (in->op == ARM_OP_UNDECODED || (kd != LK_DP && kd != LK_VALUE))
                in = NULL;
            else {
                itr = *in;
                itr.cond = it >> 4;
                in = &itr;
            }
        }
        recs++;
        if (!in) {
            /* not shared: each lane a full step of its own */
            FOR_SLOTS(s, g) {
                uint32_t l = S->lane[s];
                slot_to_ctx(S, s, all_regs, 0);
                S->ctx[l].r[15] = pc;
                arm_step_inline(&S->ctx[l], im, &S->mem[l], S->core[l], S->start[l] + S->done[s] + k);
                slot_from_ctx(S, s, all_regs, 0);
            }
            GROUP_RETURN(k + 1);
        }
        uint32_t len = arm_len(in), plan = lk_plan(in, thumb), kind = lk_plan_kind(plan), ends = in->run < 2u;
        switch (kind) {
        case LK_DP:
            lockstep_dp(S, in, c0, lk_plan_shape(plan));
            break;
        case LK_VALUE:
            lockstep_value(S, in, c0);
            break;
        case LK_IT: /* outside an IT block, condition AL (arm_ops.def's body) */
            FOR_SLOTS(s, g)
                S->ctx[S->lane[s]].it = in->imm & 0xffu;
            break;
        case LK_LS:
            if (lockstep_ls(S, g, in, pc, thumb, k)) {
                /* the lanes that faulted have their PC (slot_from_ctx) */
                FOR_SLOTS(s, g)
                    if (S->ctx[S->lane[s]].sys.status == SIM_RUNNING)
                        S->PC[s] = pc + len;
                GROUP_RETURN(k + 1);
            }
            break;
        case LK_EXCL:
            FOR_SLOTS(s, g)
                S->PC[s] = pc;
            *whole = GROUP_SPLIT; /* the lanes' counts moved on their own: form the group again */
            GROUP_RETURN(lockstep_excl(S, g, code, k));
        case LK_LSM: {
            uint32_t r = lockstep_lsm(S, in, pc + len);
            if (r == LSM_PC) {
                *whole = GROUP_ASK;
                GROUP_RETURN(k + 1);
            }
            if (r == LSM_DONE)
                break;
            goto lanes; /* some slot's words may fault: lane by lane */
        }
        case LK_B: {
            uint32_t okb[NL] __attribute__((aligned(64)));
            const uint32_t *ok = cond_mask(S, in->cond, okb), to = in->imm, past = pc + len;
            uint32_t taken = 0;
            for (uint32_t s = 0; s < NL; s++) {
                S->PC[s] = lk_sel(S->gm[s], lk_sel(ok[s], to, past), S->PC[s]);
                taken += ok[s] & 1u;
            }
            *whole = taken == 0 || taken == ng ? GROUP_WHOLE : GROUP_SPLIT;
            GROUP_RETURN(k + 1);
        }
        default:
        lanes: {
            const uint8_t fields[4] = {in->rd, in->rn, in->rm, in->rs};
            const uint8_t *list = kind == LK_FIELDS ? fields : all_regs;
            uint32_t nr = kind == LK_FIELDS ? 4u : 0u;
            if (lockstep_lanes(S, g, in, pc, thumb, k, list, nr) || ends || arm_op_has(in->op, ARM_P_END))
                GROUP_RETURN(k + 1); /* each slot's PC is set */
            break;
        }
        }
        if (SIM_UNLIKELY(it)) {
            const uint32_t next = arm_it_advance(it);
            FOR_SLOTS(s, g)
                S->ctx[S->lane[s]].it = (uint8_t)next;
        }
        k++;
        pc += len;
        if (ends || kind == LK_IT) {
            FOR_SLOTS(s, g)
                S->PC[s] = pc;
            *whole = kind == LK_DP || kind == LK_VALUE || kind == LK_LS || kind == LK_LSM || kind == LK_IT
                         ? GROUP_WHOLE
                         : GROUP_ASK;
            GROUP_RETURN(k);
        }
    }
    FOR_SLOTS(s, g)
        S->PC[s] = pc;
    *whole = GROUP_WHOLE;
    GROUP_RETURN(k);
}
#undef GROUP_RETURN

uint64_t ARM_LOCKSTEP_CHUNK(const sim_soa_t *soa, const uint32_t *cores, uint32_t n, const arm_code_t *code,
                            const sim_mem_t *m, uint64_t budget, uint64_t limit, arm_lockstep_stats_t *st);
uint64_t ARM_LOCKSTEP_CHUNK(const sim_soa_t *soa, const uint32_t *cores, uint32_t n, const arm_code_t *code,
                            const sim_mem_t *m, uint64_t budget, uint64_t limit, arm_lockstep_stats_t *st)
{
    static __thread lockstep_t S; /* 32 contexts: more than a worker's stack should hold */
    uint32_t nl = 0;
    S.live = 0;
    for (uint32_t i = 0; i < n && i < NL; i++) {
        uint32_t core = cores[i];
        if (!sim_soa_running(soa, core))
            continue;
        uint32_t l = nl++;
        arm_ctx_t *c = &S.ctx[l];
        sim_stage_load((uint32_t *)c, soa, core);
        S.core[l] = core;
        S.mem[l] = sim_mem_for_core(m, core);
        S.start[l] = sim_icount(&c->sys);
        S.ran[l] = 0;
        uint64_t b = budget;
        if (limit && S.start[l] + b > limit)
            b = limit > S.start[l] ? limit - S.start[l] : 0;
        if (!b || c->sys.status != SIM_RUNNING)
            continue;
        uint32_t s = l; /* a lane keeps its slot */
        S.live |= 1u << s;
        for (uint32_t r = 0; r < 15; r++)
            S.R[r][s] = c->r[r];
        S.NZCV[s] = c->nzcv;
        S.PC[s] = c->r[15];
        S.done[s] = 0;
        S.left[s] = b;
        S.lane[s] = (uint8_t)l;
        S.W[s] = (uint8_t *)sim_priv_word(&S.mem[l], core, 0u);
    }
    S.sw = m->stride_word;
    S.swb = m->stride_word * 4u;
    S.dense = NULL;
    if (m->stride_word != 1u && nl == NL) {
        uint32_t d = 1;
        for (uint32_t l = 0; l < NL; l++)
            d &= S.core[l] == S.core[0] + l;
        if (d)
            S.dense = m->priv + (uint64_t)S.core[0] * m->stride_core;
    }
    while (S.live) {
        uint32_t g = group_form(&S);
        uint64_t b = ~0ull, k;
        uint32_t whole;
        FOR_SLOTS(s, g)
            b = S.left[s] < b ? S.left[s] : b;
        /* block after block while the group stays one and below the other
         * lanes' pcs (which do not move meanwhile): the group group_form
         * would form again, without its keys and group_settle's tests a
         * block (imatmul's 4 working lanes of 32 ran a block a form) */
        while ((k = group_run(&S, g, code, b, st, &whole)) < b && whole != GROUP_SPLIT &&
               (whole == GROUP_WHOLE || group_whole(&S, g)) &&
               slot_key(&S, (uint32_t)__builtin_ctz(g)) < S.rest_lo) {
            for (uint32_t s = 0; s < NL; s++) { /* the group's slots: vector code */
                uint64_t kg = k & (uint64_t)(int64_t)(int32_t)S.gm[s];
                S.done[s] += kg;
                S.left[s] -= kg;
            }
            b -= k;
        }
        group_settle(&S, g, k);
    }
    uint64_t total = 0;
    for (uint32_t l = 0; l < nl; l++) {
        arm_ctx_t *c = &S.ctx[l];
        sim_set_icount(&c->sys, S.start[l] + S.ran[l]);
        total += S.ran[l];
        if (limit && sim_icount(&c->sys) >= limit && c->sys.status == SIM_RUNNING)
            sim_fault(&c->sys, SIM_FAULT_INSN_LIMIT, c->r[15], 0);
        c->npc = 0; /* as arm_run_staged */
        sim_stage_store((const uint32_t *)c, soa, S.core[l]);
    }
    return total;
}

#ifdef ARM_LOCKSTEP_DISPATCH
#if defined(__x86_64__)
uint64_t arm_lockstep_chunk_x86_64_v3(const sim_soa_t *soa, const uint32_t *cores, uint32_t n,
                                      const arm_code_t *code, const sim_mem_t *m, uint64_t budget, uint64_t limit,
                                      arm_lockstep_stats_t *st);
#endif

/* The build for this host's vector unit (the file's head). */
uint64_t arm_lockstep_chunk(const sim_soa_t *soa, const uint32_t *cores, uint32_t n, const arm_code_t *code,
                            const sim_mem_t *m, uint64_t budget, uint64_t limit, arm_lockstep_stats_t *st)
{
#if defined(__x86_64__)
    /* WARPSIM_LOCKSTEP_GENERIC=1 keeps the generic build (the lockstep
     * test runs both); worked out once, by whichever worker comes first */
    static int v3 = -1;
    int use = __atomic_load_n(&v3, __ATOMIC_RELAXED);
    if (use < 0) {
        const char *g = getenv("WARPSIM_LOCKSTEP_GENERIC");
        use = sim_host_x86_64_v3() && !(g && *g && strcmp(g, "0"));
        __atomic_store_n(&v3, use, __ATOMIC_RELAXED);
    }
    if (use)
        return arm_lockstep_chunk_x86_64_v3(soa, cores, n, code, m, budget, limit, st);
#endif
    return arm_lockstep_chunk_generic(soa, cores, n, code, m, budget, limit, st);
}
#endif

#endif
