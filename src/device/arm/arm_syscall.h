/* ARM EABI Linux system calls: `svc 0` with the number in r7, arguments in
 * r0..r5, result in r0 (arch/arm/tools/syscall.tbl). The semantics live in
 * src/device/linux/; this file maps numbers and registers onto them, and
 * writes the one structure whose ARM layout is its own (stat64). */
#ifndef ARM_SYSCALL_H
#define ARM_SYSCALL_H

#include "arm_ctx.h"
#include "../sim_mem.h"
#include "../linux/linux.h"
#include "warpsim_abi.h"

/* EABI struct stat64 (arch/arm/include/uapi/asm/stat.h): 64-bit members
 * are 8-byte aligned, 104 bytes in all. */
SIM_FN int arm_put_stat64(const sim_mem_t *m, uint32_t core, uint32_t a, const linux_kstat_t *st)
{
    int bad = linux_zero(m, core, a, 104u);
    bad |= linux_put32(m, core, a + 12u, st->ino); /* __st_ino */
    bad |= linux_put32(m, core, a + 16u, st->mode);
    bad |= linux_put32(m, core, a + 20u, st->nlink);
    bad |= linux_put32(m, core, a + 24u, st->uid);
    bad |= linux_put32(m, core, a + 28u, st->gid);
    bad |= linux_put64(m, core, a + 48u, st->size);
    bad |= linux_put32(m, core, a + 56u, st->blksize);
    bad |= linux_put64(m, core, a + 64u, st->blocks);
    bad |= linux_put64(m, core, a + 96u, st->ino);
    return bad;
}

/* fstat64(fd, buf) */
SIM_FN int32_t arm_fstat64(const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t buf)
{
    linux_kstat_t st;
    int32_t r = linux_fd_kstat(fd, &st);
    if (r)
        return r;
    return arm_put_stat64(m, core, buf, &st) ? -LINUX_EFAULT : 0;
}

/* fstatat64(dirfd, path, buf, flags) */
SIM_FN int32_t arm_fstatat64(const sim_mem_t *m, uint32_t core, uint32_t dirfd, uint32_t path, uint32_t buf,
                             uint32_t flags)
{
    uint32_t fd;
    int32_t r = linux_at_fd(m, core, dirfd, path, flags, &fd);
    return r ? r : arm_fstat64(m, core, fd, buf);
}

/* The table: name, EABI number, call. In scope for the call: the context c,
 * its OS state s, memory m, core, arguments a0..a4 (r0..r4; no call here needs r5) and pc, the
 * address of the SVC. */
