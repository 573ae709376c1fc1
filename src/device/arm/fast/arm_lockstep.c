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

#include "lockstep/lk_slots.h"
#include "lockstep/lk_kinds.h"
#include "lockstep/lk_dp.h"
#include "lockstep/lk_lanes.h"
#include "lockstep/lk_mem.h"

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
