/* A pick: a random instance of one tester row. A seed of the row gives the
 * prefixes, the opcode and ModRM.reg; the rest of ModRM, SIB, displacement
 * and immediate are random, and warpsim's decoder must give the row back
 * (which also checks the length). Then random registers and flags, the
 * op's implicit operands (risu_x86_setup.c), the memory operand placed in
 * the scratch buffer (risu_x86_place.c), and the defined-flags mask. */
#include <string.h>

#include "risu_x86.h"
#include "risu_x86_seed.h"

uint64_t risu_x86_rand(uint64_t *s)
{
    uint64_t x = *s += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Register values: edges often (they find the carries and overflows). */
uint32_t risu_x86_value(uint64_t *rng)
{
    static const uint32_t edge[] = {0, 1, 2, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x80u, 0x7fu, 0xffu,
                                    0x8000u, 0x7fffu, 0xffffu, 0x7f7f7f7fu, 0x80008000u, 0xfffffffeu, 0x100u};
    uint64_t r = risu_x86_rand(rng);
    switch (r & 7u) {
    case 0: return edge[(r >> 8) % (sizeof edge / sizeof edge[0])];
    case 1: return (uint32_t)(r >> 8) & 31u;
    case 2: return (uint32_t)(r >> 8) & 0xffu;
    default: return (uint32_t)(r >> 32);
    }
}

/* The class's prefixes besides the seed's: a flat segment override now and
 * then, and 0x67 on forms without memory (16-bit addresses would leave the
 * scratch buffer: Linux maps nothing below 64 KiB). */
static uint32_t risu_x86_extra_prefixes(risu_x86_class_t cls, uint64_t *rng, uint8_t *b)
{
    static const uint8_t seg[4] = {0x26, 0x2e, 0x36, 0x3e};
    uint32_t n = 0, r = (uint32_t)risu_x86_rand(rng);
    if ((r & 7u) == 0)
        b[n++] = seg[(r >> 3) & 3u];
    if (cls != RISU_X86_X87 && ((r >> 5) & 15u) == 0)
        b[n++] = 0x67;
    return n;
}

/* ModRM: the seed's reg field and register-or-memory kind, mod and rm
 * random; a quarter of the picks keep the seed's byte (x87 rows of one
 * ModRM value, opcodes without ModRM whose next byte matters). */
static uint8_t risu_x86_modrm(uint8_t seed, uint64_t *rng)
{
    uint32_t r = (uint32_t)risu_x86_rand(rng);
    if ((r & 3u) == 0)
        return seed;
    uint32_t mod = (seed >> 6) == 3u ? 3u : (r >> 2) % 3u;
    return (uint8_t)(mod << 6 | (seed & 0x38u) | ((r >> 4) & 7u));
}

static int risu_x86_encode(risu_x86_class_t cls, uint32_t row, uint64_t *rng, risu_x86_case_t *c)
{
    const risu_x86_seed_t *s = risu_x86_seed(cls, row, rng);
    uint8_t b[32];
    uint32_t n = risu_x86_extra_prefixes(cls, rng, b);
    n += risu_x86_seed_bytes(s, b + n);
    b[n - 1] = risu_x86_modrm(s->modrm, rng);
    c->modrm_at = (uint8_t)(n - 1);
    for (uint32_t i = n; i < sizeof b; i++)
        b[i] = (uint8_t)risu_x86_rand(rng);
    x86_decode(b, 16, 0x10000, &c->in);
    if (c->in.op == X86_OP_UNDEF || risu_x86_row_of(cls, &c->in) != row)
        return 0;
    if ((c->in.wf & X86_F_A16) && (risu_x86_has_mem(cls, &c->in) || x86_op_has(c->in.op, X86_P_LOAD | X86_P_STORE)))
        return 0;
    c->len = c->in.len;
    memcpy(c->bytes, b, c->len);
    return 1;
}

int risu_x86_pick(risu_x86_class_t cls, uint32_t row, uint64_t *rng, risu_x86_case_t *c)
{
    for (uint32_t tries = 0; tries < 256; tries++) {
        memset(c, 0, sizeof *c);
        c->row = row;
        c->poke_off = ~0u;
        if (!risu_x86_encode(cls, row, rng, c))
            continue;
        for (uint32_t r = 0; r < 8; r++)
            c->regs[r] = risu_x86_value(rng);
        c->eflags = (uint32_t)risu_x86_rand(rng) & (RISU_ARITH | RISU_DF);
        c->mem_seed = (uint32_t)risu_x86_rand(rng) | 1u;
        risu_x86_fpu_state(c, rng);
        if (!risu_x86_setup(cls, c, rng) || !risu_x86_place(c, rng) || !risu_x86_finish(cls, c, rng))
            continue;
        c->flag_mask = risu_x86_defined_flags(c);
        return 1;
    }
    return 0;
}