#define ARM_SYSCALLS(_)                                                             \
    _(exit,                   1, linux_exit(s, a0))                                 \
    _(read,                   3, linux_read(a0, a1, a2))                            \
    _(write,                  4, linux_write(s, m, core, a0, a1, a2))               \
    _(open,                   5, linux_no_file(m, core, a0))                        \
    _(close,                  6, linux_close(a0))                                   \
    /* time is an OABI call; EABI glibc asks clock_gettime64 instead */             \
    _(time,                  13, linux_time(s, m, core, a0))                        \
    _(lseek,                 19, linux_lseek(a0))                                   \
    _(getpid,                20, (int32_t)linux_pid(core))                          \
    _(getuid,                24, 0)                                                 \
    _(access,                33, linux_no_file(m, core, a0))                        \
    _(kill,                  37, linux_kill(s, core, a0, a1, pc))                   \
    _(brk,                   45, linux_brk(s, m, core, a0))                         \
    _(getgid,                47, 0)                                                 \
    _(geteuid,               49, 0)                                                 \
    _(getegid,               50, 0)                                                 \
    _(ioctl,                 54, linux_ioctl(a0, a1))                               \
    _(getppid,               64, 1)                                                 \
    _(gettimeofday,          78, linux_gettimeofday(s, m, core, a0, a1))            \
    _(readlink,              85, linux_no_file(m, core, a0))                        \
    _(munmap,                91, linux_munmap(s, m, a0, a1))                        \
    _(uname,                122, linux_uname(m, core, a0, "armv7l"))               \
    _(mprotect,             125, linux_mm_advice())                                 \
    _(_llseek,              140, linux_lseek(a0))                                   \
    _(writev,               146, linux_writev(s, m, core, a0, a1, a2))              \
    _(sched_yield,          158, 0)                                                 \
    _(nanosleep,            162, linux_sleep())                                     \
    _(mremap,               163, linux_mremap())                                    \
    _(rt_sigaction,         174, linux_rt_sigaction(m, core, a0, a2, a3))           \
    _(rt_sigprocmask,       175, linux_rt_sigprocmask(m, core, a2, a3))             \
    _(sigaltstack,          186, linux_sigaltstack(m, core, a1))                    \
    _(ugetrlimit,           191, linux_ugetrlimit(m, core, a0, a1))                 \
    _(mmap2,                192, linux_mmap(s, m, core, a0, a1, a3, a4))            \
    _(stat64,               195, linux_no_file(m, core, a0))                        \
    _(lstat64,              196, linux_no_file(m, core, a0))                        \
    _(fstat64,              197, arm_fstat64(m, core, a0, a1))                      \
    _(getuid32,             199, 0)                                                 \
    _(getgid32,             200, 0)                                                 \
    _(geteuid32,            201, 0)                                                 \
    _(getegid32,            202, 0)                                                 \
    _(madvise,              220, linux_mm_advice())                                 \
    _(fcntl64,              221, linux_fcntl(a0, a1))                               \
    _(gettid,               224, (int32_t)linux_pid(core))                          \
    _(tkill,                238, linux_tgkill(s, core, linux_pid(core), a0, a1, pc)) \
    _(futex,                240, linux_futex(a1))                                   \
    _(exit_group,           248, linux_exit(s, a0))                                 \
    _(set_tid_address,      256, (int32_t)linux_pid(core))                          \
    _(clock_gettime,        263, linux_clock_gettime(s, m, core, a0, a1, 0))        \
    _(clock_getres,         264, linux_clock_getres(s, m, core, a0, a1, 0))         \
    _(clock_nanosleep,      265, linux_sleep())                                     \
    _(tgkill,               268, linux_tgkill(s, core, a0, a1, a2, pc))             \
    _(openat,               322, linux_no_file(m, core, a1))                        \
    _(fstatat64,            327, arm_fstatat64(m, core, a0, a1, a2, a3))            \
    _(readlinkat,           332, linux_no_file(m, core, a1))                        \
    _(faccessat,            334, linux_no_file(m, core, a1))                        \
    _(set_robust_list,      338, 0)                                                 \
    _(prlimit64,            369, linux_prlimit64(m, core, a0, a1, a3))              \
    _(getrandom,            384, linux_getrandom(s, m, core, a0, a1, a2))           \
    _(statx,                397, linux_statx(m, core, a0, a1, a2, a3, a4))          \
    /* rseq registration is optional for glibc: it carries on without */           \
    _(rseq,                 398, -LINUX_ENOSYS)                                     \
    _(clock_gettime64,      403, linux_clock_gettime(s, m, core, a0, a1, 1))        \
    _(clock_getres_time64,  406, linux_clock_getres(s, m, core, a0, a1, 1))         \
    _(clock_nanosleep_time64, 407, linux_sleep())                                   \
    _(futex_time64,         422, linux_futex(a1))                                   \
    _(faccessat2,           439, linux_no_file(m, core, a1))                        \
    /* ARM private calls (__ARM_NR_BASE 0xf0000) */                                 \
    _(cacheflush,       0xf0002, 0)                                                 \
    _(set_tls,          0xf0005, (c->sys.tls = a0, 0))                                  \
    _(get_tls,          0xf0006, (int32_t)c->sys.tls)                                   \
    /* warpsim services */                                                          \
    _(ws_core_id,    WS_SYS_CORE_ID, (int32_t)core)                                 \
    _(ws_ncores,     WS_SYS_NCORES, (int32_t)m->ncores)                             \
    _(ws_barrier,    WS_SYS_BARRIER, linux_ws_barrier(s))                           \
    _(ws_shared_base, WS_SYS_SHARED_BASE, (int32_t)m->shared_base)                  \
    _(ws_shared_size, WS_SYS_SHARED_SIZE, (int32_t)m->shared_size)

/* Name of system call nr, for reports; NULL if the table lacks it. */
SIM_FN const char *arm_syscall_name(uint32_t nr)
{
    switch (nr) {
#define ARM_SYSCALL_NAME(name, num, call) case num: return #name;
        ARM_SYSCALLS(ARM_SYSCALL_NAME)
#undef ARM_SYSCALL_NAME
    }
    return NULL;
}

/* Called by the executor for SVC, with c->npc already past it. May halt the
 * core (exit), park it (SIM_WAIT_BARRIER, SIM_WAIT_HOST) or fault it. A call
 * that parks in SIM_WAIT_HOST is retried after the host has serviced it: npc
 * goes back to the SVC itself and r0 is left alone. */
SIM_FN void arm_svc(arm_ctx_t *c, const sim_mem_t *m, uint32_t core)
{
    sim_sys_t *s = &c->sys;
    uint32_t nr = c->r[7], len = c->thumb ? 2u : 4u, pc = c->npc - len;
    uint32_t a0 = c->r[0], a1 = c->r[1], a2 = c->r[2], a3 = c->r[3], a4 = c->r[4];
    int32_t r;
    switch (nr) {
#define ARM_SYSCALL_CASE(name, num, call) case num: r = (int32_t)(call); break;
        ARM_SYSCALLS(ARM_SYSCALL_CASE)
#undef ARM_SYSCALL_CASE
    default:
        r = linux_enosys(s, nr);
    }
    if (s->status == SIM_WAIT_HOST) {
        c->npc = pc;
        return;
    }
    if (s->status != SIM_HALTED && s->status != SIM_FAULTED)
        c->r[0] = (uint32_t)r;
}

#endif
