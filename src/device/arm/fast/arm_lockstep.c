/* The lockstep engine (arm_lockstep.h).
 *
 * State. A chunk's cores are lanes; each keeps its whole context (arm_ctx_t,
 * as a core staged for arm_run has it), but while the chunk runs, r0-r14,
 * the flags and the pc live in slots, structure-of-arrays (R[reg][slot]),
 * where the records that share a group read them side by side. The live
 * slots are 0..nlive-1, sorted so that a group, the slots at one (pc,
 * instruction set, IT state), is slots 0..n-1: the lowest pc runs first
 * (where a group splits, the lanes ahead usually wait at a higher pc, after
 * a loop or an if, for the others to come: they merge there; Fung et al.'s
 * reconvergence heuristic, which the GPU's scheduler approximates too).
 * Nothing depends on the order but speed.
 *
 * A record runs once for the group, by one of four paths (lockstep_kind):
 *   - data processing with register and immediate operands: loops over all
 *     ARM_LANES slots at once, masked by the group and each lane's
 *     condition, that the compiler vectorises (the values come from the
 *     same helpers arm_exec's bodies use: arm_dp_val_<op>, arm_shift_c,
 *     arm_add_with_carry, arm_nzc_merge: one source);
 *   - single loads and stores: a loop over the lanes through arm_ld_size and
 *     arm_st_size, as arm_load_fast and arm_store_fast; a lane whose access
 *     faults takes the full path, which faults it the same way;
 *   - B: each lane's condition picks its pc;
 *   - anything else: each lane's registers go to its context, arm_exec's
 *     body runs on it (the op's switch outside the loop over the lanes),
 *     and they come back: only the registers the record's fields name, for
 *     the formats whose bodies touch no others, else r0-r14.
 * Records that cannot be shared (an IT block, a fetch outside the text) run
 * as a full step of each lane's own (arm_step_inline). */
#define SIM_PORTABLE_FLAGS /* before any include: host.h (the vectorised loops) */
#define SIM_PRIV_CONTIGUOUS
#include "arm_lockstep.h"

/* -O3's inlining of the NEON bodies into the lanes' cases makes GCC 12 warn
 * that arm_neon_misc's m[] may be read uninitialized: its loops read the
 * elements of the registers arm_neon_read filled, no more (-O2 is quiet). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include "../arm_step.h"
#pragma GCC diagnostic pop

#if defined(__GNUC__) && !defined(__CUDACC__)

#define NL ARM_LANES

typedef struct lockstep {
    /* by slot */
    uint32_t R[16][NL] __attribute__((aligned(64))); /* R[15]: never read (the pc is PC) */
    uint32_t NZCV[NL] __attribute__((aligned(64)));
    uint32_t PC[NL];
    uint64_t done[NL]; /* instructions run (arm_run's n), before the current group's */
    uint64_t left[NL]; /* budget still to run, likewise */
    uint8_t lane[NL];
    uint32_t nlive;
    /* by lane */
    arm_ctx_t ctx[NL];
    sim_mem_t mem[NL]; /* each lane's view (sim_mem_for_core) */
    uint32_t core[NL];
    uint64_t start[NL]; /* icount at entry */
    uint64_t ran[NL];   /* instructions run, once the lane has left */
} lockstep_t;

