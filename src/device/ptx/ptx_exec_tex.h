/* Textures and surfaces: tex, tld4, txq, suld.b, sust.b, suq on the object
 * a lane's 64-bit handle names (a ptx_texdesc_t in global memory, written by
 * the CUDA runtime). Sampling follows the CUDA Programming Guide's "Texture
 * Fetching" appendix: point sampling takes texel floor(x); linear sampling
 * blends texels i = floor(x - 0.5) and i + 1 by alpha = frac(x - 0.5) held,
 * as the hardware holds it, in 9-bit fixed point with 8 fractional bits.
 * Every lane's handle (and a .trap surface access) is checked before any
 * lane reads or writes, so a fault leaves memory as it was.
 *
 * Record fields (ptx_lower_tex.c): base the handle's slot, sub the geometry
 * (PTX_TG_*), aux the tld4 component, txq/suq query or surface clamp mode,
 * PTX_RF_FLOAT f32 coordinates. tex/tld4/suld: dst[] the results, src[] the
 * coordinates; sust: src[] the values, dst[] the coordinates (it writes no
 * register). */
#ifndef PTX_EXEC_TEX_H
#define PTX_EXEC_TEX_H

#include "device/ptx/ptx_exec_mem.h"
#include "device/ptx/ptx_alu_cvt.h"
#include "device/ptx/ptx_texdesc.h"

/* The geometry's coordinates: how many are sampled, and whether the first
 * register is the layer. */
SIM_INLINE uint32_t ptx_tg_dims(uint32_t g)
{
    switch (g) {
    case PTX_TG_1D: case PTX_TG_A1D: return 1;
    case PTX_TG_2D: case PTX_TG_A2D: return 2;
    default: return 3; /* 3d, cube, acube (a direction) */
    }
}
SIM_INLINE int ptx_tg_layered(uint32_t g) { return g == PTX_TG_A1D || g == PTX_TG_A2D || g == PTX_TG_ACUBE; }

/* The descriptor a handle names, or NULL (not a texture object, or its texels outside global memory). */
SIM_INLINE const ptx_texdesc_t *ptx_tex_desc(const ptx_ctx_t *c, uint64_t h)
{
    const ptx_texdesc_t *d = (const ptx_texdesc_t *)ptx_global(c->g, h, (uint32_t)sizeof(ptx_texdesc_t));
    if (!d || (h & 7u) || d->magic != PTX_TEXDESC_MAGIC || !d->bytes || d->bytes > 0xffffffffull ||
        !ptx_global(c->g, d->data, (uint32_t)d->bytes))
        return NULL;
    return d;
}

/* The object lane l's handle names (checked before: ptx_tex_check). */
SIM_INLINE const ptx_texdesc_t *ptx_tex_of(const ptx_ctx_t *c, const ptx_warp_t *w, const ptx_rec_t *r, uint32_t l)
{
    return ptx_tex_desc(c, w->regs[(size_t)r->base * 32 + l]);
}

SIM_INLINE int32_t ptx_tex_floor(float x)
{
    if (!(x > -1.0e9f))   /* NaN too */
        x = -1.0e9f;
    if (x > 1.0e9f)
        x = 1.0e9f;
    int32_t i = (int32_t)x;
    return (float)i > x ? i - 1 : i;
}

/* Index i of a dimension of n texels by the address mode; -1: the border colour. */
SIM_INLINE int32_t ptx_tex_address(int32_t i, int32_t n, uint32_t mode)
{
    switch (mode) {
    case PTX_TA_WRAP: i %= n; return i < 0 ? i + n : i;
    case PTX_TA_MIRROR: {
        int32_t m = i % (2 * n);
        m = m < 0 ? m + 2 * n : m;
        return m < n ? m : 2 * n - 1 - m;
    }
    case PTX_TA_BORDER: return i < 0 || i >= n ? -1 : i;
    default: return i < 0 ? 0 : i >= n ? n - 1 : i;
    }
}

/* Does the texture return floats (a float format, or integers read as normalized floats)? */
SIM_INLINE int ptx_tex_returns_float(const ptx_texdesc_t *d)
{
    return d->fmt == PTX_TF_FLOAT || d->read_mode == PTX_TREAD_NORMALIZED;
}

