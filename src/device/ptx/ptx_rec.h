/* The lowered PTX instruction: one fixed-size record per IR instruction
 * (ptx_lower*.c makes them on the host; the warp executor, ptx_exec*.h,
 * runs them on the CPU and the GPU alike). Every operand is a register
 * slot: immediates get slots of their own that hold the value in every lane
 * (filled when a frame is entered), so a source is always 32 contiguous
 * lane words. */
#ifndef PTX_REC_H
#define PTX_REC_H

#include "device/sim_port.h"
#include "device/ptx/ptx_alu.h"
#include "device/ptx/ptx_ops.h"

#define PTX_NOSLOT 0xffffffffu


/* Memory spaces as the executor sees them. LOCAL addresses are offsets in
 * the lane's local memory (frames included); KPARAM offsets in the kernel's
 * parameter bytes; GENERIC goes through the windows of ptx_grid.h. */
enum { PTX_MS_GENERIC, PTX_MS_GLOBAL, PTX_MS_SHARED, PTX_MS_LOCAL, PTX_MS_CONST, PTX_MS_KPARAM };

/* flags */
#define PTX_RF_FRAME  0x01u /* add the frame's local base to the address */
#define PTX_RF_SIGNED 0x02u /* a load that sign-extends */
#define PTX_RF_DST64  0x04u /* its destination is a 64-bit register */
#define PTX_RF_FLOAT  0x08u /* atom/red on a float type; tex/tld4: .f32 coordinates */
#define PTX_RF_TO     0x10u /* cvta.to */
#define PTX_RF_SREGSRC 0x20u /* ALU: fill src[0] with special register sub (.aux) first */
#define PTX_RF_ADDR32 0x40u /* the address register is 32 bits: base + offset wraps modulo 2^32 (nvcc's
                             * add.s32 %r2, %r6, -64; ld.shared [%r2+68] with %r6 = 0 reads offset 4) */

#define PTX_COP_NC 0x80u

typedef struct ptx_rec {
    uint8_t ex;         /* ptx_ex_t */
    uint16_t op;        /* ptx_op_t, for the timing record */
    uint8_t mix;        /* SIM_MIX_* class (sim_trace.h) */
    uint8_t unit;       /* sim_unit_t after the types (ptx_op_unit_for): the trace record's, and the SM pipe's */
    uint8_t guard_neg;
    uint32_t guard;     /* predicate slot; PTX_NOSLOT: none */
    uint32_t dst[4];    /* destination slots (vector loads: one per element) */
    uint32_t src[4];    /* source slots */
    uint32_t dst2;      /* the second destination of `a|p` */
    uint32_t base;      /* address register slot; PTX_NOSLOT: absolute */
    uint8_t space;      /* PTX_MS_* */
    uint8_t size;       /* bytes of one element */
    uint8_t vec;        /* elements */
    uint8_t type;       /* ptx_type_t */
    uint8_t sub;        /* atom op, vote/shfl/match mode, special register, bar kind */
    uint8_t flags;      /* PTX_RF_* */
    uint16_t aux;       /* special register component; brx: target count */
    uint8_t neg;        /* bit i: source i is a negated predicate (!p) */
    uint8_t cop;        /* ld/st: the cache operator (ptx_cache_t), PTX_COP_NC for ld.global.nc */
    int64_t imm;        /* address offset; SYMADDR value (plus the frame base with PTX_RF_FRAME) */
    uint32_t target;    /* bra: target pc; brx: first of its targets; call: ptx_call_t index; wmma: prog->mmas index */
    uint32_t reconv;    /* branches: the reconvergence pc */
    uint32_t line, col; /* in the PTX text, for faults */
    ptx_alu_t alu;      /* ALU records */
} ptx_rec_t;

#endif
