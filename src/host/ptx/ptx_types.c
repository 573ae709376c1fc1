/* PTX types (ptx_types.h). */
#include <string.h>

#include "host/ptx/ptx.h"
#include "host/ptx/ptx_types.h"

typedef struct {
    const char *name;
    unsigned bits;
    uint32_t kind;
} ptx_type_info_t;

static const ptx_type_info_t type_info[PTX_T_COUNT] = {
    [PTX_T_NONE] = {"", 0, 0},
    [PTX_T_B8] = {"b8", 8, PTX_TK_B},     [PTX_T_B16] = {"b16", 16, PTX_TK_B},
    [PTX_T_B32] = {"b32", 32, PTX_TK_B},  [PTX_T_B64] = {"b64", 64, PTX_TK_B},
    [PTX_T_B128] = {"b128", 128, PTX_TK_B},
    [PTX_T_U8] = {"u8", 8, PTX_TK_U},     [PTX_T_U16] = {"u16", 16, PTX_TK_U},
    [PTX_T_U32] = {"u32", 32, PTX_TK_U},  [PTX_T_U64] = {"u64", 64, PTX_TK_U},
    [PTX_T_S8] = {"s8", 8, PTX_TK_S},     [PTX_T_S16] = {"s16", 16, PTX_TK_S},
    [PTX_T_S32] = {"s32", 32, PTX_TK_S},  [PTX_T_S64] = {"s64", 64, PTX_TK_S},
    [PTX_T_F16] = {"f16", 16, PTX_TK_H},  [PTX_T_F16X2] = {"f16x2", 32, PTX_TK_H},
    [PTX_T_BF16] = {"bf16", 16, PTX_TK_H}, [PTX_T_BF16X2] = {"bf16x2", 32, PTX_TK_H},
    [PTX_T_F32] = {"f32", 32, PTX_TK_F},  [PTX_T_F64] = {"f64", 64, PTX_TK_D},
    [PTX_T_PRED] = {"pred", 1, PTX_TK_P},   [PTX_T_TF32] = {"tf32", 32, PTX_TK_T},
};

ptx_type_t ptx_type_lookup(const char *s, size_t len)
{
    if (len < 2 || s[0] != '.')
        return PTX_T_NONE;
    for (int t = PTX_T_NONE + 1; t < PTX_T_COUNT; t++)
        if (strlen(type_info[t].name) == len - 1 && memcmp(type_info[t].name, s + 1, len - 1) == 0)
            return (ptx_type_t)t;
    return PTX_T_NONE;
}

const char *ptx_type_name(ptx_type_t t) { return t < PTX_T_COUNT ? type_info[t].name : "?"; }
unsigned ptx_type_bits(ptx_type_t t) { return t < PTX_T_COUNT ? type_info[t].bits : 0; }
unsigned ptx_type_size(ptx_type_t t) { return ptx_type_bits(t) / 8; }
uint32_t ptx_type_kind(ptx_type_t t) { return t < PTX_T_COUNT ? type_info[t].kind : 0; }

ptx_rclass_t ptx_type_rclass(ptx_type_t t)
{
    switch (ptx_type_bits(t)) {
    case 1: return PTX_RC_PRED;
    case 8: case 16: case 32: return PTX_RC_32;
    case 64: return PTX_RC_64;
    default: return PTX_RC_NONE;
    }
}

int ptx_type_compatible(ptx_type_t r, ptx_type_t t)
{
    if (ptx_type_bits(r) != ptx_type_bits(t))
        return 0;
    uint32_t kr = ptx_type_kind(r), kt = ptx_type_kind(t);
    if ((kr | kt) & PTX_TK_B)
        return 1;
    if ((kr | kt) & (PTX_TK_H | PTX_TK_F | PTX_TK_D))
        return r == t;
    return 1; /* signed and unsigned integers of one size */
}

ptx_type_t ptx_type_uint(unsigned bits)
{
    switch (bits) {
    case 8: return PTX_T_U8;
    case 16: return PTX_T_U16;
    case 32: return PTX_T_U32;
    case 64: return PTX_T_U64;
    default: return PTX_T_NONE;
    }
}

ptx_type_t ptx_type_bits_of(unsigned bits)
{
    switch (bits) {
    case 8: return PTX_T_B8;
    case 16: return PTX_T_B16;
    case 32: return PTX_T_B32;
    case 64: return PTX_T_B64;
    default: return PTX_T_NONE;
    }
}

/* mul.wide.s16 -> s32 and so on; the same kind at twice the size. */
ptx_type_t ptx_type_widen(ptx_type_t t)
{
    switch (t) {
    case PTX_T_U16: return PTX_T_U32;
    case PTX_T_U32: return PTX_T_U64;
    case PTX_T_S16: return PTX_T_S32;
    case PTX_T_S32: return PTX_T_S64;
    case PTX_T_B16: return PTX_T_B32;
    case PTX_T_B32: return PTX_T_B64;
    default: return PTX_T_NONE;
    }
}

const char *ptx_rclass_name(ptx_rclass_t c)
{
    switch (c) {
    case PTX_RC_32: return "32-bit";
    case PTX_RC_64: return "64-bit";
    case PTX_RC_PRED: return "predicate";
    default: return "none";
    }
}

const char *ptx_space_word(uint8_t space)
{
    static const char *const names[] = {"generic", ".global", ".shared", ".shared::cluster", ".local", ".const",
                                        ".param", ".param::entry", ".param::func"};
    return space < sizeof names / sizeof names[0] ? names[space] : "?";
}

sim_unit_t ptx_insn_unit(const ptx_insn_t *in)
{
    return ptx_op_unit_for((ptx_op_t)in->op, ptx_type_kind((ptx_type_t)in->type[0]) |
                                              ptx_type_kind((ptx_type_t)in->type[1]));
}
