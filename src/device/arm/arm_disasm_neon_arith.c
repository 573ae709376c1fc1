/* Disassembly of the arith family's NEON rows (format NEON_ARITH), GNU
 * objdump's way. Host code, called by arm_disasm. */
#include <stdio.h>

#include "arm_insn.h"

int arm_disasm_neon_arith(const arm_insn_t *in, const char *mn, const char *cc, char *buf, size_t n)
{
    (void)in;
    return snprintf(buf, n, "%s%s", mn, cc);
}
