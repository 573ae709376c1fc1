/* Single and multiple loads and stores. A faulting access stops the core
 * without changing any register (a multiple store may have written the
 * words below the fault). */
#ifndef ARM_EXEC_LOADSTORE_H
#define ARM_EXEC_LOADSTORE_H

#include "arm_exec_dataproc.h"

/* Offset of the _IMM and _REG forms: imm, or Rm shifted (RRX reads C). */
SIM_INLINE uint32_t arm_ls_offset(const arm_ctx_t *c, const arm_insn_t *in, uint32_t reg)
{
    uint32_t v, unused;
    if (!reg)
        return in->imm;
    v = c->r[in->rm];
    if (SIM_LIKELY(in->shift == ARM_SH_LSL)) /* array indexing: the common case */
        return v << in->amount;
    return arm_shift_c(v, in->shift, in->amount, arm_cflag(c), &unused);
}

/* offset_addr = Rn +- offset; address = P ? offset_addr : Rn */
SIM_INLINE uint32_t arm_ls_addr(const arm_ctx_t *c, const arm_insn_t *in, uint32_t off,
                                uint32_t *wb)
{
    uint32_t base = c->r[in->rn];
    *wb = (in->flags & ARM_F_U) ? base + off : base - off;
    return (in->flags & ARM_F_P) ? *wb : base;
}

#if defined(SIM_PRIV_CONTIGUOUS) && !defined(__CUDA_ARCH__) &&                   \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ARM_WINDOW_BYTES 1
/* On the CPU layout (SIM_PRIV_CONTIGUOUS) a core's window is one run of
 * host bytes in the target's order: byte po of it. */
SIM_INLINE uint8_t *arm_window_byte(const sim_mem_t *m, uint32_t core, uint32_t po)
{
    return (uint8_t *)sim_priv_word(m, core, 0u) + po;
}

/* So an access of 1, 2 or 4 bytes inside the window, aligned or not, is one
 * host access: the bytes that the accessors would take one by one (ARMv7
 * lets LDR and STR be unaligned). Whether an access at a fits the window,
 * *po then its offset there. One test serves all sizes: a byte or halfword
 * in the window's last 3 bytes (its stack's top) goes to the slow path,
 * which serves it as well. The offset goes back to the caller rather than a
 * pointer, so that GCC forms the host address in the load or store itself,
 * after the test (a pointer formed here was formed before it: 2 host
 * instructions more). */
SIM_INLINE int arm_window_fits(const sim_mem_t *m, uint32_t a, uint32_t *po)
{
    *po = a - m->priv_base;
    return *po <= m->priv_fit;
}
#endif

/* A load or store of 1, 2 or 4 bytes at a: on the CPU layout inside the
 * window in one host access (arm_window_fits), else past it (sim_ld32_beyond:
 * the read-only image, the shared region, faults); on other layouts through
 * the accessors, which serve the window first. All inline: the real
 * workloads read their shared inputs that way (imatmul took 1.3x the host
 * instructions with the accessors out of line), though it costs the
 * window's path a register or two (compute.arm: 15.5 -> 15.9 host
 * instructions per simulated one, at 6c1dbaa). Return 1 on a fault. */
SIM_INLINE int arm_ld_size(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t size,
                           uint32_t *v)
{
#ifdef ARM_WINDOW_BYTES
    uint32_t po;
    uint16_t h;
    if (SIM_LIKELY(arm_window_fits(m, a, &po))) {
        const uint8_t *p = arm_window_byte(m, core, po);
        if (size == 4u)
            __builtin_memcpy(v, p, 4u);
        else
            *v = size == 2u ? (__builtin_memcpy(&h, p, 2u), h) : *p;
        return 0;
    }
    /* past the window, or a byte or halfword in its last 3 bytes (which
     * the slow path serves): its test need not be made again. The slow
     * path writes a copy of its own, so that *v (the caller's local) never
     * escapes to a call and can stay in a register on the fast path (the
     * chained path's loads went through the stack otherwise). */
    uint32_t slow;
    int fault = size == 4u ? sim_ld32_beyond(m, core, a, &slow) : sim_ld_slow(m, core, a, size, &slow);
    *v = slow;
    return fault;
#else
    if (size == 4u)
        return sim_ld32(m, core, a, v);
    return size == 2u ? sim_ld16(m, core, a, v) : sim_ld8(m, core, a, v);
#endif
}

