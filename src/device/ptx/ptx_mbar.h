/* The mbarrier object: a 64-bit word in shared memory, in warpsim's own
 * layout (the hardware's is not documented; a program may only pass the
 * word to mbarrier instructions):
 *
 *   bits  0..19  pending arrivals of the current phase
 *   bits 20..39  expected arrivals of each phase (init's count, less drops)
 *   bits 40..62  tx-count, signed (expect_tx adds, complete_tx subtracts)
 *   bit  63      the current phase's parity
 *
 * A phase completes when its pending arrivals and tx-count are both 0: the
 * parity flips and the pending count is the expected one again. The state
 * token an arrive returns is the word as that arrive found it: a wait on the
 * token is over once the parity differs from the token's. Host and device
 * (ptx_exec_mem.h's atomics apply ptx_mbar_next). */
#ifndef PTX_MBAR_H
#define PTX_MBAR_H

#include <stdint.h>

#include "device/sim_port.h"

#define PTX_MBAR_MAX_COUNT 0xfffffu /* init's count: 1 .. 2^20 - 1 */

SIM_INLINE uint32_t ptx_mbar_pending(uint64_t x) { return (uint32_t)x & 0xfffffu; }
SIM_INLINE uint32_t ptx_mbar_expected(uint64_t x) { return (uint32_t)(x >> 20) & 0xfffffu; }
SIM_INLINE int32_t ptx_mbar_tx(uint64_t x) { return (int32_t)((int64_t)(x << 1) >> 41); }
SIM_INLINE uint32_t ptx_mbar_parity(uint64_t x) { return (uint32_t)(x >> 63); }

SIM_INLINE uint64_t ptx_mbar_word(uint32_t parity, uint32_t expected, uint32_t pending, int32_t tx)
{
    return (uint64_t)parity << 63 | ((uint64_t)(uint32_t)tx & 0x7fffffu) << 40 |
           (uint64_t)(expected & 0xfffffu) << 20 | (pending & 0xfffffu);
}

/* What an update does to the word (PTX_MBAR_*: the ptx_exec_mem.h atomic's third operand). */
enum {
    PTX_MBAR_INIT,      /* init [a], count */
    PTX_MBAR_INVAL,     /* inval [a]: the word back to 0 */
    PTX_MBAR_EXPECT_TX, /* expect_tx [a], tx */
    PTX_MBAR_COMPLETE_TX, /* complete_tx [a], tx */
    PTX_MBAR_ARRIVE,    /* arrive [a]{, count}; cp.async.mbarrier.arrive.noinc: count 1 */
    PTX_MBAR_ARRIVE_NC, /* arrive.noComplete [a], count: must not complete the phase */
    PTX_MBAR_ARRIVE_TX, /* arrive.expect_tx [a], tx: expect_tx, then one arrival */
    PTX_MBAR_DROP,      /* arrive_drop [a]{, count}: fewer expected from now on, then the arrivals */
    PTX_MBAR_DROP_NC,
    PTX_MBAR_DROP_TX,
    PTX_MBAR_KEEP,      /* cp.async.mbarrier.arrive: pending + 1 now, - 1 when the copies are done */
    PTX_MBAR_WAIT,      /* test_wait, try_wait: not updates */
    PTX_MBAR_WAIT_PARITY,
};

/* The word after update u with operand a (a count or a tx-count). */
SIM_INLINE uint64_t ptx_mbar_next(uint32_t u, uint64_t x, uint32_t a)
{
    uint32_t parity = ptx_mbar_parity(x), expected = ptx_mbar_expected(x), pending = ptx_mbar_pending(x);
    int32_t tx = ptx_mbar_tx(x);
    uint32_t arrivals = a, completes = 1;
    switch (u) {
    case PTX_MBAR_INIT: return ptx_mbar_word(0, a, a, 0);
    case PTX_MBAR_INVAL: return 0;
    case PTX_MBAR_KEEP: return x; /* the copies are made at issue: the increment and the arrival cancel */
    case PTX_MBAR_EXPECT_TX: return ptx_mbar_word(parity, expected, pending, tx + (int32_t)a);
    case PTX_MBAR_COMPLETE_TX: tx -= (int32_t)a, arrivals = 0; break;
    case PTX_MBAR_ARRIVE: break;
    case PTX_MBAR_ARRIVE_NC: completes = 0; break;
    case PTX_MBAR_ARRIVE_TX: tx += (int32_t)a, arrivals = 1; break;
    case PTX_MBAR_DROP: expected -= a; break;
    case PTX_MBAR_DROP_NC: expected -= a, completes = 0; break;
    case PTX_MBAR_DROP_TX: tx += (int32_t)a, arrivals = 1, expected -= 1; break;
    }
    pending -= arrivals;
    if (completes && (pending & 0xfffffu) == 0 && tx == 0)
        parity ^= 1u, pending = expected;
    return ptx_mbar_word(parity, expected, pending, tx);
}

/* Is the phase a wait names over? parity: the phase of that parity (the
 * current or the one before); else the token's phase. */
SIM_INLINE int ptx_mbar_done(uint64_t x, uint64_t operand, int parity)
{
    return ptx_mbar_parity(x) != (parity ? (uint32_t)(operand & 1u) : ptx_mbar_parity(operand));
}

#endif
