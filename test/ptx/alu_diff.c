/* The PTX ALU's random differential tester (make ptx-alu-diff): every form
 * of every ALU instruction on random and edge operands, through
 * ptx_alu_eval lane by lane and ptx_alu_warp with random masks, against
 * the independent reference (alu_ref.c, alu_ref_float.c). Sources carry
 * random garbage above their width (the ALU must read only the width).
 * Prints each form's cases and mismatches; exits 1 on any mismatch.
 *   alu_diff [cases-per-form [seed [name-filter]]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alu_diff.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

uint64_t rnd64(void)
{
    uint64_t x = rng_state;
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    rng_state = x;
    return x * 0x2545f4914f6cdd1dull;
}

static const uint64_t int_edges[] = {0, 1, 2, 3, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffff, 0x800000,
                                     0xffffff, 0x7fffffff, 0x80000000, 0xffffffff, 0x100000000ull,
                                     0x7fffffffffffffffull, 0x8000000000000000ull, ~0ull, ~1ull};

/* Edge floats by fields: zeros, subnormals, normals' ends, ones, infinity, NaNs. */
static uint64_t float_edge(const gen_fmt_t *f)
{
    uint64_t s = (rnd64() & 1) ? 1ull << (f->bits - 1) : 0, mfull = (1ull << f->mbits) - 1;
    uint64_t emax = (1ull << (f->bits - 1 - f->mbits)) - 1, bias = emax >> 1;
    switch (rnd64() % 12) {
    case 0: return s;
    case 1: return s | 1;
    case 2: return s | mfull;
    case 3: return s | (1ull << f->mbits);
    case 4: return s | ((emax - 1) << f->mbits) | mfull;
    case 5: return s | (bias << f->mbits);
    case 6: return s | (bias << f->mbits) | (rnd64() & 7);
    case 7: return s | (emax << f->mbits);
    case 8: return s | (emax << f->mbits) | (rnd64() & mfull) | 1;
    case 9: return s | ((bias + 1) << f->mbits);
    case 10: return s | ((bias - 1) << f->mbits) | mfull;
    default: return s | ((rnd64() % 4) << f->mbits) | (rnd64() & mfull);
    }
}

/* A float near 1 in magnitude (exponents within +-range), so that sums
 * and products round at interesting places. */
static uint64_t float_near(const gen_fmt_t *f, unsigned range)
{
    uint64_t s = (rnd64() & 1) ? 1ull << (f->bits - 1) : 0, mfull = (1ull << f->mbits) - 1;
    uint64_t bias = ((1ull << (f->bits - 1 - f->mbits)) - 1) >> 1;
    uint64_t e = bias + (rnd64() % (2 * range + 1)) - range;
    return s | (e << f->mbits) | (rnd64() & mfull);
}

uint64_t gen_value(const gen_t *g)
{
    uint64_t r = rnd64();
    switch (g->kind) {
    case GEN_INT: {
        uint64_t v = (r % 4 == 0) ? int_edges[rnd64() % (sizeof int_edges / sizeof int_edges[0])]
                   : (r % 4 == 1) ? rnd64() % 64 - 32 : rnd64();
        return v & gen_mask(g->bits);
    }
    case GEN_FLOAT: {
        uint64_t v = r % 8 < 2 ? float_edge(&g->f) : r % 8 < 6 ? float_near(&g->f, g->range ? g->range : 8) : rnd64();
        return v & gen_mask(g->f.bits);
    }
    case GEN_PRED: return r & 1;
    case GEN_SMALL: return (r % 5 == 0) ? rnd64() & gen_mask(g->bits) : rnd64() % (g->range + 1);
    case GEN_SIGNED_SMALL: return (uint64_t)(int64_t)((int64_t)(rnd64() % (2 * g->range + 1)) - g->range) & gen_mask(g->bits);
    default: return 0;
    }
}

/* A float pair whose exponents are close (half the time), so that
 * additions cancel and round at every bit. */
static void gen_sources(const form_t *fm, uint64_t s[4])
{
    for (int i = 0; i < fm->nsrc; i++)
        s[i] = gen_value(&fm->gen[i]);
    if (fm->nsrc >= 2 && fm->gen[0].kind == GEN_FLOAT && fm->gen[1].kind == GEN_FLOAT && (rnd64() & 1)) {
        uint64_t shift = rnd64() % 40;
        s[1] = (s[0] ^ (rnd64() & ((1ull << (fm->gen[0].f.mbits / 2 + 1)) - 1))) + (shift << fm->gen[0].f.mbits) * (rnd64() & 1);
        s[1] = (s[1] ^ ((rnd64() & 1) << (fm->gen[0].f.bits - 1))) & gen_mask(fm->gen[0].f.bits);
    }
}

static unsigned gen_width(const gen_t *g)
{
    return g->kind == GEN_FLOAT ? g->f.bits : g->kind == GEN_PRED ? 1 : g->bits;
}

static uint64_t garbage(const gen_t *g, uint64_t v)
{
    unsigned w = gen_width(g);
    return g->kind == GEN_PRED || w >= 64 ? v : v | (rnd64() << w);
}

typedef struct {
    long cases, bad;
} tally_t;

