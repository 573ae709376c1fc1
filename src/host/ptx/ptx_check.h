/* Checking one instruction (ptx_check.c: types, modifiers, operand count;
 * ptx_check_opnd.c: each operand's kind, register class and type). */
#ifndef PTX_CHECK_H
#define PTX_CHECK_H

#include "host/ptx/ptx_parse.h"

/* What one operand position asks for. */
typedef struct ptx_expect {
    char letter;     /* the shape letter */
    int dest;        /* written */
    ptx_type_t type; /* its type (PTX_T_PRED for predicates, NONE for addresses and labels) */
} ptx_expect_t;

ptx_expect_t ptx_expect_for(const ptx_insn_t *in, char letter);
void ptx_check_operand(ptx_parser_t *ps, ptx_insn_t *in, ptx_operand_t *o, const ptx_expect_t *ex,
                       const ptx_tok_t *at);

#endif