/* One channel as the texture returns it: float bits, or the integer zero- or sign-extended. */
SIM_INLINE uint32_t ptx_tex_channel(const ptx_texdesc_t *d, const uint8_t *p)
{
    uint32_t u = 0;
    sim_memcpy(&u, p, d->chan_bytes);
    uint32_t bits = d->chan_bytes * 8u;
    int32_t s = bits == 32 ? (int32_t)u : (int32_t)(u << (32 - bits)) >> (32 - bits);
    if (d->fmt == PTX_TF_FLOAT)
        return bits == 16 ? (uint32_t)ptx_cvt_f2f_raw(PTX_FMT_F32, PTX_FMT_F16, PTX_RND_RN, u) : u;
    if (d->read_mode != PTX_TREAD_NORMALIZED)
        return d->fmt == PTX_TF_SIGNED ? (uint32_t)s : u;
    if (d->fmt == PTX_TF_UNSIGNED)   /* [0, 1] */
        return ptx_f32_bits((float)u / (float)((1u << bits) - 1u));
    float f = (float)s / (float)((1u << (bits - 1)) - 1u); /* [-1, 1]: the most negative value is -1 too */
    return ptx_f32_bits(f < -1.0f ? -1.0f : f);
}

/* Texel (x, y, z) of layer `layer`, each index already addressed (-1: border); absent
 * channels are (0, 0, 0, 1). */
SIM_FN void ptx_tex_texel(const ptx_ctx_t *c, const ptx_texdesc_t *d, const int32_t *ix, uint32_t layer,
                          uint32_t out[4])
{
    int fl = ptx_tex_returns_float(d);
    if (ix[0] < 0 || ix[1] < 0 || ix[2] < 0) {
        for (uint32_t k = 0; k < 4; k++)
            out[k] = fl ? ptx_f32_bits(d->border[k]) : (uint32_t)(int32_t)d->border[k];
        return;
    }
    uint64_t off = ((uint64_t)layer * d->depth + (uint64_t)ix[2]) * d->slice + (uint64_t)ix[1] * d->pitch +
                   (uint64_t)ix[0] * d->chan_bytes * d->nchan;
    const uint8_t *p = ptx_global(c->g, d->data + off, (uint32_t)d->chan_bytes * d->nchan);
    for (uint32_t k = 0; k < 4; k++)
        out[k] = k < d->nchan && p ? ptx_tex_channel(d, p + k * d->chan_bytes)
                 : k == 3          ? (fl ? ptx_f32_bits(1.0f) : 1u) : 0u;
}

/* Cubemap: the face of the direction's major axis and its coordinates on that face, in [0, 1]
 * (the Programming Guide's table). */
SIM_INLINE uint32_t ptx_tex_cube_face(const float *v, float *uv)
{
    float ax = v[0] < 0 ? -v[0] : v[0], ay = v[1] < 0 ? -v[1] : v[1], az = v[2] < 0 ? -v[2] : v[2];
    uint32_t face;
    float m, s, t;
    if (ax >= ay && ax >= az)
        face = v[0] >= 0 ? 0 : 1, m = ax, s = v[0] >= 0 ? -v[2] : v[2], t = -v[1];
    else if (ay >= az)
        face = v[1] >= 0 ? 2 : 3, m = ay, s = v[0], t = v[1] >= 0 ? v[2] : -v[2];
    else
        face = v[2] >= 0 ? 4 : 5, m = az, s = v[2] >= 0 ? v[0] : -v[0], t = -v[1];
    m = m > 0 ? m : 1.0f;
    uv[0] = (s / m + 1.0f) * 0.5f;
    uv[1] = (t / m + 1.0f) * 0.5f;
    return face;
}

/* The 9-bit fixed-point weight of a fraction: 8 fractional bits, 1.0 representable. */
SIM_INLINE float ptx_tex_weight(float frac)
{
    return (float)(int32_t)(frac * 256.0f + 0.5f) * (1.0f / 256.0f);
}

/* The lane's coordinates in texels (xs), its layer, and the sampling it gets. */
typedef struct {
    float xs[3];
    int32_t ix[3];
    uint32_t layer, n, is_int;
} ptx_tex_at_t;