SIM_INLINE int arm_st_size(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t size,
                           uint32_t v)
{
#ifdef ARM_WINDOW_BYTES
    uint32_t po;
    if (SIM_LIKELY(arm_window_fits(m, a, &po))) {
        __builtin_memcpy(arm_window_byte(m, core, po), &v, size); /* little-endian: the low bytes */
        return 0;
    }
    return size == 4u ? sim_st32_beyond(m, core, a, v) : sim_st_slow(m, core, a, size, v);
#else
    if (size == 4u)
        return sim_st32(m, core, a, v);
    return size == 2u ? sim_st16(m, core, a, v) : sim_st8(m, core, a, v);
#endif
}

/* A loaded byte or halfword (size 1 or 2), sign-extended (LDRSB, LDRSH) */
SIM_INLINE uint32_t arm_sign_extend(uint32_t v, uint32_t size)
{
    return size == 2u ? (uint32_t)(int32_t)(int16_t)v : (uint32_t)(int32_t)(int8_t)v;
}

/* LDR, LDRB, LDRH, LDRSB, LDRSH: the base is written back before Rt, so a
 * load into the base register keeps the loaded value. Returns whether the
 * core stopped (a fault), so that the fast path's answer is a constant. */
SIM_INLINE uint32_t arm_load(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                             uint32_t core, uint32_t pc, uint32_t reg, uint32_t size,
                             uint32_t sign)
{
    uint32_t wb, v, a = arm_ls_addr(c, in, arm_ls_offset(c, in, reg), &wb);
    if (SIM_UNLIKELY(arm_ld_size(m, core, a, size, &v))) {
        arm_fault(c, SIM_FAULT_READ, pc, a);
        return 1;
    }
    if (sign)
        v = arm_sign_extend(v, size);
    if (in->flags & ARM_F_W)
        c->r[in->rn] = wb;
    arm_wr_load(c, in->rd, v);
    return 0;
}

/* STR, STRB, STRH. Rt = pc stores the instruction's address + 8 (A32).
 * Returns whether the core stopped, as arm_load does. */
SIM_INLINE uint32_t arm_store(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                              uint32_t core, uint32_t pc, uint32_t reg, uint32_t size)
{
    uint32_t wb, a = arm_ls_addr(c, in, arm_ls_offset(c, in, reg), &wb), v = c->r[in->rd];
    if (SIM_UNLIKELY(arm_st_size(m, core, a, size, v))) {
        arm_fault(c, SIM_FAULT_WRITE, pc, a);
        return 1;
    }
    if (in->flags & ARM_F_W)
        c->r[in->rn] = wb;
    return 0;
}

/* LDRD Rt, Rt2 (rd, rs) from address and address + 4 */
SIM_INLINE void arm_ldrd(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                         uint32_t core, uint32_t pc, uint32_t reg)
{
    uint32_t wb, v0, v1, a = arm_ls_addr(c, in, arm_ls_offset(c, in, reg), &wb);
    if (SIM_UNLIKELY(a & 3u)) { /* LDRD and STRD need word alignment (SIGBUS) */
        arm_fault(c, SIM_FAULT_ALIGN, pc, a);
        return;
    }
    if (SIM_UNLIKELY(sim_ld32(m, core, a, &v0))) {
        arm_fault(c, SIM_FAULT_READ, pc, a);
        return;
    }
    if (SIM_UNLIKELY(sim_ld32(m, core, a + 4u, &v1))) {
        arm_fault(c, SIM_FAULT_READ, pc, a + 4u);
        return;
    }
    if (in->flags & ARM_F_W)
        c->r[in->rn] = wb;
    c->r[in->rd] = v0;
    c->r[in->rs] = v1;
}

SIM_INLINE void arm_strd(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                         uint32_t core, uint32_t pc, uint32_t reg)
{
    uint32_t wb, a = arm_ls_addr(c, in, arm_ls_offset(c, in, reg), &wb);
    if (SIM_UNLIKELY(a & 3u)) {
        arm_fault(c, SIM_FAULT_ALIGN, pc, a);
        return;
    }
    if (SIM_UNLIKELY(sim_st32(m, core, a, c->r[in->rd]))) {
        arm_fault(c, SIM_FAULT_WRITE, pc, a);
        return;
    }
    if (SIM_UNLIKELY(sim_st32(m, core, a + 4u, c->r[in->rs]))) {
        arm_fault(c, SIM_FAULT_WRITE, pc, a + 4u);
        return;
    }
    if (in->flags & ARM_F_W)
        c->r[in->rn] = wb;
}

