/* The element types of launch-file buffers and parameters (ptx_launch.h's
 * PTX_ELEM_LIST), and a value stored as one of them. */
#include "host/ptx/ptx_launch.h"

#include <string.h>

typedef struct elem_row {
    const char *name;
    uint8_t size;
    char kind;
} elem_row_t;

static const elem_row_t elem_rows[PTX_E_COUNT] = {
#define PTX_ELEM_ROW(id, name, size, kind) {name, size, kind},
    PTX_ELEM_LIST(PTX_ELEM_ROW)
#undef PTX_ELEM_ROW
};

const char *ptx_elem_name(ptx_elem_t t) { return elem_rows[t].name; }
uint32_t ptx_elem_size(ptx_elem_t t) { return elem_rows[t].size; }
int ptx_elem_is_float(ptx_elem_t t) { return elem_rows[t].kind == 'F'; }
int ptx_elem_is_signed(ptx_elem_t t) { return elem_rows[t].kind == 'S'; }

int ptx_elem_by_name(const char *name)
{
    for (int t = 0; t < PTX_E_COUNT; t++)
        if (!strcmp(elem_rows[t].name, name))
            return t;
    return -1;
}

/* Little-endian whatever the host: the simulated GPU's byte order. */
static void store_le(uint8_t *dst, uint64_t v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        dst[i] = (uint8_t)(v >> (8 * i));
}

void ptx_value_store(ptx_elem_t t, ptx_value_t v, uint8_t *dst)
{
    uint64_t bits = v.u;
    if (t == PTX_E_F32) {
        float f = (float)v.f;
        uint32_t b;
        memcpy(&b, &f, 4);
        bits = b;
    } else if (t == PTX_E_F64) {
        memcpy(&bits, &v.f, 8);
    }
    store_le(dst, bits, ptx_elem_size(t));
}

uint64_t ptx_buffer_bytes(const ptx_buffer_decl_t *b)
{
    return b->count * ptx_elem_size(b->type);
}
