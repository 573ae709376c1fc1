/* Per-op columns of arm_ops.def as arrays, for the host: names for reports
 * and disassembly, functional-unit classes for the timing seam, and the
 * props the block analysis asks. */
#include "arm_insn.h"

const char *const arm_op_names[ARM_OP_COUNT] = {
#define ARM_OP(name, unit, fmt, mn, props, stop, exec) #name,
    ARM_OP_TABLE
#undef ARM_OP
};

const uint8_t arm_op_units[ARM_OP_COUNT] = {
#define ARM_OP(name, unit, fmt, mn, props, stop, exec) SIM_UNIT_##unit,
    ARM_OP_TABLE
#undef ARM_OP
};

const uint16_t arm_op_props[ARM_OP_COUNT] = {
#define ARM_OP(name, unit, fmt, mn, props, stop, exec) (uint16_t)(props),
    ARM_OP_TABLE
#undef ARM_OP
};

const uint8_t arm_op_fmts[ARM_OP_COUNT] = {
#define ARM_OP(name, unit, fmt, mn, props, stop, exec) ARM_FMT_##fmt,
    ARM_OP_TABLE
#undef ARM_OP
};
