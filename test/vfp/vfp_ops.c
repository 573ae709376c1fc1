/* Every VFP operation on special and random operands, under every FPSCR
 * setting of rounding mode, FZ and DN: the result bits and the FPSCR after
 * each, hashed per operation and setting (argv[1] = "v": every line).
 * Built for armhf; its output under warpsim must equal qemu-arm's. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int verbose;
static uint64_t hash;

static void note(const char *op, uint32_t cfg, uint64_t a, uint64_t b, uint64_t c, uint64_t r, uint32_t fs)
{
    hash = (hash ^ r) * 0x100000001b3ull;
    hash = (hash ^ fs) * 0x100000001b3ull;
    if (verbose)
        printf("%s %08x %016llx %016llx %016llx -> %016llx %08x\n", op, cfg, (unsigned long long)a,
               (unsigned long long)b, (unsigned long long)c, (unsigned long long)r, fs);
}

/* single: s0 = d, s1 = n, s2 = m; the FPSCR in and out */
#define S3(name, insn)                                                                           \
    static uint64_t name(uint64_t d, uint64_t n, uint64_t m, uint32_t *fs)                       \
    {                                                                                            \
        uint32_t r;                                                                              \
        __asm__ volatile("vmsr fpscr, %[f]\n\tvmov s0, %[d]\n\tvmov s1, %[n]\n\tvmov s2, %[m]\n\t" \
                         insn "\n\tvmov %[r], s0\n\tvmrs %[f], fpscr"                           \
                         : [r] "=&r"(r), [f] "+&r"(*fs)                                          \
                         : [d] "r"((uint32_t)d), [n] "r"((uint32_t)n), [m] "r"((uint32_t)m)      \
                         : "s0", "s1", "s2", "memory");                                          \
        return r;                                                                                \
    }
/* double: d0 = d, d1 = n, d2 = m */
#define D3(name, insn)                                                                           \
    static uint64_t name(uint64_t d, uint64_t n, uint64_t m, uint32_t *fs)                       \
    {                                                                                            \
        uint32_t lo, hi;                                                                         \
        __asm__ volatile("vmsr fpscr, %[f]\n\tvmov d0, %[dl], %[dh]\n\tvmov d1, %[nl], %[nh]\n\t" \
                         "vmov d2, %[ml], %[mh]\n\t" insn "\n\tvmov %[lo], %[hi], d0\n\t"        \
                         "vmrs %[f], fpscr"                                                      \
                         : [lo] "=&r"(lo), [hi] "=&r"(hi), [f] "+&r"(*fs)                       \
                         : [dl] "r"((uint32_t)d), [dh] "r"((uint32_t)(d >> 32)),                 \
                           [nl] "r"((uint32_t)n), [nh] "r"((uint32_t)(n >> 32)),                 \
                           [ml] "r"((uint32_t)m), [mh] "r"((uint32_t)(m >> 32))                  \
                         : "d0", "d1", "d2", "memory");                                          \
        return (uint64_t)hi << 32 | lo;                                                          \
    }

