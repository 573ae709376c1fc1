/* The DRAM address map: -gpgpu_mem_addr_mapping read from a config, fitted
 * to the channel count and applied (dram_decode), against fields worked by
 * hand from the string as GPGPU-Sim's addrdec.cc reads it (from bit 63
 * down, a field's bits gathered from low to high, S bits being column bits
 * too); then the bank and bank-group policies. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "device/mem/dram_addr.h"
#include "host/mem/dram_params.h"

static const char titanv_map[] =
    "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS";

static void params_for(const char *map, uint32_t n_mem, dram_params_t *P)
{
    gpu_config_t c;
    char text[512], err[512];
    gpu_config_defaults(&c);
    snprintf(text, sizeof text, "-gpgpu_mem_addr_mapping %s\n-gpgpu_n_mem %u\n-gpgpu_n_sub_partition_per_mchannel 2\n",
             map, n_mem);
    cr_assert_eq(gpu_config_parse(&c, "m.cfg", text, err, sizeof err), 0, "%s", err);
    cr_assert_eq(dram_params_from_config(&c, P, err, sizeof err), 0, "%s", err);
    gpu_config_free(&c);
}

/* TITAN V's string, 32 channels (a power of two): dramid@8 opens bits 8-12
 * for the channel and moves the string's bits above 8 up by 5.
 * 0x12345678: channel = bits 8-12 = 0x56 & 31 = 22. Without them the
 * address is (0x12345678 >> 13) << 8 | 0x78 = 0x91a278, which the string
 * reads as: S = bits 0-4 = 0x18 = 24; bank bits 8, 12, 13, 14 (low to
 * high) = 0, 0, 1, 0: bank 4; row = bits 15-27 = 0x91a278 >> 15 = 291;
 * column = bits 0-7 and 9-11 = 0x78 | 1 << 8 = 376. Sub-partition:
 * 22 x 2 + (bank & 1) = 44. */
Test(dram_addr, titanv_map_power_of_two_channels)
{
    dram_params_t P;
    params_for(titanv_map, 32, &P);
    cr_expect_eq(P.map.mask[DRAM_F_CHIP], 0x1f00ull);
    cr_expect_eq(P.map.mask[DRAM_F_ROW], 0x1fff00000ull, "row bits 15-27 moved up 5");
    dram_addr_t a;
    dram_decode(&P.map, 0x12345678u, &a);
    cr_expect_eq(a.chip, 22);
    cr_expect_eq(a.bank, 4);
    cr_expect_eq(a.row, 291);
    cr_expect_eq(a.col, 376);
    cr_expect_eq(a.burst, 24);
    cr_expect_eq(a.sub, 44);
}

/* TITAN V's own 24 channels: not a power of two, so the channel is the bits
 * from 8 up modulo 24 and their quotient takes their place: 0x123456 =
 * 1193046 = 49710 x 24 + 6: channel 6; the rest is 49710 << 8 | 0x78 =
 * 0xc22e78: bank bits 8, 12, 13, 14 = 0, 0, 1, 0: bank 4; row
 * 0xc22e78 >> 15 = 388; column 0x78 | ((0xc22e78 >> 9) & 7) << 8 = 1912. */
Test(dram_addr, titanv_map_24_channels_by_modulo)
{
    dram_params_t P;
    params_for(titanv_map, 24, &P);
    cr_expect(P.map.gap);
    dram_addr_t a;
    dram_decode(&P.map, 0x12345678u, &a);
    cr_expect_eq(a.chip, 6);
    cr_expect_eq(a.bank, 4);
    cr_expect_eq(a.row, 388);
    cr_expect_eq(a.col, 1912);
    cr_expect_eq(a.burst, 24);
}

/* D bits in the string itself (no dramid@): 4 channels from bits 8-9,
 * bank bits 10-11, row from 12. 0xdeadbeef: channel (0xbe >> 0) & 3 = 2;
 * bank 0xbeef >> 10 & 3 = 3; row = bits 12-31 = 0xdeadb;
 * column = bits 0-7 = 0xef (S bits 0-4: 0xf). */
Test(dram_addr, map_with_its_own_channel_bits)
{
    dram_params_t P;
    params_for("00000000.00000000.00000000.00000000.RRRRRRRR.RRRRRRRR.RRRRBBDD.CCCSSSSS", 4, &P);
    dram_addr_t a;
    dram_decode(&P.map, 0xdeadbeefu, &a);
    cr_expect_eq(a.chip, 2);
    cr_expect_eq(a.bank, 3);
    cr_expect_eq(a.row, 0xdeadbu);
    cr_expect_eq(a.col, 0xefu);
    cr_expect_eq(a.burst, 0xfu);
}

/* -dram_bnk_indexing_policy on bank 4, row 0x3a5 (bits 0, 2, 5, 7, 8, 9),
 * 16 banks: linear 4; XOR 4 ^ (0x3a5 & 15) = 1; IPOLY: bank bit i ^= the
 * parity of the row under GPGPU-Sim's equation i (hashing.cc): bit 0 rows
 * 11,10,9,8,6,4,3,0 meet 0,8,9: 1; bit 1 rows 12,8,7,6,5,3,1,0 meet
 * 0,5,7,8: 0; bit 2 rows 9,8,7,6,4,2,1 meet 2,7,8,9: 0; bit 3 rows
 * 10,9,8,7,5,3,2 meet 2,5,7,8,9: 1. 4 ^ 0b1001 = 13. */
Test(dram_addr, bank_indexing_policies)
{
    dram_params_t P;
    memset(&P, 0, sizeof P);
    P.t.nbk = 16;
    dram_addr_t a = {.bank = 4, .row = 0x3a5};
    uint32_t want[3] = {4, 1, 13};
    for (uint32_t policy = DRAM_BANK_LINEAR; policy <= DRAM_BANK_IPOLY; policy++) {
        P.bank_index = policy;
        cr_expect_eq(dram_bank_of(&P, &a), want[policy], "policy %u", policy);
    }
}

/* IPOLY spreads 2^n strides of rows over the banks: rows 0, 1, 2, ... of
 * bank 0 go to every bank once in each run of 16 (32, 64) rows. */
Test(dram_addr, ipoly_spreads_consecutive_rows)
{
    for (uint32_t nbk = 16; nbk <= 64; nbk *= 2) {
        dram_params_t P;
        memset(&P, 0, sizeof P);
        P.t.nbk = nbk, P.bank_index = DRAM_BANK_IPOLY;
        uint64_t seen = 0;
        for (uint32_t row = 0; row < nbk; row++) {
            dram_addr_t a = {.bank = 0, .row = row};
            seen |= 1ull << dram_bank_of(&P, &a);
        }
        cr_expect_eq(seen, nbk == 64 ? ~0ull : (1ull << nbk) - 1, "%u banks", nbk);
    }
}

/* Bank groups of 16 banks in 4: bank 7 is in group 7 >> 2 = 1 by the high
 * bits, 7 & 3 = 3 by the low. */
Test(dram_addr, bank_groups)
{
    dram_params_t P;
    memset(&P, 0, sizeof P);
    P.t.nbk = 16, P.t.nbkgrp = 4, P.bk_tag_bits = 2;
    P.bankgrp_index = DRAM_BANKGRP_HIGH;
    cr_expect_eq(dram_group_of(&P, 7), 1);
    P.bankgrp_index = DRAM_BANKGRP_LOW;
    cr_expect_eq(dram_group_of(&P, 7), 3);
}