static void report(const form_t *fm, tally_t *t, const char *what, const uint64_t *s, uint64_t got, uint64_t want,
                   const char *why)
{
    if (t->bad++ < 3)
        printf("  MISMATCH %-28s %s: src %llx %llx %llx %llx got %llx want %llx%s%s\n", fm->name, what,
               (unsigned long long)s[0], (unsigned long long)s[1], (unsigned long long)s[2],
               (unsigned long long)s[3], (unsigned long long)got, (unsigned long long)want, why ? " " : "",
               why ? why : "");
}

/* One result against the reference: exact, or within the bound. */
static void check(const form_t *fm, tally_t *t, const char *what, const uint64_t *s, const ref_out_t *ref,
                  uint64_t got, uint64_t got2, uint32_t gotcc)
{
    const char *why = 0;
    if (ref->bound) {
        if (!ref_within(&fm->d, s, got, &why))
            report(fm, t, what, s, got, 0, why);
        return;
    }
    if (got != ref->r)
        report(fm, t, what, s, got, ref->r, 0);
    else if (fm->d.op == PTX_OP_SETP && got2 != ref->r2)
        report(fm, t, what, s, got2, ref->r2, "(q)");
    else if (gotcc != ref->cc)
        report(fm, t, what, s, gotcc, ref->cc, "(carry)");
}

/* 32 cases: each lane through ptx_alu_eval, then all through ptx_alu_warp
 * under a random mask, lanes outside it left as they were. */
static void run_batch(const form_t *fm, tally_t *t)
{
    uint64_t clean[4][32], dirty[4][32], dst[32], dst2[32], evr[32];
    uint8_t cc[32];
    ref_out_t ref[32];
    memset(clean, 0, sizeof clean);
    memset(dirty, 0, sizeof dirty);
    for (int l = 0; l < 32; l++) {
        uint64_t s[4] = {0, 0, 0, 0};
        gen_sources(fm, s);
        for (int i = 0; i < 4; i++) {
            clean[i][l] = s[i];
            dirty[i][l] = i < fm->nsrc ? garbage(&fm->gen[i], s[i]) : 0;
        }
        uint32_t cin = (uint32_t)(rnd64() & 1);
        cc[l] = (uint8_t)cin;
        ref_eval(&fm->d, s, cin, &ref[l]);
        uint32_t c = cin;
        uint64_t q = 0;
        evr[l] = ptx_alu_eval(&fm->d, dirty[0][l], dirty[1][l], dirty[2][l], dirty[3][l], &c, &q);
        check(fm, t, "eval", s, &ref[l], evr[l], q, c);
        t->cases++;
    }
    uint32_t r = (uint32_t)rnd64(), mask = r % 8 == 0 ? ~0u : r % 8 == 1 ? 0 : (uint32_t)rnd64();
    const uint64_t *src[4];
    for (int i = 0; i < 4; i++)
        src[i] = i < fm->nsrc ? dirty[i] : NULL;
    for (int l = 0; l < 32; l++)
        dst[l] = 0x5a5a000000000000ull + (uint64_t)l, dst2[l] = 0xa5a5000000000000ull + (uint64_t)l;
    uint8_t cc0[32];
    memcpy(cc0, cc, sizeof cc);
    ptx_alu_warp(&fm->d, dst, dst2, src, mask, cc);
    for (int l = 0; l < 32; l++) {
        uint64_t s[4] = {clean[0][l], clean[1][l], clean[2][l], clean[3][l]};
        if ((mask >> l) & 1) {
            check(fm, t, "warp", s, &ref[l], dst[l], dst2[l], cc[l]);
            if (ref[l].bound && dst[l] != evr[l])
                report(fm, t, "warp!=eval", s, dst[l], evr[l], 0);
        } else if (dst[l] != 0x5a5a000000000000ull + (uint64_t)l || dst2[l] != 0xa5a5000000000000ull + (uint64_t)l ||
                   cc[l] != cc0[l]) {
            report(fm, t, "warp wrote outside its mask", s, dst[l], 0, 0);
        }
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000;
    if (argc > 2)
        rng_state ^= strtoull(argv[2], 0, 0) * 0x9e3779b97f4a7c15ull;
    const char *filter = argc > 3 ? argv[3] : 0;
    forms_build();
    long total = 0, bad = 0, nforms = 0;
    for (int i = 0; i < forms_count; i++) {
        form_t *fm = &forms[i];
        if (filter && !strstr(fm->name, filter))
            continue;
        ptx_alu_prepare(&fm->d);
        tally_t t = {0, 0};
        long want = n * fm->weight / 4;
        while (t.cases < want)
            run_batch(fm, &t);
        /* a line per form only where it failed, or with ALU_DIFF_VERBOSE set:
         * make test's log keeps the summary */
        if (t.bad || getenv("ALU_DIFF_VERBOSE"))
            printf("%-32s form %2u  cases %7ld  mismatches %ld\n", fm->name, fm->d.form, t.cases, t.bad);
        total += t.cases, bad += t.bad, nforms++;
    }
    printf("ptx-alu-diff: %ld forms, %ld cases, %ld mismatches\n", nforms, total, bad);
    return bad ? 1 : 0;
}
