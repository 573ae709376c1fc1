/* The PTX op and special-register enums, expanded from ptx_ops.def, and what
 * the executor and the timing model read of a row: its functional unit and
 * property bits. The host front end expands the same rows for the rest
 * (src/host/ptx/ptx_optab.c). */
#ifndef PTX_OPS_H
#define PTX_OPS_H

#include "device/sim_port.h"
#include "device/sim_trace.h"

/* What the executor does with a record (its first switch; the ex column). */
#define PTX_EX_LIST(_)                                                          \
    _(ALU) _(SREG) _(SYMADDR) _(LD) _(ST) _(ATOM) _(CVTA) _(ISSPACEP) _(NOP)  \
    _(BAR) _(BARRED) _(VOTE) _(SHFL) _(MATCH) _(ACTIVEMASK) _(REDUX) _(BRA)     \
    _(BRX) _(CALL) _(PRINTF) _(RET) _(EXIT) _(TRAP) _(PACK) _(UNPACK) _(WARPSYNC)  \
    _(TEX) _(TXQ) _(SULD) _(SUST) _(WMMA_LD) _(WMMA_ST) _(WMMA_MMA) \
    _(CPASYNC) _(MBARCNT) _(MOVMATRIX)

typedef enum {
#define PTX_EX_ENUM(n) PTX_EX_##n,
    PTX_EX_LIST(PTX_EX_ENUM)
#undef PTX_EX_ENUM
    PTX_EX_COUNT
} ptx_ex_t;

/* Property bits (the props column). */
#define PTX_P_LOAD    0x001u
#define PTX_P_STORE   0x002u
#define PTX_P_ATOMIC  0x004u
#define PTX_P_BRANCH  0x008u
#define PTX_P_CALL    0x010u
#define PTX_P_EXIT    0x020u
#define PTX_P_BARRIER 0x040u
#define PTX_P_WARP    0x080u
#define PTX_P_PAIR    0x100u
#define PTX_P_FTYPE   0x200u

/* Type kinds (the types column, and ptx_op_unit_for's argument). */
#define PTX_TK_B   0x01u /* .b8 .. .b128 */
#define PTX_TK_U   0x02u
#define PTX_TK_S   0x04u
#define PTX_TK_H   0x08u /* .f16 .f16x2 .bf16 .bf16x2 */
#define PTX_TK_F   0x10u /* .f32 */
#define PTX_TK_D   0x20u /* .f64 */
#define PTX_TK_P   0x40u /* .pred */
#define PTX_TK_T   0x80u /* .tf32 (cvt.rna.tf32.f32 and its kin) */
#define PTX_TK_US  (PTX_TK_U | PTX_TK_S)
#define PTX_TK_BUS (PTX_TK_B | PTX_TK_U | PTX_TK_S)
#define PTX_TK_HFD (PTX_TK_H | PTX_TK_F | PTX_TK_D)
#define PTX_TK_ALL (PTX_TK_BUS | PTX_TK_HFD)

/* Modifier fields (the mods column); the front end's modifier table
 * (ptx_mods.c) says which spelling sets which field. */
#define PTX_M_TYPE      (1ull << 0)  /* one type */
#define PTX_M_TYPE2     (1ull << 1)  /* two types: destination, source */
#define PTX_M_RND       (1ull << 2)  /* .rn .rz .rm .rp .rna */
#define PTX_M_RNDI      (1ull << 3)  /* .rni .rzi .rmi .rpi */
#define PTX_M_FTZ       (1ull << 4)
#define PTX_M_SAT       (1ull << 5)
#define PTX_M_APPROX    (1ull << 6)  /* .approx .full */
#define PTX_M_MUL       (1ull << 7)  /* .hi .lo .wide */
#define PTX_M_CC        (1ull << 8)
#define PTX_M_CMP       (1ull << 9)
#define PTX_M_BOOL      (1ull << 10) /* setp/set combine: .and .or .xor */
#define PTX_M_SPACE     (1ull << 11)
#define PTX_M_CACHE     (1ull << 12) /* .ca .cg .cs .lu .cv .wb .wt */
#define PTX_M_EVICT     (1ull << 13) /* .L1::evict_* .L2::evict_* .L2::cache_hint .L2::64B.. */
#define PTX_M_NC        (1ull << 14)
#define PTX_M_VEC       (1ull << 15)
#define PTX_M_ATOM      (1ull << 16) /* atom/red/redux/bar.red operation */
#define PTX_M_SCOPE     (1ull << 17)
#define PTX_M_SEM       (1ull << 18)
#define PTX_M_SHFL      (1ull << 19)
#define PTX_M_VOTE      (1ull << 20)
#define PTX_M_MATCH     (1ull << 21)
#define PTX_M_PRMT      (1ull << 22)
#define PTX_M_SHF       (1ull << 23) /* .l .r, .clamp .wrap */
#define PTX_M_SHIFTAMT  (1ull << 24)
#define PTX_M_BAR       (1ull << 25) /* .sync .arrive */
#define PTX_M_ALIGNED   (1ull << 26)
#define PTX_M_SYNC      (1ull << 27) /* the membermask forms */
#define PTX_M_UNI       (1ull << 28)
#define PTX_M_TESTP     (1ull << 29)
#define PTX_M_TO        (1ull << 30) /* cvta.to */
#define PTX_M_NAN       (1ull << 31)
#define PTX_M_RELU      (1ull << 32)
#define PTX_M_SATFINITE (1ull << 33)
#define PTX_M_NOFTZ     (1ull << 34)
#define PTX_M_LEVEL     (1ull << 35) /* prefetch .L1 .L2 */
#define PTX_M_MASK      (1ull << 36) /* pmevent.mask */
#define PTX_M_TEXGEOM   (1ull << 48) /* tex/suld/sust: .1d .2d .3d .a1d .a2d .cube .acube */
#define PTX_M_TEXQ      (1ull << 49) /* txq/suq: .width .height ... */
#define PTX_M_TEXCOMP   (1ull << 50) /* tld4: .r .g .b .a */
#define PTX_M_SUCLAMP   (1ull << 51) /* suld/sust: .trap .clamp .zero */
#define PTX_M_SPACE2    (1ull << 38) /* cp.async: a second space word, the source's (.shared.global) */
#define PTX_M_LDM       (1ull << 39) /* ldmatrix, stmatrix: .m8n8, .x1 .x2 .x4 (the vector field), .trans; movmatrix: .m8n8 .trans */
#define PTX_M_MMA       (1ull << 37) /* matrix words: .a .b .c .d, .row .col, shape, element types (ptx_mma.c) */
#define PTX_M_FARITH    (PTX_M_RND | PTX_M_FTZ | PTX_M_SAT)
#define PTX_M_MEMORY    (PTX_M_SPACE | PTX_M_CACHE | PTX_M_EVICT | PTX_M_VEC | PTX_M_SEM | PTX_M_SCOPE)
#define PTX_M_ATOMIC    (PTX_M_SPACE | PTX_M_ATOM | PTX_M_SCOPE | PTX_M_SEM | PTX_M_NOFTZ | PTX_M_EVICT | PTX_M_VEC)

