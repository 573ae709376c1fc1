/* The tester's reference for the integer and bit instructions, compare and
 * select, integer cvt, and the dispatch (alu_ref.h). Written from the PTX
 * ISA's pseudo-code with 128-bit integers. */
#include <string.h>

#include "alu_ref_internal.h"

typedef __int128 i128;
typedef unsigned __int128 u128;

unsigned rt_bits(unsigned t)
{
    switch (t) {
    case PTX_T_PRED: return 1;
    case PTX_T_B8: case PTX_T_U8: case PTX_T_S8: return 8;
    case PTX_T_B16: case PTX_T_U16: case PTX_T_S16: case PTX_T_F16: case PTX_T_BF16: return 16;
    case PTX_T_B64: case PTX_T_U64: case PTX_T_S64: case PTX_T_F64: return 64;
    default: return 32;
    }
}

int rt_signed(unsigned t)
{
    return t == PTX_T_S8 || t == PTX_T_S16 || t == PTX_T_S32 || t == PTX_T_S64;
}

uint64_t rt_mask(unsigned w)
{
    return w == 64 ? ~0ull : (1ull << w) - 1;
}

/* A source as a 128-bit integer, by its type. */
static i128 val(uint64_t v, unsigned t)
{
    unsigned w = rt_bits(t);
    v &= rt_mask(w);
    if (rt_signed(t) && w < 64 && (v >> (w - 1)) & 1)
        return (i128)v - ((i128)1 << w);
    if (rt_signed(t) && w == 64)
        return (i128)(int64_t)v;
    return (i128)v;
}

static uint64_t cut(i128 v, unsigned w)
{
    return (uint64_t)((u128)v & rt_mask(w));
}

