/* wmma.load, wmma.store, wmma.mma and mma.sync: warp collectives over all
 * 32 lanes (.aligned: a lane missing is a fault), on fragments laid out as
 * ptx_mma.h says (wmma's, or the hardware's for mma.sync).
 *
 * Accumulation. Integers exactly (s8/u8 products summed in 64 bits, then
 * wrapped to s32, or clamped with .satfinite). f64: IEEE fma in k order from
 * c. f16, bf16 and tf32: each product is exact in f32 (at most 11 x 11
 * significant bits), added to the f32 accumulator in k order, each sum
 * rounded to nearest; an f16 accumulator rounds to f16 once at the end. The
 * hardware instead adds groups of 4 (Volta, Turing) or 8 (Ampere on)
 * products and the accumulator at once, aligned to the largest exponent and
 * truncated (Fasi, Higham, Mikaitis, Pranesh 2021, "Numerical behavior of
 * NVIDIA tensor cores"): results can differ in the last bits of f32, not
 * where every partial sum is exact. */
#ifndef PTX_EXEC_MMA_H
#define PTX_EXEC_MMA_H

#include "device/ptx/ptx_exec_mem.h"
#include "device/ptx/ptx_alu_cvt.h"
#include "device/ptx/ptx_mma.h"

/* Element h of lane l's register q (w elements a register, per a lane): its
 * index row * cols + col in the matrix, without a division: every shape's
 * dimensions are powers of two, so wmma's numbering wraps by a mask. The
 * one numbering of fragment elements; ptx_frag_pos splits it. */
SIM_INLINE uint32_t ptx_frag_index(const ptx_mma_t *mm, uint32_t frag, uint32_t w, uint32_t per, uint32_t l,
                                   uint32_t q, uint32_t h)
{
    uint32_t cols = ptx_frag_cols(mm->shape, frag);
    if (mm->sync) {
        uint32_t row, col;
        ptx_mma_hw_at(frag, w, l, q, h, &row, &col);
        return row * cols + col;
    }
    return (l * per + q * w + h) & (ptx_frag_rows(mm->shape, frag) * cols - 1u);
}

/* Lane l's element e of a fragment: its row and column in the matrix. */
SIM_INLINE void ptx_frag_pos(const ptx_mma_t *mm, uint32_t frag, uint32_t type, uint32_t l, uint32_t e,
                             uint32_t *row, uint32_t *col)
{
    uint32_t w = ptx_frag_per_reg(type), per = ptx_frag_regs(mm->shape, frag, type, 0) * w;
    uint32_t x = ptx_frag_index(mm, frag, w, per, l, e / w, e % w), cols = ptx_frag_cols(mm->shape, frag);
    *row = x / cols, *col = x % cols;
}

/* Element h of a register's value v, of `bits` bits. */
SIM_INLINE uint64_t ptx_frag_part(uint64_t v, uint32_t bits, uint32_t h)
{
    return bits == 64 ? v : (v >> (h * bits)) & ((1ull << bits) - 1u);
}

/* For each element of every lane's fragment f (type t), lanes from the
 * highest, so that where two hold one element (wmma's f16 a and b) the
 * lower lane's is the one left: BODY with l_, PTX_FRAG_E (its number in the
 * lane), x_ (its index in the matrix) and v_ (its bits). */
#define PTX_FRAG_E (q_ * wpr_ + h_)
#define PTX_FRAG_EACH(w, mm, f, t, BODY)                                                               \
    do {                                                                                               \
        uint32_t wpr_ = ptx_frag_per_reg(t), bits_ = ptx_mma_bits(t), nreg_ = (mm)->nreg[f];         \
        uint32_t per_ = nreg_ * wpr_;                                                                  \
        for (uint32_t l_ = 32; l_-- > 0;)                                                              \
            for (uint32_t q_ = 0; q_ < nreg_; q_++) {                                                  \
                uint64_t r_ = (w)->regs[(size_t)(mm)->slot[f][q_] * 32 + l_];                          \
                for (uint32_t h_ = 0; h_ < wpr_; h_++) {                                               \
                    uint32_t x_ = ptx_frag_index(mm, f, wpr_, per_, l_, q_, h_);                       \
                    uint64_t v_ = ptx_frag_part(r_, bits_, h_);                                        \
                    BODY;                                                                              \
                }                                                                                      \
            }                                                                                          \
    } while (0)