SIM_FN void ptx_tex_locate(const ptx_warp_t *w, const ptx_rec_t *r, const ptx_texdesc_t *d, uint32_t l,
                           ptx_tex_at_t *at)
{
    uint32_t g = r->sub, k0 = ptx_tg_layered(g) ? 1 : 0, n = ptx_tg_dims(g);
    uint32_t dim[3] = {d->width, d->height, d->depth};
    int32_t layer = k0 ? (int32_t)(uint32_t)w->regs[(size_t)r->src[0] * 32 + l] : 0;
    float v[3] = {0, 0, 0};
    at->is_int = !(r->flags & PTX_RF_FLOAT);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t bits = (uint32_t)w->regs[(size_t)r->src[k0 + k] * 32 + l];
        v[k] = at->is_int ? (float)(int32_t)bits : ptx_f32(bits);
        at->ix[k] = (int32_t)bits;
    }
    if (g == PTX_TG_CUBE || g == PTX_TG_ACUBE) {
        float uv[2];
        uint32_t face = ptx_tex_cube_face(v, uv);
        layer = layer * 6 + (int32_t)face;
        v[0] = uv[0] * (float)d->width, v[1] = uv[1] * (float)d->height, v[2] = 0;
        n = 2;
        at->is_int = 0;
    } else if (!at->is_int && d->norm_coords) {
        for (uint32_t k = 0; k < n; k++)
            v[k] *= (float)dim[k];
    }
    for (uint32_t k = 0; k < 3; k++) {
        at->xs[k] = k < n ? v[k] : 0.5f;
        if (k >= n)
            at->ix[k] = 0;
    }
    at->layer = layer < 0 ? 0 : (uint32_t)layer >= d->layers ? d->layers - 1 : (uint32_t)layer;
    at->n = n;
}

SIM_INLINE uint32_t ptx_tex_mode(const ptx_texdesc_t *d, uint32_t k)
{
    uint32_t m = d->addr[k];
    return !d->norm_coords && !d->cubemap && (m == PTX_TA_WRAP || m == PTX_TA_MIRROR) ? PTX_TA_CLAMP : m;
}

/* tex: point or linear sampling of one lane. */
SIM_FN void ptx_tex_sample(const ptx_ctx_t *c, const ptx_texdesc_t *d, const ptx_tex_at_t *at, uint32_t out[4])
{
    int32_t dim[3] = {(int32_t)d->width, (int32_t)d->height, (int32_t)d->depth}, i0[3], ix[3];
    float a[3] = {0, 0, 0};
    int linear = d->filter == PTX_TFILT_LINEAR && !at->is_int && ptx_tex_returns_float(d);
    for (uint32_t k = 0; k < 3; k++) {
        if (at->is_int)
            i0[k] = at->ix[k];
        else if (!linear || k >= at->n)
            i0[k] = ptx_tex_floor(at->xs[k]);
        else {
            float xb = at->xs[k] - 0.5f;
            i0[k] = ptx_tex_floor(xb);
            a[k] = ptx_tex_weight(xb - (float)i0[k]);
        }
    }
    if (!linear) {
        for (uint32_t k = 0; k < 3; k++)
            ix[k] = ptx_tex_address(i0[k], dim[k], ptx_tex_mode(d, k));
        ptx_tex_texel(c, d, ix, at->layer, out);
        return;
    }
    float acc[4] = {0, 0, 0, 0};
    for (uint32_t corner = 0; corner < (1u << at->n); corner++) {
        float wgt = 1.0f;
        for (uint32_t k = 0; k < 3; k++) {
            uint32_t hi = corner >> k & 1u;
            ix[k] = ptx_tex_address(i0[k] + (int32_t)hi, dim[k], ptx_tex_mode(d, k));
            if (k < at->n)
                wgt *= hi ? a[k] : 1.0f - a[k];
        }
        uint32_t t[4];
        ptx_tex_texel(c, d, ix, at->layer, t);
        for (uint32_t ch = 0; ch < 4; ch++)
            acc[ch] += wgt * ptx_f32(t[ch]);
    }
    for (uint32_t ch = 0; ch < 4; ch++)
        out[ch] = ptx_f32_bits(acc[ch]);
}

/* tld4.comp.2d: component `comp` of the four texels linear filtering would blend, in the order
 * (i, j+1), (i+1, j+1), (i+1, j), (i, j). */
