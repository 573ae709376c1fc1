/* The IA-32 lockstep engine (x86_lockstep.h).
 *
 * State. A chunk's cores are lanes (../../lockstep/lk_base.h); each keeps
 * its whole context (x86_ctx_t, as a core staged for x86_run has it), but
 * while the chunk runs, EAX..EDI, the lazy flags and EIP live in slots,
 * structure-of-arrays (lockstep/lk_slots.h). A group is the live slots at
 * the lowest pc (../../lockstep/lk_groups.h).
 *
 * A record runs once for the group, by its op, where its operand size is
 * 32 bits and it has no prefix (wf X86_W32; LEA, MOVZX, MOVSX and SETcc as
 * their forms say):
 *   - MOV, LEA, the ALU ops, TEST, INC DEC NOT NEG, SHL SHR SAR by an
 *     immediate, IMUL's two- and three-operand forms, MOVZX, MOVSX, CMOVcc,
 *     SETcc, CDQ: loops over all NL slots masked by the group
 *     (lockstep/lk_ops.h), the values from the helpers x86_exec's bodies
 *     use;
 *   - the same with a memory source, MOV to memory, PUSH, POP, LEAVE:
 *     every slot's address at once, then one host access a slot, one row
 *     of NL words on a dense interleaved chunk, or a gather from the
 *     shared region (lockstep/lk_mem.h);
 *   - Jcc, JMP, CALL, RET, JMP through a register: each slot's next pc;
 *   - anything else, and any of these that the shared paths cannot serve
 *     (another width, a prefix, an access outside the windows or across a
 *     word of the interleaved layout, one that would fault): each lane's
 *     registers to its context, x86_exec on it, and back.
 * Code outside the text (written at run time) runs a full step a lane. */
#include "x86_lockstep.h"

#include <stdlib.h>
#include <string.h>

#include "../x86_step.h"

#if defined(__GNUC__) && !defined(__CUDACC__)

#include "../../lockstep/lk_base.h"
#include "lockstep/lk_slots.h"
#include "../../lockstep/lk_groups.h"
#include "../../lockstep/lk_access.h"
#include "lockstep/lk_ops.h"
#include "lockstep/lk_mem.h"

/* Every slot of the group through x86_exec (EIP past the record first, as
 * x86_step_record); returns whether a lane stopped. k: the group's records
 * before this one in group_run (the lane's icount). */
static uint32_t lk_lanes(lockstep_t *S, uint32_t g, const x86_insn_t *in, uint32_t pc, uint64_t k)
{
    uint32_t stopped = 0;
    const uint32_t npc = pc + x86_len(in);
    FOR_SLOTS(s, g) {
        uint32_t l = S->lane[s];
        x86_ctx_t *c = &S->ctx[l];
        slot_to_ctx(S, s);
        c->eip = npc;
        x86_exec(c, in, &S->mem[l], S->core[l], pc, S->start[l] + S->done[s] + k);
        slot_from_ctx(S, s);
        stopped |= c->sys.status != SIM_RUNNING;
    }
    return stopped;
}

/* A value for every slot. */
static inline void lk_fill(uint32_t *v, uint32_t x)
{
    for (uint32_t s = 0; s < NL; s++)
        v[s] = x;
}

/* A record's operand beside its memory one: its immediate (in v) where
 * IMM, else register reg's row. */
static inline const uint32_t *lk_imm_or_reg(const lockstep_t *S, const x86_insn_t *in, uint32_t IMM, uint32_t *v)
{
    if (!IMM)
        return S->R[in->reg];
    lk_fill(v, in->imm);
    return v;
}

/* The group's slots to pc (the others keep theirs). */
static inline void lk_goto(lockstep_t *S, uint32_t pc)
{
    for (uint32_t s = 0; s < NL; s++)
        S->PC[s] = lk_sel(S->gm[s], pc, S->PC[s]);
}

