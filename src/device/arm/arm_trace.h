/* The timing seam's record of an ARM instruction (sim_trace.h), and the
 * step loop that fills one for every instruction when a model is attached.
 * Everything comes from the op table's columns and from the same address
 * helpers the semantics use (arm_ls_addr, arm_lsm_start): nothing here
 * executes an instruction. Host only for now (the table's column arrays
 * live on the host, arm_optab.c). */
#ifndef ARM_TRACE_H
#define ARM_TRACE_H

#include "../timing/timing.h"
#include "arm_step.h"

#define ARM_TRACE_FLAGS_REG 16u /* bit 16 of reads/writes: NZCV */

/* Bytes a memory op moves, for the record's size. */
static inline uint32_t arm_trace_size(const arm_insn_t *in)
{
    if (arm_op_fmts[in->op] == ARM_FMT_NEON_ELEM)
        return arm_neon_ls_bytes(in);
    switch (in->op) {
#define ARM_TRACE_LS_SIZE(n, mn, size, sign) case ARM_OP_##n##_IMM: case ARM_OP_##n##_REG: return size;
        ARM_LOAD_LIST(ARM_TRACE_LS_SIZE)
        ARM_STORE_LIST(ARM_TRACE_LS_SIZE)
#undef ARM_TRACE_LS_SIZE
    case ARM_OP_LDRD_IMM: case ARM_OP_LDRD_REG: case ARM_OP_STRD_IMM: case ARM_OP_STRD_REG:
    case ARM_OP_LDREXD: case ARM_OP_STREXD:
        return 8u;
    case ARM_OP_LDM: case ARM_OP_STM:
        return arm_lsm_bytes(in);
    case ARM_OP_SWPB: case ARM_OP_LDREXB: case ARM_OP_STREXB: case ARM_OP_TBB:
        return 1u;
    case ARM_OP_LDREXH: case ARM_OP_STREXH: case ARM_OP_TBH:
        return 2u;
    default:
        return 4u;
    }
}

/* The first address a memory op touches, from the registers before it. */
static inline uint32_t arm_trace_addr(const arm_ctx_t *c, const arm_insn_t *in)
{
    uint32_t fmt = arm_op_fmts[in->op], wb;
    if (fmt == ARM_FMT_LS_IMM || fmt == ARM_FMT_LS_REG)
        return arm_ls_addr(c, in, arm_ls_offset(c, in, fmt == ARM_FMT_LS_REG), &wb);
    if (fmt == ARM_FMT_LSM)
        return arm_lsm_start(c, in, &wb);
    if (fmt == ARM_FMT_LIT)
        return in->imm;
    if (fmt == ARM_FMT_NEON_ELEM) /* VLDn/VSTn [Rn] */
        return c->r[in->rn & 15u];
    if (fmt == ARM_FMT_TB)
        return c->r[in->rn] + (in->op == ARM_OP_TBH ? c->r[in->rm] << 1 : c->r[in->rm]);
    return c->r[in->rn] + (fmt == ARM_FMT_SWP ? 0u : in->imm); /* SWP, LDREX, STREX */
}

