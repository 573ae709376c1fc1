/* The x87 executor (x86_x87.h) against this host's own FPU, instruction by
 * instruction: one stub per encoding of x86_x87_ops.def (the memory forms
 * with ModRM.rm = 6, [rsi] in 64-bit mode) loads a whole FPU state with
 * FRSTOR, runs the instruction on a memory operand and given EAX and
 * EFLAGS, and stores the state with FNSAVE. The executor does the same
 * through its own FRSTOR and FNSAVE on a test memory. Compared: the
 * 108-byte images (control, status and tag words, the eight registers)
 * but the instruction and data pointers, the memory operand's bytes, EAX,
 * and EFLAGS' ZF PF CF OF SF AF. */
#ifndef X87_EXEC_FIXTURE_H
#define X87_EXEC_FIXTURE_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "device/x86/x86_x87.h"
#include "mem_fixture.h"
#include "x87_ref.h"

/* One encoding of the table. */
typedef struct {
    const char *name;
    uint8_t op, first, last, mem;
} x87_enc_t;

static const x87_enc_t x87_encs[] = {
#define X87_REG(name, o, a, b) {#name, o, a, b, 0},
#define X87_MEM(name, o, r) {#name, o, (uint8_t)((r) << 3 | 6), (uint8_t)((r) << 3 | 6), 1},
#include "device/x86/x86_x87_ops.def"
#undef X87_REG
#undef X87_MEM
};
#define X87_N_ENCS (sizeof x87_encs / sizeof x87_encs[0])

static inline const x87_enc_t *x87_enc(const char *name)
{
    for (size_t k = 0; k < X87_N_ENCS; k++)
        if (!strcmp(x87_encs[k].name, name))
            return &x87_encs[k];
    return NULL;
}

/* What an instruction starts from and leaves: the FNSAVE image, EFLAGS,
 * EAX (at the offsets the stubs use) and the memory operand's bytes. */
typedef struct {
    uint8_t img[108];
    uint32_t pad;
    uint64_t eflags;
    uint64_t eax;
    uint8_t opnd[112];
} x87_case_t;

#define X87_EFLAGS_IN 0x8d5u /* what the cases vary: CF PF AF ZF SF OF */

#if defined(__x86_64__)
#define X87_HOST 1
_Static_assert(offsetof(x87_case_t, eflags) == 112 && offsetof(x87_case_t, eax) == 120, "stub offsets");

/* 8 opcodes x (64 register forms, then 8 memory forms), 32 bytes each. */
__asm__(".text\n"
        ".macro X87STUB op, modrm\n"
        "  .balign 32\n"
        "  mov 112(%rdi), %rax\n  push %rax\n  popfq\n  mov 120(%rdi), %rax\n"
        "  frstor (%rdi)\n  .byte \\op, \\modrm\n"
        "  mov %rax, 120(%rdi)\n  pushfq\n  pop %rax\n  mov %rax, 112(%rdi)\n"
        "  fnsave (%rdi)\n  ret\n"
        ".endm\n"
        ".balign 32\n"
        "x87_host_stubs:\n"
        ".set x87op, 0xd8\n"
        ".rept 8\n"
        "  .set x87m, 0xc0\n"
        "  .rept 64\n    X87STUB x87op, x87m\n    .set x87m, x87m + 1\n  .endr\n"
        "  .set x87m, 6\n"
        "  .rept 8\n    X87STUB x87op, x87m\n    .set x87m, x87m + 8\n  .endr\n"
        "  .set x87op, x87op + 1\n"
        ".endr\n"
        ".purgem X87STUB\n"
        /* under 0x66: FLDENV, FNSTENV, FRSTOR, FNSAVE in their 16-bit layouts */
        ".macro X87STUB16 op, modrm\n"
        "  .balign 32\n"
        "  mov 112(%rdi), %rax\n  push %rax\n  popfq\n  mov 120(%rdi), %rax\n"
        "  frstor (%rdi)\n  .byte 0x66, \\op, \\modrm\n"
        "  mov %rax, 120(%rdi)\n  pushfq\n  pop %rax\n  mov %rax, 112(%rdi)\n"
        "  fnsave (%rdi)\n  ret\n"
        ".endm\n"
        ".balign 32\n"
        "x87_host_stubs16:\n"
        "  X87STUB16 0xd9, 0x26\n  X87STUB16 0xd9, 0x36\n  X87STUB16 0xdd, 0x26\n  X87STUB16 0xdd, 0x36\n"
        ".purgem X87STUB16\n");
extern char x87_host_stubs[], x87_host_stubs16[];

static inline void x87_host_run(x87_case_t *c, uint32_t op, uint32_t modrm)
{
    uint32_t k = (op - 0xd8u) * 72u + (modrm >= 0xc0 ? modrm - 0xc0u : 64u + ((modrm >> 3) & 7u));
    void (*stub)(x87_case_t *, void *) = (void (*)(x87_case_t *, void *))(void *)(x87_host_stubs + 32u * k);
    stub(c, c->opnd);
}

