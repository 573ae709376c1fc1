/* The rows of x86_sse_ops.def as the decoder and the executor use them:
 * the row ids (the record's aux), the form and flag constants, and each
 * row's form, memory size and flags packed in one word (sse_row_info). */
#ifndef X86_SSE_ROWS_H
#define X86_SSE_ROWS_H

#include "../sim_port.h"
#include "x86_sse_ops.def"

enum { SSE_P_NP, SSE_P_66, SSE_P_F3, SSE_P_F2 };
enum { SSE_F_XX, SSE_F_XE, SSE_F_GX, SSE_F_EX, SSE_F_MX, SSE_F_XQ, SSE_F_QX };

#define SSE_I 0x01u       /* an imm8 follows */
#define SSE_A 0x02u       /* a 16-byte memory operand must be aligned */
#define SSE_MMX 0x04u     /* without a prefix: the MMX form */
#define SSE_RO 0x08u      /* register form only */
#define SSE_MO 0x10u      /* memory form only */
#define SSE_NW 0x20u      /* the destination is not written back */
#define SSE_MMXONLY 0x40u /* an MMX instruction (no XMM form) */
#define SSE_NOMODRM 0x80u /* no ModRM byte (EMMS) */

typedef enum sse_id {
#define SSE_OP(name, pfx, opc, sub, form, msize, flags, mn, exec) SSE_ID_##name,
    SSE_OP_TABLE
#undef SSE_OP
    SSE_ID_COUNT
} sse_id_t;

SIM_STATIC_ASSERT(SSE_ID_COUNT <= 256, sse_id_fits_aux);

#define SSE_INFO(form, msize, flags) ((uint32_t)(form) | (uint32_t)(msize) << 4 | (uint32_t)(flags) << 9)
SIM_INLINE uint32_t sse_info_form(uint32_t i) { return i & 15u; }
SIM_INLINE uint32_t sse_info_msize(uint32_t i) { return (i >> 4) & 31u; }
SIM_INLINE uint32_t sse_info_flags(uint32_t i) { return i >> 9; }

SIM_INLINE uint32_t sse_row_info(uint32_t id)
{
    switch (id) {
#define SSE_OP(name, pfx, opc, sub, form, msize, flags, mn, exec)                                          \
    case SSE_ID_##name: return SSE_INFO(SSE_F_##form, msize, flags);
        SSE_OP_TABLE
#undef SSE_OP
    }
    return 0;
}

#endif