/* Element e of lane l's fragment in registers slots[]: its bits. */
SIM_INLINE uint64_t ptx_frag_get(const ptx_warp_t *w, const uint32_t *slots, uint32_t type, uint32_t l, uint32_t e)
{
    uint32_t per = ptx_frag_per_reg(type), bits = ptx_mma_bits(type);
    uint64_t v = w->regs[(size_t)slots[e / per] * 32 + l];
    return bits == 64 ? v : (v >> (e % per * bits)) & ((1ull << bits) - 1u);
}

SIM_INLINE void ptx_frag_put(ptx_warp_t *w, const uint32_t *slots, uint32_t type, uint32_t l, uint32_t e,
                             uint64_t x)
{
    uint32_t per = ptx_frag_per_reg(type), bits = ptx_mma_bits(type);
    uint64_t *d = &w->regs[(size_t)slots[e / per] * 32 + l];
    if (bits == 64) {
        *d = x;
        return;
    }
    uint32_t sh = e % per * bits;
    uint64_t m = ((1ull << bits) - 1u) << sh;
    *d = (*d & ~m & 0xffffffffull) | ((x << sh) & m);
}

/* .aligned: every lane of the warp that has not exited executes it. */
SIM_INLINE int ptx_mma_all_lanes(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    uint32_t missing = ~exec & ~w->exited;
    return missing ? ptx_fault(c, w, r, PTX_FAULT_MEMBERMASK, ptx_ffs(missing), exec) : PTX_STEP_OK;
}

/* The address of lane l's element e in memory: stride in elements (the
 * stride operand, or the matrix's own row or column length). */
SIM_INLINE uint64_t ptx_frag_addr(const ptx_warp_t *w, const ptx_rec_t *r, const ptx_mma_t *mm, uint32_t type,
                                  uint32_t l, uint32_t e)
{
    uint32_t row, col, col_major = mm->col[0];
    ptx_frag_pos(mm, mm->frag, type, l, e, &row, &col);
    uint64_t stride = r->src[0] != PTX_NOSLOT ? (uint32_t)w->regs[(size_t)r->src[0] * 32 + l]
                    : col_major ? ptx_frag_rows(mm->shape, mm->frag) : ptx_frag_cols(mm->shape, mm->frag);
    uint64_t at = col_major ? (uint64_t)col * stride + row : (uint64_t)row * stride + col;
    return ptx_rec_addr(w, r, l) + at * (ptx_mma_bits(type) / 8);
}