typedef enum {
#define PTX_OP(name, unit, ex, lat, mnem, props, types, mods, shape) PTX_OP_##name,
#include "device/ptx/ptx_ops.def"
    PTX_OP_COUNT
} ptx_op_t;

typedef enum { PTX_SREG_SCALAR, PTX_SREG_VEC, PTX_SREG_INDEXED } ptx_sreg_form_t;

typedef enum {
#define PTX_SREG(name, spelling, form, bits, count) PTX_SREG_##name,
#include "device/ptx/ptx_ops.def"
    PTX_SREG_COUNT
} ptx_sreg_t;

SIM_FN sim_unit_t ptx_op_unit(ptx_op_t op)
{
    switch (op) {
#define PTX_OP(name, unit, ex, lat, mnem, props, types, mods, shape) case PTX_OP_##name: return SIM_UNIT_##unit;
#include "device/ptx/ptx_ops.def"
    default: return SIM_UNIT_SYS;
    }
}

SIM_FN ptx_ex_t ptx_op_ex(ptx_op_t op)
{
    switch (op) {
#define PTX_OP(name, unit, ex, lat, mnem, props, types, mods, shape) case PTX_OP_##name: return PTX_EX_##ex;
#include "device/ptx/ptx_ops.def"
    default: return PTX_EX_NOP;
    }
}

/* Latency classes (the lat column): the first six index GPGPU-Sim's
 * -ptx_opcode_latency_int list, the first five its fp and dp lists; TENSOR
 * takes -ptx_opcode_latency_tesnor and -ptx_opcode_initiation_tensor. */
typedef enum {
    PTX_LAT_ADD, PTX_LAT_MAX, PTX_LAT_MUL, PTX_LAT_MAD, PTX_LAT_DIV, PTX_LAT_SHFL, PTX_LAT_SFU, PTX_LAT_MEM,
    PTX_LAT_TENSOR,
    PTX_LAT_COUNT
} ptx_lat_t;

SIM_FN ptx_lat_t ptx_op_lat(ptx_op_t op)
{
    switch (op) {
#define PTX_OP(name, unit, ex, lat, mnem, props, types, mods, shape) case PTX_OP_##name: return PTX_LAT_##lat;
#include "device/ptx/ptx_ops.def"
    default: return PTX_LAT_ADD;
    }
}

SIM_FN uint32_t ptx_op_props(ptx_op_t op)
{
    switch (op) {
#define PTX_OP(name, unit, ex, lat, mnem, props, types, mods, shape) case PTX_OP_##name: return (props);
#include "device/ptx/ptx_ops.def"
    default: return 0;
    }
}

/* The unit an instruction occupies, given the PTX_TK_* kinds of its types:
 * float arithmetic goes to the FP32 or FP64 pipe, not the integer one. */
SIM_FN sim_unit_t ptx_op_unit_for(ptx_op_t op, uint32_t type_kinds)
{
    if (!(ptx_op_props(op) & PTX_P_FTYPE))
        return ptx_op_unit(op);
    if (type_kinds & PTX_TK_D)
        return SIM_UNIT_FP64;
    if (type_kinds & (PTX_TK_H | PTX_TK_F))
        return SIM_UNIT_FP32;
    return ptx_op_unit(op);
}

/* A special register's value width in bits (1: a predicate). */
SIM_FN uint32_t ptx_sreg_bits(ptx_sreg_t s)
{
    switch (s) {
#define PTX_SREG(name, spelling, form, bits, count) case PTX_SREG_##name: return (bits);
#include "device/ptx/ptx_ops.def"
    default: return 32;
    }
}

#endif
