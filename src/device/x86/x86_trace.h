/* The timing seam's record of an IA-32 instruction (sim_trace.h), and the
 * step loop that fills one for every instruction when a model is attached.
 * Everything comes from the op table's columns and from the address helper
 * the semantics use (x86_ea): nothing here executes an instruction. Host
 * only, as ARM's (the table's column arrays live on the host, x86_optab.c).
 *
 * What the record holds: unit, load/store, branch and taken exactly (the
 * unit-counts model reads these); addr/size the first access of the
 * ModRM, stack, string and XLAT forms as the registers before the step
 * name it (a REP with ECX 0 accesses nothing but is recorded at ESI/EDI;
 * 16-bit addressing is not wrapped; an x87 memory operand has size 0, an
 * SSE one its row's msize); reads/writes the registers the
 * record's fields name, by operand layout (an approximation: MOV's
 * destination counts as read, implicit EAX/EDX of MUL, string and
 * CMPXCHG forms are not named). */
#ifndef X86_TRACE_H
#define X86_TRACE_H

#include "../timing/timing.h"
#include "x86_sse_rows.h"
#include "x86_step.h"

#define X86_TRACE_FLAGS_REG 8u /* bit 8 of reads/writes: the arithmetic flags */
#define X86_TRACE_ESP       (1ull << 4)

extern const uint8_t x86_op_units[X86_OP_COUNT];
extern const uint8_t x86_op_props[X86_OP_COUNT];
extern const uint8_t x86_op_fmts[X86_OP_COUNT];

/* Whether the record's operand is the ModRM memory operand. */
static inline int x86_trace_modrm_mem(const x86_insn_t *in, uint32_t fmt)
{
    switch (fmt) {
    case X86_FMT_RM: case X86_FMT_MR: case X86_FMT_MI: case X86_FMT_M: case X86_FMT_RMI:
    case X86_FMT_RMX: case X86_FMT_CCRM: case X86_FMT_CCM: case X86_FMT_BTM: case X86_FMT_BTMI:
    case X86_FMT_SM: case X86_FMT_MS:
        return 1;
    case X86_FMT_SH: case X86_FMT_SHX: /* the shift and SHLD/SHRD rows: their _M forms */
        return (x86_op_props[in->op] & X86_P_LOAD) != 0;
    case X86_FMT_X87:
        return (in->aux >> 6) != 3u;
    case X86_FMT_SSE:
        return in->op == X86_OP_SSE_M;
    default:
        return 0;
    }
}

/* Whether the record accesses memory; if so, the first address it
 * touches and the bytes from there, from the registers before it. */
static inline int x86_trace_mem(const x86_ctx_t *c, const x86_insn_t *in, uint32_t *addr, uint32_t *size)
{
    uint32_t fmt = x86_op_fmts[in->op], wide = x86_slot_bytes(in), esp = c->r[4];
    *size = 1u << x86_w(in);
    switch (in->op) {
    case X86_OP_PUSH_R: case X86_OP_PUSH_I: case X86_OP_PUSHF: case X86_OP_ENTER: case X86_OP_PUSHSEG:
        *size = wide, *addr = esp - wide;
        return 1;
    case X86_OP_CALL: case X86_OP_CALL_R:
        *size = 4u, *addr = esp - 4u;
        return 1;
    case X86_OP_CALLF: /* CS and the return address */
        *size = 2u * wide, *addr = esp - 2u * wide;
        return 1;
    case X86_OP_RETF:
        *size = 2u * wide, *addr = esp;
        return 1;
    case X86_OP_PUSHA:
        *size = 8u * wide, *addr = esp - 8u * wide;
        return 1;
    case X86_OP_POP_R: case X86_OP_POP_M: case X86_OP_POPF: case X86_OP_RET: case X86_OP_POPSEG:
        *size = wide, *addr = esp;
        return 1;
    case X86_OP_POPA:
        *size = 8u * wide, *addr = esp;
        return 1;
    case X86_OP_LEAVE:
        *size = wide, *addr = c->r[5];
        return 1;
    case X86_OP_MOVS: case X86_OP_LODS: case X86_OP_CMPS:
        *addr = c->r[6];
        return 1;
    case X86_OP_STOS: case X86_OP_SCAS:
        *addr = c->r[7];
        return 1;
    case X86_OP_XLAT:
        *size = 1u, *addr = c->r[3] + (c->r[0] & 0xffu);
        return 1;
    case X86_OP_CMPXCHG8B: *size = 8u; break;
    case X86_OP_MOVSEG_SM: case X86_OP_MOVSEG_MS: *size = 2u; break;
    case X86_OP_CALL_M: case X86_OP_JMP_M: *size = 4u; break;
    case X86_OP_CALLF_M: case X86_OP_JMPF_M: *size = wide + 2u; break;
    default:
        if (fmt == X86_FMT_X87 || fmt == X86_FMT_SSE)
            *size = 0u;
        break;
    }
    if (x86_trace_modrm_mem(in, fmt)) {
        *addr = x86_ea(c, in);
        return 1;
    }
    *addr = *size = 0u;
    return 0;
}