/* wmma.load and wmma.store: every element's access checked before any is made. */
SIM_FN int ptx_exec_wmma_mem(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    const ptx_mma_t *mm = &c->p->mmas[r->target];
    uint32_t type = mm->type[mm->frag], size = ptx_mma_bits(type) / 8, store = r->ex == PTX_EX_WMMA_ST;
    uint32_t per = mm->nreg[mm->frag] * ptx_frag_per_reg(type);
    const uint32_t *slots = mm->slot[mm->frag];
    int rc = ptx_mma_all_lanes(c, w, r, exec);
    if (rc != PTX_STEP_OK)
        return rc;
    if (exec)
        ptx_its_note_access(w, (uint32_t)(uintptr_t)r, ptx_rec_addr(w, r, ptx_ffs(exec)));
    for (uint32_t l = 0; l < 32; l++) {
        if (!(exec >> l & 1u))
            continue;
        if (c->lane_addr)
            c->lane_addr[l] = ptx_frag_addr(w, r, mm, type, l, 0);
        for (uint32_t e = 0; e < per; e++) {
            uint64_t a = ptx_frag_addr(w, r, mm, type, l, e);
            if (a & (size - 1u))
                return ptx_fault(c, w, r, PTX_FAULT_MISALIGNED, l, a);
            if (!ptx_mem(c, r->space, a, size, w->index * 32 + l, (int)store))
                return ptx_fault(c, w, r, PTX_FAULT_ADDRESS, l, a);
        }
    }
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        for (uint32_t e = 0; e < per; e++) {
            uint8_t *h = ptx_mem(c, r->space, ptx_frag_addr(w, r, mm, type, l, e), size, w->index * 32 + l, (int)store);
            if (store) {
                uint64_t v = ptx_frag_get(w, slots, type, l, e);
                sim_memcpy(h, &v, size); /* little-endian: the low bytes */
            } else {
                ptx_frag_put(w, slots, type, l, e, ptx_load_value(h, size, 0));
            }
        }
    }
    return PTX_STEP_OK;
}

/* An a or b element's value: f16, bf16, tf32, s8 and u8 exactly in f32
 * range and precision, f64 itself. */
SIM_INLINE double ptx_mma_value(uint32_t type, uint64_t x)
{
    switch (type) {
    case PTX_ME_F16: return ptx_f32((uint32_t)ptx_cvt_f2f_raw(PTX_FMT_F32, PTX_FMT_F16, PTX_RND_RN, x));
    case PTX_ME_BF16: return ptx_f32((uint32_t)x << 16);
    case PTX_ME_TF32: return ptx_f32((uint32_t)x & 0xffffe000u); /* 10 mantissa bits */
    case PTX_ME_F64: return ptx_f64(x);
    case PTX_ME_S8: return (double)(int8_t)(uint8_t)x;
    default: return (double)(uint8_t)x;
    }
}

/* f16, bf16 and tf32 a and b, and their f32 or f16 c and d: the float path. */
SIM_INLINE int ptx_mma_is_float(uint32_t type)
{
    return type == PTX_ME_F16 || type == PTX_ME_BF16 || type == PTX_ME_TF32;
}

/* A float path element (or an f16/f32 c) as a float, exactly (a NaN stays
 * a NaN, made quiet). */
SIM_INLINE float ptx_mma_float(uint32_t type, uint64_t x)
{
    uint32_t h = (uint32_t)x;
    switch (type) {
    case PTX_ME_BF16: return ptx_f32(h << 16);
    case PTX_ME_TF32: return ptx_f32(h & 0xffffe000u);
    case PTX_ME_F16: return ptx_f16_widen(h);
    default: return ptx_f32(h);   /* an f32 c */
    }
}

#define PTX_MMA_MAXELEMS 512 /* the largest a or b: 32 x 16 */

/* The whole matrix of fragment f (a or b), row by row, from every lane's
 * elements (the lower lane's where two hold one); VALUE(type, bits) makes an
 * element. */
#define PTX_MMA_GATHER(w, mm, f, m, VALUE) PTX_FRAG_EACH(w, mm, f, (mm)->type[f], (m)[x_] = VALUE((mm)->type[f], v_))

/* D[i][j] = C[i][j] plus the sum over k of A[i][k] * B[k][j], in d's type:
 * the integer and f64 path (a and b as doubles). */
SIM_FN uint64_t ptx_mma_elem(const ptx_mma_t *mm, const double *A, const double *B, uint32_t i, uint32_t j,
                             uint64_t cbits)
{
    uint32_t K = ptx_mma_dim(mm->shape, 2), N = ptx_mma_dim(mm->shape, 1);
    if (mm->type[PTX_FRAG_D] == PTX_ME_S32) {
        int64_t acc = (int64_t)(int32_t)(uint32_t)cbits;
        for (uint32_t k = 0; k < K; k++)
            acc += (int64_t)A[i * K + k] * (int64_t)B[k * N + j];
        if (mm->satfinite)
            acc = acc > 2147483647 ? 2147483647 : acc < -2147483647 - 1 ? -2147483647 - 1 : acc;
        return (uint32_t)acc;
    }
    double acc = ptx_f64(cbits);
    for (uint32_t k = 0; k < K; k++)
        acc = fma(A[i * K + k], B[k * N + j], acc);
    return ptx_f64_canon(acc);
}