/* The 0x66 forms: k = 0 FLDENV, 1 FNSTENV, 2 FRSTOR, 3 FNSAVE. */
static inline void x87_host_run16(x87_case_t *c, uint32_t k)
{
    void (*stub)(x87_case_t *, void *) = (void (*)(x87_case_t *, void *))(void *)(x87_host_stubs16 + 32u * k);
    stub(c, c->opnd);
}
#else
#define X87_HOST 0
#endif

/* ---- the executor's side ------------------------------------------------- */

#define X87_MEM_BASE 0x10000u
#define X87_IMG_AT 0x10000u
#define X87_OPND_AT 0x10200u
#define X87_PC 0x08048000u

typedef struct {
    uint32_t words[1024];
    sim_mem_t m;
    x87_state_t f;
} x87_sim_t;

static inline void x87_sim_init(x87_sim_t *s)
{
    memset(s, 0, sizeof *s);
    s->m = one_core_mem(s->words, X87_MEM_BASE, sizeof s->words);
    x86_x87_init(&s->f);
}

static inline void x87_sim_put(x87_sim_t *s, uint32_t at, const uint8_t *p, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        sim_st8(&s->m, 0, at + i, p[i]);
}

static inline void x87_sim_get(x87_sim_t *s, uint32_t at, uint8_t *p, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v = 0;
        sim_ld8(&s->m, 0, at + i, &v);
        p[i] = (uint8_t)v;
    }
}

static inline uint32_t x87_sim_exec16(x87_sim_t *s, uint32_t op, uint32_t modrm, uint32_t ea, uint32_t *eax,
                                      uint32_t *eflags, uint32_t opsize16)
{
    uint32_t fault = 0;
    return x86_x87_exec(&s->f, &s->m, 0, op, modrm, ea, X87_PC, opsize16, eax, eflags, &fault);
}

static inline uint32_t x87_sim_exec(x87_sim_t *s, uint32_t op, uint32_t modrm, uint32_t ea, uint32_t *eax,
                                    uint32_t *eflags)
{
    return x87_sim_exec16(s, op, modrm, ea, eax, eflags, 0);
}

/* The case through the executor: FRSTOR, the instruction (under 0x66 if
 * opsize16), FNSAVE. */
static inline uint32_t x87_sim_run16(x87_case_t *c, uint32_t op, uint32_t modrm, uint32_t opsize16)
{
    static x87_sim_t s;
    uint32_t eax = (uint32_t)c->eax, efl = (uint32_t)c->eflags, rc;
    x87_sim_init(&s);
    x87_sim_put(&s, X87_IMG_AT, c->img, 108);
    x87_sim_put(&s, X87_OPND_AT, c->opnd, sizeof c->opnd);
    rc = x87_sim_exec(&s, 0xdd, 0x20, X87_IMG_AT, &eax, &efl);
    if (rc == X87_OK)
        rc = x87_sim_exec16(&s, op, modrm, X87_OPND_AT, &eax, &efl, opsize16);
    if (x87_sim_exec(&s, 0xdd, 0x30, X87_IMG_AT, &eax, &efl) != X87_OK)
        rc = 99;
    x87_sim_get(&s, X87_IMG_AT, c->img, 108);
    x87_sim_get(&s, X87_OPND_AT, c->opnd, sizeof c->opnd);
    c->eax = eax;
    c->eflags = efl;
    return rc;
}

static inline uint32_t x87_sim_run(x87_case_t *c, uint32_t op, uint32_t modrm)
{
    return x87_sim_run16(c, op, modrm, 0);
}

/* ---- the cases ----------------------------------------------------------- */

static inline void x87_put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static inline void x87_put80(uint8_t *p, fp80_t v)
{
    memcpy(p, &v.mant, 8);
    x87_put16(p + 8, v.sexp);
}

static inline fp80_t x87_get80(const uint8_t *p)
{
    fp80_t v;
    memcpy(&v.mant, p, 8);
    v.sexp = (uint16_t)(p[8] | p[9] << 8);
    return v;
}

/* An IEEE value of the format (fbits, ebits) rich in edge cases: zeros,
 * denormals, the extremes, infinities, QNaNs and SNaNs, or an fp80 operand
 * rounded to it by truncation. */
