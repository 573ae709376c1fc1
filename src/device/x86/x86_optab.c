/* Per-op columns of x86_ops.def as arrays, for the host: names for reports,
 * mnemonics for the disassembler, functional-unit classes and the props
 * the block analysis and the tests ask. */
#include "x86_insn.h"

const char *const x86_op_names[X86_OP_COUNT] = {
#define X86_OP(name, unit, fmt, mn, props, exec) #name,
    X86_OP_TABLE
#undef X86_OP
};

const char *const x86_op_mnemonics[X86_OP_COUNT] = {
#define X86_OP(name, unit, fmt, mn, props, exec) mn,
    X86_OP_TABLE
#undef X86_OP
};

const uint8_t x86_op_units[X86_OP_COUNT] = {
#define X86_OP(name, unit, fmt, mn, props, exec) SIM_UNIT_##unit,
    X86_OP_TABLE
#undef X86_OP
};

const uint8_t x86_op_props[X86_OP_COUNT] = {
#define X86_OP(name, unit, fmt, mn, props, exec) (uint8_t)(props),
    X86_OP_TABLE
#undef X86_OP
};

const uint8_t x86_op_fmts[X86_OP_COUNT] = {
#define X86_OP(name, unit, fmt, mn, props, exec) X86_FMT_##fmt,
    X86_OP_TABLE
#undef X86_OP
};
