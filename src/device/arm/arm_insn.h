/* The predecoded ARM instruction record, shared by the A32 and T32 decoders
 * and the executor. The host decodes every text word (A32) and every text
 * halfword (T32) once into one of these; all cores then share the arrays. */
#ifndef ARM_INSN_H
#define ARM_INSN_H

#include "../sim_port.h"
#include "arm_ops.def"

#define ARM_OP_DP_IMM(n) ARM_OP(n##_IMM, ALU, DP_IMM, #n)
#define ARM_OP_DP_REG(n) ARM_OP(n##_REG, ALU, DP_REG, #n)
#define ARM_OP_DP_RSR(n) ARM_OP(n##_RSR, ALU, DP_RSR, #n)
#define ARM_OP_DP_IMM_NF(n) ARM_OP(n##_IMM_NF, ALU, DP_IMM, #n)
#define ARM_OP_DP_LSL_NF(n) ARM_OP(n##_LSL_NF, ALU, DP_REG, #n)
#define ARM_OP_DP_SH_NF(n) ARM_OP(n##_SH_NF, ALU, DP_REG, #n)
#define ARM_OP_DP_IMM_S(n) ARM_OP(n##_IMM_S, ALU, DP_IMM, #n)
#define ARM_OP_DP_LSL_S(n) ARM_OP(n##_LSL_S, ALU, DP_REG, #n)

/* Every row, in enum order. Expand with a macro taking (name, unit, fmt, mn). */
#define ARM_OP_TABLE(ARM_OP) ARM_OPS_DP(ARM_OP) ARM_OPS_OTHER(ARM_OP) ARM_OPS_FAST(ARM_OP)

typedef enum arm_op {
#define ARM_OP(name, unit, fmt, mn) ARM_OP_##name,
    ARM_OP_TABLE(ARM_OP)
#undef ARM_OP
    ARM_OP_COUNT
} arm_op_t;

typedef enum arm_unit { ARM_UNIT_ALU, ARM_UNIT_MUL, ARM_UNIT_DIV, ARM_UNIT_MEM, ARM_UNIT_BR, ARM_UNIT_SYS } arm_unit_t;

/* Shift codes of the barrel shifter (shift field). */
enum { ARM_SH_LSL = 0, ARM_SH_LSR = 1, ARM_SH_ASR = 2, ARM_SH_ROR = 3, ARM_SH_RRX = 4 };

/* flags field */
#define ARM_F_S    0x01u /* set condition flags */
#define ARM_F_ITS  0x02u /* T16: set flags only outside an IT block */
#define ARM_F_IMMC 0x04u /* _IMM: shifter carry-out is imm bit 31 */
#define ARM_F_P    0x08u /* pre-indexed (or "before" for LDM/STM) */
#define ARM_F_U    0x10u /* add offset (or "increment" for LDM/STM) */
#define ARM_F_W    0x20u /* write back the base register */
#define ARM_F_T32  0x40u /* decoded from a T32 encoding */

#define ARM_COND_AL 14u

/* Dispatch indices of the host's chained path beyond the ops (xop field):
 * a full step of a block's last record, a test of the record's condition
 * before its op, a plain B, BL and BX Rm chained to their targets, an
 * inline full step of LDM with the pc, and IT, in general or for an IT
 * block decided at the IT (arm_chained.h, arm_block.c). */
enum {
    ARM_XOP_STEP = ARM_OP_COUNT,
    ARM_XOP_COND,
    ARM_XOP_BRANCH,
    ARM_XOP_CALL,
    ARM_XOP_BX,
    ARM_XOP_POP,
    ARM_XOP_IT,
    ARM_XOP_IT_PLAIN,
    ARM_XOP_COUNT
};

/* ARM_XOP_IT_PLAIN's two outcomes (rd: the first condition passes, rn: it
 * fails) for an IT or ITE, where each runs at most one record: these bits,
 * and in ARM_IT_ONE_AT how many bytes of records from the IT block's first
 * record lies the record that runs, or the record to go on at if none
 * does: 0, 16 or 32 (arm_block.c, arm_chained.h). */
