/* The process: exit, identity, signals, limits, randomness, futexes, and
 * warpsim's own services (kernels/include/warpsim_abi.h). Core c is process
 * and thread 1000 + c, alone in its thread group, owned by root. */
#ifndef LINUX_PROC_H
#define LINUX_PROC_H

#include "../sim_core.h"
#include "linux_errno.h"
#include "linux_uaccess.h"
#include "linux_io.h"

#define LINUX_PID_BASE 1000u
#define LINUX_UTS_FIELD 65u
#define LINUX_NSIG 64u
#define LINUX_SIGSET_SIZE 8u
#define LINUX_RLIM_NLIMITS 16u
#define LINUX_RLIMIT_STACK 3u
#define LINUX_RLIMIT_NOFILE 7u
#define LINUX_GETRANDOM_MAX 0x1ffffffu

SIM_FN uint32_t linux_pid(uint32_t core) { return LINUX_PID_BASE + core; }

/* exit(status), exit_group(status): the output buffer is kept for the host. */
SIM_FN int32_t linux_exit(sim_sys_t *s, uint32_t status)
{
    s->status = SIM_HALTED;
    s->exit_code = status & 0xffu;
    return 0;
}

SIM_FN int32_t linux_enosys(sim_sys_t *s, uint32_t nr)
{
    s->enosys_count++;
    s->enosys_last = nr;
    return -LINUX_ENOSYS;
}

/* A note for the host (a LINUX_OUT_NOTE record: its kind, the call's
 * number, then its name if known), which prints one line the first time it
 * sees each. 1 when the output buffer is full: the core has parked
 * (SIM_WAIT_HOST) and the call runs again once it is drained, so no note is
 * lost. */
enum { LINUX_NOTE_ENOSYS, LINUX_NOTE_NOEXEC };
SIM_FN int linux_note(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t kind, uint32_t nr, const char *name)
{
    uint32_t len = 0;
    while (name && name[len] && len < 32u)
        len++;
    uint32_t need = LINUX_OUT_HDR + 5u + len;
    if (m->out_cap >= need) {
        if (m->out_cap - s->out_len < need) {
            s->status = SIM_WAIT_HOST;
            return 1;
        }
        uint8_t *rec = m->out + (uint64_t)core * m->out_cap + s->out_len;
        rec[0] = (uint8_t)LINUX_OUT_NOTE;
        rec[1] = (uint8_t)(5u + len);
        rec[2] = 0;
        rec[3] = (uint8_t)kind;
        for (uint32_t i = 0; i < 4u; i++)
            rec[4u + i] = (uint8_t)(nr >> (8u * i));
        for (uint32_t i = 0; i < len; i++)
            rec[8u + i] = (uint8_t)name[i];
        s->out_len += need;
    }
    return 0;
}

/* A system call no core can make (fork, execve, pipe, socket, ... or one
 * the table lacks): -ENOSYS, never a silent success, counted in the report,
 * with a note. */
SIM_FN int32_t linux_unsupported(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t nr, const char *name)
{
    return linux_note(s, m, core, LINUX_NOTE_ENOSYS, nr, name) ? 0 : linux_enosys(s, nr);
}

/* uname(buf): struct new_utsname, six 65-byte fields. */
SIM_FN int32_t linux_uname(const sim_mem_t *m, uint32_t core, uint32_t buf, const char *machine)
{
    const char *f[6] = {"Linux", "warpsim", "6.1.0", "#1 SMP warpsim", machine, "(none)"};
    for (uint32_t i = 0; i < 6u; i++)
        if (linux_put_field(m, core, buf + i * LINUX_UTS_FIELD, f[i], LINUX_UTS_FIELD))
            return -LINUX_EFAULT;
    return 0;
}

/* ---- signals: no handler ever runs, so a signal a core sends itself takes
 * its default action. SIGCHLD, SIGCONT, SIGURG and SIGWINCH are ignored by
 * default (signal(7)); every other one ends the core, reported as a fault
 * with the signal number as exit code (abort() is tgkill(SIGABRT)). */
SIM_FN int32_t linux_raise(sim_sys_t *s, uint32_t sig, uint32_t pc)
{
    if (sig > LINUX_NSIG)
        return -LINUX_EINVAL;
    if (sig == 0 || sig == 17u || sig == 18u || sig == 23u || sig == 28u)
        return 0;
    sim_fault(s, SIM_FAULT_SIGNAL, pc, 0);
    s->exit_code = sig;
    return 0;
}

/* kill(pid, sig): pid 0 and -1 include the caller. */
SIM_FN int32_t linux_kill(sim_sys_t *s, uint32_t core, uint32_t pid, uint32_t sig, uint32_t pc)
{
    if (pid != linux_pid(core) && pid != 0 && pid != 0xffffffffu)
        return sig > LINUX_NSIG ? -LINUX_EINVAL : -LINUX_ESRCH;
    return linux_raise(s, sig, pc);
}

/* tkill(tid, sig), tgkill(tgid, tid, sig) */
SIM_FN int32_t linux_tgkill(sim_sys_t *s, uint32_t core, uint32_t tgid, uint32_t tid, uint32_t sig, uint32_t pc)
{
    if ((int32_t)tid <= 0 || (int32_t)tgid <= 0)
        return -LINUX_EINVAL;
    if (tid != linux_pid(core) || tgid != linux_pid(core))
        return -LINUX_ESRCH;
    return linux_raise(s, sig, pc);
}

