/* ARM EABI Linux system calls: `svc 0` with the number in r7, arguments in
 * r0..r5, result in r0. (Placeholder: the full table is being written.) */
#ifndef ARM_SYSCALL_H
#define ARM_SYSCALL_H

#include "arm_ctx.h"
#include "../sim_mem.h"

/* Called by the executor for SVC. May halt the core (exit), park it
 * (SIM_WAIT_BARRIER, SIM_WAIT_HOST) or fault it. To be retried after the host
 * has serviced it (SIM_WAIT_HOST), it sets c->npc back to the SVC itself. */
SIM_FN void arm_svc(arm_ctx_t *c, const sim_mem_t *m, uint32_t core)
{
    uint32_t nr = c->r[7];
    if (nr == 1 || nr == 248) { /* exit, exit_group */
        c->sys.status = SIM_HALTED;
        c->sys.exit_code = c->r[0] & 0xffu;
        return;
    }
    c->sys.enosys_count++;
    c->sys.enosys_last = nr;
    c->r[0] = (uint32_t)-38; /* -ENOSYS */
}

#endif
