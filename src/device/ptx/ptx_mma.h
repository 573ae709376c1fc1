/* Warp matrix instructions (wmma.load, wmma.store, wmma.mma, mma.sync):
 * their shapes and element types, written once for the front end's checks
 * and the executor, and the descriptor a record points to
 * (prog->mmas[r->target]): a fragment is a vector of up to 8 registers, more
 * than a record's four slots hold.
 *
 * mma.sync's fragments are the hardware's, as the PTX ISA specifies them
 * ("Matrix Fragments for mma.m16n8k16" and its kin), with
 * g = %laneid >> 2, t = %laneid % 4 and w elements a 32-bit register (4 of
 * s8/u8, 2 of f16/bf16, 1 of tf32; one f64 a register): A's register r holds
 * row g + 8 * (r & 1), columns (r >> 1) * 4w + t * w ... + w - 1; B's holds
 * rows r * 4w + t * w ... + w - 1 of column g; C's and D's element e is row
 * g + 8 * (e >> 1), column 2t + (e & 1). ptx_mma_hw_at computes it.
 *
 * wmma's fragment layout. PTX leaves wmma's fragments opaque: a program reaches
 * them only through load, mma and store and through element-wise loops over
 * fragment.x[], so any consistent mapping gives its answers. warpsim's: a
 * fragment's elements, lane-major (lane l's element e is number l * E + e,
 * E elements a lane), walk the matrix row by row, whatever the layout in
 * memory; when the lanes hold more elements than the matrix has (f16 a and
 * b: 16 a lane, the Volta layout that keeps each element twice, Jia et al.
 * 2018), the numbering wraps and the second copy repeats the first. */
#ifndef PTX_MMA_H
#define PTX_MMA_H

#include "device/sim_port.h"

/*   PTX_MMA_SHAPE(name, "spelling", m, n, k, use): use says which
 * instructions take it, PTX_MMA_W (wmma), PTX_MMA_S (mma.sync) or both. */
#define PTX_MMA_W 1u
#define PTX_MMA_S 2u
#define PTX_MMA_SHAPES(_)                                          \
    _(M16N16K16, ".m16n16k16", 16, 16, 16, PTX_MMA_W)              \
    _(M32N8K16,  ".m32n8k16",  32, 8,  16, PTX_MMA_W)              \
    _(M8N32K16,  ".m8n32k16",  8,  32, 16, PTX_MMA_W)              \
    _(M16N16K8,  ".m16n16k8",  16, 16, 8,  PTX_MMA_W)              \
    _(M8N8K4,    ".m8n8k4",    8,  8,  4,  PTX_MMA_W | PTX_MMA_S)  \
    _(M16N8K4,   ".m16n8k4",   16, 8,  4,  PTX_MMA_S)              \
    _(M16N8K8,   ".m16n8k8",   16, 8,  8,  PTX_MMA_S)              \
    _(M16N8K16,  ".m16n8k16",  16, 8,  16, PTX_MMA_S)              \
    _(M16N8K32,  ".m16n8k32",  16, 8,  32, PTX_MMA_S)              \
    _(M8N8K16,   ".m8n8k16",   8,  8,  16, PTX_MMA_S)

/*   PTX_MMA_TYPE(name, "spelling", bits): the element types of fragments.
 * tf32 elements sit in 32-bit registers as f32 bits (the low 13 of the
 * mantissa ignored); f64 fragments are 64-bit registers. */
#define PTX_MMA_TYPES(_)                           \
    _(F16,  ".f16",  16)                           \
    _(BF16, ".bf16", 16)                           \
    _(TF32, ".tf32", 32)                           \
    _(F32,  ".f32",  32)                           \
    _(F64,  ".f64",  64)                           \
    _(S8,   ".s8",   8)                            \
    _(U8,   ".u8",   8)                            \
    _(S32,  ".s32",  32)

typedef enum {
    PTX_MMA_SHAPE_NONE,
#define PTX_MMA_SHAPE_ENUM(name, s, m, n, k, use) PTX_MMA_##name,
    PTX_MMA_SHAPES(PTX_MMA_SHAPE_ENUM)
#undef PTX_MMA_SHAPE_ENUM
    PTX_MMA_SHAPE_COUNT
} ptx_mma_shape_t;

typedef enum {
    PTX_ME_NONE,
#define PTX_MMA_TYPE_ENUM(name, s, bits) PTX_ME_##name,
    PTX_MMA_TYPES(PTX_MMA_TYPE_ENUM)
#undef PTX_MMA_TYPE_ENUM
    PTX_ME_COUNT
} ptx_mma_type_t;

/* The matrices of D = A * B + C: operand order of wmma.mma and mma, and the
 * fragment .a .b .c (.d for store) of wmma.load and wmma.store. */