/* Whether op pushes or pops (ESP read and written). */
static inline int x86_trace_moves_esp(uint32_t op)
{
    switch (op) {
    case X86_OP_PUSH_R: case X86_OP_PUSH_I: case X86_OP_PUSH_M: case X86_OP_POP_R: case X86_OP_POP_M:
    case X86_OP_PUSHA: case X86_OP_POPA: case X86_OP_PUSHF: case X86_OP_POPF: case X86_OP_ENTER:
    case X86_OP_LEAVE: case X86_OP_CALL: case X86_OP_CALL_R: case X86_OP_CALL_M: case X86_OP_RET:
    case X86_OP_PUSHSEG: case X86_OP_POPSEG: case X86_OP_CALLF: case X86_OP_CALLF_M: case X86_OP_RETF:
        return 1;
    default:
        return 0;
    }
}

/* The registers the record names: reg, and base (a register operand or
 * the address's base) and index; EFLAGS by the props; ESP for the stack
 * forms. */
static inline void x86_trace_regs(const x86_insn_t *in, sim_trace_t *t)
{
    uint32_t fmt = x86_op_fmts[in->op], props = x86_op_props[in->op];
    uint64_t reg = in->reg < 8u ? 1ull << in->reg : 0, base = in->base < 8u ? 1ull << in->base : 0;
    uint64_t index = x86_index(in) < 8u ? 1ull << x86_index(in) : 0, flags = 1ull << X86_TRACE_FLAGS_REG;
    int mem = x86_trace_modrm_mem(in, fmt);
    uint64_t addr = mem ? base | index : 0;
    switch (fmt) {
    case X86_FMT_RR: case X86_FMT_RRI: case X86_FMT_RRX: case X86_FMT_CCRR:
        t->reads = reg | base;
        t->writes = reg;
        break;
    case X86_FMT_RM: case X86_FMT_RMI: case X86_FMT_RMX: case X86_FMT_CCRM:
        t->reads = reg | addr;
        t->writes = reg;
        break;
    case X86_FMT_MR:
        t->reads = reg | addr;
        t->writes = 0;
        break;
    case X86_FMT_RI: case X86_FMT_R: case X86_FMT_CCR:
        t->reads = reg;
        t->writes = reg;
        break;
    case X86_FMT_SH: case X86_FMT_SHX: case X86_FMT_BT: case X86_FMT_BTI:
        t->reads = reg | (mem ? addr : base);
        t->writes = mem ? 0 : base;
        break;
    default:
        t->reads = addr;
        t->writes = 0;
        break;
    }
    if (props & X86_P_RF)
        t->reads |= flags;
    if (props & X86_P_WF)
        t->writes |= flags;
    if (x86_trace_moves_esp(in->op)) {
        t->reads |= X86_TRACE_ESP;
        t->writes |= X86_TRACE_ESP;
    }
}

