/* Every row of x86_sse_ops.def (SSE, SSE2, MMX) against the host CPU
 * executing the same bytes: each row's register form (XMM0/MM0/EAX the
 * ModRM reg, XMM1/MM1/ECX the rm) and memory form ([EDX], a 16-byte
 * aligned buffer), and the MMX form of the packed-integer rows, on random
 * operands (special floats, denormals, random bits, small integers) under
 * random MXCSR rounding, DAZ and FTZ with every exception masked. Compared:
 * XMM0, XMM1, MM0, MM1, EAX, ECX, the buffer, MXCSR (flags) and the
 * arithmetic flags. The host page runs the bytes between a prologue that
 * loads that state and an epilogue that stores it back. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "device/x86/x86.h"
#include "device/x86/x86_step.h"
#include "mem_fixture.h"

typedef struct sst {
    uint8_t xmm[2][16]; /* 0, 16 */
    uint64_t mm[2];     /* 32, 40 */
    uint8_t mem[16];    /* 48 */
    uint32_t eax, ecx;  /* 64, 68 */
    uint32_t mxcsr;     /* 72 */
    uint32_t pad;
    uint64_t flags;     /* 80 */
} __attribute__((aligned(16))) sst_t;

static const uint8_t prologue[] = {
    0xf3, 0x0f, 0x6f, 0x07,       /* movdqu xmm0, [rdi] */
    0xf3, 0x0f, 0x6f, 0x4f, 0x10, /* movdqu xmm1, [rdi+16] */
    0x0f, 0x6f, 0x47, 0x20,       /* movq mm0, [rdi+32] */
    0x0f, 0x6f, 0x4f, 0x28,       /* movq mm1, [rdi+40] */
    0x48, 0x8d, 0x57, 0x30,       /* lea rdx, [rdi+48] */
    0x8b, 0x47, 0x40,             /* mov eax, [rdi+64] */
    0x8b, 0x4f, 0x44,             /* mov ecx, [rdi+68] */
    0x0f, 0xae, 0x57, 0x48,       /* ldmxcsr [rdi+72] */
    0xff, 0x77, 0x50, 0x9d,       /* push qword [rdi+80]; popfq */
};
static const uint8_t epilogue[] = {
    0x9c, 0x8f, 0x47, 0x50,       /* pushfq; pop qword [rdi+80] */
    0x0f, 0xae, 0x5f, 0x48,       /* stmxcsr [rdi+72] */
    0x89, 0x47, 0x40,             /* mov [rdi+64], eax */
    0x89, 0x4f, 0x44,             /* mov [rdi+68], ecx */
    0xf3, 0x0f, 0x7f, 0x07,       /* movdqu [rdi], xmm0 */
    0xf3, 0x0f, 0x7f, 0x4f, 0x10, /* movdqu [rdi+16], xmm1 */
    0x0f, 0x7f, 0x47, 0x20,       /* movq [rdi+32], mm0 */
    0x0f, 0x7f, 0x4f, 0x28,       /* movq [rdi+40], mm1 */
    0x0f, 0x77,                   /* emms */
    0x68, 0x80, 0x1f, 0x00, 0x00, /* push 0x1f80 */
    0x0f, 0xae, 0x14, 0x24,       /* ldmxcsr [rsp] */
    0x48, 0x83, 0xc4, 0x08,       /* add rsp, 8 */
    0xc3,                         /* ret */
};

static uint8_t *page;

static void run_native(const uint8_t *code, size_t n, sst_t *s)
{
    if (!page)
        page = (uint8_t *)mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    size_t k = 0;
    memcpy(page + k, prologue, sizeof prologue), k += sizeof prologue;
    memcpy(page + k, code, n), k += n;
    memcpy(page + k, epilogue, sizeof epilogue);
    __builtin___clear_cache((char *)page, (char *)page + 4096);
    ((void (*)(sst_t *))(void *)page)(s);
}

#define SIM_BASE 0x10000u
#define SIM_MEM 0x100u /* the buffer's offset: 16-byte aligned */
static uint32_t priv[256];

