/* Device printf on the host: the records a CTA's vprintf calls left
 * (ptx_grid.h's ptx_out_t), formatted in order. */
#ifndef PTX_PRINTF_H
#define PTX_PRINTF_H

#include <stdio.h>

#include "device/ptx/ptx_grid.h"

struct ptx_prog;
/* Writes every record of o to out; the number of records, or -1 when some
 * were dropped for want of room (o->overflow; the kept ones are written). */
int ptx_printf_format(const struct ptx_prog *p, const ptx_gmem_t *gm, const ptx_out_t *o, FILE *out);

#endif