/* The float path's d element from its f32 sum: an f16 d rounds once, at the end. */
SIM_INLINE uint64_t ptx_mma_float_out(uint32_t td, float acc)
{
    if (td == PTX_ME_F16)
        return ptx_cvt_f2f_raw(PTX_FMT_F16, PTX_FMT_F32, PTX_RND_RN, ptx_f32_bits(acc));
    return ptx_f32_canon(acc);
}

/* d[j] += a * b[j] for j < n, each sum on its own: vectorised where n is
 * one of the shapes' widths (a constant trip count). */
SIM_INLINE void ptx_mma_axpy(float *d, float a, const float *b, uint32_t n)
{
    if (n == 8) {
        for (uint32_t j = 0; j < 8; j++)
            d[j] += a * b[j];
    } else if (n == 16) {
        for (uint32_t j = 0; j < 16; j++)
            d[j] += a * b[j];
    } else {
        for (uint32_t j = 0; j < n; j++)
            d[j] += a * b[j];
    }
}

/* The float path: each product exact in f32, added to the f32 sum in k
 * order (the header's comment). Where a thread runs the whole warp (the
 * CPU), the whole of D at once, row by row, k outermost, so that a row's
 * sums advance together (vectorised, each in its own k order); where a
 * thread is a lane (the GPU), its own elements. Both give every element the
 * same operations in the same order. */
SIM_INLINE void ptx_mma_float_run(const ptx_warp_t *w, const ptx_mma_t *mm, uint64_t (*out)[PTX_MMA_MAXREGS * 2])
{
    uint32_t td = mm->type[PTX_FRAG_D], tc = mm->type[PTX_FRAG_C];
    uint32_t per = mm->nreg[PTX_FRAG_D] * ptx_frag_per_reg(td);
    uint32_t N = ptx_mma_dim(mm->shape, 1), K = ptx_mma_dim(mm->shape, 2);
    float A[PTX_MMA_MAXELEMS], B[PTX_MMA_MAXELEMS];
    PTX_MMA_GATHER(w, mm, PTX_FRAG_A, A, ptx_mma_float);
    PTX_MMA_GATHER(w, mm, PTX_FRAG_B, B, ptx_mma_float);
#if PTX_NL == 32
    uint32_t M = ptx_mma_dim(mm->shape, 0);
    float D[PTX_MMA_MAXELEMS];
    /* c's numbering is d's */
    uint32_t wd = ptx_frag_per_reg(td);
    PTX_FRAG_EACH(w, mm, PTX_FRAG_C, tc, (void)x_;
                  D[ptx_frag_index(mm, PTX_FRAG_D, wd, per, l_, PTX_FRAG_E / wd, PTX_FRAG_E % wd)] =
                      ptx_mma_float(tc, v_));
    for (uint32_t i = 0; i < M; i++)
        for (uint32_t k = 0; k < K; k++)
            ptx_mma_axpy(&D[i * N], A[i * K + k], &B[k * N], N);
    PTX_FRAG_EACH(w, mm, PTX_FRAG_D, td, (void)v_; out[PTX_LI(l_)][PTX_FRAG_E] = ptx_mma_float_out(td, D[x_]));
#else
    PTX_LANES(l) {
        for (uint32_t e = 0; e < per; e++) {
            uint32_t i, j;
            ptx_frag_pos(mm, PTX_FRAG_D, td, l, e, &i, &j);
            float acc = ptx_mma_float(tc, ptx_frag_get(w, mm->slot[PTX_FRAG_C], tc, l, e));
            for (uint32_t k = 0; k < K; k++)
                acc += A[i * K + k] * B[k * N + j];
            out[PTX_LI(l)][e] = ptx_mma_float_out(td, acc);
        }
    }
#endif
}