static i128 clamp(i128 v, i128 lo, i128 hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

#define S32MIN (-(i128)2147483648)
#define S32MAX ((i128)2147483647)

static void ref_addsub(const ptx_alu_t *d, const uint64_t *s, uint32_t cin, ref_out_t *o)
{
    unsigned t = d->type, w = rt_bits(t);
    int sub = d->op == PTX_OP_SUB || d->op == PTX_OP_SUBC;
    uint32_t c = (d->op == PTX_OP_ADDC || d->op == PTX_OP_SUBC) ? cin : 0;
    if (d->flags & PTX_MF_SAT) {
        i128 v = sub ? val(s[0], t) - val(s[1], t) : val(s[0], t) + val(s[1], t);
        o->r = cut(clamp(v, S32MIN, S32MAX), 32);
        return;
    }
    u128 a = s[0] & rt_mask(w), b = s[1] & rt_mask(w);
    u128 v = sub ? a - b - c : a + b + c;
    o->r = (uint64_t)(v & rt_mask(w));
    if (d->flags & PTX_MF_CC)
        o->cc = sub ? (a < b + c) : (uint32_t)(v >> w) & 1;
}

/* The product's bits that mul/mad keep (.lo, .hi, .wide), *pw wide. */
static i128 product(const ptx_alu_t *d, const uint64_t *s, unsigned *pw)
{
    unsigned t = d->type, w = rt_bits(t);
    *pw = d->mul == PTX_MUL_WIDE ? 2 * w : w;
    if (w == 64 && !rt_signed(t)) {
        u128 p = (u128)s[0] * s[1];
        return (i128)(uint64_t)(d->mul == PTX_MUL_HI ? p >> 64 : p);
    }
    i128 p = val(s[0], t) * val(s[1], t); /* signed 64 x 64: below 2^126 */
    return d->mul == PTX_MUL_HI ? p >> w : p;
}

static void ref_mul_mad(const ptx_alu_t *d, const uint64_t *s, uint32_t cin, ref_out_t *o)
{
    unsigned pw;
    i128 p = product(d, s, &pw);
    if (d->op == PTX_OP_MUL) {
        o->r = cut(p, pw);
        return;
    }
    if (d->flags & PTX_MF_SAT) { /* mad.hi.sat.s32 */
        o->r = cut(clamp(val(cut(p, 32), PTX_T_S32) + val(s[2], PTX_T_S32), S32MIN, S32MAX), 32);
        return;
    }
    u128 v = (u128)cut(p, pw) + (s[2] & rt_mask(pw)) + (d->op == PTX_OP_MADC ? cin : 0);
    o->r = (uint64_t)(v & rt_mask(pw));
    if (d->flags & PTX_MF_CC)
        o->cc = (uint32_t)(v >> pw) & 1;
}

static void ref_24(const ptx_alu_t *d, const uint64_t *s, ref_out_t *o)
{
    int sg = rt_signed(d->type);
    int64_t a = sg ? ((int64_t)(s[0] << 40)) >> 40 : (int64_t)(s[0] & 0xffffff);
    int64_t b = sg ? ((int64_t)(s[1] << 40)) >> 40 : (int64_t)(s[1] & 0xffffff);
    int64_t p = a * b;
    uint64_t r = d->mul == PTX_MUL_HI ? ((uint64_t)p >> 16) & 0xffffffffu : (uint64_t)p & 0xffffffffu;
    if (d->op == PTX_OP_MAD24) {
        if (d->flags & PTX_MF_SAT)
            r = cut(clamp(val(r, PTX_T_S32) + val(s[2], PTX_T_S32), S32MIN, S32MAX), 32);
        else
            r = (r + s[2]) & 0xffffffffu;
    }
    o->r = r;
}

/* The simulator's documented choice for division by zero (the ISA leaves
 * it unspecified): quotient all ones, remainder the dividend. */
static void ref_divrem(const ptx_alu_t *d, const uint64_t *s, ref_out_t *o)
{
    unsigned t = d->type, w = rt_bits(t);
    i128 a = val(s[0], t), b = val(s[1], t);
    if (b == 0) {
        o->r = d->op == PTX_OP_DIV ? rt_mask(w) : cut(a, w);
        return;
    }
    i128 q = a / b, r = a % b; /* C truncates toward zero, as PTX does */
    o->r = cut(d->op == PTX_OP_DIV ? q : r, w);
}

static void ref_misc_int(const ptx_alu_t *d, const uint64_t *s, ref_out_t *o)
{
    unsigned t = d->type, w = rt_bits(t);
    i128 a = val(s[0], t), b = val(s[1], t), r = 0;
    switch (d->op) {
    case PTX_OP_ABS: r = a < 0 ? -a : a; break;
    case PTX_OP_NEG: r = -a; break;
    case PTX_OP_MIN: r = a < b ? a : b; break;
    case PTX_OP_MAX: r = a > b ? a : b; break;
    case PTX_OP_SAD: r = val(s[2], t) + (a > b ? a - b : b - a); break;
    case PTX_OP_DP4A: case PTX_OP_DP2A: {
        /* the dot product in 128-bit arithmetic, cut to 32 bits at the end */
        int two = d->op == PTX_OP_DP2A, hi = two && d->mul == PTX_MUL_HI;
        unsigned wa = two ? 16 : 8, sa = rt_signed(t), sb = rt_signed(d->type2);
        r = (uint32_t)s[2];
        for (unsigned i = 0; i < (two ? 2u : 4u); i++) {
            i128 x = (s[0] >> (wa * i)) & ((1u << wa) - 1), y = (s[1] >> (8 * (i + 2 * hi))) & 0xff;
            if (sa && x >= (i128)1 << (wa - 1))
                x -= (i128)1 << wa;
            if (sb && y >= 128)
                y -= 256;
            r += x * y;
        }
        break;
    }
    default: break;
    }
    if ((d->flags & PTX_MF_RELU) && r < 0)
        r = 0;
    o->r = cut(r, w);
}

static int bit(uint64_t v, unsigned i)
{
    return i < 64 && ((v >> i) & 1);
}

/* bfe, from the ISA's pseudo-code. */
static uint64_t ref_bfe(unsigned t, uint64_t a, uint64_t b, uint64_t c)
{
    unsigned msb = rt_bits(t) - 1, pos = b & 0xff, len = c & 0xff;
    int sbit;
    if (!rt_signed(t) || len == 0)
        sbit = 0;
    else
        sbit = bit(a, pos + len - 1 < msb ? pos + len - 1 : msb);
    uint64_t d = 0;
    for (unsigned i = 0; i <= msb; i++)
        if (i < len && pos + i <= msb ? bit(a, pos + i) : sbit)
            d |= 1ull << i;
    return d;
}

static uint64_t ref_bfi(unsigned t, uint64_t a, uint64_t b, uint64_t c, uint64_t e)
{
    unsigned msb = rt_bits(t) - 1, pos = c & 0xff, len = e & 0xff;
    uint64_t f = b;
    for (unsigned i = 0; i < len && pos + i <= msb; i++)
        f = bit(a, i) ? f | (1ull << (pos + i)) : f & ~(1ull << (pos + i));
    return f;
}

/* bmsk, the ISA's pseudo-code as written (PTX ISA 7.6, "bmsk"). */
static uint64_t ref_bmsk(unsigned mode, uint32_t a, uint32_t b)
{
    uint32_t a1 = a & 0x1f, mask0 = ~0u << a1, b1 = b & 0x1f, sum = a1 + b1;
    uint32_t mask1 = sum >= 32 ? 0 : ~0u << sum;
    int sum_overflow = sum >= 32, pos_overflow = 0, width_overflow = 0;
    if (mode == PTX_SHFM_CLAMP) {
        if (a >= 32) {
            pos_overflow = 1;
            mask0 = 0;
        }
        if (b >= 32)
            width_overflow = 1;
    }
    if (sum_overflow || pos_overflow || width_overflow)
        mask1 = 0;
    else if (b1 == 0)
        mask1 = ~0u;
    return mask0 & ~mask1;
}

/* prmt's modes as the ISA's table: the source byte of result bytes 0..3. */
static const unsigned char prmt_table[7][4][4] = {
    {{0}},
    {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},   /* f4e */
    {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},   /* b4e */
    {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},   /* rc8 */
    {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},   /* ecl */
    {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},   /* ecr */
    {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}},   /* rc16 */
};