/* The record's ALU kind by op (X86_ALU_*), for the register, immediate
 * and memory-source forms (lk_alu_of), and for the memory-destination
 * ones (lk_alu_of_m); 8 for any other op. */
static inline uint32_t lk_alu_of(uint32_t op)
{
    switch (op) {
#define LK_ALU_CASE(n, k, p)                                                   \
    case X86_OP_##n##_RR:                                                      \
    case X86_OP_##n##_RI:                                                      \
    case X86_OP_##n##_RM:                                                      \
        return k;
        X86_ALU_LIST(LK_ALU_CASE)
#undef LK_ALU_CASE
    default: return 8u;
    }
}

static inline uint32_t lk_alu_of_m(uint32_t op)
{
    switch (op) {
#define LK_ALU_CASE(n, k, p)                                                   \
    case X86_OP_##n##_MR:                                                      \
    case X86_OP_##n##_MI:                                                      \
        return k;
        X86_ALU_LIST(LK_ALU_CASE)
#undef LK_ALU_CASE
    default: return 8u;
    }
}

/* Whether the record stores its lazy flags: unless x86_block.c found them
 * dead (the block's next setter overwrites them, nothing that may stop
 * between) and the block's rest runs within the group's budget (a group
 * that stops mid-block may be at the run's instruction limit, whose state
 * shows its flags). k: the group's records before it in group_run. Asked
 * only by the records that may skip them. */
static inline uint32_t lk_flags_stored(const x86_insn_t *in, uint64_t k, uint64_t budget)
{
    return !(in->len & X86_LEN_FLAGS_DEAD) || k + in->run > budget;
}