static inline uint64_t x87_ieee_operand(uint64_t *s, uint32_t fbits, uint32_t ebits)
{
    uint64_t sign = (x87_rand(s) & 1u) << (fbits + ebits), emax = (1ull << ebits) - 1u;
    uint64_t frac = x87_sig(s) >> (64 - fbits), r = x87_rand(s);
    switch (x87_below(s, 10)) {
    case 0: return sign;
    case 1: return sign | (frac >> x87_below(s, fbits) ? frac >> x87_below(s, fbits) : 1u);
    case 2: return sign | emax << fbits;
    case 3: return sign | emax << fbits | 1ull << (fbits - 1) | (frac & (r >> 3));
    case 4: return sign | emax << fbits | ((frac >> 1) ? frac >> 1 : 1u);
    case 5: return sign | (emax - 1u) << fbits | frac;
    case 6: return sign | 1ull << fbits | frac;
    default: return sign | (uint64_t)(emax / 2 - 40 + x87_below(s, 80)) << fbits | frac;
    }
}

/* An integer of 16, 32 or 64 bits: small, at the limits, or any. */
static inline uint64_t x87_int_operand(uint64_t *s, uint32_t bits)
{
    uint64_t lim = 1ull << (bits - 1), r = x87_rand(s);
    switch (x87_below(s, 5)) {
    case 0: return lim + x87_below(s, 3) - 1u;
    case 1: return (uint64_t)(int64_t)(int32_t)(x87_below(s, 2001) - 1000);
    case 2: return lim - 2u + x87_below(s, 5);
    default: return r >> x87_below(s, (uint32_t)bits);
    }
}

/* A value in ST(0) for the integer and BCD stores: near their limits, or
 * halfway between integers, or any operand. */
static inline fp80_t x87_store_operand(uint64_t *s)
{
    static const uint32_t at[] = {15, 16, 31, 32, 59, 60, 63, 64, 0, 1};
    uint32_t c = x87_below(s, 4);
    if (c == 0)
        return x87_operand(s);
    uint32_t e = at[x87_below(s, 10)];
    fp80_t v = fp80_make((uint32_t)x87_rand(s) & 1u, FP80_BIAS + e - (c == 1), x87_sig(s) | FP80_J);
    if (c == 3)
        v.mant = (FP80_J | x87_rand(s) >> 1) & ~0ull << (63 - (e < 63 ? e + 1 : 63));
    return v;
}

/* A whole FPU state: a control word with every RC and PC and (one case in
 * four) some exceptions unmasked, a status word whose raised flags are all
 * masked (so that nothing is pending: the stubs' FRSTOR would trap), any
 * TOP, tags (a quarter empty), registers; EFLAGS and EAX random. */
static inline void x87_random_image(uint64_t *s, uint8_t *img, int store_ops)
{
    uint32_t masks = x87_below(s, 4) ? 0x3fu : (uint32_t)x87_rand(s) & 0x3fu;
    uint32_t cw = 0x40u | masks | (x87_below(s, 4) << 8) | (x87_below(s, 4) << 10);
    uint32_t sw = ((uint32_t)x87_rand(s) & (FP80_CC | X87_SF | (7u << 11))) | ((uint32_t)x87_rand(s) & masks);
    uint32_t tw = 0;
    memset(img, 0xff, 108);
    for (uint32_t r = 0; r < 8; r++)
        tw |= (x87_below(s, 4) ? (uint32_t)x87_below(s, 3) : 3u) << (2 * r);
    memset(img, 0, 28);
    x87_put16(img, cw);
    x87_put16(img + 4, sw);
    x87_put16(img + 8, tw);
    for (uint32_t i = 0; i < 8; i++) {
        fp80_t v = x87_operand(s);
        if (i == 1 && x87_below(s, 3) == 0)
            v = x87_operand_near(s, x87_get80(img + 28));
        if (i == 0 && store_ops && x87_below(s, 2))
            v = x87_store_operand(s);
        x87_put80(img + 28 + 10 * i, v);
    }
}

/* A memory operand for the encoding: random bytes, then a value of its
 * type; FLDENV and FRSTOR get a state image, FLDCW a control word. */
static inline void x87_random_operand(uint64_t *s, const x87_enc_t *e, uint8_t *p, uint32_t n)
{
    uint32_t reg = (e->first >> 3) & 7u, op = e->op;
    for (uint32_t i = 0; i < n; i++)
        p[i] = (uint8_t)x87_rand(s);
    if ((op == 0xd9 || op == 0xdd) && reg == 4) {
        x87_random_image(s, p, 0);
        return;
    }
    uint64_t v;
    if (op == 0xd9 && reg == 5) {
        v = x87_below(s, 2) ? (x87_rand(s) & 0x0f3fu) | 0x40u : x87_rand(s);
        memcpy(p, &v, 2);
        return;
    }
    if ((op == 0xdb && reg == 5)) {
        x87_put80(p, x87_operand(s));
        return;
    }
    if (op == 0xdf && reg == 4) {
        for (uint32_t i = 0; i < 9; i++)
            p[i] = (uint8_t)(x87_below(s, 10) | x87_below(s, 10) << 4);
        p[9] = (uint8_t)(x87_rand(s) & 0x80u);
        return;
    }
    if (op == 0xd8 || op == 0xd9)
        v = x87_ieee_operand(s, 23, 8);
    else if (op == 0xdc || op == 0xdd)
        v = x87_ieee_operand(s, 52, 11);
    else if (op == 0xda || op == 0xdb)
        v = x87_int_operand(s, 32);
    else if (reg == 5 || reg == 7)
        v = x87_int_operand(s, 64);
    else
        v = x87_int_operand(s, 16);
    memcpy(p, &v, 8);
}

