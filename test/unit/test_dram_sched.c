/* The DRAM scheduler on crafted request streams against hand-worked
 * schedules (dram_fixture.h's timings; "cycle: command", a read in 8
 * cycles after its RD): FR-FCFS against FIFO, the write queue's
 * watermarks, refresh, the return queue, and a schedule that does not
 * depend on how the caller steps. */
#include "dram_fixture.h"

static uint32_t ids[512];
static uint64_t done[512];

/* One bank: a (row 1) at 0, b (row 2) at 1, c (row 1) at 2.
 * FR-FCFS: 0 ACT, 5 RD a (13); 6 c, the row hit, before the older b: RD 7
 * (15); 8 b: PRE 11 (tRAS), ACT 17 (tRC), RD 22 (30).
 * FIFO: 6 b: PRE 11, ACT 17, RD 22 (30); 23 c: PRE at 17 + tRAS = 28, ACT
 * at max(17 + tRC, 28 + tRP) = 34, RD 39 (47). */
Test(dram_sched, frfcfs_serves_a_later_row_hit_first_fifo_does_not)
{
    for (uint32_t sched = DRAM_SCHED_FIFO; sched <= DRAM_SCHED_FRFCFS; sched++) {
        dram_params_small();
        P.sched = sched;
        dram_start();
        push_ok(dram_at(0, 1, 0), 0, 'a', 0);
        push_ok(dram_at(0, 2, 0), 0, 'b', 1);
        push_ok(dram_at(0, 1, 1), 0, 'c', 2);
        cr_assert_eq(run_and_pop(100, ids, done, 16), 3);
        int fr = sched == DRAM_SCHED_FRFCFS;
        cr_expect_eq(ids[0], 'a');
        cr_expect_eq(ids[1], fr ? 'c' : 'b', "%s", fr ? "FR-FCFS" : "FIFO");
        cr_expect_eq(ids[2], fr ? 'b' : 'c');
        cr_expect_eq(done[0], 13);
        cr_expect_eq(done[1], fr ? 15 : 30);
        cr_expect_eq(done[2], fr ? 30 : 47);
        cr_expect_eq(D->st.hits, fr ? 1 : 0);
        cr_expect_eq(D->st.n_act, fr ? 2 : 3);
    }
}

/* FIFO's head waits for its bank, and everything behind it: a (bank 0 row
 * 1), b (bank 0 row 2), c (bank 1) at 0. FR-FCFS gives bank 1 c at 1: ACT
 * 3 (tRRD), RD 8 (16). FIFO gives it c only after b (taken at 6): 7 ACT,
 * 12 RD (20). */
Test(dram_sched, fifo_head_blocks_other_banks)
{
    for (uint32_t sched = DRAM_SCHED_FIFO; sched <= DRAM_SCHED_FRFCFS; sched++) {
        dram_params_small();
        P.sched = sched;
        dram_start();
        push_ok(dram_at(0, 1, 0), 0, 'a', 0);
        push_ok(dram_at(0, 2, 0), 0, 'b', 0);
        push_ok(dram_at(1, 1, 0), 0, 'c', 0);
        cr_assert_eq(run_and_pop(100, ids, done, 16), 3);
        uint64_t c_done = 0;
        for (int i = 0; i < 3; i++)
            if (ids[i] == 'c')
                c_done = done[i];
        cr_expect_eq(c_done, sched == DRAM_SCHED_FRFCFS ? 16 : 20, "scheduler %u", sched);
    }
}

/* A write queue of 8, drained from 3 writes until fewer than 1. Two writes
 * (bank 1 row 1) and a read (bank 0 row 5) at 0: the read is served (ACT
 * 0, RD 5, in 13), the writes wait below the watermark however idle bank 1
 * is. At 200 a third write and a second read (bank 0's open row): writes
 * first: 200 ACT bank 1, 202 WR (tRCDWR), 204 WR, 206 WR; 207 reads again:
 * RD at 206 + tWTR = 213, in 221. Without a write queue the writes go at
 * once and the read at 200 is a row hit: RD 200, in 208. */
Test(dram_sched, write_queue_drains_at_its_watermark)
{
    for (uint32_t wq = 0; wq <= 1; wq++) {
        dram_params_small();
        P.write_queue = wq, P.wq_size = 8, P.wq_high = 3, P.wq_low = 1;
        dram_start();
        push_ok(dram_at(1, 1, 0), 1, 1, 0);
        push_ok(dram_at(1, 1, 1), 1, 2, 0);
        push_ok(dram_at(0, 5, 0), 0, 3, 0);
        cr_assert_eq(run_and_pop(200, ids, done, 16), 1);
        cr_expect_eq(done[0], 13);
        cr_expect_eq(D->st.n_wr, wq ? 0 : 2, "write queue %u", wq);
        push_ok(dram_at(1, 1, 2), 1, 4, 200);
        push_ok(dram_at(0, 5, 1), 0, 5, 200);
        cr_assert_eq(run_and_pop(300, ids, done, 16), 1);
        cr_expect_eq(ids[0], 5);
        cr_expect_eq(done[0], wq ? 221 : 208, "write queue %u", wq);
        cr_expect_eq(D->st.n_wr, 3);
    }
}

