/* Whether an opcode and ModRM byte is an encoding of x86_x87_ops.def:
 * per opcode, a bit for each register form (ModRM 0xC0 + n) and one for
 * each ModRM.reg of the memory forms, folded from the table at compile
 * time (x86_x87_def_table.h is a table's eight rows, x86_x87_def_row.h one
 * opcode's row). */
#ifndef X86_X87_DEFINED_H
#define X86_X87_DEFINED_H

#include "../sim_port.h"

#define X87_RANGE(a, b) ((~0ull >> (63u - ((b) - 0xc0u))) & (~0ull << ((a) - 0xc0u)))

SIM_FN int x86_x87_defined(uint32_t op, uint32_t modrm)
{
#define X87_REG(name, o, a, b) | ((o) == X87_DEF_OP ? X87_RANGE(a, b) : 0ull)
#define X87_MEM(name, o, r)
    static const uint64_t reg_forms[8] = {
#include "x86_x87_def_table.h"
    };
#undef X87_REG
#undef X87_MEM
#define X87_REG(name, o, a, b)
#define X87_MEM(name, o, r) | ((o) == X87_DEF_OP ? 1u << (r) : 0u)
    static const uint8_t mem_forms[8] = {
#include "x86_x87_def_table.h"
    };
#undef X87_REG
#undef X87_MEM
    op -= 0xd8u;
    if (op > 7u)
        return 0;
    if (modrm >= 0xc0u)
        return (int)(reg_forms[op] >> (modrm - 0xc0u)) & 1;
    return (mem_forms[op] >> ((modrm >> 3) & 7u)) & 1u;
}

#endif
