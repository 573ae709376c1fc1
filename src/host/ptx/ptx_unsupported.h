/* PTX instructions warpsim refuses by name (ptx_unsupported.c). */
#ifndef PTX_UNSUPPORTED_H
#define PTX_UNSUPPORTED_H

#include <stdint.h>

/* Do the opcode words w[0..n) ("st", ".async", ...) begin with an
 * instruction that warpsim does not implement? */
int ptx_is_unsupported(const char *const *w, const uint32_t *wlen, unsigned n);

#endif