/* A full queue refuses: with a write queue, writes and reads apart. */
Test(dram_sched, full_queues_refuse)
{
    dram_params_small();
    P.queue = 2, P.write_queue = 1, P.wq_size = 1, P.wq_high = 1, P.wq_low = 1;
    dram_start();
    push_ok(dram_at(0, 1, 0), 1, 1, 0);
    cr_expect_eq(dram_push(D, dram_at(0, 1, 1), 1, 1, 2, 0), -1);
    push_ok(dram_at(0, 1, 2), 0, 3, 0);
    push_ok(dram_at(0, 1, 3), 0, 4, 0);
    cr_expect_eq(dram_push(D, dram_at(0, 1, 4), 0, 1, 5, 0), -1);
    cr_expect_eq(D->st.n_req, 3);
}

/* All-bank refresh every 100 cycles taking 30: a read at 0 leaves row 1
 * open (ACT 0, RD 5); at 100 the refresh is due: PRE 100, the banks are
 * closed from 104 (tRP), REF 104, no activate before 134. A read of row 1
 * at 105: ACT 134, RD 139, in 147. Without refresh it is a row hit: RD 105,
 * in 113. */
Test(dram_sched, refresh_closes_and_blocks_the_banks)
{
    for (uint32_t refresh = 0; refresh <= 1; refresh++) {
        dram_params_small();
        P.refi = refresh ? 100 : 0, P.rfc = refresh ? 30 : 0;
        dram_start();
        push_ok(dram_at(0, 1, 0), 0, 1, 0);
        cr_assert_eq(run_and_pop(105, ids, done, 16), 1);
        push_ok(dram_at(0, 1, 1), 0, 2, 105);
        cr_assert_eq(run_and_pop(160, ids, done, 16), 1);
        cr_expect_eq(done[0], refresh ? 147 : 113, "refresh %u", refresh);
        cr_expect_eq(D->st.n_ref, refresh);
        cr_expect_eq(D->st.n_pre, refresh);
    }
}

/* A return queue of 1: the second read waits for the caller to take the
 * first. Two row hits: RD 5 (in 13); the second is the bank's from 6 but
 * issues only once the first is taken, at 20: RD 20, in 28. */
Test(dram_sched, return_queue_holds_back_reads)
{
    dram_params_small();
    P.return_queue = 1;
    dram_start();
    push_ok(dram_at(0, 1, 0), 0, 1, 0);
    push_ok(dram_at(0, 1, 1), 0, 2, 0);
    dram_step(D, 20);
    cr_expect_eq(D->st.n_rd, 1);
    cr_expect_eq(dram_next(D), 20, "the first read is in: now");
    cr_assert_eq(run_and_pop(20, ids, done, 1), 1);
    cr_expect_eq(done[0], 13);
    cr_assert_eq(run_and_pop(40, ids, done, 16), 1);
    cr_expect_eq(done[0], 28);
}

/* An idle channel has nothing to do; one with a request says when. */
Test(dram_sched, next_event)
{
    dram_params_small();
    dram_start();
    cr_expect_eq(dram_next(D), DRAM_NEVER);
    push_ok(dram_at(0, 1, 0), 0, 1, 50);
    cr_expect_eq(dram_next(D), 50, "its arrival");
    dram_step(D, 51);
    cr_expect_eq(dram_next(D), 55, "its RD, tRCD after the ACT at 50");
    dram_step(D, 56);
    cr_expect_eq(dram_next(D), 63, "its data");
}

/* A stream of 300 requests (a fixed generator: 4 banks, 3 rows, a third
 * writes, 1-2 sectors, arrivals 0-7 cycles apart) on a channel with bank
 * groups, a write queue and refresh: stepping a cycle at a time, in one
 * step, or from event to event gives the same reads at the same cycles and
 * the same counters. how 3 and 4 step a cycle at a time with each request
 * pushed only 5 cycles before it arrives, as the memory phase pushes them;
 * 4 makes the channel forget, before every step, what it knew of the
 * cycles in which nothing can happen (dram_t.quiet_until), as it did
 * before it kept that from one step to the next. */