static uint64_t ref_prmt(unsigned mode, uint64_t a, uint64_t b, uint64_t c)
{
    unsigned char bytes[8];
    for (int i = 0; i < 4; i++) {
        bytes[i] = (unsigned char)(a >> (8 * i));
        bytes[4 + i] = (unsigned char)(b >> (8 * i));
    }
    uint64_t r = 0;
    for (int i = 0; i < 4; i++) {
        unsigned v;
        if (mode == PTX_PRMT_NONE) {
            unsigned sel = (c >> (4 * i)) & 0xf;
            v = bytes[sel & 7];
            if (sel & 8)
                v = (v & 0x80) ? 0xff : 0;
        } else {
            v = bytes[prmt_table[mode][c & 3][i]];
        }
        r |= (uint64_t)v << (8 * i);
    }
    return r;
}

static uint64_t ref_fns(uint32_t mask, uint32_t base, int32_t offset)
{
    if (base > 31)
        return 0xffffffffu;
    if (offset == 0)
        return (mask >> base) & 1 ? base : 0xffffffffu;
    int n = 0;
    if (offset > 0) {
        for (int p = (int)base; p < 32; p++)
            if ((mask >> p) & 1 && ++n == offset)
                return (uint64_t)p;
    } else {
        for (int p = (int)base; p >= 0; p--)
            if ((mask >> p) & 1 && ++n == -(int64_t)offset)
                return (uint64_t)p;
    }
    return 0xffffffffu;
}

static uint64_t ref_bits_op(const ptx_alu_t *d, const uint64_t *s)
{
    unsigned t = d->type, w = rt_bits(t);
    uint64_t a = s[0] & rt_mask(w), b = s[1], r = 0;
    switch (d->op) {
    case PTX_OP_POPC: for (unsigned i = 0; i < w; i++) r += bit(a, i); return r;
    case PTX_OP_CLZ: while (r < w && !bit(a, w - 1 - (unsigned)r)) r++; return r;
    case PTX_OP_BFIND: {
        int neg = rt_signed(t) && bit(a, w - 1);
        for (int i = (int)w - 1; i >= 0; i--)
            if (bit(a, (unsigned)i) != neg)
                return (d->flags & PTX_MF_SHIFTAMT) ? w - 1 - (unsigned)i : (unsigned)i;
        return 0xffffffffu;
    }
    case PTX_OP_FNS: return ref_fns((uint32_t)a, (uint32_t)b, (int32_t)s[2]);
    case PTX_OP_BREV: for (unsigned i = 0; i < w; i++) r |= (uint64_t)bit(a, i) << (w - 1 - i); return r;
    case PTX_OP_BFE: return ref_bfe(t, a, b, s[2]);
    case PTX_OP_BFI: return ref_bfi(t, a, b & rt_mask(w), s[2], s[3]);
    case PTX_OP_BMSK: return ref_bmsk(d->shf_mode, (uint32_t)a, (uint32_t)b);
    case PTX_OP_PRMT: return ref_prmt(d->prmt, a, b, s[2]);
    case PTX_OP_SHF: {
        u128 v = ((u128)(b & 0xffffffffu) << 32) | (a & 0xffffffffu);
        uint32_t n = (uint32_t)s[2];
        n = d->shf_mode == PTX_SHFM_WRAP ? n % 32 : n > 32 ? 32 : n;
        return d->shf_dir == PTX_SHF_L ? (uint64_t)((v << n) >> 32) & 0xffffffffu : (uint64_t)(v >> n) & 0xffffffffu;
    }
    case PTX_OP_SHL: return (uint32_t)b >= w ? 0 : (a << (uint32_t)b) & rt_mask(w);
    case PTX_OP_SHR: {
        uint32_t n = (uint32_t)b;
        if (rt_signed(t))
            return cut(val(a, t) >> (n >= w ? w - 1 : n), w);
        return n >= w ? 0 : a >> n;
    }
    case PTX_OP_AND: return a & b & rt_mask(w);
    case PTX_OP_OR: return (a | b) & rt_mask(w);
    case PTX_OP_XOR: return (a ^ b) & rt_mask(w);
    case PTX_OP_NOT: return ~a & rt_mask(w);
    case PTX_OP_CNOT: return a == 0;
    case PTX_OP_LOP3:
        for (unsigned i = 0; i < w; i++)
            r |= (uint64_t)((s[3] >> (bit(a, i) * 4 + bit(b, i) * 2 + bit(s[2], i))) & 1) << i;
        return r;
    default: return a; /* MOV */
    }
}

