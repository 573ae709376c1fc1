/* The mbarrier word (ptx_mbar.h): phases complete only when every expected
 * arrival and every expected transaction byte is in, drops lower later
 * phases' counts, .noComplete never completes, and the waits read parity. */
#include <criterion/criterion.h>

#include "device/ptx/ptx_mbar.h"

Test(ptx_mbar, init_and_fields)
{
    uint64_t x = ptx_mbar_next(PTX_MBAR_INIT, ~0ull, 3);
    cr_assert_eq(ptx_mbar_pending(x), 3);
    cr_assert_eq(ptx_mbar_expected(x), 3);
    cr_assert_eq(ptx_mbar_tx(x), 0);
    cr_assert_eq(ptx_mbar_parity(x), 0);
    x = ptx_mbar_next(PTX_MBAR_INIT, 0, PTX_MBAR_MAX_COUNT);
    cr_assert_eq(ptx_mbar_pending(x), PTX_MBAR_MAX_COUNT);
    cr_assert_eq(ptx_mbar_expected(x), PTX_MBAR_MAX_COUNT);
    cr_assert_eq(ptx_mbar_next(PTX_MBAR_INVAL, x, 0), 0);
    x = ptx_mbar_word(1, 5, 4, -7);
    cr_assert_eq(ptx_mbar_tx(x), -7);
    cr_assert_eq(ptx_mbar_parity(x), 1);
    cr_assert_eq(ptx_mbar_pending(x), 4);
    cr_assert_eq(ptx_mbar_expected(x), 5);
}

Test(ptx_mbar, phase_completes_on_the_last_arrival)
{
    uint64_t x = ptx_mbar_next(PTX_MBAR_INIT, 0, 3), tok = x;
    x = ptx_mbar_next(PTX_MBAR_ARRIVE, x, 1);
    x = ptx_mbar_next(PTX_MBAR_ARRIVE, x, 1);
    cr_assert_eq(ptx_mbar_pending(x), 1);
    cr_assert_not(ptx_mbar_done(x, tok, 0), "complete after 2 of 3 arrivals");
    cr_assert_not(ptx_mbar_done(x, 0, 1), "phase 0 over after 2 of 3 arrivals");
    x = ptx_mbar_next(PTX_MBAR_ARRIVE, x, 1);
    cr_assert(ptx_mbar_done(x, tok, 0));
    cr_assert(ptx_mbar_done(x, 0, 1));
    cr_assert_not(ptx_mbar_done(x, 1, 1), "phase 1 over as it begins");
    cr_assert_eq(ptx_mbar_pending(x), 3);
    x = ptx_mbar_next(PTX_MBAR_ARRIVE, x, 2); /* a count */
    cr_assert_eq(ptx_mbar_parity(x), 1);
    x = ptx_mbar_next(PTX_MBAR_ARRIVE, x, 1);
    cr_assert_eq(ptx_mbar_parity(x), 0);
}

Test(ptx_mbar, transactions_hold_the_phase)
{
    uint64_t x = ptx_mbar_next(PTX_MBAR_INIT, 0, 1);
    x = ptx_mbar_next(PTX_MBAR_ARRIVE_TX, x, 64);
    cr_assert_eq(ptx_mbar_parity(x), 0, "complete with 64 bytes outstanding");
    cr_assert_eq(ptx_mbar_tx(x), 64);
    x = ptx_mbar_next(PTX_MBAR_COMPLETE_TX, x, 48);
    cr_assert_eq(ptx_mbar_parity(x), 0);
    x = ptx_mbar_next(PTX_MBAR_COMPLETE_TX, x, 16);
    cr_assert_eq(ptx_mbar_parity(x), 1);
    cr_assert_eq(ptx_mbar_tx(x), 0);
    /* bytes may land before they are expected: tx goes below 0 */
    x = ptx_mbar_next(PTX_MBAR_COMPLETE_TX, x, 32);
    cr_assert_eq(ptx_mbar_tx(x), -32);
    x = ptx_mbar_next(PTX_MBAR_EXPECT_TX, x, 32);
    cr_assert_eq(ptx_mbar_parity(x), 1, "expect_tx is no arrival");
    x = ptx_mbar_next(PTX_MBAR_ARRIVE, x, 1);
    cr_assert_eq(ptx_mbar_parity(x), 0);
}

Test(ptx_mbar, drop_no_complete_and_cp_async)
{
    uint64_t x = ptx_mbar_next(PTX_MBAR_INIT, 0, 4);
    x = ptx_mbar_next(PTX_MBAR_DROP, x, 1);
    cr_assert_eq(ptx_mbar_expected(x), 3);
    cr_assert_eq(ptx_mbar_pending(x), 3);
    x = ptx_mbar_next(PTX_MBAR_ARRIVE_NC, x, 3);
    cr_assert_eq(ptx_mbar_parity(x), 0, ".noComplete completed the phase");
    x = ptx_mbar_word(0, 3, 1, 0);
    cr_assert_eq(ptx_mbar_next(PTX_MBAR_KEEP, x, 1), x);
    x = ptx_mbar_next(PTX_MBAR_ARRIVE, x, 1);
    cr_assert_eq(ptx_mbar_parity(x), 1);
    cr_assert_eq(ptx_mbar_pending(x), 3, "a drop lasts into later phases");
    x = ptx_mbar_next(PTX_MBAR_DROP_TX, x, 8);
    cr_assert_eq(ptx_mbar_expected(x), 2);
    cr_assert_eq(ptx_mbar_tx(x), 8);
}
