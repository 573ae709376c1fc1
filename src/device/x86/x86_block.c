/* Straight-line blocks of predecoded IA-32 records, for x86_run's fast
 * path. A record ends its block when running it may need what the fast
 * path skips: a write or read of EIP (the table's X86_P_END ops: branches,
 * calls, returns, INT, faults, an undecoded record). Every decoded record
 * learns how many records, itself and the block's last one included, lie
 * between it and that end, following the chain of lengths; the count is a
 * byte (a longer stretch is cut), and a block ends where the next record
 * is not decoded or lies beyond the range being prepared (a page), whose
 * successor may be dropped on its own (x86_host.c). The same backward pass
 * marks the records whose flags are dead (fast/x86_flags_dead.c), each
 * block's last record (X86_LEN_BLOCK_LAST), so that the chained path's
 * dispatch tells it from the others without a test of its own, and the
 * plain 32-bit records (X86_LEN_W32: no prefix), which it runs through
 * copies compiled for that width. */
#include "x86_block.h"

#include <string.h>

int x86_ends_block(const x86_insn_t *in) { return x86_op_has(in->op, X86_P_END) != 0; }

void x86_prepare_range(x86_insn_t *recs, uint32_t lo, uint32_t hi)
{
    /* x86_flags_live_before of the records up to 15 on, by offset mod 16 */
    uint8_t live[16];
    memset(live, 1, sizeof live);
    for (uint32_t i = hi; i-- > lo;) {
        x86_insn_t *in = &recs[i];
        live[i & 15u] = 1u;
        if (in->op == X86_OP_UNDECODED)
            continue;
        uint32_t len = x86_len(in), next = i + len;
        if (x86_ends_block(in) || next >= hi || recs[next].op == X86_OP_UNDECODED || recs[next].run >= 255u)
            in->run = 1;
        else
            in->run = (uint8_t)(recs[next].run + 1u);
        uint32_t after = in->run > 1u ? live[next & 15u] : 1u;
        in->len = (uint8_t)(len | (x86_flags_dead(in, after) ? X86_LEN_FLAGS_DEAD : 0u) |
                            (in->run == 1u ? X86_LEN_BLOCK_LAST : 0u) | (in->wf == X86_W32 ? X86_LEN_W32 : 0u));
        live[i & 15u] = (uint8_t)x86_flags_live_before(in, after);
    }
}

/* Whether execution may go on past record `in` to the next one. */
int x86_falls_through(const x86_insn_t *in)
{
    switch (in->op) {
    case X86_OP_JMP: case X86_OP_JMP_R: case X86_OP_JMP_M: case X86_OP_RET: case X86_OP_UNDEF:
    case X86_OP_JMPF: case X86_OP_JMPF_M: case X86_OP_RETF:
    case X86_OP_HLT: case X86_OP_INT3: case X86_OP_PRIV: case X86_OP_INTN: case X86_OP_UNDECODED:
        return 0;
    default:
        return 1;
    }
}

/* A direct branch's target (JCC JMP CALL LOOP, and far JMP and CALL), or ~0. */
uint32_t x86_direct_target(const x86_insn_t *in)
{
    switch (in->op) {
    case X86_OP_JCC: case X86_OP_JMP: case X86_OP_CALL: case X86_OP_LOOP: return in->imm;
    case X86_OP_JMPF: case X86_OP_CALLF: return x86_target(in, in->imm);
    default: return 0xffffffffu;
    }
}
