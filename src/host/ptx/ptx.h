/* The PTX front end: PTX text in, a resolved and checked module out
 * (ptx_ir.h), and back to text.
 *
 *   char err[256];
 *   ptx_module_t *m = ptx_parse_file("k.ptx", err, sizeof err);
 *   if (!m) { fprintf(stderr, "%s\n", err); return 1; }   // "k.ptx:12:5: expected ';', found '%r1'"
 *   const ptx_func_t *k = ptx_find_kernel(m, "_Z6kernelPi");
 *   char line[256];
 *   ptx_disasm_insn(m, k, &k->insns[0], line, sizeof line);
 *   ptx_module_free(m);
 */
#ifndef PTX_H
#define PTX_H

#include <stddef.h>
#include <stdio.h>

#include "host/ptx/ptx_ir.h"

/* NULL on any error, with one line "NAME:LINE:COL: message" in err (the
 * first error in the text's order). name is what messages call the text. */
ptx_module_t *ptx_parse_buffer(const char *name, const char *text, size_t len, char *err, size_t errlen);
ptx_module_t *ptx_parse_file(const char *path, char *err, size_t errlen);
void ptx_module_free(ptx_module_t *m);

/* A .entry by name, or NULL. */
const ptx_func_t *ptx_find_kernel(const ptx_module_t *m, const char *name);
/* Any function's index by name, or -1. */
int ptx_find_func(const ptx_module_t *m, const char *name);

/* One instruction as PTX text, without the trailing ';' (snprintf's return). */
int ptx_disasm_insn(const ptx_module_t *m, const ptx_func_t *f, const ptx_insn_t *in, char *buf, size_t n);
/* The whole module as PTX text that parses back to the same IR; malloc'd,
 * NULL when out of memory. */
char *ptx_module_text(const ptx_module_t *m, size_t *len);
int ptx_print_module(const ptx_module_t *m, FILE *out);

/* Do two modules hold the same IR (source positions aside)? If not, why
 * says where they first differ. */
int ptx_module_equal(const ptx_module_t *a, const ptx_module_t *b, char *why, size_t n);

/* The op's mnemonic ("add", "bar.red"). */
const char *ptx_op_name(ptx_op_t op);
/* The functional unit an instruction occupies (its op's row, refined by its
 * types: add.f64 is FP64, add.s32 INT). */
sim_unit_t ptx_insn_unit(const ptx_insn_t *in);

#endif
