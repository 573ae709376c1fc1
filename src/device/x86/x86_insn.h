/* The predecoded IA-32 instruction record. The host decodes an instruction
 * once, where a core first fetches it, into one of these: one record slot
 * per text byte, so that fetch is an index by pc, and an instruction
 * reached at any address (an indirect jump's target) has its own record.
 * Every operand is resolved at decode time: the op names the operation
 * and its operand form (x86_ops.def), registers and the address's parts
 * sit in fixed fields, so the executor never looks at the bytes again. */
#ifndef X86_INSN_H
#define X86_INSN_H

#include "../sim_trace.h"
#include "x86_ops.def"

typedef enum x86_op {
#define X86_OP(name, unit, fmt, mn, props, exec) X86_OP_##name,
    X86_OP_TABLE
#undef X86_OP
    X86_OP_COUNT
} x86_op_t;

/* Operand layouts, for the disassembler (the fmt column). */
typedef enum x86_fmt {
    X86_FMT_NONE, X86_FMT_RR, X86_FMT_RM, X86_FMT_MR, X86_FMT_RI, X86_FMT_MI, X86_FMT_R, X86_FMT_M,
    X86_FMT_I, X86_FMT_SH, X86_FMT_SHX, X86_FMT_RRI, X86_FMT_RMI, X86_FMT_RRX, X86_FMT_RMX,
    X86_FMT_CCRR, X86_FMT_CCRM, X86_FMT_CCR, X86_FMT_CCM, X86_FMT_ENTER, X86_FMT_BT, X86_FMT_BTI,
    X86_FMT_BTM, X86_FMT_BTMI, X86_FMT_STR, X86_FMT_CCREL, X86_FMT_REL, X86_FMT_LOOP, X86_FMT_BCD,
    X86_FMT_SR, X86_FMT_SM, X86_FMT_RS, X86_FMT_MS, X86_FMT_S, X86_FMT_FAR, X86_FMT_X87, X86_FMT_SSE, X86_FMT_UNDEF
} x86_fmt_t;

/* The wf field: the operand width in bits 0..1 (X86_W*), prefixes above. */
#define X86_F_REP    0x04u /* F3: REP / REPE */
#define X86_F_REPNE  0x08u /* F2: REPNE */
#define X86_F_LOCK   0x10u /* F0 */
#define X86_F_A16    0x20u /* 67: 16-bit addressing (the address wraps at 64 KiB; SI DI CX) */
#define X86_F_SEGFS  0x40u /* FS override: the FS base is added to the address */
#define X86_F_SEGGS  0x80u /* GS override */

/* Register numbers: 0..7 the 32-bit registers in encoding order (EAX ECX
 * EDX EBX ESP EBP ESI EDI), X86_NOREG a context word that always reads 0
 * (x86_ctx.h), so that an absent base or index adds nothing. */
#define X86_NOREG 8u

/* Widths (w): 0 byte, 1 word, 2 doubleword. */
enum { X86_W8 = 0, X86_W16 = 1, X86_W32 = 2 };

typedef struct x86_insn {
    uint8_t op;    /* x86_op_t */
    uint8_t len;   /* bits 0..3 (x86_len): the instruction's bytes, 1..15, the next record is
                    * that many records on; bit 4 (X86_LEN_FLAGS_DEAD): x86_block.c found the
                    * flags it writes dead; bit 5 (X86_LEN_BLOCK_LAST): run is 1, the record
                    * ends its block; bit 6 (X86_LEN_W32): wf is X86_W32, no prefix; all
                    * three for the host's chained path, which dispatches on op and len
                    * together; every other reader masks them off */
    uint8_t run;   /* records from here to the end of its straight-line block, this one and
                    * the last included (x86_block.c); 0: not computed */
    uint8_t wf;    /* the operand width X86_W* (bits 0..1, x86_w) and the X86_F_* prefixes */
    uint8_t reg;   /* the register operand (ModRM reg, or the register of a short form) */
    uint8_t base;  /* the second register (ModRM rm with mod 3), or the address's base;
                    * X86_NOREG: none */
    uint8_t index; /* the address's index register (bits 0..3), X86_NOREG: none; bits 6..7:
                    * the scale's shift (x86_index, x86_scale) */
    uint8_t aux;   /* op-specific: ALU/shift kind, condition, source width, x87 ModRM */
    uint32_t disp; /* the address's displacement (absolute address for moffs forms) */
    uint32_t imm;  /* immediate, absolute branch target, or the first bytes (UNDEF) */
} x86_insn_t;

SIM_STATIC_ASSERT(sizeof(x86_insn_t) == 16, x86_insn_is_16_bytes);

/* The longest instruction: the decoder reads no further. */
#define X86_MAX_LEN 15u

/* An UNDEF record's aux: its bytes run past the end of the decoded code
 * (disp: how many there were), so the fetch of the next one faults, as the
 * page fault Linux turns into SIGSEGV, not as an unknown encoding's SIGILL. */
#define X86_UNDEF_CUT 1u

SIM_STATIC_ASSERT(X86_OP_COUNT <= 256, x86_op_fits_a_byte);
#define X86_LEN_FLAGS_DEAD 0x10u
#define X86_LEN_BLOCK_LAST 0x20u
#define X86_LEN_W32 0x40u
SIM_INLINE uint32_t x86_len(const x86_insn_t *in) { return in->len & 15u; }
SIM_INLINE uint32_t x86_w(const x86_insn_t *in) { return in->wf & 3u; }
/* A branch target: a 16-bit operand size truncates it to 16 bits. */
SIM_INLINE uint32_t x86_target(const x86_insn_t *in, uint32_t t) { return x86_w(in) == X86_W16 ? t & 0xffffu : t; }
SIM_INLINE uint32_t x86_index(const x86_insn_t *in) { return in->index & 15u; }
SIM_INLINE uint32_t x86_scale(const x86_insn_t *in) { return in->index >> 6; }

#ifndef __CUDA_ARCH__
#include <stddef.h>
/* Decode the instruction at addr, whose bytes are p[0..avail) (avail may be
 * less than 15 at the end of the text): fills *out, never fails; an
 * encoding it does not know, or one cut by the end, is X86_OP_UNDEF. */
void x86_decode(const uint8_t *p, uint32_t avail, uint32_t addr, x86_insn_t *out);
/* One-line disassembly into buf (size n); returns buf. */
char *x86_disasm(const x86_insn_t *in, uint32_t addr, char *buf, size_t n);
/* The table's columns (x86_optab.c). */
extern const char *const x86_op_names[X86_OP_COUNT];
extern const char *const x86_op_mnemonics[X86_OP_COUNT];
extern const uint8_t x86_op_units[X86_OP_COUNT];
extern const uint8_t x86_op_props[X86_OP_COUNT];
extern const uint8_t x86_op_fmts[X86_OP_COUNT];
/* The SSE rows' mnemonics, by the record's aux (x86_decode_sse.c). */
extern const char *const x86_sse_mnemonics[];
static inline uint32_t x86_op_has(uint32_t op, uint32_t props) { return x86_op_props[op] & props; }
#endif

#endif