enum { PTX_FRAG_D, PTX_FRAG_A, PTX_FRAG_B, PTX_FRAG_C, PTX_FRAG_COUNT };

#define PTX_MMA_MAXREGS 8

typedef struct ptx_mma {
    uint8_t shape;        /* ptx_mma_shape_t */
    uint8_t frag;         /* load and store: the PTX_FRAG_* their vector is */
    uint8_t col[2];       /* 1: col-major. mma: a's, b's; load and store: memory's */
    uint8_t type[PTX_FRAG_COUNT];  /* ptx_mma_type_t of d, a, b, c */
    uint8_t nreg[PTX_FRAG_COUNT];  /* registers of each fragment */
    uint8_t satfinite;    /* integer mma: clamp to s32 */
    uint8_t sync;         /* mma.sync: the hardware's fragments, not wmma's */
    uint32_t slot[PTX_FRAG_COUNT][PTX_MMA_MAXREGS]; /* load, store: slot[frag] */
} ptx_mma_t;

SIM_INLINE uint32_t ptx_mma_dim(uint32_t shape, uint32_t which)
{
    static const uint8_t dims[PTX_MMA_SHAPE_COUNT][3] = {
        {0, 0, 0},
#define PTX_MMA_SHAPE_DIMS(name, s, m, n, k, use) {m, n, k},
        PTX_MMA_SHAPES(PTX_MMA_SHAPE_DIMS)
#undef PTX_MMA_SHAPE_DIMS
    };
    return shape < PTX_MMA_SHAPE_COUNT ? dims[shape][which] : 0;
}

/* PTX_MMA_W and PTX_MMA_S: the instructions that take the shape. */
SIM_INLINE uint32_t ptx_mma_use(uint32_t shape)
{
    switch (shape) {
#define PTX_MMA_SHAPE_USE(name, s, m, n, k, use) case PTX_MMA_##name: return use;
    PTX_MMA_SHAPES(PTX_MMA_SHAPE_USE)
#undef PTX_MMA_SHAPE_USE
    default: return 0;
    }
}

SIM_INLINE uint32_t ptx_mma_bits(uint32_t type)
{
    switch (type) {
#define PTX_MMA_TYPE_BITS(name, s, bits) case PTX_ME_##name: return bits;
    PTX_MMA_TYPES(PTX_MMA_TYPE_BITS)
#undef PTX_MMA_TYPE_BITS
    default: return 32;
    }
}

/* Rows and columns of a fragment's matrix: A is m x k, B k x n, C and D m x n. */
SIM_INLINE uint32_t ptx_frag_rows(uint32_t shape, uint32_t frag)
{
    return ptx_mma_dim(shape, frag == PTX_FRAG_B ? 2 : 0);
}

SIM_INLINE uint32_t ptx_frag_cols(uint32_t shape, uint32_t frag)
{
    return ptx_mma_dim(shape, frag == PTX_FRAG_A ? 2 : 1);
}

/* Elements a register holds: 64-bit registers one f64, 32-bit ones 32/bits. */
SIM_INLINE uint32_t ptx_frag_per_reg(uint32_t type)
{
    uint32_t b = ptx_mma_bits(type);
    return b == 64 ? 1 : 32 / b;
}

/* Registers of a fragment (the vector's length): the matrix over 32 lanes,
 * wmma's f16 a and b twice (16 elements a lane, 8 registers of f16x2). */
SIM_INLINE uint32_t ptx_frag_regs(uint32_t shape, uint32_t frag, uint32_t type, uint32_t sync)
{
    if (!sync && type == PTX_ME_F16 && (frag == PTX_FRAG_A || frag == PTX_FRAG_B))
        return 8;
    uint32_t elems = ptx_frag_rows(shape, frag) * ptx_frag_cols(shape, frag) / 32;
    return elems / ptx_frag_per_reg(type);
}

/* mma.sync: element i of lane l's register r of fragment frag (w elements
 * a register), its row and column (the layout at the top of this file). */
SIM_INLINE void ptx_mma_hw_at(uint32_t frag, uint32_t w, uint32_t l, uint32_t r, uint32_t i, uint32_t *row,
                              uint32_t *col)
{
    uint32_t g = l >> 2, t = l & 3u, e = r * w + i;
    if (frag == PTX_FRAG_A) {
        *row = g + 8 * (r & 1u), *col = (r >> 1) * 4 * w + t * w + i;
    } else if (frag == PTX_FRAG_B) {
        *row = r * 4 * w + t * w + i, *col = g;
    } else {
        *row = g + 8 * (e >> 1), *col = 2 * t + (e & 1u);
    }
}

#endif
