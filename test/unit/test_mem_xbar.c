/* The crossbar's arbitration (src/device/mem/mem_xbar.h) on crafted
 * offers against hand-computed schedules: who crosses when under iSLIP's
 * grant pointer and GPGPU-Sim's round robin, an input's packets for two
 * outputs not blocking each other, an output's room and a packet's flits.
 * Three inputs (nodes 0-2) and two outputs (nodes 3-4), as the request
 * network numbers SMs and slices. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "device/mem/mem_xbar.h"

static mem_xbar_t X;
static void *block;
static uint32_t label[64]; /* a slot's packet: the number the test gave it */

static void net(uint32_t algo, uint32_t grant_cycles)
{
    block = aligned_alloc(64, (mem_xbar_bytes(3, 2, 8) + 63) & ~(size_t)63);
    cr_assert(block);
    mem_xbar_init(&X, block, 3, 2, 8, 0, 5, algo, grant_cycles);
}

static void done(void) { free(block); }

/* Offers (input, output, arrival, flits), each input's in its order,
 * numbered first, first + 1, ...; then every output served to `until` with
 * room[o] each. The cycle each numbered packet crossed into cross[] (those
 * that did not keep theirs). */
static void phase(const uint32_t (*offers)[4], uint32_t n, uint32_t first, const uint32_t *room, uint64_t until,
                  uint64_t *cross)
{
    mem_xbar_begin(&X);
    for (uint32_t k = 0; k < n; k++) {
        mem_req_t r = {0};
        r.at = offers[k][2];
        cr_assert(mem_xbar_offer(&X, offers[k][0], offers[k][1], &r, offers[k][3]));
        label[X.aslot[X.n - 1]] = first + k;
    }
    mem_xbar_sort(&X);
    for (uint32_t o = 0; o < 2; o++) {
        X.room[o] = room[o];
        uint64_t last = 0;
        uint32_t got = mem_xbar_serve(&X, o, until);
        for (uint32_t q = 0; q < got; q++) {
            uint32_t s = X.done[X.ndone + q];
            cr_assert_geq(X.cross[s], last, "an output's crossings in time order");
            last = cross[label[s]] = X.cross[s];
        }
        mem_xbar_release(&X, got);
    }
    mem_xbar_end(&X, until);
}

#define NEVER (~(uint64_t)0)
static const uint32_t roomy[2] = {64, 64};

/* iSLIP: output 0's pointer starts at node 0 and moves one past each input
 * it grants: three inputs' packets at cycle 0 cross at 0, 1, 2 in input
 * order; then, the pointer at node 3 (not an input: the first input from
 * there is 0), inputs 2 and 0 at cycle 10 cross 0 first. */
Test(mem_xbar, islip_grant_pointer_moves_past_the_winner, .fini = done)
{
    net(MEM_XBAR_ISLIP, 1);
    static const uint32_t a[3][4] = {{2, 0, 0, 1}, {0, 0, 0, 1}, {1, 0, 0, 1}};
    uint64_t c[8] = {NEVER, NEVER, NEVER, NEVER, NEVER, NEVER, NEVER, NEVER};
    phase(a, 3, 0, roomy, 10, c);
    cr_expect_eq(c[1], 0);
    cr_expect_eq(c[2], 1);
    cr_expect_eq(c[0], 2);
    static const uint32_t b[2][4] = {{2, 0, 10, 1}, {0, 0, 10, 1}};
    phase(b, 2, 3, roomy, 100, c);
    cr_expect_eq(c[4], 10, "input 0 first from node 3");
    cr_expect_eq(c[3], 11);
    cr_expect_eq(X.st.packets, 5);
    cr_expect_eq(X.st.conflicts, 2 + 1 + 1, "waiting inputs that lost: 2 and 1, then 1");
}

/* -icnt_grant_cycles 2: the pointer moves at every second grant, so input
 * 0 keeps output 0 for a second packet before input 1 gets it. */
Test(mem_xbar, grant_cycles_hold_the_pointer, .fini = done)
{
    net(MEM_XBAR_ISLIP, 2);
    static const uint32_t a[4][4] = {{0, 0, 0, 1}, {1, 0, 0, 1}, {0, 0, 0, 1}, {1, 0, 0, 1}};
    uint64_t c[4];
    phase(a, 4, 0, roomy, 100, c);
    cr_expect_eq(c[0], 0);
    cr_expect_eq(c[2], 1, "the pointer still at node 0");
    cr_expect_eq(c[1], 2);
    cr_expect_eq(c[3], 3);
}