SIM_FN void ptx_tex_gather(const ptx_ctx_t *c, const ptx_texdesc_t *d, const ptx_tex_at_t *at, uint32_t comp,
                           uint32_t out[4])
{
    int32_t i = ptx_tex_floor(at->xs[0] - 0.5f), j = ptx_tex_floor(at->xs[1] - 0.5f);
    for (uint32_t q = 0; q < 4; q++) {
        int32_t dx = q == 1 || q == 2, dy = q < 2;
        int32_t ix[3] = {ptx_tex_address(i + dx, (int32_t)d->width, ptx_tex_mode(d, 0)),
                         ptx_tex_address(j + dy, (int32_t)d->height, ptx_tex_mode(d, 1)), 0};
        uint32_t t[4];
        ptx_tex_texel(c, d, ix, at->layer, t);
        out[q] = t[comp];
    }
}

/* Checks every executing lane's handle, noting the texels' base for the timing model. */
SIM_FN int ptx_tex_check(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    for (uint32_t l = 0; l < 32; l++) {
        if (!(exec >> l & 1u))
            continue;
        uint64_t h = w->regs[(size_t)r->base * 32 + l];
        const ptx_texdesc_t *d = ptx_tex_desc(c, h);
        if (!d)
            return ptx_fault(c, w, r, PTX_FAULT_HANDLE, l, h);
        if (c->lane_addr)
            c->lane_addr[l] = d->data;
    }
    return PTX_STEP_OK;
}

SIM_FN int ptx_exec_tex(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    int rc = ptx_tex_check(c, w, r, exec);
    if (rc != PTX_STEP_OK)
        return rc;
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        const ptx_texdesc_t *d = ptx_tex_of(c, w, r, l);
        ptx_tex_at_t at;
        uint32_t out[4];
        ptx_tex_locate(w, r, d, l, &at);
        if (r->op == PTX_OP_TLD4)
            ptx_tex_gather(c, d, &at, r->aux, out);
        else
            ptx_tex_sample(c, d, &at, out);
        for (uint32_t k = 0; k < 4; k++)
            if (r->dst[k] != PTX_NOSLOT)
                w->regs[(size_t)r->dst[k] * 32 + l] = out[k];
    }
    return PTX_STEP_OK;
}

/* txq and suq: one attribute of the object. Channel order and data type are OpenCL's
 * CL_R/CL_RG/CL_RGBA and CL_{S,U}NORM_INT*, CL_{UN,}SIGNED_INT*, CL_HALF_FLOAT, CL_FLOAT codes,
 * as the PTX ISA says of txq. */
SIM_FN uint32_t ptx_tex_query(const ptx_texdesc_t *d, uint32_t q)
{
    switch (q) {
    case PTX_TQ_WIDTH: return d->width;
    case PTX_TQ_HEIGHT: return d->height;
    case PTX_TQ_DEPTH: return d->depth;
    case PTX_TQ_CHANNEL_ORDER: return d->nchan == 1 ? 0x10B0u : d->nchan == 2 ? 0x10B2u : 0x10B5u;
    case PTX_TQ_CHANNEL_DATA_TYPE: {
        uint32_t i = d->chan_bytes == 1 ? 0 : d->chan_bytes == 2 ? 1 : 2;
        if (d->fmt == PTX_TF_FLOAT)
            return i == 1 ? 0x10DDu : 0x10DEu;
        if (d->read_mode == PTX_TREAD_NORMALIZED && i < 2)
            return (d->fmt == PTX_TF_SIGNED ? 0x10D0u : 0x10D2u) + i;
        return (d->fmt == PTX_TF_SIGNED ? 0x10D7u : 0x10DAu) + i;
    }
    case PTX_TQ_NORMALIZED_COORDS: return d->norm_coords;
    case PTX_TQ_FILTER_MODE: return d->filter;
    case PTX_TQ_ADDR_MODE_0: return d->addr[0];
    case PTX_TQ_ADDR_MODE_1: return d->addr[1];
    case PTX_TQ_ADDR_MODE_2: return d->addr[2];
    case PTX_TQ_ARRAY_SIZE: return !d->layered ? 0 : d->cubemap ? d->layers / 6 : d->layers;
    case PTX_TQ_NUM_MIPMAP_LEVELS: return 1;
    default: return 0;
    }
}