static uint32_t stream(uint32_t how, uint32_t *out_ids, uint64_t *out_done, dram_stats_t *st)
{
    dram_params_small();
    P.t.nbkgrp = 2, P.t.tCCDL = 3, P.t.tRTPL = 2, P.bankgrp_index = DRAM_BANKGRP_LOW;
    P.queue = 512, P.write_queue = 1, P.wq_size = 512, P.wq_high = 2, P.wq_low = 1;
    P.return_queue = 512, P.refi = 500, P.rfc = 40;
    dram_start();
    static uint64_t addr[600], arrive[600];
    static uint32_t write[600], sectors[600], ids[600];
    uint32_t nreq = 0;
    uint32_t x = 12345;
    uint64_t t = 0;
    for (uint32_t i = 0; i < 300; i++) {
        x = x * 1103515245u + 12345u;
        uint32_t r = x >> 8;
        t += r % 24;
        addr[nreq] = dram_at(r >> 3 & 3, r >> 5 & 3 ? (r >> 5 & 3) - 1 : 0, r >> 7 & 31);
        write[nreq] = r % 3 == 0, sectors[nreq] = 1, ids[nreq] = i, arrive[nreq++] = t;
        if ((r >> 12) & 1)
            addr[nreq] = dram_at(r >> 3 & 3, 1, 2), write[nreq] = 0, sectors[nreq] = 2, ids[nreq] = 1000 + i,
            arrive[nreq++] = t;
    }
    uint32_t pushed = 0;
    if (how < 3)
        for (; pushed < nreq; pushed++)
            cr_assert_eq(dram_push(D, addr[pushed], write[pushed], sectors[pushed], ids[pushed], arrive[pushed]), 0);
    const uint64_t end = 20000;
    uint32_t n = 0, id;
    uint64_t at;
    if (how == 0 || how >= 3) {
        for (uint64_t c = 1; c <= end; c++) {
            for (; pushed < nreq && arrive[pushed] <= c + 5; pushed++)
                cr_assert_eq(dram_push(D, addr[pushed], write[pushed], sectors[pushed], ids[pushed], arrive[pushed]), 0);
            if (how == 4)
                D->quiet_until = 0;
            dram_step(D, c);
            while (dram_pop(D, &id, &at))
                out_ids[n] = id, out_done[n] = at, n++;
        }
    } else if (how == 1) {
        dram_step(D, end);
        while (dram_pop(D, &id, &at))
            out_ids[n] = id, out_done[n] = at, n++;
    } else {
        while (D->now < end) {
            uint64_t next = dram_next(D);
            dram_step(D, next == DRAM_NEVER || next >= end ? end : next + 1);
            while (dram_pop(D, &id, &at))
                out_ids[n] = id, out_done[n] = at, n++;
        }
    }
    *st = D->st;
    return n;
}

Test(dram_sched, schedule_does_not_depend_on_the_steps)
{
    static uint32_t id_a[512], id_b[512];
    static uint64_t done_a[512], done_b[512];
    dram_stats_t sa, sb;
    uint32_t na = stream(0, id_a, done_a, &sa);
    cr_assert_gt(na, 150);
    cr_expect_eq(sa.n_rd, sa.rd_atoms, "every read burst issued");
    cr_expect_lt(sa.wr_atoms - sa.n_wr, 2, "the writes left wait below the high watermark");
    cr_expect_gt(sa.n_ref, 0);
    cr_expect_gt(sa.hits, 0);
    cr_expect_lt(sa.hits, sa.access);
    for (uint32_t how = 1; how <= 2; how++) {
        uint32_t nb = stream(how, id_b, done_b, &sb);
        cr_assert_eq(nb, na, "stepping %u", how);
        cr_expect_arr_eq(id_b, id_a, na * sizeof id_a[0], "stepping %u", how);
        cr_expect_arr_eq(done_b, done_a, na * sizeof done_a[0], "stepping %u", how);
        cr_expect_arr_eq(&sb, &sa, sizeof sa, "stepping %u: counters", how);
    }
    /* requests pushed as they come: what the channel keeps of its quiet
     * cycles from one step to the next changes nothing */
    uint32_t n3 = stream(3, id_a, done_a, &sa), n4 = stream(4, id_b, done_b, &sb);
    cr_assert_gt(n3, 150);
    cr_assert_eq(n4, n3);
    cr_expect_arr_eq(id_b, id_a, n3 * sizeof id_a[0]);
    cr_expect_arr_eq(done_b, done_a, n3 * sizeof done_a[0]);
    cr_expect_arr_eq(&sb, &sa, sizeof sa, "counters");
}
