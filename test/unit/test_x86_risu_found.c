/* What the IA-32 random instruction tester (test/risu/x86, make risu-x86)
 * found wrong in warpsim, each case as qemu-i386 and the Intel SDM have it,
 * run on the simulated core (x86_native_fixture.h's x86n_sim). */
#include <criterion/criterion.h>

#include "x86_native_fixture.h"

#define BCD_FLAGS (X86_CF | X86_AF | X86_SF | X86_ZF | X86_PF)

/* DAA on AL=0xFF, AF=0, CF=0 (risu int seed 2, block 6328): the low digit
 * adjusts (+6, carrying out of AL), and the high digit's test reads the
 * old AL (0xFF > 0x99), so +0x60 too: AL=0x65, CF=1, AF=1. warpsim tested
 * the adjusted AL (0x05) and left the high digit alone. */
Test(x86_risu_found, daa_high_digit_reads_the_old_al)
{
    static const uint8_t daa[] = {0x27};
    x86n_state_t s = {.eax = 0x7fff, .flags = X86_ZF | X86_SF};
    x86n_sim(daa, sizeof daa, &s);
    cr_assert_eq(s.eax, 0x7f65u, "eax %08x", s.eax);
    cr_assert_eq((uint32_t)s.flags & BCD_FLAGS, X86_CF | X86_AF | X86_PF, "flags %08x", (uint32_t)s.flags);
}

/* The SDM's DAA, for every AL, AF and CF (vol. 2A, DAA "Operation"). */
static void sdm_daa(uint32_t al, uint32_t af, uint32_t cf, uint32_t *al_out, uint32_t *af_out, uint32_t *cf_out)
{
    uint32_t old_al = al, old_cf = cf;
    cf = 0;
    if ((al & 15u) > 9u || af) {
        cf = old_cf || al + 6u > 0xffu;
        al = (al + 6u) & 0xffu;
        af = 1;
    } else {
        af = 0;
    }
    if (old_al > 0x99u || old_cf) {
        al = (al + 0x60u) & 0xffu;
        cf = 1;
    } else {
        cf = 0;
    }
    *al_out = al, *af_out = af, *cf_out = cf;
}

Test(x86_risu_found, daa_every_input_as_the_sdm)
{
    static const uint8_t daa[] = {0x27};
    for (uint32_t v = 0; v < 1024; v++) {
        uint32_t al = v & 0xffu, af = (v >> 8) & 1u, cf = v >> 9, e_al, e_af, e_cf;
        sdm_daa(al, af, cf, &e_al, &e_af, &e_cf);
        x86n_state_t s = {.eax = 0x1200u | al, .flags = (af ? X86_AF : 0u) | (cf ? X86_CF : 0u)};
        x86n_sim(daa, sizeof daa, &s);
        cr_assert_eq(s.eax, 0x1200u | e_al, "al %02x af %u cf %u: eax %08x", al, af, cf, s.eax);
        cr_assert_eq((uint32_t)s.flags & (X86_AF | X86_CF), (e_af ? X86_AF : 0u) | (e_cf ? X86_CF : 0u),
                     "al %02x af %u cf %u: flags %08x", al, af, cf, (uint32_t)s.flags);
    }
}