SIM_FN int ptx_exec_txq(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    int rc = ptx_tex_check(c, w, r, exec);
    if (rc != PTX_STEP_OK)
        return rc;
    PTX_LANES(l) {
        if (exec >> l & 1u)
            w->regs[(size_t)r->dst[0] * 32 + l] =
                ptx_tex_query(ptx_tex_of(c, w, r, l), r->aux);
    }
    return PTX_STEP_OK;
}

/* ---- surfaces: x in bytes ------------------------------------------------------------ */

/* The lane's byte offset in the surface's texels, by the clamp mode; -1: out of range
 * under .zero (a load reads zeros, a store is dropped), -2: under .trap, -3: misaligned. */
SIM_FN int64_t ptx_surf_offset(const ptx_warp_t *w, const ptx_rec_t *r, const ptx_texdesc_t *d, uint32_t l,
                               int store)
{
    const uint32_t *crd = store ? r->dst : r->src;
    uint32_t g = r->sub, n = ptx_tg_dims(g), k0 = ptx_tg_layered(g) ? 1 : 0;
    uint32_t bytes = (uint32_t)r->size * r->vec, elem = (uint32_t)d->chan_bytes * d->nchan;
    int64_t lim[4] = {(int64_t)d->width * elem - bytes, (int64_t)d->height - 1, (int64_t)d->depth - 1,
                      (int64_t)d->layers - 1};
    int64_t v[4] = {0, 0, 0, 0};
    for (uint32_t k = 0; k < n; k++)
        v[k] = (int32_t)(uint32_t)w->regs[(size_t)crd[k0 + k] * 32 + l];
    if (k0)
        v[3] = (int32_t)(uint32_t)w->regs[(size_t)crd[0] * 32 + l];
    if (v[0] % bytes)
        return -3;
    for (uint32_t k = 0; k < 4; k++) {
        if (v[k] >= 0 && v[k] <= lim[k])
            continue;
        if (r->aux == PTX_SUC_ZERO)
            return -1;
        if (r->aux == PTX_SUC_TRAP)
            return -2;
        v[k] = v[k] < 0 || lim[k] < 0 ? 0 : lim[k];
        if (k == 0)
            v[0] -= v[0] % bytes;
    }
    return ((v[3] * (int64_t)d->depth + v[2]) * (int64_t)d->slice) + v[1] * (int64_t)d->pitch + v[0];
}

/* suld/sust/suq: every lane's handle, and for a .trap or misaligned access its coordinates, before any lane. */
SIM_FN int ptx_surf_check(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec, int store)
{
    int rc = ptx_tex_check(c, w, r, exec);
    for (uint32_t l = 0; l < 32 && rc == PTX_STEP_OK; l++) {
        if (!(exec >> l & 1u))
            continue;
        const ptx_texdesc_t *d = ptx_tex_of(c, w, r, l);
        int64_t off = ptx_surf_offset(w, r, d, l, store);
        if (off == -2)
            rc = ptx_fault(c, w, r, PTX_FAULT_ADDRESS, l, d->data + d->bytes);
        else if (off == -3)
            rc = ptx_fault(c, w, r, PTX_FAULT_MISALIGNED, l, d->data);
        else if (c->lane_addr && off >= 0)
            c->lane_addr[l] = d->data + (uint64_t)off;
    }
    return rc;
}

SIM_FN int ptx_exec_surf(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec, int store)
{
    int rc = ptx_surf_check(c, w, r, exec, store);
    if (rc != PTX_STEP_OK)
        return rc;
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        const ptx_texdesc_t *d = ptx_tex_of(c, w, r, l);
        int64_t off = ptx_surf_offset(w, r, d, l, store);
        uint8_t *h = off >= 0 ? ptx_global(c->g, d->data + (uint64_t)off, (uint32_t)r->size * r->vec) : NULL;
        for (uint32_t i = 0; i < r->vec; i++) {
            if (store && h) {
                uint64_t v = w->regs[(size_t)r->src[i] * 32 + l];
                sim_memcpy(h + i * r->size, &v, r->size); /* little-endian: the low bytes */
            } else if (!store) {
                w->regs[(size_t)r->dst[i] * 32 + l] = h ? ptx_load_value(h + i * r->size, r->size, 0) : 0;
            }
        }
    }
    return PTX_STEP_OK;
}

#endif