static uint32_t run_sim(const uint8_t *code, size_t n, sst_t *s, char *dis, size_t dn)
{
    x86_ctx_t c;
    memset(&c, 0, sizeof c);
    x86_ctx_init(&c, 0x1000u, SIM_BASE + sizeof priv);
    memcpy(c.sse.xmm, s->xmm, sizeof s->xmm);
    for (int i = 0; i < 2; i++)
        c.x87.st[i][0] = (uint32_t)s->mm[i], c.x87.st[i][1] = (uint32_t)(s->mm[i] >> 32);
    memcpy((uint8_t *)priv + SIM_MEM, s->mem, 16);
    c.r[0] = s->eax, c.r[1] = s->ecx, c.r[2] = SIM_BASE + SIM_MEM;
    c.sse.mxcsr = s->mxcsr;
    x86_set_eflags(&c, (uint32_t)s->flags, X86_USER_FLAGS);
    sim_mem_t m = one_core_mem(priv, SIM_BASE, sizeof priv);
    x86_insn_t in;
    x86_decode(code, (uint32_t)n, 0x1000u, &in);
    x86_disasm(&in, 0x1000u, dis, dn);
    if (in.len != n)
        return 99;
    c.eip = 0x1000u + in.len;
    x86_exec(&c, &in, &m, 0, 0x1000u, 0);
    memcpy(s->xmm, c.sse.xmm, sizeof s->xmm);
    for (int i = 0; i < 2; i++)
        s->mm[i] = (uint64_t)c.x87.st[i][1] << 32 | c.x87.st[i][0];
    memcpy(s->mem, (uint8_t *)priv + SIM_MEM, 16);
    s->eax = c.r[0], s->ecx = c.r[1], s->mxcsr = c.sse.mxcsr;
    s->flags = x86_eflags(&c);
    return c.sys.status;
}

/* Operand values: special and random floats of both widths, denormals,
 * random bits, small integers, so that every path of the rows is met. */
static uint32_t rnd32(void) { return (uint32_t)random() ^ (uint32_t)random() << 16; }

static uint32_t fancy32(void)
{
    static const uint32_t sp[] = {0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u,
                                  0x7fa00000u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x3f800000u, 0x7f7fffffu,
                                  0x4f000000u, 0xcf000000u, 0x3f000000u};
    uint32_t r = (uint32_t)random() % 8u, sign = (uint32_t)random() & 0x80000000u;
    if (r == 0)
        return sp[random() % 16];
    if (r == 1) /* a denormal */
        return sign | (rnd32() & 0x7fffffu) >> (random() % 23);
    if (r == 2) /* near the top of the int32 range, near 0.5 ulps */
        return sign | (uint32_t)(0x4e800000u + (random() % 0x1000000u));
    if (r == 3) /* tiny: the underflow edge */
        return sign | (uint32_t)((random() % 3u) << 23) | (rnd32() & 0x7fffffu);
    return sign | (uint32_t)((120u + random() % 20u) << 23) | (rnd32() & 0x7fffffu);
}

static uint64_t fancy64(void)
{
    static const uint64_t sp[] = {0, 1ull << 63, 0x7ff0000000000000ull, 0xfff0000000000000ull,
                                  0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff0000000000001ull,
                                  0x7ff4000000000000ull, 1, 0x800fffffffffffffull, 0x0010000000000000ull,
                                  0x3ff0000000000000ull, 0x7fefffffffffffffull, 0x41e0000000000000ull,
                                  0xc1e0000000000000ull, 0x3fe0000000000000ull};
    uint64_t m = (uint64_t)rnd32() << 32 | rnd32(), sign = (uint64_t)(random() & 1) << 63;
    uint32_t r = (uint32_t)random() % 8u;
    if (r == 0)
        return sp[random() % 16];
    if (r == 1)
        return sign | (m & 0xfffffffffffffull) >> (random() % 52);
    if (r == 2) /* around the int32 range and the f32 range's ends */
        return sign | (uint64_t)(0x41c + random() % 8u) << 52 | (m & 0xfffffffffffffull);
    if (r == 3) /* f32's tiny and huge exponents, f64's tiny ones */
        return sign | (uint64_t)((const uint32_t[]){0x368, 0x380, 0x47f, 0, 1, 2}[random() % 6]) << 52 |
               (m & 0xfffffffffffffull);
    return sign | (uint64_t)(1010u + random() % 30u) << 52 | (m & 0xfffffffffffffull);
}

static void fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i += 8) {
        uint64_t v;
        uint32_t k = (uint32_t)random() % 5u;
        if (k == 0)
            v = fancy64();
        else if (k == 1)
            v = (uint64_t)fancy32() << 32 | fancy32();
        else if (k == 2)
            v = (uint64_t)(random() % 70u) | (uint64_t)(random() % 70u) << 32;
        else if (k == 3) /* byte patterns: the string functions' zeros, equal bytes */
            v = 0x0101010101010101ull * (uint64_t)(random() % 3u) ^ ((uint64_t)(random() & 0xff) << (8 * (random() % 8)));
        else
            v = (uint64_t)rnd32() << 32 | rnd32();
        memcpy(p + i, &v, 8);
    }
}