static int ref_int_cmp(unsigned cmp, unsigned t, uint64_t x, uint64_t y)
{
    i128 a = val(x, t), b = val(y, t);
    u128 ua = x & rt_mask(rt_bits(t)), ub = y & rt_mask(rt_bits(t));
    switch (cmp) {
    case PTX_CMP_EQ: return a == b;
    case PTX_CMP_NE: return a != b;
    case PTX_CMP_LT: return a < b;
    case PTX_CMP_LE: return a <= b;
    case PTX_CMP_GT: return a > b;
    case PTX_CMP_GE: return a >= b;
    case PTX_CMP_LO: return ua < ub;
    case PTX_CMP_LS: return ua <= ub;
    case PTX_CMP_HI: return ua > ub;
    case PTX_CMP_HS: return ua >= ub;
    default: return 0;
    }
}

int ref_cmp(unsigned cmp, unsigned t, uint64_t a, uint64_t b, int ftz)
{
    if (t == PTX_T_F16 || t == PTX_T_BF16 || t == PTX_T_F32 || t == PTX_T_F64)
        return ref_float_cmp(cmp, t, a, b, ftz);
    return ref_int_cmp(cmp, t, a, b);
}

static int combine(unsigned op, int x, uint64_t c)
{
    int p = (int)(c & 1);
    return op == PTX_BOOL_AND ? x && p : op == PTX_BOOL_OR ? x || p : op == PTX_BOOL_XOR ? x != p : x;
}

static void ref_cmpsel(const ptx_alu_t *d, const uint64_t *s, ref_out_t *o)
{
    int ftz = (d->flags & PTX_MF_FTZ) != 0;
    switch (d->op) {
    case PTX_OP_SETP: {
        int r = ref_cmp(d->cmp, d->type, s[0], s[1], ftz);
        o->r = combine(d->boolop, r, s[2]);
        o->r2 = combine(d->boolop, !r, s[2]);
        return;
    }
    case PTX_OP_SET: {
        if (d->type2 == PTX_T_F16X2 || d->type2 == PTX_T_BF16X2) { /* each half on its own */
            unsigned h = d->type2 == PTX_T_F16X2 ? PTX_T_F16 : PTX_T_BF16;
            uint64_t one = d->type == PTX_T_F16X2 ? 0x3c00 : d->type == PTX_T_BF16X2 ? 0x3f80 : 0xffff;
            int lo = combine(d->boolop, ref_cmp(d->cmp, h, s[0] & 0xffff, s[1] & 0xffff, ftz), s[2]);
            int hi = combine(d->boolop, ref_cmp(d->cmp, h, s[0] >> 16 & 0xffff, s[1] >> 16 & 0xffff, ftz), s[2]);
            o->r = (hi ? one << 16 : 0) | (lo ? one : 0);
            return;
        }
        int r = combine(d->boolop, ref_cmp(d->cmp, d->type2, s[0], s[1], ftz), s[2]);
        if (d->type == PTX_T_F16 || d->type == PTX_T_BF16) {
            o->r = r ? (d->type == PTX_T_F16 ? 0x3c00 : 0x3f80) : 0;
            return;
        }
        o->r = d->type == PTX_T_F32 ? (r ? 0x3f800000u : 0) : (r ? rt_mask(rt_bits(d->type)) : 0);
        return;
    }
    case PTX_OP_SELP: o->r = (s[2] & 1) ? s[0] : s[1]; return;
    default: /* SLCT */
        if (d->type2 == PTX_T_F32)
            o->r = ref_f32_nonneg(s[2], ftz) ? s[0] : s[1];
        else
            o->r = (int32_t)s[2] >= 0 ? s[0] : s[1];
        o->r &= rt_mask(rt_bits(d->type));
        return;
    }
}

