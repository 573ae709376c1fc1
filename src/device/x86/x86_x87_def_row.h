/* One opcode's row of x86_x87_defined's tables: the entries of
 * x86_x87_ops.def for opcode X87_DEF_OP ORed together (no include guard:
 * included once per opcode and table). */
    (0
#include "x86_x87_ops.def"
    ),