/* Exchange slots a and b: every by-slot array. */
static void slot_swap(lockstep_t *S, uint32_t a, uint32_t b)
{
#define SLOT_SWAP(arr)                                                         \
    do {                                                                       \
        __typeof__(arr[0]) t_ = arr[a];                                        \
        arr[a] = arr[b];                                                       \
        arr[b] = t_;                                                           \
    } while (0)
    for (uint32_t r = 0; r < 15; r++)
        SLOT_SWAP(S->R[r]);
    SLOT_SWAP(S->NZCV);
    SLOT_SWAP(S->PC);
    SLOT_SWAP(S->done);
    SLOT_SWAP(S->left);
    SLOT_SWAP(S->lane);
#undef SLOT_SWAP
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
enum { LK_DP, LK_LS, LK_B, LK_EXCL, LK_FIELDS, LK_ALL };

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

static uint32_t lockstep_kind(const arm_insn_t *in)
{
    uint32_t op = in->op, fmt = arm_op_fmts[op];
    if ((fmt == ARM_FMT_DP_IMM || fmt == ARM_FMT_DP_REG) && in->rd != 15 &&
        (fmt == ARM_FMT_DP_IMM || in->rm != 15) && (in->rn != 15 || arm_op_has(op, ARM_P_NORN)))
        return LK_DP;
    if (ls_ops[op].valid && in->rd != 15 && in->rn != 15 && (fmt == ARM_FMT_LS_IMM || in->rm != 15))
        return LK_LS;
    if (op == ARM_OP_B)
        return LK_B;
    if (fmt == ARM_FMT_LDREX)
        return LK_EXCL;
    return fmt_fields_only(fmt) ? LK_FIELDS : LK_ALL;
}

/* ---- data processing, every slot at once -------------------------------- */

/* The group's slots (0..n-1) whose condition passes, as a mask per slot. */
static inline void cond_mask(const lockstep_t *S, uint32_t n, uint32_t cond, uint32_t *ok)
{
    if (cond == ARM_COND_AL) {
        for (uint32_t s = 0; s < NL; s++)
            ok[s] = s < n;
        return;
    }
    uint32_t row = arm_cond_rows_host[cond];
    for (uint32_t s = 0; s < NL; s++)
        ok[s] = (s < n) & arm_row_passes(row, S->NZCV[s]);
}

/* Operand 2 of every slot and the shifter's carry (arm_op2_imm,
 * arm_op2_reg: an immediate shift of Rm, any type). */
static inline void op2_all(const lockstep_t *S, const arm_insn_t *in, uint32_t *b, uint32_t *sc)
{
    if (arm_op_fmts[in->op] == ARM_FMT_DP_IMM) {
        const uint32_t immc = in->flags & ARM_F_IMMC, imm = in->imm;
        for (uint32_t s = 0; s < NL; s++) {
            b[s] = imm;
            sc[s] = immc ? imm >> 31 : (S->NZCV[s] >> 1) & 1u;
        }
        return;
    }
    const uint32_t *rm = S->R[in->rm];
    const uint32_t type = in->shift, amount = in->amount;
#define OP2_LOOP(TYPE)                                                         \
    for (uint32_t s = 0; s < NL; s++)                                          \
        b[s] = arm_shift_c(rm[s], TYPE, amount, (S->NZCV[s] >> 1) & 1u, &sc[s]);
    /* one loop per shift type, so that each is straight-line code */
    switch (type) {
    case ARM_SH_LSL: OP2_LOOP(ARM_SH_LSL) break;
    case ARM_SH_LSR: OP2_LOOP(ARM_SH_LSR) break;
    case ARM_SH_ASR: OP2_LOOP(ARM_SH_ASR) break;
    case ARM_SH_ROR: OP2_LOOP(ARM_SH_ROR) break;
    default: OP2_LOOP(ARM_SH_RRX) break;
    }
#undef OP2_LOOP
}

/* Write the slots' results where ok: Rd if the op writes it, the flags if
 * it sets them. */
static inline void dp_commit(lockstep_t *S, const arm_insn_t *in, uint32_t wr, uint32_t setf, const uint32_t *ok,
                             const uint32_t *res, const uint32_t *nf)
{
    /* masks of all ones or none: selects without branches */
    if (wr) {
        uint32_t *rd = S->R[in->rd];
        for (uint32_t s = 0; s < NL; s++)
            rd[s] = (res[s] & -ok[s]) | (rd[s] & (ok[s] - 1u));
    }
    if (setf)
        for (uint32_t s = 0; s < NL; s++)
            S->NZCV[s] = (nf[s] & -ok[s]) | (S->NZCV[s] & (ok[s] - 1u));
}

/* One function per operation, from the rows of arm_exec_dataproc.h's
 * tables: logical ones set N Z from the result and C from the shifter,
 * arithmetic ones AddWithCarry's four. */
#define LS_DP_LOGIC_FN(n, expr, wr, is_b)                                      \
    static void lockstep_dp_##n(lockstep_t *S, uint32_t ng, const arm_insn_t *in, uint32_t setf) \
    {                                                                          \
        uint32_t ok[NL], b[NL], sc[NL], res[NL], nf[NL];                       \
        const uint32_t *ra = S->R[in->rn & 15u];                               \
        cond_mask(S, ng, in->cond, ok);                                        \
        op2_all(S, in, b, sc);                                                 \
        for (uint32_t s = 0; s < NL; s++) {                                    \
            res[s] = arm_dp_val_##n(ra[s], b[s], 0u);                          \
            nf[s] = arm_nzc_merge(S->NZCV[s], res[s], sc[s]);                  \
        }                                                                      \
        dp_commit(S, in, wr, setf, ok, res, nf);                               \
    }
#define LS_DP_ARITH_FN(n, x, y, cin, wr)                                       \
    static void lockstep_dp_##n(lockstep_t *S, uint32_t ng, const arm_insn_t *in, uint32_t setf) \
    {                                                                          \
        uint32_t ok[NL], bv[NL], sc[NL], res[NL], nf[NL];                      \
        const uint32_t *ra = S->R[in->rn & 15u];                               \
        cond_mask(S, ng, in->cond, ok);                                        \
        op2_all(S, in, bv, sc);                                                \
        for (uint32_t s = 0; s < NL; s++) {                                    \
            uint32_t a = ra[s], b = bv[s], cf = (S->NZCV[s] >> 1) & 1u;        \
            (void)cf;                                                          \
            res[s] = arm_add_with_carry(x, y, cin, &nf[s]);                    \
        }                                                                      \
        dp_commit(S, in, wr, setf, ok, res, nf);                               \
    }
ARM_DP_LOGIC_OPS(LS_DP_LOGIC_FN)
ARM_DP_ARITH_OPS(LS_DP_ARITH_FN)
#undef LS_DP_LOGIC_FN
#undef LS_DP_ARITH_FN

static void lockstep_dp(lockstep_t *S, uint32_t ng, const arm_insn_t *in, const arm_ctx_t *c0)
{
    uint32_t setf = arm_setflags(c0, in) != 0; /* the group shares its IT state (0 here) */
    switch (in->op) {
#define LS_DP_CASE(n, ...)                                                     \
    case ARM_OP_##n##_IMM:                                                     \
    case ARM_OP_##n##_REG:                                                     \
        lockstep_dp_##n(S, ng, in, setf);                                      \
        return;
        ARM_DP_LOGIC_OPS(LS_DP_CASE)
        ARM_DP_ARITH_OPS(LS_DP_CASE)
#undef LS_DP_CASE
    default:
        __builtin_unreachable();
    }
}

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
static uint32_t lockstep_lanes(lockstep_t *S, uint32_t ng, const arm_insn_t *rec, uint32_t pc, uint32_t thumb,
                               uint64_t k, const uint8_t *regs, uint32_t nr)
{
    const arm_insn_t r = *rec, *in = &r;
    const uint32_t r15 = pc + (thumb ? 4u : 8u), npc = pc + arm_len(in), cond = in->cond;
    uint32_t stopped = 0;
#define LANE_LOOP(body)                                                        \
    for (uint32_t s = 0; s < ng; s++) {                                        \
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
 * it the same way. Returns whether a lane stopped. */
static uint32_t lockstep_ls(lockstep_t *S, uint32_t ng, const arm_insn_t *in, uint32_t pc, uint32_t thumb,
                            uint64_t k)
{
    const ls_op_t o = ls_ops[in->op];
    const uint32_t rd = in->rd, rn = in->rn, rm = in->rm, imm = in->imm, reg = arm_op_fmts[in->op] == ARM_FMT_LS_REG;
    const uint32_t pre = in->flags & ARM_F_P, up = in->flags & ARM_F_U, w = in->flags & ARM_F_W, cond = in->cond;
    uint32_t faulted = 0;
    for (uint32_t s = 0; s < ng; s++) {
        uint32_t f = S->NZCV[s];
        if (cond != ARM_COND_AL && !arm_cond_pass(cond, f))
            continue;
        uint32_t off = imm, unused;
        if (reg)
            off = in->shift == ARM_SH_LSL ? S->R[rm][s] << in->amount
                                          : arm_shift_c(S->R[rm][s], in->shift, in->amount, (f >> 1) & 1u, &unused);
        uint32_t base = S->R[rn][s], wb = up ? base + off : base - off, a = pre ? wb : base, v;
        uint32_t l = S->lane[s];
        if (o.load) {
            if (SIM_UNLIKELY(arm_ld_size(&S->mem[l], S->core[l], a, o.size, &v))) {
                faulted |= 1u << s;
                continue;
            }
            if (o.sign)
                v = arm_sign_extend(v, o.size);
            if (w) /* the base before Rt: a load into the base keeps the value (arm_load) */
                S->R[rn][s] = wb;
            S->R[rd][s] = v;
        } else {
            if (SIM_UNLIKELY(arm_st_size(&S->mem[l], S->core[l], a, o.size, S->R[rd][s]))) {
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
    for (uint32_t s = 0; s < ng; s++)
        if (faulted >> s & 1u) {
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

/* A group at an LDREX: each lane in turn runs on its own, a step at a time,
 * until its exclusive access is over (the monitor clear again: its STREX,
 * or a CLREX), it stops, or its budget ends. A lane's load-exclusive to
 * store-exclusive is then never interleaved with another lane's, as on the
 * per-core engine, whose cores each run a quantum uninterrupted: the other
 * way, every lane's STREX after the first would fail and retry, changing
 * its instruction count (the results stay right either way). The group's
 * k shared steps so far are counted here; returns 0 further steps. */
static uint64_t lockstep_excl(lockstep_t *S, uint32_t ng, const arm_code_t *code, uint64_t k)
{
    const arm_code_t im = *code;
    for (uint32_t s = 0; s < ng; s++) {
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

/* Sort the live slots by key (insertion sort: at most 32, and mostly in
 * order already); returns the size of the first group. */
static uint32_t group_form(lockstep_t *S)
{
    uint64_t key[NL];
    uint32_t n = S->nlive, same = 1;
    for (uint32_t s = 0; s < n; s++) {
        key[s] = slot_key(S, s);
        same &= key[s] == key[0];
    }
    if (same)
        return n;
    for (uint32_t i = 1; i < n; i++)
        for (uint32_t j = i; j > 0 && key[j - 1] > key[j]; j--) {
            uint64_t t = key[j];
            key[j] = key[j - 1];
            key[j - 1] = t;
            slot_swap(S, j, j - 1);
        }
    uint32_t g = 1;
    while (g < n && key[g] == key[0])
        g++;
    return g;
}

/* The group's slots after it ran k instructions: their counts, and the ones
 * that stopped or used their budget leave (as arm_run, an instruction that
 * faulted or must be retried is not counted), their registers back in
 * their contexts. */
static void group_settle(lockstep_t *S, uint32_t ng, uint64_t k)
{
    for (uint32_t s = ng; s-- > 0;) {
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
        slot_swap(S, s, --S->nlive);
    }
}

/* Run the group (slots 0..ng-1, at pc) for at most budget (>= 1)
 * instructions: until its block ends, a lane stops, or the budget is used.
 * Leaves each slot's pc in PC; returns the instructions run. */
static uint64_t group_run(lockstep_t *S, uint32_t ng, const arm_code_t *code, uint64_t budget,
                          arm_lockstep_stats_t *st)
{
    const arm_code_t im = *code;
    const arm_ctx_t *c0 = &S->ctx[S->lane[0]];
    uint32_t pc = S->PC[0], thumb = c0->thumb;
    uint64_t k = 0;
    while (k < budget) {
        const arm_insn_t *in = c0->it ? NULL : arm_fetch(c0, im, pc);
        st->records++;
        st->lane_steps += ng;
        if (!in) {
            /* not shared: each lane a full step of its own */
            for (uint32_t s = 0; s < ng; s++) {
                uint32_t l = S->lane[s];
                slot_to_ctx(S, s, all_regs, 0);
                S->ctx[l].r[15] = pc;
                arm_step_inline(&S->ctx[l], im, &S->mem[l], S->core[l], S->start[l] + S->done[s] + k);
                slot_from_ctx(S, s, all_regs, 0);
            }
            return k + 1;
        }
        uint32_t len = arm_len(in), kind = lockstep_kind(in), ends = in->run < 2u;
        switch (kind) {
        case LK_DP:
            lockstep_dp(S, ng, in, c0);
            break;
        case LK_LS:
            if (lockstep_ls(S, ng, in, pc, thumb, k)) {
                /* the lanes that faulted have their PC (slot_from_ctx) */
                for (uint32_t s = 0; s < ng; s++)
                    if (S->ctx[S->lane[s]].sys.status == SIM_RUNNING)
                        S->PC[s] = pc + len;
                return k + 1;
            }
            break;
        case LK_EXCL:
            for (uint32_t s = 0; s < ng; s++)
                S->PC[s] = pc;
            return lockstep_excl(S, ng, code, k);
        case LK_B:
            for (uint32_t s = 0; s < ng; s++)
                S->PC[s] = in->cond == ARM_COND_AL || arm_cond_pass(in->cond, S->NZCV[s]) ? in->imm : pc + len;
            return k + 1;
        default: {
            const uint8_t fields[4] = {in->rd, in->rn, in->rm, in->rs};
            const uint8_t *list = kind == LK_FIELDS ? fields : all_regs;
            uint32_t nr = kind == LK_FIELDS ? 4u : 0u;
            if (lockstep_lanes(S, ng, in, pc, thumb, k, list, nr) || ends || arm_op_has(in->op, ARM_P_END))
                return k + 1; /* each slot's PC is set */
            break;
        }
        }
        k++;
        pc += len;
        if (ends) {
            for (uint32_t s = 0; s < ng; s++)
                S->PC[s] = pc;
            return k;
        }
    }
    for (uint32_t s = 0; s < ng; s++)
        S->PC[s] = pc;
    return k;
}

uint64_t arm_lockstep_chunk(const sim_soa_t *soa, const uint32_t *cores, uint32_t n, const arm_code_t *code,
                            const sim_mem_t *m, uint64_t budget, uint64_t limit, arm_lockstep_stats_t *st)
{
    static __thread lockstep_t S; /* 32 contexts: more than a worker's stack should hold */
    uint32_t nl = 0;
    S.nlive = 0;
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
        uint32_t s = S.nlive++;
        for (uint32_t r = 0; r < 15; r++)
            S.R[r][s] = c->r[r];
        S.NZCV[s] = c->nzcv;
        S.PC[s] = c->r[15];
        S.done[s] = 0;
        S.left[s] = b;
        S.lane[s] = (uint8_t)l;
    }
    while (S.nlive) {
        uint32_t ng = group_form(&S);
        uint64_t b = ~0ull;
        for (uint32_t s = 0; s < ng; s++)
            b = S.left[s] < b ? S.left[s] : b;
        uint64_t k = group_run(&S, ng, code, b, st);
        group_settle(&S, ng, k);
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

#endif
