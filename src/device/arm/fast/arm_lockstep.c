/* The lockstep engine (arm_lockstep.h).
 *
 * State. A chunk's cores are lanes (../../lockstep/lk_base.h); each keeps
 * its whole context (arm_ctx_t, as a core staged for arm_run has it), but
 * while the chunk runs, r0-r14, the flags and the pc live in slots,
 * structure-of-arrays (R[reg][slot]). A group is the live slots at the
 * lowest (pc, instruction set, IT state) (../../lockstep/lk_groups.h).
 *
 * A record runs once for the group, by its kind (lockstep_kind):
 *   - data processing with register and immediate operands: a loop over
 *     all NL slots for each operation, operand-2 shape and flag
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

#include "../../lockstep/lk_base.h"
#include "lockstep/lk_slots.h"
#include "../../lockstep/lk_groups.h"
#include "../../lockstep/lk_access.h"
#include "lockstep/lk_kinds.h"
#include "lockstep/lk_dp.h"
#include "lockstep/lk_lanes.h"
#include "lockstep/lk_mem.h"

/* ---- a group's records ------------------------------------------------ */

static uint64_t group_run(lockstep_t *S, uint32_t g, const arm_code_t *code, uint64_t budget, lockstep_stats_t *st,
                          uint32_t *whole)
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

#define LK_ENTRY arm_lockstep_chunk
#include "../../lockstep/lk_entry.h"

#endif