static void ref_cvt_int(const ptx_alu_t *d, const uint64_t *s, ref_out_t *o)
{
    unsigned dt = d->type, w = rt_bits(dt);
    i128 v = val(s[0], d->type2);
    if (d->flags & PTX_MF_SAT) {
        i128 lo = rt_signed(dt) ? -((i128)1 << (w - 1)) : 0;
        i128 hi = rt_signed(dt) ? ((i128)1 << (w - 1)) - 1 : (i128)rt_mask(w);
        v = clamp(v, lo, hi);
    }
    o->r = cut(v, w);
}

static int is_float_type(unsigned t)
{
    return t >= PTX_T_F16 && t <= PTX_T_F64;
}

void ref_eval(const ptx_alu_t *d, const uint64_t s[4], uint32_t cc_in, ref_out_t *o)
{
    memset(o, 0, sizeof *o);
    o->cc = cc_in;
    uint64_t x[4];
    memcpy(x, s, sizeof x);
    for (int i = 0; i < 3; i++) /* !p sources */
        if ((d->negsrc >> i) & 1)
            x[i] ^= 1;
    switch (d->op) {
    case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_MUL: case PTX_OP_MAD: case PTX_OP_DIV:
    case PTX_OP_ABS: case PTX_OP_NEG: case PTX_OP_MIN: case PTX_OP_MAX:
        if (is_float_type(d->type) || d->type == PTX_T_F16X2 || d->type == PTX_T_BF16X2)
            break;
        if (d->op == PTX_OP_ADD || d->op == PTX_OP_SUB)
            ref_addsub(d, x, cc_in, o);
        else if (d->op == PTX_OP_MUL || d->op == PTX_OP_MAD)
            ref_mul_mad(d, x, cc_in, o);
        else if (d->op == PTX_OP_DIV)
            ref_divrem(d, x, o);
        else
            ref_misc_int(d, x, o);
        return;
    case PTX_OP_ADDC: case PTX_OP_SUBC: ref_addsub(d, x, cc_in, o); return;
    case PTX_OP_MADC: ref_mul_mad(d, x, cc_in, o); return;
    case PTX_OP_MUL24: case PTX_OP_MAD24: ref_24(d, x, o); return;
    case PTX_OP_SAD: case PTX_OP_DP4A: case PTX_OP_DP2A: ref_misc_int(d, x, o); return;
    case PTX_OP_REM: ref_divrem(d, x, o); return;
    case PTX_OP_SETP: case PTX_OP_SET: case PTX_OP_SELP: case PTX_OP_SLCT:
        if (d->op == PTX_OP_SETP && (d->type == PTX_T_F16X2 || d->type == PTX_T_BF16X2))
            break;
        ref_cmpsel(d, x, o);
        return;
    case PTX_OP_CVT:
        if (!is_float_type(d->type) && !is_float_type(d->type2) && d->type != PTX_T_F16X2 && d->type != PTX_T_BF16X2) {
            ref_cvt_int(d, x, o);
            return;
        }
        break;
    case PTX_OP_POPC: case PTX_OP_CLZ: case PTX_OP_BFIND: case PTX_OP_FNS: case PTX_OP_BREV:
    case PTX_OP_BFE: case PTX_OP_BFI: case PTX_OP_BMSK: case PTX_OP_PRMT: case PTX_OP_SHF: case PTX_OP_SHL:
    case PTX_OP_SHR: case PTX_OP_AND: case PTX_OP_OR: case PTX_OP_XOR: case PTX_OP_NOT:
    case PTX_OP_CNOT: case PTX_OP_LOP3: case PTX_OP_MOV:
        o->r = ref_bits_op(d, x);
        return;
    default:
        break;
    }
    ref_float_eval(d, x, o);
}
