/* The predecoded ARM instruction record, shared by the A32 and T32 decoders
 * and the executor. The host decodes every text word (A32) and every text
 * halfword (T32) once into one of these; all cores then share the arrays. */
#ifndef ARM_INSN_H
#define ARM_INSN_H

#include "../sim_trace.h"
#include "arm_ops.def"

typedef enum arm_op {
#define ARM_OP(name, unit, fmt, mn, props, stop, exec) ARM_OP_##name,
    ARM_OP_TABLE
#undef ARM_OP
    ARM_OP_COUNT
} arm_op_t;

/* The operand layouts of the fmt column (the disassembler's, and the fast
 * forms' shapes). */
typedef enum arm_fmt {
    ARM_FMT_DP_IMM, ARM_FMT_DP_REG, ARM_FMT_DP_RSR, ARM_FMT_NONE, ARM_FMT_MUL, ARM_FMT_MLA, ARM_FMT_MULL,
    ARM_FMT_QARITH, ARM_FMT_DIV, ARM_FMT_RR, ARM_FMT_XT, ARM_FMT_XTA, ARM_FMT_BFX, ARM_FMT_SAT, ARM_FMT_RRR,
    ARM_FMT_MOVI, ARM_FMT_BR, ARM_FMT_BXR, ARM_FMT_CBZ, ARM_FMT_TB, ARM_FMT_IT, ARM_FMT_LS_IMM, ARM_FMT_LS_REG,
    ARM_FMT_LIT, ARM_FMT_LSM, ARM_FMT_SWP, ARM_FMT_LDREX, ARM_FMT_STREX, ARM_FMT_MRS, ARM_FMT_MSR, ARM_FMT_SVC,
    ARM_FMT_PKH, ARM_FMT_VFP, ARM_FMT_NEON_ARITH, ARM_FMT_NEON_ELEM,
    ARM_FMT_SMUL, ARM_FMT_SMLA, ARM_FMT_SMLAL /* the v6 multiplies with an X or R suffix (arm_exec_dsp.h) */
} arm_fmt_t;

/* Shift codes of the barrel shifter (shift field). */
enum { ARM_SH_LSL = 0, ARM_SH_LSR = 1, ARM_SH_ASR = 2, ARM_SH_ROR = 3, ARM_SH_RRX = 4 };

/* flags field */
#define ARM_F_S    0x01u /* set condition flags */
#define ARM_F_ITS  0x02u /* T16: set flags only outside an IT block */
#define ARM_F_IMMC 0x04u /* _IMM: shifter carry-out is imm bit 31 */
#define ARM_F_P    0x08u /* pre-indexed (or "before" for LDM/STM) */
#define ARM_F_WIDE 0x10u /* a 4-byte instruction (A32, 32-bit T32): arm_len */
#define ARM_F_W    0x20u /* write back the base register */
#define ARM_F_T32  0x40u /* decoded from a T32 encoding */
#define ARM_F_U    0x80u /* add offset (or "increment" for LDM/STM) */

#define ARM_COND_AL 14u

typedef struct arm_insn {
    uint16_t cond : 4;  /* 0..14; 14 = always. T32: 14 except conditional branches.
                         * The low bits: one AND reads it */
    uint16_t op : 12;   /* arm_op_t: the architectural op (arm_ops.def) */
    uint16_t xop;       /* the host's dispatch index (fast/arm_fast.h), set by
                         * arm_prepare_records; the GPU and the switch paths
                         * dispatch on op and never read it */
    uint8_t rd, rn, rm, rs;
    uint8_t shift;      /* ARM_SH_* */
    uint8_t amount;     /* shift amount, rotation, lsb, or op-specific bits */
    uint8_t flags;      /* ARM_F_*; the instruction's length is ARM_F_WIDE (arm_len) */
    uint8_t run;        /* records from here to the end of its straight-line block,
                         * this one and the last included (arm_block.c); 0 = unknown.
                         * A block longer than 255 records is cut into pieces. */
    uint32_t imm;       /* immediate, absolute target/address, register list (LDM/STM: with
                         * its layout, arm_lsm_list), raw word for UNDEF */
} arm_insn_t;