/* rt_sigaction(sig, act, oldact, sigsetsize): nothing is remembered; the
 * old action reads as SIG_DFL (struct sigaction: handler, flags, restorer,
 * mask, 20 bytes on ARM and IA-32). */
SIM_FN int32_t linux_rt_sigaction(const sim_mem_t *m, uint32_t core, uint32_t sig, uint32_t oldact,
                                  uint32_t setsize)
{
    if (sig == 0 || sig > LINUX_NSIG || setsize != LINUX_SIGSET_SIZE)
        return -LINUX_EINVAL;
    return oldact && linux_zero(m, core, oldact, 12u + LINUX_SIGSET_SIZE) ? -LINUX_EFAULT : 0;
}

/* rt_sigprocmask(how, set, oldset, sigsetsize): the mask reads as empty. */
SIM_FN int32_t linux_rt_sigprocmask(const sim_mem_t *m, uint32_t core, uint32_t oldset, uint32_t setsize)
{
    if (setsize != LINUX_SIGSET_SIZE)
        return -LINUX_EINVAL;
    return oldset && linux_zero(m, core, oldset, LINUX_SIGSET_SIZE) ? -LINUX_EFAULT : 0;
}

/* sigaltstack(ss, old): stack_t { sp, flags, size }, old reads SS_DISABLE. */
SIM_FN int32_t linux_sigaltstack(const sim_mem_t *m, uint32_t core, uint32_t old)
{
    if (old && (linux_put32(m, core, old, 0) | linux_put32(m, core, old + 4u, 2u) |
                linux_put32(m, core, old + 8u, 0)))
        return -LINUX_EFAULT;
    return 0;
}

/* ---- resource limits: the stack limit is the stack reserve; open files
 * 1024 (hard 4096); everything else unlimited. */
SIM_FN void linux_rlimit(const sim_mem_t *m, uint32_t res, uint64_t *cur, uint64_t *max)
{
    *cur = *max = ~0ull;
    if (res == LINUX_RLIMIT_STACK)
        *cur = (uint32_t)(m->priv_base + m->priv_size - m->stack_lo);
    if (res == LINUX_RLIMIT_NOFILE) {
        *cur = 1024;
        *max = 4096;
    }
}

/* prlimit64(pid, resource, new, old): struct rlimit64 { u64 cur, max; }.
 * New limits are accepted and ignored. */
SIM_FN int32_t linux_prlimit64(const sim_mem_t *m, uint32_t core, uint32_t pid, uint32_t res, uint32_t old)
{
    uint64_t cur, max;
    if (pid != 0 && pid != linux_pid(core))
        return -LINUX_ESRCH;
    if (res >= LINUX_RLIM_NLIMITS)
        return -LINUX_EINVAL;
    linux_rlimit(m, res, &cur, &max);
    if (old && (linux_put64(m, core, old, cur) | linux_put64(m, core, old + 8u, max)))
        return -LINUX_EFAULT;
    return 0;
}

/* ugetrlimit(resource, rlim): struct rlimit { ulong cur, max; }, where
 * RLIM_INFINITY is ~0UL and larger values saturate to it. */
SIM_FN int32_t linux_ugetrlimit(const sim_mem_t *m, uint32_t core, uint32_t res, uint32_t rlim)
{
    uint64_t cur, max;
    if (res >= LINUX_RLIM_NLIMITS)
        return -LINUX_EINVAL;
    linux_rlimit(m, res, &cur, &max);
    cur = cur > 0xffffffffull ? 0xffffffffull : cur;
    max = max > 0xffffffffull ? 0xffffffffull : max;
    if (linux_put32(m, core, rlim, (uint32_t)cur) | linux_put32(m, core, rlim + 4u, (uint32_t)max))
        return -LINUX_EFAULT;
    return 0;
}

/* ---- getrandom(buf, len, flags): deterministic bytes, splitmix64 of the
 * core id and the instruction count, so that runs repeat exactly. */
SIM_FN uint64_t linux_splitmix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

SIM_FN int32_t linux_getrandom(const sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t buf,
                               uint32_t len, uint32_t flags)
{
    if (flags & ~7u)
        return -LINUX_EINVAL;
    len = len < LINUX_GETRANDOM_MAX ? len : LINUX_GETRANDOM_MAX;
    uint64_t seed = ((uint64_t)core << 40) ^ sim_icount(s), x = 0;
    for (uint32_t i = 0; i < len; i++) {
        if ((i & 7u) == 0)
            x = linux_splitmix64(seed + (i >> 3));
        if (sim_st8(m, core, buf + i, (uint32_t)(x >> ((i & 7u) * 8u)) & 0xffu))
            return i ? (int32_t)i : -LINUX_EFAULT;
    }
    return (int32_t)len;
}

/* futex(uaddr, op, ...): a core is a single-threaded process, so nobody
 * ever waits: FUTEX_WAKE (1) and FUTEX_WAKE_BITSET (10) wake no one; waiting
 * could only deadlock. */
SIM_FN int32_t linux_futex(uint32_t op)
{
    uint32_t cmd = op & 127u;
    return cmd == 1u || cmd == 10u ? 0 : -LINUX_ENOSYS;
}

/* ---- warpsim services ---- */

/* WS_SYS_BARRIER: the host releases the core (with 0) when every live core
 * has arrived; the call completes normally, the core just waits. */
SIM_FN int32_t linux_ws_barrier(sim_sys_t *s)
{
    s->status = SIM_WAIT_BARRIER;
    return 0;
}

#endif