/* Round robin (GPGPU-Sim's RR_Advance): priority starts at node
 * cycle % 5 for every output. At cycle 6 that is node 1, at 7 node 2, at
 * 8 node 3 (a slice: input 0 comes first). */
Test(mem_xbar, round_robin_rotates_with_the_cycle, .fini = done)
{
    net(MEM_XBAR_RR, 1);
    static const uint32_t a[3][4] = {{0, 1, 6, 1}, {1, 1, 6, 1}, {2, 1, 6, 1}};
    uint64_t c[3];
    phase(a, 3, 0, roomy, 100, c);
    cr_expect_eq(c[1], 6);
    cr_expect_eq(c[2], 7);
    cr_expect_eq(c[0], 8);
}

/* An input's packet waiting for a busy output does not hold back its next
 * one for another (virtual output queues): input 1 wins output 0 at cycle
 * 0 (the pointer set to it), input 0's packet for output 0 crosses at 1,
 * and its packet for output 1, behind it, at 0. */
Test(mem_xbar, no_head_of_line_blocking, .fini = done)
{
    net(MEM_XBAR_ISLIP, 1);
    X.ptr[0] = 1;
    static const uint32_t a[3][4] = {{0, 0, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}};
    uint64_t c[3];
    phase(a, 3, 0, roomy, 100, c);
    cr_expect_eq(c[1], 0);
    cr_expect_eq(c[0], 1);
    cr_expect_eq(c[2], 0);
}

/* An output takes packets while it has room; one of f flits holds it f
 * cycles; what has not crossed by the phase's end waits in the crossbar
 * and crosses in the next, from where the output was left. */
Test(mem_xbar, room_flits_and_the_phase_end, .fini = done)
{
    net(MEM_XBAR_ISLIP, 1);
    static const uint32_t a[3][4] = {{0, 0, 4, 3}, {1, 0, 4, 1}, {2, 0, 4, 1}};
    static const uint32_t two[2] = {2, 64};
    uint64_t c[5] = {NEVER, NEVER, NEVER, NEVER, NEVER};
    phase(a, 3, 0, two, 100, c);
    cr_expect_eq(c[0], 4);
    cr_expect_eq(c[1], 7, "three flits hold the output three cycles");
    cr_expect_eq(c[2], NEVER, "no room for a third");
    cr_expect_eq(X.st.out_full, 1);
    cr_expect_eq(X.used[2], 1, "it waits in input 2's buffer");
    phase(a, 0, 3, roomy, 120, c);
    cr_expect_eq(c[2], 100, "the next phase starts where the last ended: %llu", (unsigned long long)c[2]);
    cr_expect_eq(X.used[2], 0);
    static const uint32_t d[2][4] = {{0, 1, 150, 1}, {1, 1, 150, 1}};
    phase(d, 2, 3, roomy, 151, c);
    cr_expect_eq(c[3], 150);
    cr_expect_eq(c[4], NEVER, "after the phase's end");
    phase(d, 0, 5, roomy, 200, c);
    cr_expect_eq(c[4], 151, "then the next cycle");
}

/* An input has no more than its slots in the crossbar (the phase's caller
 * keeps the rest); what crossed frees them. */
Test(mem_xbar, an_input_has_its_slots, .fini = done)
{
    block = aligned_alloc(64, (mem_xbar_bytes(3, 2, 2) + 63) & ~(size_t)63);
    mem_xbar_init(&X, block, 3, 2, 2, 0, 5, MEM_XBAR_ISLIP, 1);
    mem_req_t r = {0};
    mem_xbar_begin(&X);
    cr_expect(mem_xbar_offer(&X, 0, 0, &r, 1));
    cr_expect(mem_xbar_offer(&X, 0, 1, &r, 1));
    cr_expect_not(mem_xbar_offer(&X, 0, 0, &r, 1), "a third: it has two slots");
    cr_expect(mem_xbar_offer(&X, 1, 0, &r, 1), "another input's own buffer");
    mem_xbar_sort(&X);
    X.room[0] = 0, X.room[1] = 8;
    uint32_t got = mem_xbar_serve(&X, 1, 10);
    cr_expect_eq(got, 1);
    mem_xbar_release(&X, got);
    cr_expect_eq(mem_xbar_serve(&X, 0, 10), 0, "output 0 has no room");
    mem_xbar_end(&X, 10);
    mem_xbar_begin(&X);
    cr_expect(mem_xbar_offer(&X, 0, 1, &r, 1), "a slot freed");
    cr_expect_not(mem_xbar_offer(&X, 0, 1, &r, 1));
}