#define BOTH(name, insn) S3(name##_s, insn ".f32 s0, s1, s2") D3(name##_d, insn ".f64 d0, d1, d2")
#define BOTH2(name, insn) S3(name##_s, insn ".f32 s0, s2") D3(name##_d, insn ".f64 d0, d2")
BOTH(vadd, "vadd") BOTH(vsub, "vsub") BOTH(vmul, "vmul") BOTH(vnmul, "vnmul") BOTH(vdiv, "vdiv")
BOTH(vmla, "vmla") BOTH(vmls, "vmls") BOTH(vnmla, "vnmla") BOTH(vnmls, "vnmls")
BOTH(vfma, "vfma") BOTH(vfms, "vfms") BOTH(vfnma, "vfnma") BOTH(vfnms, "vfnms")
BOTH2(vabs, "vabs") BOTH2(vneg, "vneg") BOTH2(vsqrt, "vsqrt") BOTH2(vmov, "vmov")
BOTH2(vcmp, "vcmp") BOTH2(vcmpe, "vcmpe")
S3(vcmpz_s, "vcmp.f32 s2, #0\n\tvmov s0, s2") D3(vcmpz_d, "vcmpe.f64 d2, #0\n\tvmov.f64 d0, d2")
/* conversions: the source in s2/d2 (d1's top for the 32-bit ones), the result in s0/d0 */
S3(cvt_ds, "vcvt.f64.f32 d0, s2")
D3(cvt_sd, "vmov.f64 d0, d1\n\tvcvt.f32.f64 s0, d2")
S3(cvt_si_s, "vcvt.s32.f32 s0, s2") S3(cvt_ui_s, "vcvt.u32.f32 s0, s2")
S3(cvtr_si_s, "vcvtr.s32.f32 s0, s2") S3(cvtr_ui_s, "vcvtr.u32.f32 s0, s2")
D3(cvt_si_d, "vcvt.s32.f64 s0, d2") D3(cvt_ui_d, "vcvt.u32.f64 s0, d2")
D3(cvtr_si_d, "vcvtr.s32.f64 s0, d2") D3(cvtr_ui_d, "vcvtr.u32.f64 s0, d2")
S3(cvt_is_s, "vcvt.f32.s32 s0, s2") S3(cvt_iu_s, "vcvt.f32.u32 s0, s2")
D3(cvt_is_d, "vmov s6, s4\n\tvcvt.f64.s32 d0, s6") D3(cvt_iu_d, "vmov s6, s4\n\tvcvt.f64.u32 d0, s6")
S3(fx_s16_s, "vmov s0, s2\n\tvcvt.s16.f32 s0, s0, #3") S3(fx_u16_s, "vmov s0, s2\n\tvcvt.u16.f32 s0, s0, #16")
S3(fx_s32_s, "vmov s0, s2\n\tvcvt.s32.f32 s0, s0, #7") S3(fx_u32_s, "vmov s0, s2\n\tvcvt.u32.f32 s0, s0, #32")
S3(xf_s16_s, "vmov s0, s2\n\tvcvt.f32.s16 s0, s0, #5") S3(xf_u16_s, "vmov s0, s2\n\tvcvt.f32.u16 s0, s0, #1")
S3(xf_s32_s, "vmov s0, s2\n\tvcvt.f32.s32 s0, s0, #31") S3(xf_u32_s, "vmov s0, s2\n\tvcvt.f32.u32 s0, s0, #12")
D3(fx_s16_d, "vmov.f64 d0, d2\n\tvcvt.s16.f64 d0, d0, #2") D3(fx_u32_d, "vmov.f64 d0, d2\n\tvcvt.u32.f64 d0, d0, #20")
D3(fx_s32_d, "vmov.f64 d0, d2\n\tvcvt.s32.f64 d0, d0, #1") D3(fx_u16_d, "vmov.f64 d0, d2\n\tvcvt.u16.f64 d0, d0, #9")
D3(xf_s16_d, "vmov.f64 d0, d2\n\tvcvt.f64.s16 d0, d0, #3") D3(xf_u32_d, "vmov.f64 d0, d2\n\tvcvt.f64.u32 d0, d0, #30")
D3(xf_s32_d, "vmov.f64 d0, d2\n\tvcvt.f64.s32 d0, d0, #16") D3(xf_u16_d, "vmov.f64 d0, d2\n\tvcvt.f64.u16 d0, d0, #1")
S3(cvtb_hs, "vmov s0, s1\n\tvcvtb.f16.f32 s0, s2") S3(cvtt_hs, "vmov s0, s1\n\tvcvtt.f16.f32 s0, s2")
S3(cvtb_sh, "vcvtb.f32.f16 s0, s2") S3(cvtt_sh, "vcvtt.f32.f16 s0, s2")
/* VMRS APSR_nzcv after a compare: the core's flags as MRS reads them */
S3(nzcv_s, "vcmp.f32 s1, s2\n\tvmrs APSR_nzcv, fpscr\n\tmrs %[r], apsr\n\tvmov s0, %[r]")

typedef uint64_t (*op_fn)(uint64_t, uint64_t, uint64_t, uint32_t *);
typedef struct { const char *name; op_fn fn; int dbl; } op_t;
#define OP2(n) {#n "_s", n##_s, 0}, {#n "_d", n##_d, 1},
static const op_t ops[] = {
    OP2(vadd) OP2(vsub) OP2(vmul) OP2(vnmul) OP2(vdiv) OP2(vmla) OP2(vmls) OP2(vnmla) OP2(vnmls)
    OP2(vfma) OP2(vfms) OP2(vfnma) OP2(vfnms) OP2(vabs) OP2(vneg) OP2(vsqrt) OP2(vmov) OP2(vcmp)
    OP2(vcmpe) OP2(vcmpz)
    {"cvt_ds", cvt_ds, 0}, {"cvt_sd", cvt_sd, 1},
    {"cvt_si_s", cvt_si_s, 0}, {"cvt_ui_s", cvt_ui_s, 0}, {"cvtr_si_s", cvtr_si_s, 0}, {"cvtr_ui_s", cvtr_ui_s, 0},
    {"cvt_si_d", cvt_si_d, 1}, {"cvt_ui_d", cvt_ui_d, 1}, {"cvtr_si_d", cvtr_si_d, 1}, {"cvtr_ui_d", cvtr_ui_d, 1},
    {"cvt_is_s", cvt_is_s, 2}, {"cvt_iu_s", cvt_iu_s, 2}, {"cvt_is_d", cvt_is_d, 2}, {"cvt_iu_d", cvt_iu_d, 2},
    {"fx_s16_s", fx_s16_s, 0}, {"fx_u16_s", fx_u16_s, 0}, {"fx_s32_s", fx_s32_s, 0}, {"fx_u32_s", fx_u32_s, 0},
    {"xf_s16_s", xf_s16_s, 2}, {"xf_u16_s", xf_u16_s, 2}, {"xf_s32_s", xf_s32_s, 2}, {"xf_u32_s", xf_u32_s, 2},
    {"fx_s16_d", fx_s16_d, 1}, {"fx_u32_d", fx_u32_d, 1}, {"fx_s32_d", fx_s32_d, 1}, {"fx_u16_d", fx_u16_d, 1},
    {"xf_s16_d", xf_s16_d, 2}, {"xf_u32_d", xf_u32_d, 2}, {"xf_s32_d", xf_s32_d, 2}, {"xf_u16_d", xf_u16_d, 2},
    {"cvtb_hs", cvtb_hs, 0}, {"cvtt_hs", cvtt_hs, 0}, {"cvtb_sh", cvtb_sh, 3}, {"cvtt_sh", cvtt_sh, 3},
    {"nzcv_s", nzcv_s, 0},
};

