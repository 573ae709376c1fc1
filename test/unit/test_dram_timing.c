/* The DRAM channel's timing constraints, each asserted at the exact cycle a
 * hand-worked schedule gives (the fixture's timings, dram_fixture.h). A
 * schedule is written "cycle: command", RD's data in 8 cycles later. */
#include "dram_fixture.h"

static uint32_t ids[16];
static uint64_t done[16];

/* 0: ACT; 5 (tRCD): RD; in at 13. */
Test(dram_timing, read_waits_trcd_then_cl)
{
    dram_params_small();
    dram_start();
    push_ok(dram_at(0, 1, 0), 0, 7, 0);
    cr_assert_eq(run_and_pop(100, ids, done, 16), 1);
    cr_expect_eq(ids[0], 7);
    cr_expect_eq(done[0], 5 + 6 + 2, "tRCD + CL + burst");
    cr_expect_eq(D->st.n_act, 1);
    cr_expect_eq(D->st.n_rd, 1);
    cr_expect_eq(D->st.bwutil, 2);
}

/* A row hit: 0 ACT, 5 RD a (in 13); 6 the bank takes b; 7 (tCCD after 5)
 * RD b, in 15. */
Test(dram_timing, row_hit_waits_tccd)
{
    dram_params_small();
    dram_start();
    push_ok(dram_at(0, 1, 0), 0, 1, 0);
    push_ok(dram_at(0, 1, 1), 0, 2, 0);
    cr_assert_eq(run_and_pop(100, ids, done, 16), 2);
    cr_expect_eq(done[0], 13);
    cr_expect_eq(done[1], 15);
    cr_expect_eq(D->st.hits, 1);
    cr_expect_eq(D->st.access, 2);
}

/* A row miss in one bank: 0 ACT row 1, 5 RD (in 13), 6 the bank takes
 * row 2; 11 PRE (tRAS from 0); ACT at max(0 + tRC, 11 + tRP) = 17 (tRC
 * binds); 22 RD, in 30. */
Test(dram_timing, row_miss_waits_tras_and_trc)
{
    dram_params_small();
    dram_start();
    push_ok(dram_at(0, 1, 0), 0, 1, 0);
    push_ok(dram_at(0, 2, 0), 0, 2, 0);
    cr_assert_eq(run_and_pop(100, ids, done, 16), 2);
    cr_expect_eq(done[1], 17 + 5 + 8);
    cr_expect_eq(D->st.n_act, 2);
    cr_expect_eq(D->st.n_pre, 1);
    cr_expect_eq(D->st.hits, 0);
}

/* The same with tRC 12: ACT at max(0 + 12, 11 + tRP 4) = 15 (tRP binds),
 * RD 20, in 28. */
Test(dram_timing, row_miss_waits_trp)
{
    dram_params_small();
    P.t.tRC = 12;
    dram_start();
    push_ok(dram_at(0, 1, 0), 0, 1, 0);
    push_ok(dram_at(0, 2, 0), 0, 2, 0);
    cr_assert_eq(run_and_pop(100, ids, done, 16), 2);
    cr_expect_eq(done[1], 15 + 5 + 8);
}

/* And with tRAS 3, tRC 5: PRE waits for the read's burst instead
 * (RD 5 + 2 = 7), ACT 11 (tRP), RD 16, in 24. */
Test(dram_timing, precharge_waits_for_the_read_burst)
{
    dram_params_small();
    P.t.tRAS = 3, P.t.tRC = 5;
    dram_start();
    push_ok(dram_at(0, 1, 0), 0, 1, 0);
    push_ok(dram_at(0, 2, 0), 0, 2, 0);
    cr_assert_eq(run_and_pop(100, ids, done, 16), 2);
    cr_expect_eq(done[1], 11 + 5 + 8);
}

/* Two banks: 0 ACT bank 0; 1 bank 1 takes its request, ACT at 3 (tRRD);
 * 5 RD bank 0 (in 13); RD bank 1 at max(3 + tRCD, 5 + tCCD) = 8, in 16. */
Test(dram_timing, activates_wait_trrd)
{
    dram_params_small();
    dram_start();
    push_ok(dram_at(0, 1, 0), 0, 1, 0);
    push_ok(dram_at(1, 1, 0), 0, 2, 0);
    cr_assert_eq(run_and_pop(100, ids, done, 16), 2);
    cr_expect_eq(done[0], 13);
    cr_expect_eq(done[1], 16);
}

/* Write then read, one row: 0 ACT, 2 WR (tRCDWR = 2); 3 the bank takes the
 * read, RD at max(2 + tCCD, 0 + tRCD, 2 + tWTR 7) = 9, in 17. */
Test(dram_timing, read_after_write_waits_twtr)
{
    dram_params_small();
    dram_start();
    push_ok(dram_at(0, 1, 0), 1, 1, 0);
    push_ok(dram_at(0, 1, 1), 0, 2, 0);
    cr_assert_eq(run_and_pop(100, ids, done, 16), 1, "a write gives nothing back");
    cr_expect_eq(ids[0], 2);
    cr_expect_eq(done[0], 9 + 8);
    cr_expect_eq(D->st.n_wr, 1);
    cr_expect_eq(D->st.wr_atoms, 1);
}

/* Read, write, read in one row: 5 RD (in 13); 6 the write, WR at
 * 5 + tRTW 8 = 13; 14 the read, RD at 13 + tWTR 7 = 20, in 28. */