SIM_INLINE void arm_ldr_lit(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                            uint32_t core, uint32_t pc)
{
    uint32_t v;
    if (SIM_UNLIKELY(sim_ld32(m, core, in->imm, &v))) {
        arm_fault(c, SIM_FAULT_READ, pc, in->imm);
        return;
    }
    arm_wr_load(c, in->rd, v);
}

/* The fast forms (fast/arm_fast.def): address a, then Rn = wb if w, Rt not the
 * PC: arm_load and arm_store less the decoding of the record's addressing
 * mode. Return whether the core stopped. */
SIM_INLINE uint32_t arm_load_fast(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                                  uint32_t core, uint32_t pc, uint32_t a, uint32_t wb,
                                  uint32_t w, uint32_t size, uint32_t sign)
{
    uint32_t v;
    if (SIM_UNLIKELY(arm_ld_size(m, core, a, size, &v))) {
        arm_fault(c, SIM_FAULT_READ, pc, a);
        return 1;
    }
    if (sign)
        v = arm_sign_extend(v, size);
    if (w)
        c->r[in->rn] = wb;
    c->r[in->rd] = v;
    return 0;
}

SIM_INLINE uint32_t arm_store_fast(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                                   uint32_t core, uint32_t pc, uint32_t a, uint32_t wb,
                                   uint32_t w, uint32_t size, uint32_t sign)
{
    (void)sign;
    if (SIM_UNLIKELY(arm_st_size(m, core, a, size, c->r[in->rd]))) {
        arm_fault(c, SIM_FAULT_WRITE, pc, a);
        return 1;
    }
    if (w)
        c->r[in->rn] = wb;
    return 0;
}

/* The bodies of the fast forms of a load or store (fast/arm_fast.def):
 * [rn, off], [rn, off]!, [rn], off, with off #imm or rm LSL amount. fn:
 * arm_load_fast or arm_store_fast. */
#define ARM_LS_IMM_OFF in->imm
#define ARM_LS_LSL_OFF (c->r[in->rm] << in->amount)
#define ARM_LS_FAST_OFF_EXEC(size, sign, fn, off)                              \
    fn(c, in, m, core, pc, c->r[in->rn] + (off), 0, 0, size, sign)
#define ARM_LS_FAST_PRE_EXEC(size, sign, fn, off)                              \
    fn(c, in, m, core, pc, c->r[in->rn] + (off), c->r[in->rn] + (off), 1, size, sign)
#define ARM_LS_FAST_POST_EXEC(size, sign, fn, off)                             \
    fn(c, in, m, core, pc, c->r[in->rn], c->r[in->rn] + (off), 1, size, sign)

/* Lowest address of an LDM/STM of n registers, and the written-back base,
 * by the offsets its decoder kept (arm_lsm_list). IA: Rn, IB: Rn + 4,
 * DA: Rn - 4n + 4, DB: Rn - 4n. */
SIM_INLINE uint32_t arm_lsm_start(const arm_ctx_t *c, const arm_insn_t *in, uint32_t *wb)
{
    uint32_t base = c->r[in->rn];
    *wb = base + arm_lsm_wb_offset(in);
    return base + arm_lsm_first_offset(in);
}

/* Whether [a, a + bytes) is aligned and inside the private window: then no
 * word of an LDM/STM can fault and the words are reached directly. */
SIM_INLINE int arm_lsm_fast(const sim_mem_t *m, uint32_t a, uint32_t bytes)
{
    return (a & 3u) == 0 && (uint64_t)(a - m->priv_base) + bytes <= m->priv_size;
}

/* The first of an LDM's or STM's words that arm_lsm_fast passed, at a. */
SIM_INLINE uint32_t *arm_lsm_words(const sim_mem_t *m, uint32_t core, uint32_t a)
{
#ifdef ARM_WINDOW_BYTES
    /* (a byte offset: a whole word's would be shifted down and back up) */
    return (uint32_t *)arm_window_byte(m, core, a - m->priv_base);
#else
    return sim_priv_word(m, core, a - m->priv_base);
#endif
}

/* LDM, STM (and VLDM, VSTM, VLDR, VSTR) need a word-aligned address on
 * ARMv7 whatever SCTLR.A says (ARM ARM A3.2.1): an alignment fault, SIGBUS
 * under qemu-arm (Linux would fix the access up; warpsim, like qemu, does
 * not). 1 after reporting the fault. */
SIM_INLINE int arm_word_misaligned(arm_ctx_t *c, uint32_t pc, uint32_t a)
{
    if (SIM_LIKELY((a & 3u) == 0))
        return 0;
    arm_fault(c, SIM_FAULT_ALIGN, pc, a);
    return 1;
}