static const uint32_t special_s[] = {
    0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000, 0x80800001, 0x3f800000, 0xbf800000,
    0x3f800001, 0x4b000001, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00123,
    0x7f800001, 0xff812345, 0x4f000000, 0xcf000000, 0x4f800000, 0x3effffff, 0xbf000000, 0x3fc00000,
    0x40200000, 0x00400000, 0x33800000, 0x387fc000, 0x477ff000, 0x47800000, 0x3f7fffff, 0x4effffff,
};
static const uint64_t special_d[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull, 0x800fffffffffffffull,
    0x0010000000000000ull, 0x8010000000000001ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
    0x3ff0000000000001ull, 0x4330000000000001ull, 0x7fefffffffffffffull, 0xffefffffffffffffull,
    0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull, 0xfff8000000000123ull,
    0x7ff0000000000001ull, 0xfff0000012345678ull, 0x41e0000000000000ull, 0xc1e0000000000000ull,
    0x41f0000000000000ull, 0x3fdfffffffffffffull, 0xbfe0000000000000ull, 0x3ff8000000000000ull,
    0x36a0000000000000ull, 0x380fffffe0000000ull, 0x47efffffe0000000ull, 0x3810000000000000ull,
    0x41dfffffffc00000ull, 0xc1e0000000200000ull, 0x41efffffffe00000ull, 0x3fefffffffffffffull,
};
#define NSPECIAL 32

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A random operand: mostly near 1, sometimes tiny, huge, or a special */
static uint64_t rand_val(int kind, uint64_t near)
{
    uint64_t r = next();
    int sel = (int)(r >> 60);
    if (kind == 1) {
        if (sel < 2)
            return special_d[r % NSPECIAL];
        if (sel < 4)
            return near ^ (r & 0x3ff);
        uint64_t e = sel < 6 ? (r >> 20) % 2047 : 1023 - 30 + (r >> 20) % 60;
        return (r & 0x800fffffffffffffull) | e << 52;
    }
    if (kind >= 2) /* integers, or halves in both halves */
        return sel < 4 ? (uint32_t)special_s[r % NSPECIAL] : (uint32_t)r >> (r >> 59);
    if (sel < 2)
        return special_s[r % NSPECIAL];
    if (sel < 4)
        return (uint32_t)near ^ (r & 0x3f);
    uint64_t e = sel < 6 ? (r >> 20) % 255 : 127 - 20 + (r >> 20) % 40;
    return (r & 0x807fffffu) | e << 23;
}

static void run_op(const op_t *o, uint32_t cfg)
{
    int n = 0;
    for (int i = 0; i < NSPECIAL; i++)
        for (int j = 0; j < NSPECIAL; j += 3) {
            uint64_t a = o->dbl == 1 ? special_d[i] : special_s[i];
            uint64_t b = o->dbl == 1 ? special_d[j] : special_s[j];
            uint64_t c = o->dbl == 1 ? special_d[(i + j) % NSPECIAL] : special_s[(i + j) % NSPECIAL];
            uint32_t fs = cfg;
            uint64_t r = o->fn(c, a, b, &fs);
            note(o->name, cfg, c, a, b, r, fs);
            n++;
        }
    for (int k = 0; k < 1500; k++) {
        uint64_t a = rand_val(o->dbl, 0x3ff0000000000000ull), b = rand_val(o->dbl, a), c = rand_val(o->dbl, a);
        uint32_t fs = cfg;
        uint64_t r = o->fn(c, a, b, &fs);
        note(o->name, cfg, c, a, b, r, fs);
    }
}

int main(int argc, char **argv)
{
    verbose = argc > 1 && argv[1][0] == 'v';
    const char *only = argc > 2 ? argv[2] : NULL;
    for (unsigned k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        if (only && strcmp(only, ops[k].name))
            continue;
        for (uint32_t rm = 0; rm < 4; rm++)
            for (uint32_t fzdn = 0; fzdn < 4; fzdn++) {
                uint32_t cfg = rm << 22 | fzdn << 24 | (fzdn == 1 ? 0x9fu : 0u); /* sticky flags stay */
                hash = 0xcbf29ce484222325ull;
                run_op(&ops[k], cfg);
                printf("%-10s rm%u fz%u dn%u %016llx\n", ops[k].name, rm, fzdn & 1, fzdn >> 1,
                       (unsigned long long)hash);
            }
    }
    return 0;
}
