/* The DRAM's options (gpu_config.h): read from files in GPGPU-Sim's two
 * timing forms, the shipped cards' values as their sources give them, the
 * model's parameters derived from them as GPGPU-Sim derives its own, and
 * the errors, one line each with the file and line. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <string.h>

#include "host/mem/dram_params.h"

static char err[512];

static int parse(gpu_config_t *c, const char *text)
{
    gpu_config_defaults(c);
    err[0] = 0;
    return gpu_config_parse(c, "c.cfg", text, err, sizeof err);
}

/* The named form over lines, as Accel-Sim's configs quote it, and the
 * legacy form (GPGPU-Sim's registered default, 4:2:8:12:..., with 16 banks
 * for the default map's 4 bank bits). */
Test(dram_config, timing_string_forms)
{
    gpu_config_t c;
    cr_assert_eq(parse(&c, "-gpgpu_dram_timing_opt \"nbk=16:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:\n"
                           "                        CL=12:WL=2:CDLR=3:WR=10:nbkgrp=4:CCDL=2:RTPL=3\"\n"),
                 0, "%s", err);
    dram_timing_t want = {16, 1, 3, 12, 28, 12, 40, 12, 2, 3, 10, 4, 2, 3};
    cr_expect_arr_eq(&c.dram_timing, &want, sizeof want);
    cr_expect_eq(c.nignored, 0);
    cr_assert_eq(parse(&c, "-gpgpu_dram_timing_opt 16:2:8:12:21:13:34:9:4:5:13\n"), 0, "%s", err);
    dram_timing_t legacy = {16, 2, 8, 12, 21, 13, 34, 9, 4, 5, 13, 1, 0, 0};
    cr_expect_arr_eq(&c.dram_timing, &legacy, sizeof legacy, "bank groups off when not given");
    cr_assert_eq(parse(&c, "-gpgpu_dram_timing_opt nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12\n"),
                 0, "%s", err);
    cr_expect_eq(c.dram_timing.nbkgrp, 1);
    cr_expect_eq(c.dram_timing.tCCDL, 0);
    gpu_config_free(&c);
}

Test(dram_config, the_other_options)
{
    gpu_config_t c;
    cr_assert_eq(parse(&c, "-gpgpu_dram_scheduler 0\n-gpgpu_frfcfs_dram_sched_queue_size 32\n"
                           "-gpgpu_dram_return_queue_size 0\n-gpgpu_dram_burst_length 8\n-dram_data_command_freq_ratio 4\n"
                           "-dram_bnk_indexing_policy 2\n-dram_bnkgrp_indexing_policy 0\n"
                           "-dram_seperate_write_queue_enable 1\n-dram_write_queue_size 64:56:32\n"
                           "-dram_dual_bus_interface 0\n-warpsim_dram_refresh 3315:221\n"),
                 0, "%s", err);
    dram_params_t P;
    cr_assert_eq(dram_params_from_config(&c, &P, err, sizeof err), 0, "%s", err);
    cr_expect_eq(P.sched, DRAM_SCHED_FIFO);
    cr_expect_eq(P.queue, 32);
    cr_expect_eq(P.return_queue, 1024, "GPGPU-Sim's 0");
    cr_expect_eq(P.burst, 2);
    cr_expect_eq(P.bank_index, DRAM_BANK_IPOLY);
    cr_expect_eq(P.bankgrp_index, DRAM_BANKGRP_HIGH);
    cr_expect_eq(P.write_queue, 0, "a write queue is FR-FCFS's only");
    cr_expect_eq(P.wq_size, 64);
    cr_expect_eq(P.wq_high, 56);
    cr_expect_eq(P.wq_low, 32);
    cr_expect_eq(P.dual_bus, 0);
    cr_expect_eq(P.refi, 3315);
    cr_expect_eq(P.rfc, 221);
    gpu_config_free(&c);
}

/* TITAN V (GPGPU-Sim's SM7_TITANV): HBM at BL 2, 2 beats a command cycle,
 * 16-byte channels. GPGPU-Sim's memory_config::init: tRCDWR = 12 - (2 + 1)
 * = 9, tRTW = 12 + 1 + 2 - 2 = 13, tWTR = 2 + 1 + 3 = 6, tWTP = 2 + 1 + 10
 * = 13, an atom of 2 x 16 = 32 bytes (one sector), 4 banks a group. */