/* wmma.mma and mma.sync: each lane computes its d elements from every
 * lane's a, b and c, then (after the warp has read them) writes them. */
SIM_FN int ptx_exec_wmma_mma(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    const ptx_mma_t *mm = &c->p->mmas[r->target];
    uint32_t td = mm->type[PTX_FRAG_D], tc = mm->type[PTX_FRAG_C];
    uint32_t per = mm->nreg[PTX_FRAG_D] * ptx_frag_per_reg(td);
    uint64_t out[PTX_NL][PTX_MMA_MAXREGS * 2];
    int rc = ptx_mma_all_lanes(c, w, r, exec);
    if (rc != PTX_STEP_OK)
        return rc;
    if (ptx_mma_is_float(mm->type[PTX_FRAG_A])) {
        ptx_mma_float_run(w, mm, out);
    } else {
        double A[PTX_MMA_MAXELEMS], B[PTX_MMA_MAXELEMS];
        PTX_MMA_GATHER(w, mm, PTX_FRAG_A, A, ptx_mma_value);
        PTX_MMA_GATHER(w, mm, PTX_FRAG_B, B, ptx_mma_value);
        PTX_LANES(l) {
            for (uint32_t e = 0; e < per; e++) {
                uint32_t i, j;
                ptx_frag_pos(mm, PTX_FRAG_D, td, l, e, &i, &j);
                uint64_t cbits = ptx_frag_get(w, mm->slot[PTX_FRAG_C], tc, l, e); /* c's numbering is d's */
                out[PTX_LI(l)][e] = ptx_mma_elem(mm, A, B, i, j, cbits);
            }
        }
    }
    PTX_WARP_SYNC();
    PTX_LANES(l) {
        for (uint32_t e = 0; e < per; e++)
            ptx_frag_put(w, mm->slot[PTX_FRAG_D], td, l, e, out[PTX_LI(l)][e]);
    }
    return PTX_STEP_OK;
}

/* ---- ldmatrix, stmatrix -----------------------------------------------------------------------
 * {ld,st}matrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16: lanes 8i..8i+7 give the 16-byte rows
 * of matrix i; lane l's register i holds row l/4, elements 2(l%4) and 2(l%4)+1 of matrix i (the lower
 * in the low half), with .trans those of column l/4, rows 2(l%4) and +1. ldmatrix loads the
 * registers from the rows, stmatrix stores them there. The record is ld's or st's: size 4, vec the
 * matrices, .trans in sub. */

/* Where half h of lane l's register lies in its 8x8 matrix: row *row, column *col. */
SIM_INLINE void ptx_ldm_pos(uint32_t l, uint32_t h, uint32_t trans, uint32_t *row, uint32_t *col)
{
    uint32_t a = l / 4, b = 2 * (l % 4) + h;
    *row = trans ? b : a, *col = trans ? a : b;
}

/* The bytes of half h of lane l's register i, in the rows at the lanes' addresses. */
SIM_INLINE uint8_t *ptx_ldm_elem(ptx_ctx_t *c, const ptx_warp_t *w, const ptx_rec_t *r, uint32_t l, uint32_t i,
                                 uint32_t h, int write)
{
    uint32_t row, col;
    ptx_ldm_pos(l, h, r->sub, &row, &col);
    uint32_t at = 8 * i + row;
    return ptx_mem(c, r->space, ptx_rec_addr(w, r, at) + 2 * col, 2, w->index * 32 + at, write);
}

/* ldmatrix (write 0) and stmatrix (write 1). Every lane that has not exited executes it (.aligned);
 * the lanes that give rows must, and for stmatrix every lane, whose registers it stores. */
