/* Every encoding of x86_x87_ops.def through the executor and through this
 * host's x87 (x87_exec_fixture.h), on random states: 400 cases for each
 * ModRM byte of the register forms and 3000 for each memory form, every RC
 * and PC, some exceptions unmasked, empty and full registers (stack
 * overflow and underflow), operands rich in edge cases. Whole FNSAVE
 * images, memory, EAX and EFLAGS compared bit for bit; the
 * transcendentals' values approximately (see x87_case_same). */
#include <criterion/criterion.h>

#include "x87_exec_fixture.h"

#ifndef X87_SEED
#define X87_SEED 0x87e8ec00u
#endif
#define SEED X87_SEED

static int is_trans(const x87_enc_t *e)
{
    static const char *const names[] = {"f2xm1", "fyl2x", "fptan", "fpatan", "fyl2xp1", "fsincos", "fsin", "fcos"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (!strcmp(e->name, names[k]))
            return 1;
    return 0;
}

/* The encodings of opcode op (memory forms: mem = 1) against the host. */
static void diff_family(uint32_t op, int mem)
{
#if !X87_HOST
    cr_skip_test("no x87 on this host");
#endif
    unsigned bad = 0, total = 0;
    for (size_t k = 0; k < X87_N_ENCS; k++) {
        const x87_enc_t *e = &x87_encs[k];
        if (e->op != op || e->mem != mem)
            continue;
        unsigned n = mem ? 3000u : 400u, b = x87_diff_enc(e, n, SEED, is_trans(e) ? X87_CMP_APPROX : X87_CMP_ALL);
        if (b)
            fprintf(stderr, "%s: %u of %u differ\n", e->name, b, n * (e->last - e->first + 1u));
        bad += b;
        total += n * (e->last - e->first + 1u);
    }
    cr_assert_eq(bad, 0, "%02x %s: %u of %u cases differ from the host", op, mem ? "mem" : "reg", bad, total);
}

/* More cases of the stores to memory: with OE or UE unmasked a store
 * that overflows or underflows writes nothing, and UE comes even for an
 * exact tiny result. */
Test(x87_exec_diff, stores)
{
#if !X87_HOST
    cr_skip_test("no x87 on this host");
#endif
    static const char *const names[] = {"fst_m32", "fstp_m32", "fst_m64", "fstp_m64", "fstp_m80", "fist_m16",
                                        "fistp_m32", "fistp_m64", "fisttp_m32", "fbstp"};
    unsigned bad = 0;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        const x87_enc_t *e = x87_enc(names[k]);
        cr_assert(e, "%s", names[k]);
        unsigned b = x87_diff_enc(e, 20000u, SEED + 1u, X87_CMP_ALL);
        if (b)
            fprintf(stderr, "%s: %u of 20000 differ\n", e->name, b);
        bad += b;
    }
    cr_assert_eq(bad, 0, "%u cases differ from the host", bad);
}

#define FAMILY(op)                                                                                  \
    Test(x87_exec_diff, reg_##op) { diff_family(0x##op, 0); }                                        \
    Test(x87_exec_diff, mem_##op) { diff_family(0x##op, 1); }
FAMILY(d8)
FAMILY(d9)
FAMILY(da)
FAMILY(db)
FAMILY(dc)
FAMILY(dd)
FAMILY(de)
FAMILY(df)
