/* 8x8 inverse DCT over an image (seed 002, section 3.2), as a JPEG decoder
 * does it: dequantize with the luminance table of ITU T.81 Annex K, the
 * integer IDCT of the IJG reference (jidctint.c, "islow": Loeffler, Ligtenberg
 * and Moschytz, 13-bit constants), level shift and clamp to 0..255. The 8x8
 * blocks are partitioned by core.
 *
 *     idct [side]        (default 256: a 256x256 image, 1024 blocks;
 *                         side a multiple of 8, up to 1024)
 *
 * The coefficients are generated like a JPEG file's: a DC in -32..31 and AC
 * terms that grow rarer and smaller with frequency, so columns and rows with
 * no AC terms take the IDCT's shortcut and cores diverge with the data.
 * Core c generates blocks [c B/n, (c+1) B/n) of coefficients, transforms
 * them into the image, then checks the next core's blocks: the sum of an
 * unclamped block's pixels is 64 * 128 + 8 DC (dequantized: the DC term is
 * the only one whose cosines do not sum to zero), to within the rounding.
 * Core 0 checks the tally, transforms the last block (the last core's)
 * again itself and compares, and, at the default size, compares the
 * checksum with the one recorded below (computed by this program under
 * qemu-arm and qemu-i386; the IDCT is within 1 of a double-precision one
 * on every pixel). */
#include "bench.h"

WS_MEMORY(4096, 8192);

#define IDCT_DEFAULT_SIDE 256u
#define IDCT_DEFAULT_CHECKSUM 0x4939b44cu
/* 64 pixels within 1 of the exact IDCT: deviations are sums of 64 small
 * rounding errors (7 at most over the default image, 96 in theory) */
#define IDCT_DC_TOLERANCE 32

static const unsigned short idct_quant[64] = {
    16, 11, 10, 16, 24,  40,  51,  61,  12, 12, 14, 19, 26,  58,  60,  55,
    14, 13, 16, 24, 40,  57,  69,  56,  14, 17, 22, 29, 51,  87,  80,  62,
    18, 22, 37, 56, 68,  109, 103, 77,  24, 35, 55, 64, 81,  104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
};

/* ---- the IJG islow IDCT ---------------------------------------------------- */

#define CONST_BITS 13
#define PASS1_BITS 2
#define FIX_0_298631336 2446
#define FIX_0_390180644 3196
#define FIX_0_541196100 4433
#define FIX_0_765366865 6270
#define FIX_0_899976223 7373
#define FIX_1_175875602 9633
#define FIX_1_501321110 12299
#define FIX_1_847759065 15137
#define FIX_1_961570560 16069
#define FIX_2_053119869 16819
#define FIX_2_562915447 20995
#define FIX_3_072711026 25172
#define DESCALE(x, n) (((x) + (1 << ((n)-1))) >> (n))

/* The 1-D transform of x[0], x[s], ..., x[7s] into out[0..7], descaled by n:
 * the even part from x0, x2, x4, x6 and the odd part from x1, x3, x5, x7. */
static void idct_1d(const int *x, int s, int *out, int n)
{
    int z1 = (x[2 * s] + x[6 * s]) * FIX_0_541196100;
    int tmp2 = z1 - x[6 * s] * FIX_1_847759065;
    int tmp3 = z1 + x[2 * s] * FIX_0_765366865;
    int tmp0 = (x[0] + x[4 * s]) * (1 << CONST_BITS);
    int tmp1 = (x[0] - x[4 * s]) * (1 << CONST_BITS);
    int tmp10 = tmp0 + tmp3, tmp13 = tmp0 - tmp3, tmp11 = tmp1 + tmp2, tmp12 = tmp1 - tmp2;

    int o0 = x[7 * s], o1 = x[5 * s], o2 = x[3 * s], o3 = x[s];
    int z5 = (o0 + o1 + o2 + o3) * FIX_1_175875602; /* (z3 + z4) */
    int z3 = (o0 + o2) * -FIX_1_961570560 + z5;
    int z4 = (o1 + o3) * -FIX_0_390180644 + z5;
    z1 = (o0 + o3) * -FIX_0_899976223;
    int z2 = (o1 + o2) * -FIX_2_562915447;
    o0 = o0 * FIX_0_298631336 + z1 + z3;
    o1 = o1 * FIX_2_053119869 + z2 + z4;
    o2 = o2 * FIX_3_072711026 + z2 + z3;
    o3 = o3 * FIX_1_501321110 + z1 + z4;

    out[0] = DESCALE(tmp10 + o3, n);
    out[7] = DESCALE(tmp10 - o3, n);
    out[1] = DESCALE(tmp11 + o2, n);
    out[6] = DESCALE(tmp11 - o2, n);
    out[2] = DESCALE(tmp12 + o1, n);
    out[5] = DESCALE(tmp12 - o1, n);
    out[3] = DESCALE(tmp13 + o0, n);
    out[4] = DESCALE(tmp13 - o0, n);
}