Test(dram_timing, write_after_read_waits_trtw)
{
    dram_params_small();
    dram_start();
    push_ok(dram_at(0, 1, 0), 0, 1, 0);
    push_ok(dram_at(0, 1, 1), 1, 2, 0);
    push_ok(dram_at(0, 1, 2), 0, 3, 0);
    cr_assert_eq(run_and_pop(100, ids, done, 16), 2);
    cr_expect_eq(done[0], 13);
    cr_expect_eq(done[1], 28);
}

/* Write recovery: with tRAS 3 and tRC 5, a write at 2 holds its row until
 * 2 + tWTP 8 = 10: PRE 10, ACT 14, RD 19, in 27. */
Test(dram_timing, precharge_after_write_waits_twr)
{
    dram_params_small();
    P.t.tRAS = 3, P.t.tRC = 5;
    dram_start();
    push_ok(dram_at(0, 1, 0), 1, 1, 0);
    push_ok(dram_at(0, 2, 0), 0, 2, 0);
    cr_assert_eq(run_and_pop(100, ids, done, 16), 1);
    cr_expect_eq(done[0], 10 + 4 + 5 + 8);
}

/* Bank groups (the low bank bit picks one of 2), tCCDL 5: banks 0 and 2
 * share a group. 0 ACT bank 0, 3 ACT bank 2 (tRRD), 5 RD bank 0 (in 13);
 * RD bank 2 at max(3 + tRCD, 5 + tCCD, 5 + tCCDL) = 10, in 18. Bank 1,
 * the other group, only waits tCCD: RD 8, in 16. */
Test(dram_timing, same_bank_group_waits_tccdl)
{
    for (uint32_t other = 1; other <= 2; other++) {
        dram_params_small();
        P.t.nbkgrp = 2, P.t.tCCDL = 5, P.bankgrp_index = DRAM_BANKGRP_LOW;
        dram_start();
        push_ok(dram_at(0, 1, 0), 0, 1, 0);
        push_ok(dram_at(other, 1, 0), 0, 2, 0);
        cr_assert_eq(run_and_pop(100, ids, done, 16), 2);
        cr_expect_eq(done[1], other == 2 ? 18 : 16, "bank %u", other);
    }
}

/* tRTPL: a read in a group holds back precharges in the group. Groups by
 * the high bank bit (banks 0 and 1 in group 0), tRTPL 9, tRAS 3, tRC 5:
 * 0 ACT bank 0 row 1; 3 ACT bank 1 row 1 (tRRD); 5 RD bank 0 (in 13);
 * 8 RD bank 1 (in 16); bank 0's next request, row 2 (taken at 6), PRE at
 * max(0 + 3, 5 + 2, 8 + tRTPL 9) = 17, ACT 21, RD 26, in 34. Without
 * tRTPL: PRE 7, ACT 11, RD 16, in 24. */
Test(dram_timing, same_bank_group_read_to_precharge_waits_trtpl)
{
    for (uint32_t rtpl = 0; rtpl <= 9; rtpl += 9) {
        dram_params_small();
        P.t.nbkgrp = 2, P.t.tRTPL = rtpl, P.t.tRAS = 3, P.t.tRC = 5, P.bankgrp_index = DRAM_BANKGRP_HIGH;
        dram_start();
        push_ok(dram_at(0, 1, 0), 0, 1, 0);
        push_ok(dram_at(1, 1, 0), 0, 2, 0);
        push_ok(dram_at(0, 2, 0), 0, 3, 0);
        cr_assert_eq(run_and_pop(100, ids, done, 16), 3);
        cr_expect_eq(ids[2], 3);
        cr_expect_eq(done[2], rtpl ? 34 : 24, "tRTPL %u", rtpl);
    }
}

/* One command a cycle without the dual bus. Bank 1's request arrives at 5,
 * when bank 0's RD issues: with HBM's dual bus ACT bank 1 goes in the same
 * cycle, RD bank 1 at 10, in 18; with one bus ACT waits to 6, RD 11, in 19. */
Test(dram_timing, single_bus_one_command_a_cycle)
{
    for (uint32_t dual = 0; dual <= 1; dual++) {
        dram_params_small();
        P.dual_bus = dual;
        dram_start();
        push_ok(dram_at(0, 1, 0), 0, 1, 0);
        push_ok(dram_at(1, 1, 0), 0, 2, 5);
        cr_assert_eq(run_and_pop(100, ids, done, 16), 2);
        cr_expect_eq(done[0], 13);
        cr_expect_eq(done[1], dual ? 18 : 19, "dual bus %u", dual);
    }
}

/* A request of 2 sectors with 32-byte atoms takes two column commands,
 * tCCD apart: RD 5 and 7, in at 15; one read given back, two bursts. */
Test(dram_timing, sectors_take_a_column_command_each)
{
    dram_params_small();
    dram_start();
    cr_assert_eq(dram_push(D, dram_at(0, 1, 0), 0, 2, 9, 0), 0);
    cr_assert_eq(run_and_pop(100, ids, done, 16), 1);
    cr_expect_eq(done[0], 15);
    cr_expect_eq(D->st.n_rd, 2);
    cr_expect_eq(D->st.rd_atoms, 2);
    cr_expect_eq(D->st.bwutil, 4);
}
