/* The host's fast layer over the architectural op table: the speed-only
 * forms (arm_fast.def) and the dispatch index every prepared record carries
 * in its xop field for the host's chained path (arm_chained.h). The GPU
 * kernel and the switch paths dispatch on the record's op and include none
 * of this. Host only.
 *
 * xop numbering, one space for the chained path's label table:
 *   [0, ARM_OP_COUNT)                the record's own op, run as itself
 *   ARM_XOP_FAST + f                 fast form f (arm_fop_t)
 *   ARM_XOP_STEP .. ARM_XOP_IT_PLAIN the chained path's own kinds (below)
 * and for a T32 record of a 4-byte instruction, the same + ARM_XOP_LEN4:
 * the chained path keeps a copy of every case per length, so that no
 * record's address waits on a load of the one before (arm_chained.h). */
#ifndef ARM_FAST_H
#define ARM_FAST_H

#include "../arm_insn.h"
#include "arm_fast.def"

typedef enum arm_fop {
#define ARM_FOP(name, base, kind, stop, exec) ARM_FOP_##name,
    ARM_FAST_TABLE
#undef ARM_FOP
    ARM_FOP_COUNT
} arm_fop_t;

/* The shapes a fast form is chosen for (arm_fast.def's kind column). */
typedef enum arm_fkind { ARM_FK_NF, ARM_FK_NF_SH, ARM_FK_S, ARM_FK_OFF, ARM_FK_PRE, ARM_FK_POST } arm_fkind_t;

/* The chained path's own kinds: a full step of a block's last record, a
 * plain B, BL and BX Rm
 * chained to their targets, an inline full step of LDM with the pc, and
 * IT, in general or for an IT block decided at the IT (arm_chained.h,
 * arm_fast_prepare.c). */
enum {
    ARM_XOP_FAST = ARM_OP_COUNT,
    ARM_XOP_STEP = ARM_XOP_FAST + ARM_FOP_COUNT,
    ARM_XOP_BRANCH,
    ARM_XOP_CALL,
    ARM_XOP_BX,
    ARM_XOP_POP,
    ARM_XOP_IT,
    ARM_XOP_IT_PLAIN,
    ARM_XOP_COUNT,
    ARM_XOP_LEN4 = ARM_XOP_COUNT
};
SIM_STATIC_ASSERT(2 * ARM_XOP_COUNT <= 65536, arm_xop_fits_its_field);

/* ARM_XOP_IT_PLAIN's two outcomes (rd: the first condition passes, rn: it
 * fails) for an IT or ITE, where each runs at most one record: these bits,
 * and in ARM_IT_ONE_AT how many bytes of records from the IT block's first
 * record lies the record that runs, or the record to go on at if none
 * does: 0, 16 or 32 (arm_fast_prepare.c, arm_chained.h). */
#define ARM_IT_ONE 0x80u
#define ARM_IT_ONE_RUNS 0x40u
#define ARM_IT_ONE_AT 0x30u
#define ARM_IT_ONE_SKIP 0x01u /* after it, the IT block's other record */

/* A record's xop without its length copy. */
static inline uint32_t arm_xop(const arm_insn_t *in)
{
    return in->xop >= ARM_XOP_LEN4 ? in->xop - ARM_XOP_LEN4 : in->xop;
}
/* The architectural op a dispatch index (no length copy) stands for. */
uint32_t arm_xop_base(uint32_t xop);
/* Fast form of op `base` for shape `kind`, or -1 if the table has none. */
int arm_fop_find(uint32_t base, uint32_t kind);
/* The kind column of a fast form. */
uint32_t arm_fop_kind(uint32_t fop);

/* The preparation of one record whose op, cond and run are final
 * (arm_fast_prepare.c), in the order arm_prepare_range calls them: its fast
 * form and chained kind (in_it: it may lie in an IT block, and gets a form
 * that is right there too), then (arm_flags_dead.c) the form that sets no
 * flags where all it sets are written again before anything reads them,
 * from `after`, the flags written again from the next record of its block
 * on (0 for a block's last record); arm_flags_rewritten: the same answer
 * from `in` on, its xop final. Flags as NZCV in four bits. */
uint32_t arm_thread_op(const arm_insn_t *in, int in_it);
uint32_t arm_flags_dead_xop(const arm_insn_t *in, uint32_t after);
uint32_t arm_flags_rewritten(const arm_insn_t *in, uint32_t after);
/* B's and BL's target record, IT blocks decided at the IT, the length copy:
 * record i of recs[0, n), in a page [lo, hi). */
void arm_fast_prepare_flow(arm_insn_t *recs, uint32_t n, uint32_t i, uint32_t hi, uint32_t shift,
                           uint32_t text_lo);

#endif