static unsigned char clamp_pixel(int v)
{
    v += 128;
    return (unsigned char)(v < 0 ? 0 : v > 255 ? 255 : v);
}

/* One block: coefficients in natural (row-major) order -> 8x8 pixels at out,
 * rows `stride` bytes apart. Columns first, then rows, as jidctint.c. */
static void idct_block(const short *coef, unsigned char *out, unsigned stride)
{
    int deq[64], ws[64], row[8];
    for (int i = 0; i < 64; i++)
        deq[i] = coef[i] * idct_quant[i];
    for (int c = 0; c < 8; c++) {
        const int *x = deq + c;
        if (!(x[8] | x[16] | x[24] | x[32] | x[40] | x[48] | x[56])) {
            for (int r = 0; r < 8; r++) /* no AC term: a constant column */
                ws[r * 8 + c] = x[0] * (1 << PASS1_BITS);
            continue;
        }
        idct_1d(x, 8, row, CONST_BITS - PASS1_BITS);
        for (int r = 0; r < 8; r++)
            ws[r * 8 + c] = row[r];
    }
    for (int r = 0; r < 8; r++, out += stride) {
        const int *x = ws + r * 8;
        if (!(x[1] | x[2] | x[3] | x[4] | x[5] | x[6] | x[7])) {
            unsigned char p = clamp_pixel(DESCALE(x[0], PASS1_BITS + 3));
            for (int c = 0; c < 8; c++)
                out[c] = p;
            continue;
        }
        idct_1d(x, 1, row, CONST_BITS + PASS1_BITS + 3);
        for (int c = 0; c < 8; c++)
            out[c] = clamp_pixel(row[c]);
    }
}

/* ---- the workload ---------------------------------------------------------- */

typedef struct {
    short *coef;        /* 64 per block, block after block */
    unsigned char *img; /* side x side, row-major, 16-byte aligned */
    unsigned side, blocks;
} image_t;

static unsigned char *block_at(const image_t *im, unsigned b)
{
    unsigned per_row = im->side / 8;
    return im->img + (b / per_row) * 8u * im->side + (b % per_row) * 8u;
}

/* Block b's coefficients, from a linear congruential sequence (its top bits):
 * a DC in -32..31; the AC term at frequency f = u + v is nonzero with
 * probability (31 - 4f) / 32 (never from f = 8 on) and lies in -8..7,
 * shifted right by f / 2. */
static void generate_block(short *c, unsigned b)
{
    unsigned h = (b + 1u) * 2654435761u;
    c[0] = (short)((int)(h >> 26) - 32);
    for (unsigned pos = 1; pos < 64; pos++) {
        unsigned f = (pos >> 3) + (pos & 7u);
        h = h * 1664525u + 1013904223u;
        c[pos] = (h >> 27) <= 4u * f ? 0 : (short)(((int)(h >> 22 & 15u) - 8) >> (f / 2u));
    }
}

static void generate(const image_t *im, unsigned lo, unsigned hi)
{
    for (unsigned b = lo; b < hi; b++)
        generate_block(im->coef + b * 64u, b);
}

static void transform(const image_t *im, unsigned lo, unsigned hi)
{
    for (unsigned b = lo; b < hi; b++)
        idct_block(im->coef + b * 64u, block_at(im, b), im->side);
}