static void random_state(sst_t *s)
{
    memset(s, 0, sizeof *s);
    fill(s->xmm[0], 32);
    fill((uint8_t *)s->mm, 16);
    fill(s->mem, 16);
    if (random() % 4 == 0) /* equal operands */
        memcpy(s->xmm[1], s->xmm[0], 16);
    s->eax = random() % 2 ? rnd32() : (uint32_t)(random() % 100) - 50u;
    s->ecx = random() % 2 ? rnd32() : (uint32_t)(random() % 100) - 50u;
    s->mxcsr = SSE_MASKS | (uint32_t)(random() % 4) << SSE_RC_SHIFT | ((uint32_t)random() & 0x3fu);
    if (random() % 3 == 0)
        s->mxcsr |= (random() % 2 ? SSE_DAZ : 0u) | (random() % 2 ? SSE_FTZ : 0u);
    s->flags = 0x202u | ((uint32_t)random() & X86_ARITH_FLAGS);
}

typedef struct {
    const char *name;
    uint8_t pfx, opc, sub;
    uint32_t flags;
} row_t;

static const row_t rows[] = {
#define SSE_OP(name, pfx, opc, sub, form, msize, flags, mn, exec) {#name, SSE_P_##pfx, opc, sub, flags},
    SSE_OP_TABLE
#undef SSE_OP
};

/* The bytes of row r: its MMX form (mmx), its memory form (mem). */
static size_t encode(const row_t *r, int mmx, int mem, uint8_t *b)
{
    static const uint8_t pfx[] = {0, 0x66, 0xf3, 0xf2};
    size_t n = 0;
    if (!mmx && r->pfx != SSE_P_NP)
        b[n++] = pfx[r->pfx];
    b[n++] = 0x0f;
    b[n++] = r->opc;
    if (r->flags & SSE_NOMODRM)
        return n;
    uint32_t reg = r->sub == 8u ? 0u : r->sub;
    b[n++] = (uint8_t)(mem ? (reg << 3 | 2u) : (0xc0u | reg << 3 | (r->sub == 8u ? 1u : 0u)));
    if (r->flags & SSE_I)
        b[n++] = (uint8_t)(random() % 4 ? random() : random() % 20);
    return n;
}

/* RCPPS/RSQRTPS: the CPU's approximation and the simulator's (the exact
 * quotient) both within 1.5 * 2^-12 of the true value; specials exact. */
static int approx_row;

static int close32(uint32_t a, uint32_t b)
{
    float x, y;
    memcpy(&x, &a, 4), memcpy(&y, &b, 4);
    if (a == b)
        return 1;
    if (!(x == x) || !(y == y) || x == 0 || y == 0 || __builtin_isinf(x) || __builtin_isinf(y))
        return 0;
    return __builtin_fabs((double)x - (double)y) <= __builtin_fabs((double)y) * 3.0 / 4096.0;
}

static int same_xmm(const sst_t *a, const sst_t *b)
{
    if (!approx_row)
        return !memcmp(a->xmm, b->xmm, 32);
    uint32_t wa[8], wb[8];
    memcpy(wa, a->xmm, 32), memcpy(wb, b->xmm, 32);
    for (int i = 0; i < 8; i++)
        if (!close32(wa[i], wb[i]))
            return 0;
    return 1;
}

static int same(const sst_t *a, const sst_t *b)
{
    return same_xmm(a, b) && a->mm[0] == b->mm[0] && a->mm[1] == b->mm[1] &&
           !memcmp(a->mem, b->mem, 16) && a->eax == b->eax && a->ecx == b->ecx && a->mxcsr == b->mxcsr &&
           (a->flags & X86_ARITH_FLAGS) == (b->flags & X86_ARITH_FLAGS);
}

