/* Virtual time. Every clock is derived from the core's retired instruction
 * count at one nanosecond per instruction, so a program sees the same times
 * on every run, on every backend:
 *
 *   CLOCK_REALTIME (and _COARSE, _ALARM, TAI) = LINUX_EPOCH_SEC + icount ns
 *   every other clock (MONOTONIC, BOOTTIME, CPU time ...) = icount ns
 *
 * Resolution is 1 ns. Sleeping returns at once: no time passes while a core
 * does not execute. */
#ifndef LINUX_TIME_H
#define LINUX_TIME_H

#include "../sim_core.h"
#include "linux_errno.h"
#include "linux_uaccess.h"

#define LINUX_EPOCH_SEC 1704067200u /* 2024-01-01 00:00:00 UTC */
#define LINUX_NSEC 1000000000u

/* Nanoseconds on clock clk, or -1 for a clock id Linux does not have. */
SIM_FN int64_t linux_clock_ns(const sim_sys_t *s, uint32_t clk)
{
    int64_t t = (int64_t)sim_icount(s);
    switch (clk) {
    case 0: case 5: case 8: case 11: /* REALTIME, REALTIME_COARSE, REALTIME_ALARM, TAI */
        return t + (int64_t)LINUX_EPOCH_SEC * LINUX_NSEC;
    case 1: case 2: case 3: case 4: case 6: case 7: case 9:
        return t;
    }
    /* Negative ids are per-process and per-thread CPU clocks (clock_getcpuclockid). */
    return (clk & 0x80000000u) ? t : -1;
}

/* A timespec with 32-bit (old) or 64-bit (time64) fields. */
SIM_FN int linux_put_timespec(const sim_mem_t *m, uint32_t core, uint32_t a, int64_t ns, int wide)
{
    int64_t sec = ns / LINUX_NSEC, nsec = ns % LINUX_NSEC;
    if (wide)
        return linux_put64(m, core, a, (uint64_t)sec) | linux_put64(m, core, a + 8u, (uint64_t)nsec);
    return linux_put32(m, core, a, (uint32_t)sec) | linux_put32(m, core, a + 4u, (uint32_t)nsec);
}

/* clock_gettime(clk, tp) and clock_gettime64 (wide). */
SIM_FN int32_t linux_clock_gettime(const sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t clk,
                                   uint32_t tp, int wide)
{
    int64_t ns = linux_clock_ns(s, clk);
    if (ns < 0)
        return -LINUX_EINVAL;
    return linux_put_timespec(m, core, tp, ns, wide) ? -LINUX_EFAULT : 0;
}

/* clock_getres(clk, res) and clock_getres_time64: 1 ns everywhere. */
SIM_FN int32_t linux_clock_getres(const sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t clk,
                                  uint32_t res, int wide)
{
    if (linux_clock_ns(s, clk) < 0)
        return -LINUX_EINVAL;
    if (res == 0)
        return 0;
    return linux_put_timespec(m, core, res, 1, wide) ? -LINUX_EFAULT : 0;
}

/* gettimeofday(tv, tz): struct timeval { long sec, usec; }; tz reads as UTC. */
SIM_FN int32_t linux_gettimeofday(const sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t tv,
                                  uint32_t tz)
{
    int64_t ns = linux_clock_ns(s, 0);
    if (tv && (linux_put32(m, core, tv, (uint32_t)(ns / LINUX_NSEC)) |
               linux_put32(m, core, tv + 4u, (uint32_t)(ns % LINUX_NSEC / 1000))))
        return -LINUX_EFAULT;
    if (tz && (linux_put32(m, core, tz, 0) | linux_put32(m, core, tz + 4u, 0)))
        return -LINUX_EFAULT;
    return 0;
}

/* time(tloc) */
SIM_FN int32_t linux_time(const sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t tloc)
{
    uint32_t sec = (uint32_t)(linux_clock_ns(s, 0) / LINUX_NSEC);
    if (tloc && linux_put32(m, core, tloc, sec))
        return -LINUX_EFAULT;
    return (int32_t)sec;
}

/* nanosleep, clock_nanosleep: the request is met at once (remaining = 0). */
SIM_FN int32_t linux_sleep(void) { return 0; }

#endif
