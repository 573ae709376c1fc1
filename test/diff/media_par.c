/* ARMv6 media: the parallel add and subtract family (every prefix S, Q,
 * SH, U, UQ, UH with every operation ADD16, ASX, SAX, SUB16, ADD8, SUB8)
 * and PKHBT/PKHTB on random and edge operands, with the GE flags each
 * leaves (read back by MRS). Prints a hash of everything and the first
 * cases in full. */
#include <stdint.h>
#include <stdio.h>

static uint32_t seed = 12345u;
static uint32_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
}

static uint32_t ge(void)
{
    uint32_t v;
    __asm__ volatile(".arch armv7-a\n\tmrs %0, apsr" : "=r"(v));
    return (v >> 16) & 15u;
}

#define OP(name)                                                                                   \
    static uint32_t f_##name(uint32_t a, uint32_t b)                                               \
    {                                                                                              \
        uint32_t r;                                                                                \
        __asm__ volatile(".arch armv7-a\n\t" #name " %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));      \
        return r;                                                                                  \
    }
#define PREFIXES(_, op) _(s##op) _(q##op) _(sh##op) _(u##op) _(uq##op) _(uh##op)
#define OPS(_)                                                                                     \
    PREFIXES(_, add16) PREFIXES(_, asx) PREFIXES(_, sax) PREFIXES(_, sub16) PREFIXES(_, add8)      \
    PREFIXES(_, sub8)
OPS(OP)

int main(void)
{
    unsigned h = 0;
    for (int i = 0; i < 2000; i++) {
        uint32_t a = rnd(), b = rnd();
        if (i % 4 == 1)
            a &= 0x80ff80ffu; /* lanes at the limits: the saturations and GE edges */
        if (i % 4 == 2)
            b |= 0x7fff7fffu;
#define RUN(name)                                                                                  \
    {                                                                                              \
        uint32_t r = f_##name(a, b);                                                               \
        h = (h * 31u) ^ r ^ (ge() << 28);                                                          \
        if (i < 2)                                                                                 \
            printf(#name " %08x %08x -> %08x ge %x\n", a, b, r, ge());                             \
    }
        OPS(RUN)
        uint32_t p1, p2;
        __asm__ volatile(".arch armv7-a\n\tpkhbt %0, %1, %2, lsl #13" : "=r"(p1) : "r"(a), "r"(b));
        __asm__ volatile(".arch armv7-a\n\tpkhtb %0, %1, %2, asr #7" : "=r"(p2) : "r"(a), "r"(b));
        h = h * 31u ^ p1 ^ p2;
    }
    printf("hash %08x\n", h);
    return 0;
}