/* Whether an x87 memory form stores (D9 /2 /3 /6 /7, DB /1 /2 /3 /7,
 * DD /1 /2 /3 /6 /7, DF /1 /2 /3 /6 /7: FST, FIST(T)P, FSTP m80, FNSTENV,
 * FNSTCW, FNSAVE, FNSTSW, FBSTP) rather than loads (the rest: FLD, FILD,
 * the arithmetic's memory source, FLDCW, FLDENV, FRSTOR, FBLD). */
static inline int x86_trace_x87_stores(const x86_insn_t *in)
{
    static const uint8_t stores[8] = {0, 0xcc, 0, 0x8e, 0, 0xce, 0, 0xce}; /* by D8+reg: a bit per /r */
    return (stores[in->reg & 7u] >> ((in->aux >> 3) & 7u)) & 1u;
}

/* The direction of an x87 or SSE memory access, which the op table's one
 * row for the unit cannot say: SSE's from the row's form (the stores
 * write their destination, EX and MX) and size, x87's from its opcode. */
static inline uint32_t x86_trace_fp_dir(const x86_insn_t *in, uint32_t *size)
{
    if (in->op == X86_OP_SSE_M) {
        uint32_t info = sse_row_info(in->aux), form = sse_info_form(info);
        *size = sse_info_msize(info);
        return form == SSE_F_EX || form == SSE_F_MX ? SIM_TR_STORE : SIM_TR_LOAD;
    }
    return x86_trace_x87_stores(in) ? SIM_TR_STORE : SIM_TR_LOAD;
}

/* What is known of `in`, at pc, before it runs. Every IA-32 instruction
 * that retires executed (a Jcc not taken included). */
static inline void x86_trace_before(const x86_ctx_t *c, const x86_insn_t *in, uint32_t pc, sim_trace_t *t)
{
    uint32_t props = x86_op_props[in->op];
    *t = (sim_trace_t){0};
    t->pc = pc;
    t->op = in->op;
    t->unit = x86_op_units[in->op];
    t->flags = SIM_TR_EXECUTED | (t->unit == SIM_UNIT_BRANCH ? SIM_TR_BRANCH : 0u);
    if (x86_trace_mem(c, in, &t->addr, &t->size)) {
        uint32_t fmt = x86_op_fmts[in->op];
        if (fmt == X86_FMT_X87 || fmt == X86_FMT_SSE)
            t->flags |= x86_trace_fp_dir(in, &t->size);
        else
            t->flags |= (props & X86_P_LOAD ? SIM_TR_LOAD : 0u) | (props & X86_P_STORE ? SIM_TR_STORE : 0u);
    }
    x86_trace_regs(in, t);
    t->active = 1;
}

/* Run like x86_run, one full step at a time, recording every instruction
 * that retires with the model tm. The chained path is not used: a run
 * without a model never comes here. */
static inline uint64_t x86_run_traced(x86_ctx_t *c, const x86_code_t *code, const sim_mem_t *m, uint32_t core,
                                      uint64_t max_steps, const sim_timing_t *tm)
{
    uint64_t start = sim_icount(&c->sys), n = 0;
    const sim_mem_t mm = sim_mem_for_core(m, core);
    while (n < max_steps && c->sys.status == SIM_RUNNING) {
        uint32_t pc = c->eip;
        const x86_insn_t *in = x86_fetch(*code, pc);
        sim_trace_t t;
        if (in) {
            x86_trace_before(c, in, pc, &t);
            x86_step_record(c, in, &mm, core, pc, start + n);
        } else {
            x86_fetch_miss(c, code, &mm, core, pc, start + n); /* writable code: one step, its record unseen */
            t = (sim_trace_t){0};
            t.pc = pc;
            t.unit = SIM_UNIT_SYS;
            t.flags = SIM_TR_EXECUTED;
            t.active = 1;
        }
        if (!sim_timing_retire(tm, core, &t, c->sys.status, c->eip, pc + (in ? x86_len(in) : 0u)))
            break;
        n++;
    }
    sim_set_icount(&c->sys, start + n);
    return n;
}

#endif
