/* The front end of the warp matrix instructions (wmma.load, wmma.store,
 * wmma.mma; device/ptx/ptx_mma.h): their modifier words, the check of the
 * shapes, types and fragments an instruction names, printing, lowering. */
#ifndef PTX_WMMA_H
#define PTX_WMMA_H

#include "host/ptx/ptx_mods.h"
#include "host/ptx/ptx_parse.h"
#include "host/ptx/ptx_lower.h"

/* A matrix word (.a, .row, .m16n16k16, .tf32, ...) into in->m; UNKNOWN for
 * the words the common table has (.sync, .aligned, spaces, .satfinite, .rn). */
ptx_mod_status_t ptx_mma_mod_apply(ptx_insn_t *in, const char *s, size_t len);
int ptx_mma_mods_print(const ptx_insn_t *in, char *buf, size_t n);
/* The words an instruction must have, the shape and type combination, and
 * each fragment's register count and class; fails with the place. */
void ptx_mma_check(ptx_parser_t *ps, ptx_insn_t *in, const ptx_tok_t *at);
/* The record and its fragment descriptor (lw->p->mmas). */
void ptx_lower_wmma(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r);

#endif