/* The registers an instruction reads and writes, by its operand layout. */
static inline void arm_trace_regs(const arm_insn_t *in, sim_trace_t *t)
{
    uint32_t fmt = arm_op_fmts[in->op], props = arm_op_props[in->op];
    uint64_t rd = 1ull << in->rd, rn = 1ull << in->rn, rm = 1ull << in->rm, rs = 1ull << in->rs;
    uint64_t flags = 1ull << ARM_TRACE_FLAGS_REG;
    switch (fmt) {
    case ARM_FMT_DP_IMM: case ARM_FMT_DP_REG: case ARM_FMT_DP_RSR:
        t->reads = (props & ARM_P_NORN ? 0 : rn) | (fmt == ARM_FMT_DP_IMM ? 0 : rm) |
                   (fmt == ARM_FMT_DP_RSR ? rs : 0) | (props & ARM_P_RC ? flags : 0);
        t->writes = (props & ARM_P_NORD ? 0 : rd) | (in->flags & (ARM_F_S | ARM_F_ITS) ? flags : 0);
        return;
    case ARM_FMT_LS_IMM: case ARM_FMT_LS_REG:
        t->reads = rn | (fmt == ARM_FMT_LS_REG ? rm : 0) | (props & ARM_P_STORE ? rd : 0) |
                   (props & ARM_P_STORE && arm_trace_size(in) == 8u ? rs : 0); /* STRD's Rt2 */
        t->writes = (props & ARM_P_LOAD ? rd | (arm_trace_size(in) == 8u ? rs : 0) : 0) |
                    (in->flags & ARM_F_W ? rn : 0);
        return;
    case ARM_FMT_LSM:
        t->reads = rn | (props & ARM_P_STORE ? arm_lsm_list(in) : 0);
        t->writes = (props & ARM_P_LOAD ? arm_lsm_list(in) : 0) | (in->flags & ARM_F_W ? rn : 0);
        return;
    case ARM_FMT_NEON_ARITH: /* the extension registers are not in these masks */
        t->reads = t->writes = 0;
        return;
    case ARM_FMT_NEON_ELEM: /* a load's or store's Rn (written back unless Rm = 15) and Rm; a transfer's Rt */
        if (props & (ARM_P_LOAD | ARM_P_STORE)) {
            t->reads = rn | (in->rm < 13u ? rm : 0);
            t->writes = in->rm != 15u ? rn : 0;
        } else {
            t->reads = in->op == ARM_OP_VMOV_SRX || in->op == ARM_OP_VDUP_R ? rd : 0;
            t->writes = in->op == ARM_OP_VMOV_RSX ? rd : 0;
        }
        return;
    case ARM_FMT_BR:
        t->reads = 0;
        t->writes = in->op == ARM_OP_B ? 0 : 1ull << 14;
        return;
    default: /* the rest name their sources in rn, rm, rs and write rd */
        t->reads = (props & ARM_P_NORN ? 0 : rn) | rm | rs;
        t->writes = props & ARM_P_NORD ? 0 : rd;
        return;
    }
}

/* What is known of `in`, at pc, before it runs. */
static inline void arm_trace_before(const arm_ctx_t *c, const arm_insn_t *in, uint32_t pc, sim_trace_t *t)
{
    uint32_t props = arm_op_props[in->op];
    t->pc = pc;
    t->op = in->op;
    t->unit = arm_op_units[in->op];
    if (t->unit == SIM_UNIT_FP32 && arm_op_fmts[in->op] == ARM_FMT_VFP && (in->amount & ARM_VFP_D)) /* a VFP row's double form */
        t->unit = SIM_UNIT_FP64;
    t->flags = (props & ARM_P_LOAD ? SIM_TR_LOAD : 0u) | (props & ARM_P_STORE ? SIM_TR_STORE : 0u) |
               (t->unit == SIM_UNIT_BRANCH ? SIM_TR_BRANCH : 0u);
    arm_trace_regs(in, t);
    t->addr = props & (ARM_P_LOAD | ARM_P_STORE) ? arm_trace_addr(c, in) : 0u;
    t->size = props & (ARM_P_LOAD | ARM_P_STORE) ? arm_trace_size(in) : 0u;
    t->active = 1;
    t->lane_addr = NULL;
}

/* Run like arm_run, one full step at a time, recording every instruction
 * that retires with the model tm. The fast paths are not used: a run
 * without a model never comes here. */
static inline uint64_t arm_run_traced(arm_ctx_t *c, const arm_code_t *code, const sim_mem_t *m, uint32_t core,
                                      uint64_t max_steps, const sim_timing_t *tm)
{
    uint64_t start = sim_icount(&c->sys), n = 0;
    while (n < max_steps && c->sys.status == SIM_RUNNING) {
        uint32_t pc = c->r[15];
        const arm_insn_t *in = arm_fetch(c, *code, pc);
        sim_trace_t t;
        if (in) {
            arm_trace_before(c, in, pc, &t);
            uint32_t it = c->thumb ? c->it : 0u, cond = it ? arm_it_cond(it, in) : in->cond;
            if (cond == ARM_COND_AL || arm_cond_pass(cond, c->nzcv))
                t.flags |= SIM_TR_EXECUTED;
            arm_step_record(c, in, m, core, pc, start + n);
        } else {
            arm_fetch_miss(c, code, m, core, pc, start + n); /* a kuser helper: a call, as one instruction */
            t = (sim_trace_t){0};
            t.pc = pc;
            t.unit = SIM_UNIT_SYS;
            t.flags = SIM_TR_EXECUTED | SIM_TR_BRANCH;
            t.active = 1;
        }
        if (!sim_timing_retire(tm, core, &t, c->sys.status, c->r[15], pc + (in ? arm_len(in) : 0u)))
            break;
        n++;
    }
    sim_set_icount(&c->sys, start + n);
    return n;
}

#endif
