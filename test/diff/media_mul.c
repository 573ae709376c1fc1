/* ARMv6 DSP: the dual multiplies (SMUAD, SMUSD, SMLAD, SMLSD, SMLALD, SMLSLD
 * and their X forms), the most-significant-word multiplies (SMMUL, SMMLA,
 * SMMLS and their R forms) and SSAT16/USAT16, on random and edge operands,
 * with the Q flag each leaves (read back by MRS, cleared by MSR between
 * cases). Prints a hash of everything and the first cases in full. */
#include <stdint.h>
#include <stdio.h>

static uint32_t seed = 4242u;
static uint32_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
}

static void clear_q(void)
{
    __asm__ volatile(".arch armv7-a\n\tmsr APSR_nzcvq, %0" : : "r"(0u) : "cc");
}

static uint32_t q(void)
{
    uint32_t v;
    __asm__ volatile(".arch armv7-a\n\tmrs %0, apsr" : "=r"(v));
    return (v >> 27) & 1u;
}

#define OP3(name)                                                                                  \
    static uint32_t f_##name(uint32_t a, uint32_t b, uint32_t c)                                   \
    {                                                                                              \
        uint32_t r;                                                                                \
        (void)c;                                                                                   \
        __asm__ volatile(".arch armv7-a\n\t" #name " %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));      \
        return r;                                                                                  \
    }
#define OP4(name)                                                                                  \
    static uint32_t f_##name(uint32_t a, uint32_t b, uint32_t c)                                   \
    {                                                                                              \
        uint32_t r;                                                                                \
        __asm__ volatile(".arch armv7-a\n\t" #name " %0, %1, %2, %3"                               \
                         : "=r"(r) : "r"(a), "r"(b), "r"(c));                                      \
        return r;                                                                                  \
    }
/* The long forms: RdHi:RdLo = (c, a ^ b) in, both out, folded into one. */
#define OPL(name)                                                                                  \
    static uint32_t f_##name(uint32_t a, uint32_t b, uint32_t c)                                   \
    {                                                                                              \
        uint32_t lo = a ^ b, hi = c;                                                               \
        __asm__ volatile(".arch armv7-a\n\t" #name " %0, %1, %2, %3"                               \
                         : "+r"(lo), "+r"(hi) : "r"(a), "r"(b));                                   \
        return lo * 0x9e3779b1u ^ hi;                                                              \
    }
#define OPS3(_) _(smuad) _(smuadx) _(smusd) _(smusdx) _(smmul) _(smmulr)
#define OPS4(_) _(smlad) _(smladx) _(smlsd) _(smlsdx) _(smmla) _(smmlar) _(smmls) _(smmlsr)
#define OPSL(_) _(smlald) _(smlaldx) _(smlsld) _(smlsldx)
OPS3(OP3)
OPS4(OP4)
OPSL(OPL)

#define SAT(name, n)                                                                               \
    static uint32_t f_##name##n(uint32_t a, uint32_t b, uint32_t c)                                \
    {                                                                                              \
        uint32_t r;                                                                                \
        (void)b, (void)c;                                                                          \
        __asm__ volatile(".arch armv7-a\n\t" #name " %0, #" #n ", %1" : "=r"(r) : "r"(a));         \
        return r;                                                                                  \
    }
#define SATS(_) _(ssat16, 1) _(ssat16, 8) _(ssat16, 16) _(usat16, 0) _(usat16, 7) _(usat16, 15)
SATS(SAT)
#define OPSS(_) _(ssat161) _(ssat168) _(ssat1616) _(usat160) _(usat167) _(usat1615)

int main(void)
{
    static const uint32_t edges[] = {0x80008000u, 0x7fff7fffu, 0x80007fffu, 0xffffffffu, 0u,
                                     0x7fffffffu, 0x80000000u, 0x00017fffu};
    unsigned h = 0;
    for (int i = 0; i < 3000; i++) {
        uint32_t a = rnd(), b = rnd(), c = rnd();
        if (i % 3 == 1)
            a = edges[rnd() % 8u], b = edges[rnd() % 8u];
        if (i % 5 == 2)
            c = edges[rnd() % 8u];
#define RUN(name)                                                                                  \
    {                                                                                              \
        clear_q();                                                                                 \
        uint32_t r = f_##name(a, b, c), qf = q();                                                  \
        h = (h * 31u) ^ r ^ (qf << 31);                                                            \
        if (i < 2 || (i == 1000 && qf))                                                            \
            printf(#name " %08x %08x %08x -> %08x q %u\n", a, b, c, r, qf);                        \
    }
        OPS3(RUN)
        OPS4(RUN)
        OPSL(RUN)
        OPSS(RUN)
    }
    printf("hash %08x\n", h);
    return 0;
}