/* The op field's room: 4096 ops. */
SIM_STATIC_ASSERT(ARM_OP_COUNT <= 4096, arm_op_fits_its_field);
SIM_STATIC_ASSERT(sizeof(arm_insn_t) == 16, arm_insn_is_16_bytes);

/* The instruction's length in bytes, 2 or 4: the next instruction's
 * record lies len / 2 halfword records on (T32), or the next (A32). Kept
 * in flags, the record having no byte to spare: ARM_F_WIDE is as many
 * bytes as a record, so that the next T32 record is `in` plus a record
 * plus the flag (arm_next_t32). */
SIM_INLINE uint32_t arm_len(const arm_insn_t *in) { return 2u + ((in->flags & ARM_F_WIDE) >> 3); }
SIM_INLINE void arm_set_len(arm_insn_t *in, uint32_t len)
{
    in->flags = (uint8_t)((in->flags & ~ARM_F_WIDE) | (len == 4u ? ARM_F_WIDE : 0u));
}
SIM_STATIC_ASSERT(ARM_F_WIDE == sizeof(arm_insn_t), arm_wide_is_a_record);
SIM_INLINE const arm_insn_t *arm_next_t32(const arm_insn_t *in)
{
    return (const arm_insn_t *)((const char *)in + sizeof(arm_insn_t) + (in->flags & ARM_F_WIDE));
}

/* LDM and STM name neither a shift nor rd, rm, rs: their decoders keep
 * beside the register list (imm bits 15..0) the bytes moved (23..16) and
 * the base's write-back offset (31..24, int8), and in amount the first
 * address's offset from the base (int8), so that the executor need neither
 * count the list nor test the addressing mode (arm_lsm_layout writes them,
 * these read them). */
#define ARM_LSM_BYTES_SHIFT 16
#define ARM_LSM_WB_SHIFT 24
SIM_INLINE uint32_t arm_lsm_list(const arm_insn_t *in) { return in->imm & 0xffffu; }
SIM_INLINE uint32_t arm_lsm_bytes(const arm_insn_t *in)
{
    return (in->imm >> ARM_LSM_BYTES_SHIFT) & 0xffu;
}
SIM_INLINE uint32_t arm_lsm_wb_offset(const arm_insn_t *in)
{
    return (uint32_t)(int32_t)(int8_t)(in->imm >> ARM_LSM_WB_SHIFT);
}
SIM_INLINE uint32_t arm_lsm_first_offset(const arm_insn_t *in)
{
    return (uint32_t)(int32_t)(int8_t)in->amount;
}

/* Decoders: fill *out for the encoding at target address addr. They never
 * fail: an encoding they do not know becomes ARM_OP_UNDEF with imm = raw. */
#ifndef __CUDA_ARCH__
void arm_decode_a32(uint32_t word, uint32_t addr, arm_insn_t *out);
/* A VFP encoding (arm_decode_vfp.c), A32 or T32 (w = hw1 << 16 | hw2):
 * 1 and *out filled, or 0 when w is none it takes. */
int arm_decode_vfp(uint32_t w, uint32_t addr, uint32_t t32, arm_insn_t *out);
/* An Advanced SIMD encoding (arm_decode_neon.c), A32 or T32 (w = hw1 << 16
 * | hw2): 1 and *out filled (UNDEF for one of its space no row takes), or 0
 * when w lies outside that space. */