static void show(const char *what, const sst_t *s)
{
    fprintf(stderr, "  %s: xmm0 %016llx%016llx xmm1 %016llx%016llx mm0 %016llx mm1 %016llx mem %016llx%016llx "
                    "eax %08x ecx %08x mxcsr %04x flags %03llx\n",
            what, *(unsigned long long *)(s->xmm[0] + 8), *(unsigned long long *)s->xmm[0],
            *(unsigned long long *)(s->xmm[1] + 8), *(unsigned long long *)s->xmm[1], (unsigned long long)s->mm[0],
            (unsigned long long)s->mm[1], *(unsigned long long *)(s->mem + 8), *(unsigned long long *)s->mem, s->eax,
            s->ecx, s->mxcsr, (unsigned long long)(s->flags & X86_ARITH_FLAGS));
}

/* Runs `trials` random states through row r's form; returns the failures
 * (the first few shown). */
static int check_form(const row_t *r, int mmx, int mem, int trials)
{
    int bad = 0;
    for (int t = 0; t < trials; t++) {
        uint8_t code[8];
        size_t n = encode(r, mmx, mem, code);
        sst_t in, host, sim;
        random_state(&in);
        host = sim = in;
        char dis[96];
        run_native(code, n, &host);
        uint32_t st = run_sim(code, n, &sim, dis, sizeof dis);
        if (st != SIM_RUNNING || !same(&host, &sim)) {
            if (bad++ < 3) {
                fprintf(stderr, "%s%s%s (%s) status %u:\n", r->name, mmx ? " mmx" : "", mem ? " mem" : "", dis, st);
                show("in  ", &in);
                show("host", &host);
                show("sim ", &sim);
            }
        }
    }
    return bad;
}

/* Rows that cannot run here: LDMXCSR would fault on random bits (its own
 * test below), MASKMOVDQU/MASKMOVQ store through EDI (RDI is the state's
 * address on the host), FXSAVE/FXRSTOR need 512 bytes (test_x86_sse.c). */
static int skipped(const row_t *r)
{
    return !strcmp(r->name, "ldmxcsr") || !strcmp(r->name, "maskmovdqu") || !strncmp(r->name, "fx", 2);
}

Test(x86_sse_native, every_row_against_the_host)
{
    srandom(4);
    int bad = 0, forms = 0;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const row_t *r = &rows[i];
        if (skipped(r))
            continue;
        approx_row = !strncmp(r->name, "rcp", 3) || !strncmp(r->name, "rsqrt", 5);
        for (int mem = 0; mem < 2; mem++) {
            if ((mem && (r->flags & SSE_RO)) || (!mem && (r->flags & SSE_MO)) || (mem && (r->flags & SSE_NOMODRM)))
                continue;
            int mmx_only = (r->flags & SSE_MMXONLY) != 0;
            bad += check_form(r, mmx_only, mem, 1500), forms++;
            if (r->flags & SSE_MMX)
                bad += check_form(r, 1, mem, 1500), forms++;
        }
    }
    fprintf(stderr, "x86_sse_native: %d forms\n", forms);
    cr_expect_eq(bad, 0, "%d mismatches against the host", bad);
}

Test(x86_sse_native, ldmxcsr_stmxcsr_round_trip)
{
    static const uint8_t code[] = {0x0f, 0xae, 0x12, 0x0f, 0xae, 0x1a}; /* ldmxcsr [edx]; stmxcsr [edx] */
    srandom(5);
    for (int t = 0; t < 200; t++) {
        sst_t in, host, sim;
        random_state(&in);
        uint32_t v = (uint32_t)random() & 0xffc0u;
        v |= SSE_MASKS | (uint32_t)random() % 64u;
        memcpy(in.mem, &v, 4);
        host = sim = in;
        run_native(code, sizeof code, &host);
        char dis[64];
        run_sim(code, 3, &sim, dis, sizeof dis);
        uint32_t st = run_sim(code + 3, 3, &sim, dis, sizeof dis);
        cr_assert_eq(st, SIM_RUNNING);
        cr_expect_eq(*(uint32_t *)host.mem, *(uint32_t *)sim.mem, "%08x: host %08x sim %08x", v,
                     *(uint32_t *)host.mem, *(uint32_t *)sim.mem);
    }
}

Test(x86_sse_native, ldmxcsr_reserved_bit_faults)
{
    static const uint8_t code[] = {0x0f, 0xae, 0x12}; /* ldmxcsr [edx] */
    sst_t s;
    char dis[64];
    random_state(&s);
    uint32_t v = 0x11f80u, before = s.mxcsr;
    memcpy(s.mem, &v, 4);
    cr_expect_eq(run_sim(code, sizeof code, &s, dis, sizeof dis), SIM_FAULTED);
    cr_expect_eq(s.mxcsr, before);
}