Test(dram_config, titanv_derived_as_gpgpusim)
{
    gpu_config_t c;
    gpu_config_defaults(&c);
    cr_assert_eq(gpu_config_load(&c, "configs/gpu/titanv.cfg", err, sizeof err), 0, "%s", err);
    dram_params_t P;
    cr_assert_eq(dram_params_from_config(&c, &P, err, sizeof err), 0, "%s", err);
    cr_expect_eq(P.tRCDWR, 9);
    cr_expect_eq(P.tRTW, 13);
    cr_expect_eq(P.tWTR, 6);
    cr_expect_eq(P.tWTP, 13);
    cr_expect_eq(P.burst, 1);
    cr_expect_eq(P.atom_bytes, 32);
    cr_expect_eq(P.bk_tag_bits, 2);
    cr_expect_eq(P.sched, DRAM_SCHED_FRFCFS);
    cr_expect_eq(P.queue, 64);
    cr_expect_eq(P.return_queue, 192);
    cr_expect_eq(P.write_queue, 1);
    cr_expect_eq(P.wq_size, 128);
    cr_expect_eq(P.wq_high, 108);
    cr_expect_eq(P.wq_low, 32);
    cr_expect_eq(P.dual_bus, 1);
    cr_expect_eq(P.bank_index, DRAM_BANK_XOR);
    cr_expect_eq(P.bankgrp_index, DRAM_BANKGRP_LOW);
    cr_expect_eq(P.map.n_chan, 24);
    cr_expect(P.map.gap);
    gpu_config_free(&c);
}

typedef struct card {
    const char *path;
    uint32_t tRCD, CL, WL, burst, atom, queue, dual_bus;
} card_t;

ParameterizedTestParameters(dram_config, shipped_cards)
{
    /* each as its file's comment names the source: SM75_RTX2060_S (GDDR6:
     * BL 16 at 4 beats a cycle, 2-byte channels), SM80_A100, and SM90_H100's
     * HBM3 timings on the card's 16-byte channels with BL 2 (h100.cfg says
     * why not AS's 8 bytes and BL 4) */
    static card_t cards[] = {
        {"configs/gpu/titanv.cfg", 12, 12, 2, 1, 32, 64, 1},
        {"configs/gpu/rtx2070super.cfg", 20, 20, 8, 4, 32, 64, 0},
        {"configs/gpu/a100.cfg", 22, 22, 4, 1, 32, 64, 1},
        {"configs/gpu/h100.cfg", 19, 19, 6, 1, 32, 128, 1},
    };
    return cr_make_param_array(card_t, cards, sizeof cards / sizeof cards[0]);
}

ParameterizedTest(card_t *k, dram_config, shipped_cards)
{
    gpu_config_t c;
    char e[512];
    gpu_config_defaults(&c);
    cr_assert_eq(gpu_config_load(&c, k->path, e, sizeof e), 0, "%s", e);
    dram_params_t P;
    cr_assert_eq(dram_params_from_config(&c, &P, e, sizeof e), 0, "%s", e);
    cr_expect_eq(P.t.tRCD, k->tRCD, "%s", k->path);
    cr_expect_eq(P.t.CL, k->CL, "%s", k->path);
    cr_expect_eq(P.t.WL, k->WL, "%s", k->path);
    cr_expect_eq(P.burst, k->burst, "%s", k->path);
    cr_expect_eq(P.atom_bytes, k->atom, "%s: a sector a column command", k->path);
    cr_expect_eq(P.queue, k->queue, "%s", k->path);
    cr_expect_eq(P.dual_bus, k->dual_bus, "%s", k->path);
    cr_expect_eq(P.t.nbk, 16, "%s", k->path);
    cr_expect_eq(P.t.nbkgrp, 4, "%s", k->path);
    gpu_config_free(&c);
}

typedef struct bad {
    const char *text, *msg;
} bad_t;