/* The image read four pixels at a time (rows of a block are 8-byte aligned) */
typedef unsigned __attribute__((may_alias)) pixels4_t;

static unsigned byte_sum(unsigned w)
{
    w = (w & 0x00ff00ffu) + (w >> 8 & 0x00ff00ffu);
    return (w & 0xffffu) + (w >> 16);
}

static unsigned has_zero_byte(unsigned w) { return (w - 0x01010101u) & ~w & 0x80808080u; }

/* Blocks [lo, hi): mismatches of the DC sum, the largest deviation, and the
 * checksum over their pixels. */
static unsigned check_blocks(const image_t *im, unsigned lo, unsigned hi, unsigned *sum, unsigned *worst)
{
    unsigned bad = 0;
    for (unsigned b = lo; b < hi; b++) {
        const unsigned char *p = block_at(im, b);
        unsigned total = 0, clamped = 0;
        for (unsigned y = 0; y < 8; y++, p += im->side)
            for (unsigned x = 0; x < 2; x++) {
                unsigned w = ((const pixels4_t *)p)[x];
                total += byte_sum(w);
                clamped |= has_zero_byte(w) | has_zero_byte(~w);
                *sum += bench_hash(w, (unsigned)(p - im->img) / 4u + x);
            }
        if (clamped)
            continue;
        int dev = (int)total - 64 * 128 - 8 * im->coef[b * 64u] * idct_quant[0];
        unsigned d = (unsigned)(dev < 0 ? -dev : dev);
        bad += d > IDCT_DC_TOLERANCE;
        *worst = d > *worst ? d : *worst;
    }
    return bad;
}

/* Block b transformed again into a private buffer equals the image's. */
static int block_agrees(const image_t *im, unsigned b)
{
    unsigned char mine[64];
    const unsigned char *p = block_at(im, b);
    idct_block(im->coef + b * 64u, mine, 8);
    for (unsigned y = 0; y < 8; y++, p += im->side)
        for (unsigned x = 0; x < 8; x++)
            if (p[x] != mine[y * 8 + x])
                return 0;
    return 1;
}

static int summary(const image_t *im, unsigned n, const bench_tally_t *t)
{
    const char *problem = bench_tally_problem(t, n);
    if (!problem && !block_agrees(im, im->blocks - 1))
        problem = "the last block differs from core 0's own transform";
    if (!problem && im->side == IDCT_DEFAULT_SIDE && t->sum != IDCT_DEFAULT_CHECKSUM)
        problem = "the checksum differs from the recorded one";
    bench_head("idct", n);
    bench_kv("side", im->side);
    bench_kv("blocks", im->blocks);
    bench_kv("dcdev", t->worst);
    bench_kx("checksum", t->sum);
    return bench_verdict(problem);
}

int main(int argc, char **argv)
{
    image_t im;
    unsigned id = ws_core_id(), n = ws_ncores(), lo, hi, sum = 0, worst = 0;
    im.side = bench_arg(argc, argv, 1, IDCT_DEFAULT_SIDE);
    if (im.side == 0 || im.side % 8 || im.side > 1024) {
        if (id == 0)
            ws_print("idct: side must be a multiple of 8, 8..1024\n");
        return 2;
    }
    im.blocks = im.side / 8 * (im.side / 8);
    im.coef = (short *)bench_shared_alloc(im.blocks * 64u * 2u);
    im.img = (unsigned char *)bench_shared_alloc(im.side * im.side);
    bench_tally_t *t = (bench_tally_t *)bench_shared_alloc(sizeof *t);
    if (!im.coef || !im.img || !t) {
        if (id == 0)
            ws_print("idct: shared region too small\n");
        return 2;
    }
    if (id == 0)
        bench_tally_reset(t);
    bench_slice(im.blocks, id, n, &lo, &hi);
    generate(&im, lo, hi);
    ws_barrier();
    transform(&im, lo, hi);
    ws_barrier();
    bench_slice(im.blocks, (id + 1) % n, n, &lo, &hi);
    unsigned bad = check_blocks(&im, lo, hi, &sum, &worst);
    bench_tally(t, bad, sum, worst);
    ws_barrier();
    return id == 0 ? summary(&im, n, t) : 0;
}
