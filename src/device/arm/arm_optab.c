/* Per-op tables expanded from ARM_OP_TABLE: names for reports and
 * disassembly, functional-unit classes for the timing model. */
#include "arm_insn.h"

const char *const arm_op_names[ARM_OP_COUNT] = {
#define ARM_OP(name, unit, fmt, mn) #name,
    ARM_OP_TABLE(ARM_OP)
#undef ARM_OP
};

const uint8_t arm_op_units[ARM_OP_COUNT] = {
#define ARM_OP(name, unit, fmt, mn) ARM_UNIT_##unit,
    ARM_OP_TABLE(ARM_OP)
#undef ARM_OP
};
