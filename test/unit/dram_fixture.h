/* A DRAM channel with timings small and distinct enough to work schedules
 * out by hand, for the test_dram_*.c tests. Addresses: burst bits 0-4,
 * column 5-9, bank 10-11 (4 banks), row 12 up (dram_at). Every constraint
 * is the first cycle a command may issue after the one it follows:
 *
 *   tCCD 2  tRRD 3  tRCD 5  tRAS 11  tRP 4  tRC 17  CL 6  WL 2  tCDLR 3  tWR 4
 *   BL 4 at 2 beats a command cycle: a burst of 2 cycles, so a read issued
 *   at t is in at t + CL + 2 = t + 8.
 *   Derived as GPGPU-Sim does: tRCDWR = tRCD - (WL + 1) = 2,
 *   tRTW = CL + 2 + 2 - WL = 8, tWTR = WL + 2 + tCDLR = 7, tWTP = WL + 2 + tWR = 8.
 *
 * Within a cycle a free bank is given a request first, then commands issue;
 * a bank whose request issued its last column command takes the next one in
 * the following cycle. */
#ifndef DRAM_FIXTURE_H
#define DRAM_FIXTURE_H

#include <criterion/criterion.h>
#include <string.h>

#include "device/mem/dram.h"

static dram_params_t P;
static uint64_t dram_mem[1 << 15];
static dram_t *D;

static void dram_derive(dram_params_t *p)
{
    p->burst = 2;
    p->tRCDWR = p->t.tRCD - (p->t.WL + 1);
    p->tRTW = p->t.CL + p->burst + 2 - p->t.WL;
    p->tWTR = p->t.WL + p->burst + p->t.tCDLR;
    p->tWTP = p->t.WL + p->burst + p->t.tWR;
    uint32_t per = p->t.nbk / p->t.nbkgrp, k = 0;
    while (per >>= 1)
        k++;
    p->bk_tag_bits = k;
}

static void dram_params_small(void)
{
    memset(&P, 0, sizeof P);
    dram_timing_t t = {.nbk = 4, .tCCD = 2, .tRRD = 3, .tRCD = 5, .tRAS = 11, .tRP = 4, .tRC = 17, .CL = 6, .WL = 2,
                       .tCDLR = 3, .tWR = 4, .nbkgrp = 1, .tCCDL = 0, .tRTPL = 0};
    P.t = t;
    P.atom_bytes = 32;
    P.sched = DRAM_SCHED_FRFCFS;
    P.queue = 16;
    P.return_queue = 64;
    P.dual_bus = 1;
    P.map.chip_start = -1;
    P.map.mask[DRAM_F_BURST] = 0x1f;
    P.map.mask[DRAM_F_COL] = 0x3ff;
    P.map.mask[DRAM_F_BANK] = 0xc00;
    P.map.mask[DRAM_F_ROW] = 0xffff000;
    P.map.n_chan = 1;
    dram_derive(&P);
}

/* A channel on the parameters as they are now. */
static void dram_start(void)
{
    dram_derive(&P);
    cr_assert_leq(dram_bytes(&P), sizeof dram_mem);
    D = dram_init(dram_mem, &P);
}

static uint64_t dram_at(uint32_t bank, uint32_t row, uint32_t col)
{
    return (uint64_t)row << 12 | (uint64_t)bank << 10 | (uint64_t)col << 5;
}

static void push_ok(uint64_t addr, uint32_t write, uint32_t id, uint64_t arrive)
{
    cr_assert_eq(dram_push(D, addr, write, 1, id, arrive), 0, "request %u refused", id);
}

/* Runs to `until` and takes every read in by then: ids and done cycles in
 * the order the channel gives them. */
static uint32_t run_and_pop(uint64_t until, uint32_t *ids, uint64_t *done, uint32_t max)
{
    dram_step(D, until);
    uint32_t n = 0, id;
    uint64_t at;
    while (n < max && dram_pop(D, &id, &at))
        ids[n] = id, done[n] = at, n++;
    return n;
}

#endif