int arm_decode_neon(uint32_t w, uint32_t addr, uint32_t t32, arm_insn_t *out);
/* hw1 = halfword at addr, hw2 = halfword at addr + 2 (0 if beyond text). */
void arm_decode_t32(uint32_t hw1, uint32_t hw2, uint32_t addr, arm_insn_t *out);
/* One-line disassembly into buf (size n); returns buf. */
char *arm_disasm(const arm_insn_t *in, uint32_t addr, char *buf, size_t n);
/* A VFP row's line (arm_disasm_vfp.c): snprintf's count. */
int arm_disasm_vfp(const arm_insn_t *in, const char *mn, const char *cc, char *buf, size_t n);
/* The NEON rows' lines (arm_disasm_neon_arith.c, arm_disasm_neon_elem.c). */
int arm_disasm_neon_arith(const arm_insn_t *in, const char *mn, const char *cc, char *buf, size_t n);
int arm_disasm_neon_elem(const arm_insn_t *in, const char *mn, const char *cc, char *buf, size_t n);
/* Prepare decoded records for the run loops (arm_block.c): records
 * [lo, hi) of an array of n, one per 2^shift bytes of text from text_lo
 * (A32: shift 2, T32: 1): each record's straight-line block (run), and the
 * host's dispatch (xop, fast/arm_fast.h). A block ends at hi: the records
 * after it may not be decoded yet. it_before: which of the 8 T32 records
 * before lo are ITs (bit k - 1 for the k-th; arm_its_before, where they
 * are decoded). arm_prepare_records: all of them, page by page as a run
 * decodes them (ARM_PAGE_BYTES). */
void arm_prepare_range(arm_insn_t *recs, uint32_t n, uint32_t lo, uint32_t hi, uint32_t shift,
                       uint32_t text_lo, uint32_t it_before);
uint32_t arm_its_before(const arm_insn_t *recs, uint32_t lo);
void arm_prepare_records(arm_insn_t *recs, uint32_t n, uint32_t shift, uint32_t text_lo);
#define ARM_PAGE_BYTES 4096u
/* B and BL name no registers: arm_prepare_records keeps in their register
 * fields (rd..rs, read as one word) how many bytes their target's record
 * lies after theirs in the same array (negative: before), or ARM_NO_TARGET,
 * so that the host's chained path reaches it with one add. */
#define ARM_NO_TARGET INT32_MIN
static inline int32_t arm_target_offset(const arm_insn_t *in)
{
    int32_t off;
    __builtin_memcpy(&off, &in->rd, sizeof off);
    return off;
}
static inline const arm_insn_t *arm_target_record(const arm_insn_t *in)
{
    return (const arm_insn_t *)((const char *)in + arm_target_offset(in));
}
/* B names no shift either: its shift and amount, read as one halfword,
 * hold the row of its condition (ARM_COND_ROWS, AL's all ones), so that the
 * chained path tests a branch's condition with one load of the record. */
SIM_STATIC_ASSERT(offsetof(arm_insn_t, amount) == offsetof(arm_insn_t, shift) + 1,
                  arm_amount_follows_shift);
static inline uint32_t arm_branch_row(const arm_insn_t *in)
{
    uint16_t row;
    __builtin_memcpy(&row, &in->shift, sizeof row);
    return row;
}
/* An LDM's or STM's layout (beside arm_insn_t), from its list and P, U. */
static inline void arm_lsm_layout(arm_insn_t *o)
{
    int32_t bytes = 4 * __builtin_popcount(arm_lsm_list(o));
    int32_t before = (o->flags & ARM_F_P) ? 4 : 0;
    int32_t up = (o->flags & ARM_F_U) != 0;
    o->amount = (uint8_t)(int8_t)(up ? before : 4 - before - bytes);
    o->imm = arm_lsm_list(o) | (uint32_t)bytes << ARM_LSM_BYTES_SHIFT |
             (uint32_t)(uint8_t)(int8_t)(up ? bytes : -bytes) << ARM_LSM_WB_SHIFT;
}
/* Whether a decoded record ends a straight-line block (arm_block.c). */
int arm_ends_block(const arm_insn_t *in);
/* The table's columns, per op (arm_optab.c). */
extern const char *const arm_op_names[ARM_OP_COUNT];
extern const uint8_t arm_op_units[ARM_OP_COUNT]; /* sim_unit_t */
extern const uint16_t arm_op_props[ARM_OP_COUNT];
extern const uint8_t arm_op_fmts[ARM_OP_COUNT];
static inline uint32_t arm_op_has(uint32_t op, uint32_t props) { return arm_op_props[op] & props; }
/* Whether a record of op may stop the core: loads and stores can fault,
 * branches and system ops can leave the text or trap; ALU, multiply and
 * divide ops cannot (the dead-flag and plain-IT analyses rely on it). */
static inline int arm_op_may_stop(uint32_t op) { return arm_op_has(op, ARM_P_STOP) != 0; }
#endif

#endif