#define ARM_IT_ONE 0x80u
#define ARM_IT_ONE_RUNS 0x40u
#define ARM_IT_ONE_AT 0x30u
#define ARM_IT_ONE_SKIP 0x01u /* after it, the IT block's other record */

typedef struct arm_insn {
    uint8_t op;      /* arm_op_t */
    uint8_t cond;    /* 0..14; 14 = always. T32: 14 except conditional branches */
    uint8_t xop;     /* the op, or an ARM_XOP_*: arm_thread_op() */
    uint8_t len;     /* 2 or 4: bytes to the next instruction; after xop, so that the
                      * host's T32 path reads both in one halfword (arm_chained.h) */
    uint8_t rd, rn, rm, rs;
    uint8_t shift;   /* ARM_SH_* */
    uint8_t amount;  /* shift amount, rotation, lsb, or op-specific bits */
    uint8_t flags;   /* ARM_F_* */
    uint8_t run;     /* records from here to the end of its straight-line block,
                      * this one and the last included (arm_block.c); 0 = unknown.
                      * A block longer than 255 records is cut into pieces. */
    uint32_t imm;    /* immediate, absolute target/address, register list (LDM/STM: with
                      * its layout, arm_lsm_list), raw word for UNDEF */
} arm_insn_t;

/* Both op and xop are bytes, with no value to spare. Beyond, widen op and
 * let xop send the ops past the byte to a full step (ARM_XOP_STEP). */
SIM_STATIC_ASSERT(ARM_XOP_COUNT <= 256, arm_op_fits_a_byte);
SIM_STATIC_ASSERT(sizeof(arm_insn_t) == 16, arm_insn_is_16_bytes);
SIM_STATIC_ASSERT(offsetof(arm_insn_t, len) == offsetof(arm_insn_t, xop) + 1,
                  arm_len_follows_xop);

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
/* hw1 = halfword at addr, hw2 = halfword at addr + 2 (0 if beyond text). */
void arm_decode_t32(uint32_t hw1, uint32_t hw2, uint32_t addr, arm_insn_t *out);
/* One-line disassembly into buf (size n); returns buf. */
char *arm_disasm(const arm_insn_t *in, uint32_t addr, char *buf, size_t n);
/* After decoding a whole text at text_lo: specialised ops, every record's
 * run field, B's and BL's target index (arm_block.c); shift: 2 for A32 (a
 * record per word), 1 for T32. */
void arm_prepare_records(arm_insn_t *recs, uint32_t n, uint32_t shift, uint32_t text_lo);
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
/* Whether a decoded (not yet specialised) record ends a straight-line block. */
int arm_ends_block(const arm_insn_t *in);
/* The xop of a record whose op, cond and run are final. */
uint8_t arm_thread_op(const arm_insn_t *in);
/* Dead flags (arm_flags_dead.c), with `after` the flags written again,
 * before anything reads them or the core may stop, from the record after
 * `in` in its block on (0 for a block's last record). arm_flags_dead_xop:
 * the xop of `in` (prepared but for this), or the form of its op that sets
 * no flags where all it sets are written again. arm_flags_rewritten: the
 * same answer from `in` on, its xop final. Flags as NZCV in four bits. */
uint8_t arm_flags_dead_xop(const arm_insn_t *in, uint32_t after);
uint32_t arm_flags_rewritten(const arm_insn_t *in, uint32_t after);
extern const char *const arm_op_names[ARM_OP_COUNT];
extern const uint8_t arm_op_units[ARM_OP_COUNT];
/* Whether a record of op may stop the core: loads and stores can fault,
 * branches and system ops can leave the text or trap; ALU, multiply and
 * divide ops cannot (the dead-flag and plain-IT analyses rely on it). */
static inline int arm_op_may_stop(uint32_t op)
{
    uint32_t unit = arm_op_units[op];
    return unit == ARM_UNIT_MEM || unit == ARM_UNIT_BR || unit == ARM_UNIT_SYS;
}
#endif

#endif