static inline void x87_random_case(uint64_t *s, const x87_enc_t *e, x87_case_t *c)
{
    x87_random_image(s, c->img, e->mem && (e->op & 1u));
    c->eflags = 2u | (x87_rand(s) & X87_EFLAGS_IN);
    c->eax = (uint32_t)x87_rand(s);
    x87_random_operand(s, e, c->opnd, sizeof c->opnd);
}

/* ---- comparing ------------------------------------------------------------ */

/* What is left out of the comparison: the instruction and data pointers
 * (bytes 12..27 of the image); for instructions whose results are not the
 * hardware's bit for bit (the transcendentals: test_x87_trans.c measures
 * them against MPFR), ST(0) and ST(1)'s values, C1 and PE. */
#define X87_CMP_ALL 0u
#define X87_CMP_APPROX 1u

static inline int x87_case_same(const x87_case_t *a, const x87_case_t *b, uint32_t how)
{
    x87_case_t x = *a, y = *b;
    memset(x.img + 12, 0, 16);
    memset(y.img + 12, 0, 16);
    if (how == X87_CMP_APPROX) {
        x.img[4] &= ~FP80_PE;
        y.img[4] &= ~FP80_PE;
        x.img[5] &= ~(FP80_C1 >> 8);
        y.img[5] &= ~(FP80_C1 >> 8);
        for (uint32_t i = 0; i < 2; i++) {
            fp80_t u = x87_get80(x.img + 28 + 10 * i), v = x87_get80(y.img + 28 + 10 * i);
            int cu = fp80_class(u), cv = fp80_class(v);
            if (cu == cv && (cu == FP80_CLASS_NORMAL || cu == FP80_CLASS_DENORMAL))
                memset(x.img + 28 + 10 * i, 0, 10), memset(y.img + 28 + 10 * i, 0, 10);
        }
    }
    return !memcmp(x.img, y.img, 108) && !memcmp(x.opnd, y.opnd, sizeof x.opnd) && x.eax == y.eax &&
           (x.eflags & X87_EFLAGS_IN) == (y.eflags & X87_EFLAGS_IN);
}

static inline void x87_dump(const char *who, const x87_case_t *c)
{
    fprintf(stderr, "  %s cw=%04x sw=%04x tw=%04x eax=%08x efl=%03x opnd=", who, c->img[0] | c->img[1] << 8,
            c->img[4] | c->img[5] << 8, c->img[8] | c->img[9] << 8, (unsigned)c->eax,
            (unsigned)(c->eflags & X87_EFLAGS_IN));
    for (int i = 0; i < 12; i++)
        fprintf(stderr, "%02x", c->opnd[i]);
    fprintf(stderr, "\n   ");
    for (int i = 0; i < 8; i++) {
        fp80_t v = x87_get80(c->img + 28 + 10 * i);
        fprintf(stderr, " %04x:%016llx", v.sexp, (unsigned long long)v.mant);
        if (i == 3)
            fprintf(stderr, "\n   ");
    }
    fprintf(stderr, "\n");
}

/* n random cases of every ModRM of encoding e: the number that differ
 * from the host (the first few printed). */
static inline unsigned x87_diff_enc(const x87_enc_t *e, unsigned n, uint64_t seed, uint32_t how)
{
    unsigned bad = 0;
#if X87_HOST
    uint64_t s = seed ^ ((uint64_t)e->op << 8 | e->first) * 0x9e3779b97f4a7c15ull;
    for (uint32_t modrm = e->first; modrm <= e->last; modrm++) {
        for (unsigned k = 0; k < n; k++) {
            x87_case_t in, hw, sim;
            x87_random_case(&s, e, &in);
            hw = sim = in;
            x87_host_run(&hw, e->op, modrm);
            uint32_t rc = x87_sim_run(&sim, e->op, modrm);
            if (rc == X87_OK && x87_case_same(&hw, &sim, how))
                continue;
            if (bad++ < 4) {
                fprintf(stderr, "%s (%02x %02x) rc=%u:\n", e->name, e->op, modrm, rc);
                x87_dump("in ", &in);
                x87_dump("hw ", &hw);
                x87_dump("sim", &sim);
            }
        }
    }
#endif
    return bad;
}

#endif
