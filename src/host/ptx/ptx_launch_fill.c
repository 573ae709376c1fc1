/* The buffers' fills (kernels/ptx/README.md): zero, const, seq, random
 * (ptx_fill.h, shared with the references) and file. */
#include "host/ptx/ptx_launch_mem.h"

#include <stdio.h>
#include <string.h>

#include "ptx_fill.h"

void ptx_fill_element(const ptx_buffer_decl_t *b, uint64_t i, uint8_t *dst)
{
    ptx_value_t v = {0, 0};
    int fp = ptx_elem_is_float(b->type);
    switch (b->fill) {
    case PTX_FILL_CONST:
        v = b->a;
        break;
    case PTX_FILL_SEQ:
        /* integers wrap as the type does; floats are computed in double */
        v.u = b->a.u + i * b->b.u;
        v.f = b->a.f + (double)i * b->b.f;
        break;
    case PTX_FILL_RANDOM:
        if (fp)
            v.f = ptx_fill_random_real(b->seed, i, b->a.f, b->b.f);
        else
            v.u = ptx_fill_random_int(b->seed, i, b->a.u, b->b.u);
        break;
    case PTX_FILL_ZERO:
    case PTX_FILL_FILE:
        break;
    }
    ptx_value_store(b->type, v, dst);
}

int ptx_fill_buffer(const char *launch, const ptx_buffer_decl_t *b, uint8_t *dst, char *err, size_t n)
{
    uint64_t bytes = ptx_buffer_bytes(b);
    if (b->fill == PTX_FILL_FILE) {
        char why[512];
        if (!ptx_read_exact(b->path, dst, bytes, why, sizeof why))
            return 0;
        snprintf(err, n, "%s:%d: buffer %s: %s", launch, b->line, b->name, why);
        return -1;
    }
    if (b->fill == PTX_FILL_ZERO) {
        memset(dst, 0, bytes);
        return 0;
    }
    uint32_t size = ptx_elem_size(b->type);
    for (uint64_t i = 0; i < b->count; i++)
        ptx_fill_element(b, i, dst + i * size);
    return 0;
}