ParameterizedTestParameters(dram_config, errors)
{
    static bad_t bad[] = {
        {"-gpgpu_dram_timing_opt nbk=16:CCD=1\n",
         "c.cfg:1: expected -gpgpu_dram_timing_opt to give RRD (GPGPU-Sim has no default for it)"},
        {"#\n-gpgpu_dram_timing_opt nbk=16:tCCD=1\n",
         "c.cfg:2: expected -gpgpu_dram_timing_opt fields <name>=<cycles> of nbk, CCD, RRD, RCD, RAS, RP, RC, CL, WL, "
         "CDLR, WR, nbkgrp, CCDL, RTPL, found 'tCCD='"},
        {"-gpgpu_dram_timing_opt nbk=16:CCD=x\n", "c.cfg:1: expected a number for -gpgpu_dram_timing_opt's CCD, found 'x'"},
        {"-gpgpu_dram_timing_opt 4:2:8\n",
         "c.cfg:1: expected -gpgpu_dram_timing_opt to have at least 11 numbers (nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR), "
         "found 3"},
        {"-gpgpu_dram_timing_opt 12:2:8:12:21:13:34:9:4:5:13\n",
         "c.cfg:1: expected -gpgpu_dram_timing_opt's nbk a power of two from 1 to 64, found 12"},
        {"-gpgpu_dram_timing_opt 16:2:8:12:21:13:34:9:4:5:13:3\n",
         "c.cfg:1: expected -gpgpu_dram_timing_opt's nbkgrp a power of two from 1 to nbk (16), found 3"},
        {"-gpgpu_mem_addr_mapping dramid@8;RRRRRRRR.RRRRRRRR.RRRRRRRR.RRRRRRRR.RRRRRRRR.RRRRRRRR.RBBBCXCC.BCCSSSSS\n",
         "c.cfg:1: expected -gpgpu_mem_addr_mapping's map of D, B, R, C, S and 0, found 'X' at character 69 of "
         "'dramid@8;RRRRRRRR.RRRRRRRR.RRRRRRRR.RRRRRRRR.RRRRRRRR.RRRRRRRR.RBBBCXCC.BCCSSSSS'"},
        {"-gpgpu_mem_addr_mapping dramid@8;RBBBCCCC.BCCSSSSS\n",
         "c.cfg:1: expected -gpgpu_mem_addr_mapping's map to be 64 bits, found 16 in 'dramid@8;RBBBCCCC.BCCSSSSS'"},
        {"-gpgpu_mem_addr_mapping dramid@x;RBBB\n",
         "c.cfg:1: expected -gpgpu_mem_addr_mapping dramid@<bit 0-62>;<map>, found 'dramid@x;RBBB'"},
        {"-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.DCCSSSSS\n",
         "c.cfg:1: expected no D bits in -gpgpu_mem_addr_mapping after dramid@8 (the channel bits go there)"},
        {"-gpgpu_n_mem 24\n-gpgpu_mem_addr_mapping 00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.DDDSSSSS\n",
         "c.cfg:2: expected -gpgpu_n_mem a power of two (found 24) with D bits in -gpgpu_mem_addr_mapping, or dramid@<bit>"},
        {"-gpgpu_n_mem 16\n-gpgpu_mem_addr_mapping 00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.DDDSSSSS\n",
         "c.cfg:2: expected 4 D bits in -gpgpu_mem_addr_mapping for 16 channels, found 3"},
        {"-gpgpu_mem_addr_mapping 00000000.00000000.00000000.00000000.000RRRRR.RRRRRRRR.BBBBBCCC.DDDSSSSS\n",
         "c.cfg:1: expected at most 4 B bits in -gpgpu_mem_addr_mapping for 16 banks, found 5"},
        {"-dram_write_queue_size 8:9:1\n",
         "c.cfg:1: expected -dram_write_queue_size <entries>:<high watermark>:<low watermark>, entries >= high >= low, "
         "high above 0, found '8:9:1'"},
        {"-warpsim_dram_refresh 10:20\n",
         "c.cfg:1: expected -warpsim_dram_refresh <tREFI>:<tRFC> DRAM cycles, tREFI above tRFC above 0, or 0:0, "
         "found '10:20'"},
        {"-dram_bnk_indexing_policy 3\n",
         "c.cfg:1: expected -dram_bnk_indexing_policy 0 (linear), 1 (XOR) or 2 (IPOLY), found 3 (GPGPU-Sim's custom, "
         "which has no function)"},
        {"-gpgpu_dram_timing_opt 8:2:8:12:21:13:34:9:4:5:13\n-dram_bnk_indexing_policy 2\n",
         "c.cfg:2: expected 16, 32 or 64 banks for -dram_bnk_indexing_policy 2 (IPOLY), found 8"},
        {"-gpgpu_dram_burst_length 3\n",
         "c.cfg:1: expected -gpgpu_dram_burst_length (3) a multiple of -dram_data_command_freq_ratio (2): a burst takes "
         "whole command cycles"},
        {"-gpgpu_dram_scheduler 2\n", "c.cfg:1: expected 0 or 1 for -gpgpu_dram_scheduler, found '2'"},
        {"-gpgpu_frfcfs_dram_sched_queue_size 0\n",
         "c.cfg:1: expected a number above 0 for -gpgpu_frfcfs_dram_sched_queue_size"},
    };
    return cr_make_param_array(bad_t, bad, sizeof bad / sizeof bad[0]);
}

ParameterizedTest(bad_t *b, dram_config, errors)
{
    gpu_config_t c;
    cr_expect_eq(parse(&c, b->text), -1, "%s", b->text);
    cr_expect_str_eq(err, b->msg);
    gpu_config_free(&c);
}
