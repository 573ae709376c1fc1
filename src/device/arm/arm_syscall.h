/* ARM EABI Linux system calls: `svc 0` with the number in r7, arguments in
 * r0..r5, result in r0. The calls themselves are the ones every ISA shares
 * (linux/linux_syscall.h); this file gathers the registers and answers the
 * ARM private calls (__ARM_NR_BASE 0xf0000). */
#ifndef ARM_SYSCALL_H
#define ARM_SYSCALL_H

#include "arm_ctx.h"
#include "../sim_mem.h"
#include "../linux/linux_syscall.h"

/* _(name, number, call), in scope of the context c and argument a0 */
#define ARM_PRIVATE_SYSCALLS(_)                                                \
    _(cacheflush, 0xf0002, (c->sys.code_gen++, 0)) /* code in the window: arm_fetch_win */ \
    _(set_tls,    0xf0005, (c->sys.tls = a0, 0))                               \
    _(get_tls,    0xf0006, (int32_t)c->sys.tls)

/* Name of system call nr, for reports; NULL if unknown. */
SIM_FN const char *arm_syscall_name(uint32_t nr)
{
    switch (nr) {
#define ARM_PRIVATE_NAME(name, num, call) case num: return #name;
        ARM_PRIVATE_SYSCALLS(ARM_PRIVATE_NAME)
#undef ARM_PRIVATE_NAME
    }
    return linux_syscall_name(LINUX_ABI_ARM_EABI, nr);
}

/* Called by the executor for SVC, with c->npc already past it. May halt the
 * core (exit), park it (SIM_WAIT_BARRIER, SIM_WAIT_HOST) or fault it. A call
 * that parks in SIM_WAIT_HOST is retried after the host has serviced it: npc
 * goes back to the SVC itself and r0 is left alone. */
SIM_FN void arm_svc(arm_ctx_t *c, const sim_mem_t *m, uint32_t core)
{
    sim_sys_t *s = &c->sys;
    uint32_t nr = c->r[7], len = c->thumb ? 2u : 4u, pc = c->npc - len, a0 = c->r[0];
    const linux_abi_t abi = {LINUX_ABI_ARM_EABI, "armv7l"};
    int32_t r;
    switch (nr) {
#define ARM_PRIVATE_CASE(name, num, call) case num: r = (int32_t)(call); break;
        ARM_PRIVATE_SYSCALLS(ARM_PRIVATE_CASE)
#undef ARM_PRIVATE_CASE
    default:
        r = linux_syscall(abi, nr, s, m, core, c->r, pc);
    }
    if (s->status == SIM_WAIT_HOST) {
        c->npc = pc;
        return;
    }
    if (s->status != SIM_HALTED && s->status != SIM_FAULTED)
        c->r[0] = (uint32_t)r;
}

#endif