SIM_FN int ptx_exec_ldstmatrix(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec, int write)
{
    uint32_t n = r->vec, per = 4 / n, rows = n == 4 ? ~0u : (1u << 8 * n) - 1u, need = write ? ~0u : rows;
    int rc = ptx_mma_all_lanes(c, w, r, exec);
    if (rc != PTX_STEP_OK)
        return rc;
    if ((exec & need) != need)
        return ptx_fault(c, w, r, PTX_FAULT_MEMBERMASK, ptx_ffs(need & ~exec), exec);
    ptx_rec_t s = *r; /* the rows: 16 bytes at each giving lane */
    s.size = 16, s.vec = 1;
    rc = ptx_check_access(c, w, &s, rows, write);
    if (rc != PTX_STEP_OK)
        return rc;
#ifndef __CUDA_ARCH__
    if (SIM_UNLIKELY(c->race != NULL))
        ptx_race_access(c, w, &s, rows, write);
#endif
    if (c->lane_addr) /* for the timing model: the 4n bytes of the rows that lane l's share stands for */
        for (uint32_t l = 0; l < 32; l++)
            c->lane_addr[l] = ptx_rec_addr(w, r, l / per) + (l % per) * 4 * n;
    if (write) { /* lanes in order: of two lanes giving one row, the higher one's values stay */
        PTX_LANES(l) {
            for (uint32_t i = 0; i < n; i++) {
                uint32_t v = (uint32_t)w->regs[(size_t)r->src[i] * 32 + l];
                for (uint32_t h = 0; h < 2; h++) {
                    uint16_t e = (uint16_t)(v >> 16 * h);
                    sim_memcpy(ptx_ldm_elem(c, w, r, l, i, h, 1), &e, 2);
                }
            }
        }
        return PTX_STEP_OK;
    }
    uint32_t v[PTX_NL][4];
    PTX_LANES(l) {
        for (uint32_t i = 0; i < n; i++) {
            uint16_t e[2];
            for (uint32_t h = 0; h < 2; h++)
                sim_memcpy(&e[h], ptx_ldm_elem(c, w, r, l, i, h, 0), 2);
            v[PTX_LI(l)][i] = e[0] | (uint32_t)e[1] << 16;
        }
    }
    PTX_WARP_SYNC();
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        for (uint32_t i = 0; i < n; i++)
            w->regs[(size_t)r->dst[i] * 32 + l] = v[PTX_LI(l)][i];
    }
    return PTX_STEP_OK;
}

/* movmatrix.sync.aligned.m8n8.trans.b16 d, a: the lanes hold an 8x8 matrix in a as ldmatrix's fragment
 * (lane l: row l/4, columns 2(l%4) and +1); d gets the transposed matrix's fragment, so half h of lane
 * l's d is the element at ldmatrix.trans's position of it, held by lane 4 row + col/2 in half col%2.
 * Every lane gives its elements: every lane must execute it. */
SIM_FN int ptx_exec_movmatrix(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    int rc = ptx_mma_all_lanes(c, w, r, exec);
    if (rc != PTX_STEP_OK)
        return rc;
    if (exec != ~0u)
        return ptx_fault(c, w, r, PTX_FAULT_MEMBERMASK, ptx_ffs(~exec), exec);
    uint32_t v[PTX_NL];
    PTX_LANES(l) {
        uint32_t x = 0;
        for (uint32_t h = 0; h < 2; h++) {
            uint32_t row, col;
            ptx_ldm_pos(l, h, 1, &row, &col);
            uint32_t a = (uint32_t)w->regs[(size_t)r->src[0] * 32 + 4 * row + col / 2];
            x |= (a >> 16 * (col % 2) & 0xffffu) << 16 * h;
        }
        v[PTX_LI(l)] = x;
    }
    PTX_WARP_SYNC();
    PTX_LANES(l) {
        w->regs[(size_t)r->dst[0] * 32 + l] = v[PTX_LI(l)];
    }
    return PTX_STEP_OK;
}

#endif