/* LDM's words through the accessors, where some may fault or lie outside
 * the window: all are read first, so that a fault leaves the registers as
 * they were. Returns 1 after reporting a fault; else sets the registers but
 * the pc, whose word it leaves in *last. */
SIM_COLD int arm_ldm_checked(arm_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc,
                           uint32_t list, uint32_t a, uint32_t *last)
{
    uint32_t vals[16], k = 0;
    if (arm_word_misaligned(c, pc, a))
        return 1;
    for (uint32_t l = list; l; l &= l - 1u, a += 4u)
        if (SIM_UNLIKELY(sim_ld32(m, core, a, &vals[k++]))) {
            arm_fault(c, SIM_FAULT_READ, pc, a);
            return 1;
        }
    k = 0;
    for (uint32_t l = list & 0x7fffu; l; l &= l - 1u)
        c->r[arm_ctz(l)] = vals[k++];
    if (list & 0x8000u)
        *last = vals[k];
    return 0;
}

/* LDM's words where none can fault (arm_lsm_fast): every register of the
 * list but the pc set; the pc's word returned (0 for a list without it). */
SIM_INLINE uint32_t arm_ldm_window(arm_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t list,
                                   uint32_t a)
{
    const uint32_t *p = arm_lsm_words(m, core, a);
    uint64_t step = SIM_PRIV_STRIDE_WORD(m);
    for (uint32_t l = list & 0x7fffu; l; l &= l - 1u, p += step)
        c->r[arm_ctz(l)] = *p;
    return (list & 0x8000u) ? *p : 0u;
}

/* LDM's base write-back, unless the base was loaded */
SIM_INLINE void arm_ldm_writeback(arm_ctx_t *c, const arm_insn_t *in, uint32_t list, uint32_t wb)
{
    if ((in->flags & ARM_F_W) && !(list & (1u << in->rn)))
        c->r[in->rn] = wb;
}

/* LDM: lowest register from the lowest address; the base is written back
 * unless it is in the list; a loaded PC interworks. Where no word can fault
 * (the pushes and pops of calls and returns) the registers are loaded
 * straight from the window, inline; otherwise out of line. Returns whether
 * the core stopped (a fault), so that the fast path's answer is a constant. */
SIM_INLINE uint32_t arm_ldm(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                            uint32_t core, uint32_t pc)
{
    uint32_t list = arm_lsm_list(in), wb, a = arm_lsm_start(c, in, &wb);
    uint32_t last = 0;
    if (SIM_LIKELY(arm_lsm_fast(m, a, arm_lsm_bytes(in))))
        last = arm_ldm_window(c, m, core, list, a);
    else if (arm_ldm_checked(c, m, core, pc, list, a, &last))
        return 1;
    arm_ldm_writeback(c, in, list, wb);
    if (list & 0x8000u)
        arm_bx_write_pc(c, last);
    return 0;
}

/* STM's words through the accessors; a fault stops it before the word
 * (sim_st32 writes nothing then). Returns 1 after reporting a fault. */
SIM_COLD int arm_stm_checked(arm_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc,
                           uint32_t list, uint32_t a)
{
    if (arm_word_misaligned(c, pc, a))
        return 1;
    for (uint32_t l = list; l; l &= l - 1u, a += 4u)
        if (SIM_UNLIKELY(sim_st32(m, core, a, c->r[arm_ctz(l)]))) {
            arm_fault(c, SIM_FAULT_WRITE, pc, a);
            return 1;
        }
    return 0;
}

/* STM: registers stored as they were before the instruction (a stored PC
 * reads as address + 8); inline where no word can fault, as LDM, and
 * returns whether the core stopped as it does. */
SIM_INLINE uint32_t arm_stm(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                            uint32_t core, uint32_t pc)
{
    uint32_t list = arm_lsm_list(in), wb, a = arm_lsm_start(c, in, &wb);
    if (SIM_LIKELY(arm_lsm_fast(m, a, arm_lsm_bytes(in)))) {
        uint32_t *p = arm_lsm_words(m, core, a);
        for (uint64_t l = list, step = SIM_PRIV_STRIDE_WORD(m); l; l &= l - 1u, p += step)
            *p = c->r[arm_ctz((uint32_t)l)];
    } else if (arm_stm_checked(c, m, core, pc, list, a)) {
        return 1;
    }
    if (in->flags & ARM_F_W)
        c->r[in->rn] = wb;
    return 0;
}

#endif