static uint64_t group_run(lockstep_t *S, uint32_t g, const x86_code_t *code, uint64_t budget, lockstep_stats_t *st,
                          uint32_t *whole)
{
    *whole = GROUP_ASK;
    const x86_code_t im = *code;
    const uint32_t s0 = (uint32_t)__builtin_ctz(g), ng = (uint32_t)__builtin_popcount(g);
    uint32_t pc = S->PC[s0];
    uint64_t k = 0, recs = 0; /* records run, added to the stats at the return (st may alias S) */
    const x86_insn_t *next = NULL; /* the block's next record, once one ran */
    uint32_t v[NL] __attribute__((aligned(64))), a[NL] __attribute__((aligned(64)));
    while (k < budget) {
        const x86_insn_t *in = next ? next : x86_fetch(im, pc);
        recs++;
        if (SIM_UNLIKELY(!in)) {
            /* outside the text: each lane a full step of its own */
            FOR_SLOTS(s, g) {
                uint32_t l = S->lane[s];
                x86_ctx_t *c = &S->ctx[l];
                slot_to_ctx(S, s);
                c->eip = pc;
                x86_fetch_miss(c, &im, &S->mem[l], S->core[l], pc, S->start[l] + S->done[s] + k);
                slot_from_ctx(S, s);
            }
            GROUP_RETURN(k + 1);
        }
        const uint32_t len = x86_len(in), npc = pc + len, ends = in->run < 2u, op = in->op, wf = in->wf;
        uint32_t op_done = 0;
        next = ends ? NULL : in + len;
        /* the shared paths: 32 bits and no prefix, but where a case says */
        if (wf != X86_W32 && op != X86_OP_NOP && op != X86_OP_SETCC_R && op != X86_OP_LEA &&
            op != X86_OP_MOV_MR && op != X86_OP_MOV_MI && op != X86_OP_MOV_RM) {
            if ((wf & ~3u) || (op != X86_OP_CMP_RR && op != X86_OP_CMP_RI && op != X86_OP_TEST_RR &&
                               op != X86_OP_TEST_RI))
                goto lanes;
            /* CMP and TEST of 8 or 16 bits: the operands' parts */
            lk_part(S, in->reg, wf, 0u, a);
            if (op == X86_OP_CMP_RR || op == X86_OP_TEST_RR)
                lk_part(S, in->base, wf, 0u, v);
            else
                lk_fill(v, in->imm & x86_mask(wf));
            lk_compare_narrow(S, op == X86_OP_TEST_RR || op == X86_OP_TEST_RI, wf, a, v);
            op_done = 1;
        }
        switch (op_done ? X86_OP_NOP : op) {
        case X86_OP_NOP:
            break;
        case X86_OP_MOV_RR:
            lk_put(S, in->reg, S->R[in->base], S->gm);
            break;
        case X86_OP_MOV_RI:
            lk_fill(v, in->imm);
            lk_put(S, in->reg, v, S->gm);
            break;
        case X86_OP_LEA:
            if ((wf & ~(X86_F_SEGFS | X86_F_SEGGS)) != X86_W32) /* LEA ignores segments */
                goto lanes;
            lk_lea(S, in, a);
            lk_put(S, in->reg, a, S->gm);
            break;
#define LK_ALU_CASE(n, kk, p) case X86_OP_##n##_RR: case X86_OP_##n##_RI: case X86_OP_##n##_RM:
        X86_ALU_LIST(LK_ALU_CASE)
#undef LK_ALU_CASE
        {
            const uint32_t fmt = x86_op_fmts[op], *src = fmt == X86_FMT_RR ? S->R[in->base] : v;
            if (fmt == X86_FMT_RI)
                lk_fill(v, in->imm);
            else if (fmt != X86_FMT_RR && lk_load_m32(S, g, in, v))
                goto lanes;
            lk_alu(S, g, lk_alu_of(op), S->R[in->reg], src, S->R[in->reg], lk_flags_stored(in, k, budget));
            break;
        }
#define LK_ALU_CASE(n, kk, p) case X86_OP_##n##_MR: case X86_OP_##n##_MI:
        X86_ALU_LIST(LK_ALU_CASE)
#undef LK_ALU_CASE
        {
            /* x86_alu_m without LOCK */
            const uint32_t kind = lk_alu_of_m(op);
            lk_where_t w;
            if (lk_rmw_load(S, g, in, &w, v))
                goto lanes;
            lk_alu(S, g, kind, v, lk_imm_or_reg(S, in, x86_op_fmts[op] == X86_FMT_MI, a),
                   kind == X86_ALU_CMP ? NULL : v, 1u);
            if (kind != X86_ALU_CMP)
                lk_st_at(S, g, S->gm, &w, v, 4u);
            break;
        }
        case X86_OP_TEST_RR:
            lk_test(S, S->R[in->reg], S->R[in->base]);
            break;
        case X86_OP_TEST_RI:
            lk_fill(v, in->imm);
            lk_test(S, S->R[in->reg], v);
            break;
        case X86_OP_TEST_MR:
        case X86_OP_TEST_MI: /* x86_test_m: the memory operand first */
            if (lk_load_m32(S, g, in, v))
                goto lanes;
            lk_test(S, v, lk_imm_or_reg(S, in, op == X86_OP_TEST_MI, a));
            break;
        case X86_OP_UNARY_R:
            lk_unary(S, g, in->aux, S->R[in->reg], S->R[in->reg], lk_flags_stored(in, k, budget));
            break;
        case X86_OP_UNARY_M: {
            lk_where_t w;
            if (lk_rmw_load(S, g, in, &w, v))
                goto lanes;
            lk_unary(S, g, in->aux, v, v, 1u);
            lk_st_at(S, g, S->gm, &w, v, 4u);
            break;
        }
        case X86_OP_SHIFT_RI:
        case X86_OP_SHIFT_RC:
            if (op == X86_OP_SHIFT_RI)
                lk_fill(v, in->imm);
            if (in->aux < 4u)
                lk_rotate(S, g, in->reg, in->aux, op == X86_OP_SHIFT_RI ? v : S->R[1]);
            else
                lk_shift(S, in->reg, in->aux, op == X86_OP_SHIFT_RI ? v : S->R[1], lk_flags_stored(in, k, budget));
            break;
        case X86_OP_SHXD_RI:
        case X86_OP_SHXD_RC: /* x86_shxd_r: the destination is base */
            if (op == X86_OP_SHXD_RI)
                lk_fill(v, in->imm);
            lk_shxd(S, in->base, in->reg, in->aux, op == X86_OP_SHXD_RI ? v : S->R[1]);
            break;
        case X86_OP_MULDIV_R: /* MUL and IMUL; DIV and IDIV may fault: lane by lane */
            if (in->aux != 4u && in->aux != 5u)
                goto lanes;
            __builtin_memcpy(v, S->R[in->reg], sizeof v);
            lk_mul(S, in->aux, v);
            break;
        case X86_OP_IMUL_RRI:
            lk_fill(v, in->imm);
            lk_imul(S, in->reg, S->R[in->base], v, lk_flags_stored(in, k, budget));
            break;
        case X86_OP_IMUL_RR:
            lk_imul(S, in->reg, S->R[in->base], S->R[in->reg], lk_flags_stored(in, k, budget));
            break;
        case X86_OP_IMUL_RMI:
        case X86_OP_IMUL_RM: /* x86_imul2_m: the memory operand first */
            if (lk_load_m32(S, g, in, v))
                goto lanes;
            lk_imul(S, in->reg, v, lk_imm_or_reg(S, in, op == X86_OP_IMUL_RMI, a), lk_flags_stored(in, k, budget));
            break;
        case X86_OP_BSWAP:
            for (uint32_t s = 0; s < NL; s++)
                v[s] = x86_bswap(S->R[in->reg][s]);
            lk_put(S, in->reg, v, S->gm);
            break;
        case X86_OP_MOVZX_RR:
        case X86_OP_MOVSX_RR:
            lk_part(S, in->base, in->aux, op == X86_OP_MOVSX_RR, v);
            lk_put(S, in->reg, v, S->gm);
            break;
        case X86_OP_MOV_RM: {
            /* 8, 16 or 32 bits; a part of a register merges (x86_wr) */
            const uint32_t wd = x86_w(in);
            if ((wf & ~3u) || wd > X86_W32)
                goto lanes;
            lk_lea(S, in, a);
            if (wd == X86_W32 ? lk_load(S, g, a, v, 4u, 0u)
                              : wd == X86_W16 ? lk_load(S, g, a, v, 2u, 0u) : lk_load(S, g, a, v, 1u, 0u))
                goto lanes;
            uint32_t *d = S->R[x86_reg_of(in->reg, wd)];
            for (uint32_t s = 0; s < NL; s++)
                d[s] = lk_sel(S->gm[s], x86_merge(d[s], in->reg, wd, v[s]), d[s]);
            break;
        }
        case X86_OP_MOVZX_RM:
        case X86_OP_MOVSX_RM: {
            uint32_t r;
            lk_lea(S, in, a);
            if (in->aux == X86_W8)
                r = op == X86_OP_MOVSX_RM ? lk_load(S, g, a, v, 1u, 1u) : lk_load(S, g, a, v, 1u, 0u);
            else if (in->aux == X86_W16)
                r = op == X86_OP_MOVSX_RM ? lk_load(S, g, a, v, 2u, 1u) : lk_load(S, g, a, v, 2u, 0u);
            else
                r = 1;
            if (r)
                goto lanes;
            lk_put(S, in->reg, v, S->gm);
            break;
        }
        case X86_OP_MOV_MR:
        case X86_OP_MOV_MI: {
            /* 8, 16 or 32 bits: the register's part (x86_rd), or the immediate's low bytes */
            const uint32_t wd = x86_w(in);
            if ((wf & ~3u) || wd > X86_W32)
                goto lanes;
            lk_lea(S, in, a);
            if (op == X86_OP_MOV_MI)
                lk_fill(v, in->imm);
            else
                lk_part(S, in->reg, wd, 0u, v);
            if (wd == X86_W32 ? lk_store(S, g, a, v, 4u)
                              : wd == X86_W16 ? lk_store(S, g, a, v, 2u) : lk_store(S, g, a, v, 1u))
                goto lanes;
            break;
        }
        case X86_OP_PUSH_R:
        case X86_OP_PUSH_I:
            if (op == X86_OP_PUSH_I)
                lk_fill(v, in->imm);
            if (lk_push(S, g, op == X86_OP_PUSH_I ? v : S->R[in->reg]))
                goto lanes;
            break;
        case X86_OP_POP_R:
            if (lk_pop(S, g, v, 0u))
                goto lanes;
            lk_put(S, in->reg, v, S->gm);
            break;
        case X86_OP_LEAVE: /* ESP = EBP + 4, EBP = [EBP] (x86_leave) */
            if (lk_load(S, g, S->R[5], v, 4u, 0u))
                goto lanes;
            for (uint32_t s = 0; s < NL; s++)
                a[s] = S->R[5][s] + 4u;
            lk_put(S, 4, a, S->gm);
            lk_put(S, 5, v, S->gm);
            break;
        case X86_OP_CMOV_RR:
            lk_cond(S, g, in->aux, a);
            lk_put(S, in->reg, S->R[in->base], a);
            break;
        case X86_OP_SETCC_R: {
            if (in->wf != X86_W8)
                goto lanes;
            uint32_t *d = S->R[x86_reg_of(in->reg, X86_W8)];
            lk_cond(S, g, in->aux, a);
            for (uint32_t s = 0; s < NL; s++)
                d[s] = lk_sel(S->gm[s], x86_merge(d[s], in->reg, X86_W8, a[s] & 1u), d[s]);
            break;
        }
        case X86_OP_CWD: /* CDQ: EDX = the sign of EAX (x86_cwd) */
            for (uint32_t s = 0; s < NL; s++)
                v[s] = x86_msb(S->R[0][s], X86_W32) ? 0xffffffffu : 0u;
            lk_put(S, 2, v, S->gm);
            break;
        case X86_OP_JCC: {
            lk_cond(S, g, in->aux, a);
            uint32_t taken = 0;
            for (uint32_t s = 0; s < NL; s++) {
                S->PC[s] = lk_sel(S->gm[s], lk_sel(a[s], in->imm, npc), S->PC[s]);
                taken += a[s] & 1u;
            }
            *whole = taken == 0 || taken == ng ? GROUP_WHOLE : GROUP_SPLIT;
            GROUP_RETURN(k + 1);
        }
        case X86_OP_JMP:
            lk_goto(S, in->imm);
            *whole = GROUP_WHOLE;
            GROUP_RETURN(k + 1);
        case X86_OP_JMP_R:
            for (uint32_t s = 0; s < NL; s++)
                S->PC[s] = lk_sel(S->gm[s], S->R[in->reg][s], S->PC[s]);
            GROUP_RETURN(k + 1);
        case X86_OP_CALL:
            lk_fill(v, npc);
            if (lk_push(S, g, v))
                goto lanes;
            lk_goto(S, in->imm);
            *whole = GROUP_WHOLE;
            GROUP_RETURN(k + 1);
        case X86_OP_RET:
            if (lk_pop(S, g, v, in->imm))
                goto lanes;
            for (uint32_t s = 0; s < NL; s++)
                S->PC[s] = lk_sel(S->gm[s], v[s], S->PC[s]);
            GROUP_RETURN(k + 1);
        default:
        lanes:
            if (lk_lanes(S, g, in, pc, k) || ends || x86_op_has(op, X86_P_END))
                GROUP_RETURN(k + 1); /* each slot's PC is set */
            break;
        }
        k++;
        pc = npc;
        if (ends) {
            lk_goto(S, pc);
            *whole = GROUP_WHOLE;
            GROUP_RETURN(k);
        }
    }
    lk_goto(S, pc);
    *whole = GROUP_WHOLE;
    GROUP_RETURN(k);
}
#undef GROUP_RETURN

#define LK_ENTRY x86_lockstep_chunk
#include "../../lockstep/lk_entry.h"

#endif
