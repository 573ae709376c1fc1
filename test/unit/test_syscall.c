/* The Linux system call layer through arm_svc, on a hand-built two-core
 * machine: a 64 KiB private window per core at 0x20000 (stack reserve in
 * its top 16 KiB), a read-only page at 0x10000, a shared page at SIM_SHARED_BASE. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/arm/arm_syscall.h"

#define SC_CORES 2u
#define SC_PRIV_BASE 0x20000u
#define SC_PRIV_SIZE 0x10000u
#define SC_STACK_LO (SC_PRIV_BASE + 0xc000u)
#define SC_BRK (SC_PRIV_BASE + 0x2000u)
#define SC_SVC_PC 0x10100u
#define SC_RO_BASE 0x10000u

static uint32_t sc_priv[SC_CORES * SC_PRIV_SIZE / 4];
static uint8_t sc_ro[4096];
static uint32_t sc_shared[1024];
static uint8_t sc_out[SC_CORES * 4096];
static sim_mem_t sc_m;
static arm_ctx_t sc_c;
static uint32_t sc_core;

/* interleaved: the GPU layout (word w of core c at w * ncores + c) */
static void sc_setup_layout(uint32_t out_cap, int interleaved)
{
    memset(sc_priv, 0xaa, sizeof sc_priv);
    memset(sc_out, 0, sizeof sc_out);
    memset(&sc_m, 0, sizeof sc_m);
    sc_m.priv = sc_priv;
    sc_m.stride_word = interleaved ? SC_CORES : 1;
    sc_m.stride_core = interleaved ? 1 : SC_PRIV_SIZE / 4;
    sc_m.priv_base = SC_PRIV_BASE;
    sc_m.priv_size = SC_PRIV_SIZE;
    sc_m.stack_lo = SC_STACK_LO;
    sc_m.ro = sc_ro;
    sc_m.ro_base = SC_RO_BASE;
    sc_m.ro_size = sizeof sc_ro;
    sc_m.shared = (uint8_t *)sc_shared;
    sc_m.shared_base = SIM_SHARED_BASE;
    sc_m.shared_size = sizeof sc_shared;
    sc_m.out = sc_out;
    sc_m.out_cap = out_cap;
    sc_m.ncores = SC_CORES;
    memset(&sc_c, 0, sizeof sc_c);
    sc_c.sys.brk_cur = sc_c.sys.brk_min = SC_BRK;
    sc_c.sys.mmap_low = SC_STACK_LO;
    sc_core = 1;
}

static void sc_setup(uint32_t out_cap) { sc_setup_layout(out_cap, 0); }

static uint32_t sc_call(uint32_t nr, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t a4)
{
    sc_c.r[0] = a0, sc_c.r[1] = a1, sc_c.r[2] = a2, sc_c.r[3] = a3, sc_c.r[4] = a4;
    sc_c.r[7] = nr;
    sc_c.npc = SC_SVC_PC + (sc_c.thumb ? 2u : 4u);
    arm_svc(&sc_c, &sc_m, sc_core);
    return sc_c.r[0];
}

#define SC0(nr) sc_call(nr, 0, 0, 0, 0, 0)
#define SC1(nr, a) sc_call(nr, a, 0, 0, 0, 0)
#define SC2(nr, a, b) sc_call(nr, a, b, 0, 0, 0)
#define SC3(nr, a, b, c) sc_call(nr, a, b, c, 0, 0)
#define ERR(e) ((uint32_t)-(int32_t)(e))

static void sc_poke(uint32_t a, const void *src, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        cr_assert_eq(sim_st8(&sc_m, sc_core, a + i, ((const uint8_t *)src)[i]), 0);
}

static uint32_t sc_peek8(uint32_t a)
{
    uint32_t v = 0;
    cr_assert_eq(sim_ld8(&sc_m, sc_core, a, &v), 0, "unreadable 0x%x", a);
    return v;
}

static uint32_t sc_peek32(uint32_t a)
{
    uint32_t v = 0;
    cr_assert_eq(sim_ld32(&sc_m, sc_core, a, &v), 0, "unreadable 0x%x", a);
    return v;
}

static const uint8_t *sc_outbuf(void) { return sc_out + sc_core * sc_m.out_cap; }

Test(syscall, write_appends_one_record)
{
    sc_setup(4096);
    sc_poke(SC_BRK, "hello", 5);
    cr_assert_eq(SC3(4, 1, SC_BRK, 5), 5);
    cr_assert_eq(SC3(4, 2, SC_BRK + 1, 2), 2);
    const uint8_t *o = sc_outbuf();
    cr_assert_eq(sc_c.sys.out_len, 3 + 5 + 3 + 2);
    cr_assert(o[0] == 1 && o[1] == 5 && o[2] == 0 && memcmp(o + 3, "hello", 5) == 0);
    cr_assert(o[8] == 2 && o[9] == 2 && o[10] == 0 && memcmp(o + 11, "el", 2) == 0);
    cr_assert_eq(sc_out[0], 0, "core 0's buffer must stay untouched");
    cr_assert_eq(sc_c.sys.status, SIM_RUNNING);
}

Test(syscall, write_edge_cases)
{
    sc_setup(4096);
    cr_assert_eq(SC3(4, 1, SC_BRK, 0), 0);
    cr_assert_eq(sc_c.sys.out_len, 0);
    cr_assert_eq(SC3(4, 0, SC_BRK, 4), ERR(LINUX_EBADF));
    cr_assert_eq(SC3(4, 7, SC_BRK, 4), ERR(LINUX_EBADF));
    cr_assert_eq(SC3(4, 1, 0x1000, 4), ERR(LINUX_EFAULT));
    cr_assert_eq(sc_c.sys.out_len, 0);
    /* a buffer running off the end of the window is written up to the end */
    cr_assert_eq(SC3(4, 1, SC_PRIV_BASE + SC_PRIV_SIZE - 3, 10), 3);
    cr_assert_eq(sc_c.sys.out_len, 6);
    /* read-only and shared memory are valid sources */
    sc_ro[0] = 'R';
    cr_assert_eq(SC3(4, 1, SC_RO_BASE, 1), 1);
    cr_assert_eq(sc_outbuf()[9], 'R');
}

Test(syscall, write_full_buffer_waits_for_host_and_retries)
{
    sc_setup(32);
    sc_c.r[0] = 0x1234;
    sc_call(4, 1, SC_BRK, 40, 0, 0);
    cr_assert_eq(sc_c.sys.status, SIM_WAIT_HOST, "a write that does not fit waits, as on a pipe");
    cr_assert_eq(sc_c.sys.out_len, 32);
    cr_assert_eq(sc_outbuf()[1], 29);
    cr_assert_eq(sc_c.sys.io_done, 29);
    cr_assert_eq(sc_c.npc, SC_SVC_PC, "npc goes back to the SVC");
    cr_assert_eq(sc_c.r[0], 1, "r0 keeps the first argument for the retry");
    /* the host drains the buffer and resumes the core: the rest goes in */
    sc_c.sys.out_len = 0;
    sc_c.sys.status = SIM_RUNNING;
    cr_assert_eq(SC3(4, 1, SC_BRK, 40), 40, "the retried call returns the whole count");
    cr_assert_eq(sc_c.sys.out_len, 3 + 11);
    cr_assert_eq(sc_c.sys.io_done, 0);
    /* a 1-byte record needs 4 bytes of room */
    sc_setup(32);
    sc_c.sys.out_len = 29;
    SC3(4, 1, SC_BRK, 5);
    cr_assert_eq(sc_c.sys.status, SIM_WAIT_HOST);
    cr_assert_eq(sc_c.sys.io_done, 0);
}

Test(syscall, thumb_svc_rewinds_two_bytes)
{
    sc_setup(32);
    sc_c.thumb = 1;
    sc_c.sys.out_len = 32;
    sc_call(4, 1, SC_BRK, 1, 0, 0);
    cr_assert_eq(sc_c.sys.status, SIM_WAIT_HOST);
    cr_assert_eq(sc_c.npc, SC_SVC_PC);
}

Test(syscall, writev_records_and_limits)
{
    sc_setup(4096);
    uint32_t iov = SC_BRK + 0x100;
    sc_poke(SC_BRK, "abcdef", 6);
    uint32_t v[6] = {SC_BRK, 2, SC_BRK + 2, 0, SC_BRK + 3, 3};
    sc_poke(iov, v, sizeof v);
    cr_assert_eq(SC3(146, 1, iov, 3), 5);
    const uint8_t *o = sc_outbuf();
    cr_assert(o[1] == 2 && memcmp(o + 3, "ab", 2) == 0);
    cr_assert(o[5] == 1 && o[6] == 3 && memcmp(o + 8, "def", 3) == 0);
    cr_assert_eq(SC3(146, 1, 0x1000, 1), ERR(LINUX_EFAULT));
    cr_assert_eq(SC3(146, 1, iov, 5000), ERR(LINUX_EINVAL));
    cr_assert_eq(SC3(146, 9, iov, 1), ERR(LINUX_EBADF));
    /* the buffer fills in the second segment: the call waits, then goes on
     * from where it stopped */
    sc_setup(10);
    sc_poke(SC_BRK, "abcdef", 6);
    sc_poke(iov, v, sizeof v);
    SC3(146, 1, iov, 3);
    cr_assert_eq(sc_c.sys.status, SIM_WAIT_HOST);
    cr_assert_eq(sc_c.sys.io_done, 4, "ab, then de of def");
    sc_c.sys.out_len = 0;
    sc_c.sys.status = SIM_RUNNING;
    cr_assert_eq(SC3(146, 1, iov, 3), 5);
    cr_assert(sc_outbuf()[1] == 1 && sc_outbuf()[3] == 'f');
    /* an unmapped second segment ends the call with the first */
    sc_setup(4096);
    uint32_t w[4] = {SC_BRK, 2, 0x1000, 3};
    sc_poke(SC_BRK, "abcdef", 6);
    sc_poke(iov, w, sizeof w);
    cr_assert_eq(SC3(146, 1, iov, 2), 2);
}

Test(syscall, write_interleaved_layout)
{
    sc_setup_layout(64, 1);
    sc_poke(SC_BRK + 1, "xyz", 3);
    cr_assert_eq(SC3(4, 1, SC_BRK + 1, 3), 3);
    cr_assert_eq(memcmp(sc_outbuf() + 3, "xyz", 3), 0);
}

Test(syscall, read_close_ioctl_open)
{
    sc_setup(64);
    cr_assert_eq(SC3(3, 0, SC_BRK, 10), 0, "no stdin given (fs NULL): end of file");
    cr_assert_eq(SC3(3, 5, SC_BRK, 10), ERR(LINUX_EBADF));
    cr_assert_eq(SC1(6, 2), 0);
    cr_assert_eq(SC1(6, 3), ERR(LINUX_EBADF));
    cr_assert_eq(SC2(54, 1, 0x5401), ERR(LINUX_ENOTTY), "TCGETS");
    cr_assert_eq(SC2(54, 4, 0x5401), ERR(LINUX_EBADF));
    sc_poke(SC_BRK, "/etc/passwd", 12);
    cr_assert_eq(SC2(5, SC_BRK, 0), ERR(LINUX_ENOENT));
    cr_assert_eq(SC3(322, (uint32_t)-100, SC_BRK, 0), ERR(LINUX_ENOENT));
    cr_assert_eq(SC3(322, (uint32_t)-100, 0x100, 0), ERR(LINUX_EFAULT));
    cr_assert_eq(SC3(140, 1, 0, 0), ERR(LINUX_ESPIPE));
    cr_assert_eq(SC2(221, 1, 3), 1, "F_GETFL of stdout: O_WRONLY");
}

Test(syscall, fstat64_and_statx_describe_a_fifo)
{
    sc_setup(64);
    uint32_t buf = SC_BRK;
    cr_assert_eq(SC2(197, 1, buf), 0);
    cr_assert_eq(sc_peek32(buf + 16) & 0170000u, 0010000u, "S_IFIFO");
    cr_assert_eq(sc_peek32(buf + 56), 4096, "st_blksize");
    cr_assert_eq(sc_peek32(buf + 48), 0, "st_size");
    cr_assert_eq(sc_peek32(buf + 0), 0, "st_dev zeroed");
    cr_assert_eq(SC2(197, 3, buf), ERR(LINUX_EBADF));
    cr_assert_eq(SC2(197, 1, 0x100), ERR(LINUX_EFAULT));
    uint32_t empty = SC_BRK + 0x200;
    sc_poke(empty, "", 1);
    cr_assert_eq(sc_call(327, 2, empty, buf, 0x1000, 0), 0, "fstatat64(fd, \"\", AT_EMPTY_PATH)");
    cr_assert_eq(sc_peek32(buf + 56), 4096);
    cr_assert_eq(sc_call(397, 1, empty, 0x1000, 0x7ff, buf), 0);
    cr_assert_eq(sc_peek32(buf + 0), 0x7ff, "stx_mask");
    cr_assert_eq(sc_peek32(buf + 4), 4096, "stx_blksize");
    cr_assert_eq(sc_peek32(buf + 28) & 0xffffu, 0010600u, "stx_mode");
    cr_assert_eq(sc_call(397, 1, empty, 0, 0x7ff, buf), ERR(LINUX_ENOENT), "no AT_EMPTY_PATH");
    cr_assert_eq(sc_call(397, 1, empty, 0x1000, 0x7ff, 0x100), ERR(LINUX_EFAULT));
    cr_assert_eq(sc_call(397, 8, empty, 0x1000, 0x7ff, buf), ERR(LINUX_EBADF));
}

Test(syscall, brk_grows_zeroed_within_bounds)
{
    sc_setup(64);
    cr_assert_eq(SC1(45, 0), SC_BRK, "brk(0) reports the break");
    cr_assert_eq(SC1(45, SC_BRK + 0x1235), SC_BRK + 0x1235);
    for (uint32_t a = SC_BRK; a < SC_BRK + 0x1235; a += 0x111)
        cr_assert_eq(sc_peek8(a), 0, "new heap byte 0x%x not zeroed", a);
    cr_assert_eq(sc_peek8(SC_BRK + 0x1235), 0xaa, "nothing beyond the break is touched");
    cr_assert_eq(SC1(45, SC_BRK + 0x100), SC_BRK + 0x100, "shrinking");
    cr_assert_eq(SC1(45, SC_BRK - 4), SC_BRK + 0x100, "below brk_min: old break");
    cr_assert_eq(SC1(45, SC_STACK_LO + 4), SC_BRK + 0x100, "into the stack: old break");
    cr_assert_eq(SC1(45, SC_STACK_LO), SC_STACK_LO, "up to the mmap area is fine");
}

Test(syscall, mmap2_hands_out_zeroed_pages_downwards)
{
    sc_setup(64);
    uint32_t a = sc_call(192, 0, 5000, 3, 0x22, (uint32_t)-1);
    cr_assert_eq(a, SC_STACK_LO - 0x2000);
    for (uint32_t i = 0; i < 0x2000; i += 0x3f)
        cr_assert_eq(sc_peek8(a + i), 0);
    uint32_t b = sc_call(192, 0, 4096, 3, 0x22, (uint32_t)-1);
    cr_assert_eq(b, a - 0x1000);
    cr_assert_eq(sc_c.sys.mmap_low, b);
    /* munmap of the lowest mapping gives it back */
    cr_assert_eq(SC2(91, b, 4096), 0);
    cr_assert_eq(sc_c.sys.mmap_low, a);
    /* munmap of anything else succeeds and keeps the cursor */
    cr_assert_eq(SC2(91, SC_STACK_LO - 0x1000, 4096), 0);
    cr_assert_eq(sc_c.sys.mmap_low, a);
    cr_assert_eq(SC2(91, a + 1, 4096), ERR(LINUX_EINVAL));
    /* reused memory comes back zeroed */
    sc_poke(a - 0x1000, "dirty", 5);
    cr_assert_eq(sc_call(192, 0, 100, 3, 0x22, (uint32_t)-1), a - 0x1000);
    cr_assert_eq(sc_peek8(a - 0x1000), 0);
}

Test(syscall, mmap2_bounds_and_refusals)
{
    sc_setup(64);
    cr_assert_eq(sc_call(192, 0, 4096, 3, 0x02, 3), ERR(LINUX_EBADF), "file mapping");
    cr_assert_eq(sc_call(192, 0, 4096, 3, 0x02, 0), ERR(LINUX_ENODEV));
    cr_assert_eq(sc_call(192, 0, 0, 3, 0x22, (uint32_t)-1), ERR(LINUX_EINVAL));
    cr_assert_eq(sc_call(192, 0, 0xffffffffu, 3, 0x22, (uint32_t)-1), ERR(LINUX_EINVAL));
    uint32_t room = SC_STACK_LO - SC_BRK;
    cr_assert_eq(sc_call(192, 0, room + 1, 3, 0x22, (uint32_t)-1), ERR(LINUX_ENOMEM), "never below brk");
    cr_assert_eq(sc_call(192, 0, room, 3, 0x22, (uint32_t)-1), SC_BRK);
    cr_assert_eq(SC1(45, SC_BRK + 4), SC_BRK, "brk cannot enter the mmap area");
    cr_assert_eq(sc_call(192, 0, 1, 3, 0x22, (uint32_t)-1), ERR(LINUX_ENOMEM));
    /* MAP_FIXED inside the mapped area */
    sc_poke(SC_BRK + 0x1000, "x", 1);
    cr_assert_eq(sc_call(192, SC_BRK + 0x1000, 4096, 3, 0x32, (uint32_t)-1), SC_BRK + 0x1000);
    cr_assert_eq(sc_peek8(SC_BRK + 0x1000), 0);
    cr_assert_eq(sc_call(192, SC_STACK_LO, 4096, 3, 0x32, (uint32_t)-1), ERR(LINUX_ENOMEM));
    cr_assert_eq(sc_call(163, SC_BRK, 4096, 8192, 1, 0), ERR(LINUX_ENOMEM), "mremap");
    cr_assert_eq(sc_call(125, SC_BRK, 4096, 1, 0, 0), 0, "mprotect");
}

Test(syscall, uname_contents)
{
    sc_setup(64);
    uint32_t u = SC_BRK;
    cr_assert_eq(SC1(122, u), 0);
    char f[6][65];
    for (uint32_t i = 0; i < sizeof f; i++)
        ((char *)f)[i] = (char)sc_peek8(u + i);
    cr_assert_str_eq(f[0], "Linux");
    cr_assert_str_eq(f[2], "6.1.0");
    cr_assert_str_eq(f[4], "armv7l");
    cr_assert_eq(f[4][64], 0);
    cr_assert_eq(f[5][64], 0);
    cr_assert_eq(SC1(122, 0x100), ERR(LINUX_EFAULT));
    cr_assert_eq(SC1(122, SC_PRIV_BASE + SC_PRIV_SIZE - 100), ERR(LINUX_EFAULT));
}

Test(syscall, exit_codes_keep_output)
{
    sc_setup(64);
    sc_poke(SC_BRK, "bye", 3);
    SC3(4, 1, SC_BRK, 3);
    sc_c.r[0] = 0;
    SC1(1, 300);
    cr_assert_eq(sc_c.sys.status, SIM_HALTED);
    cr_assert_eq(sc_c.sys.exit_code, 300 & 0xff);
    cr_assert_eq(sc_c.sys.out_len, 6);
    sc_setup(64);
    SC1(248, 3);
    cr_assert_eq(sc_c.sys.status, SIM_HALTED);
    cr_assert_eq(sc_c.sys.exit_code, 3);
}

Test(syscall, unknown_numbers_are_enosys)
{
    sc_setup(64);
    cr_assert_eq(SC0(9999), ERR(LINUX_ENOSYS));
    cr_assert_eq(SC0(0xf0001), ERR(LINUX_ENOSYS));
    cr_assert_eq(sc_c.sys.enosys_count, 2);
    cr_assert_eq(sc_c.sys.enosys_last, 0xf0001);
    cr_assert_eq(sc_c.sys.status, SIM_RUNNING);
    cr_assert_eq(SC0(398), ERR(LINUX_ENOSYS), "rseq");
    cr_assert_eq(sc_c.sys.enosys_count, 2, "rseq is known, not counted");
    cr_assert_str_eq(arm_syscall_name(4), "write");
    cr_assert_str_eq(arm_syscall_name(WS_SYS_BARRIER), "ws_barrier");
    cr_assert_null(arm_syscall_name(9999));
}

Test(syscall, abort_faults_the_core_with_the_signal)
{
    sc_setup(64);
    uint32_t pid = SC0(20), tid = SC0(224);
    cr_assert_eq(pid, 1000 + sc_core);
    cr_assert_eq(tid, pid);
    cr_assert_eq(SC3(268, pid, tid + 1, 6), ERR(LINUX_ESRCH));
    cr_assert_eq(SC3(268, pid, tid, 17), 0, "SIGCHLD is ignored by default");
    cr_assert_eq(SC3(268, pid, tid, 0), 0);
    cr_assert_eq(sc_c.sys.status, SIM_RUNNING);
    SC3(268, pid, tid, 6);
    cr_assert_eq(sc_c.sys.status, SIM_FAULTED);
    cr_assert_eq(sc_c.sys.fault_reason, SIM_FAULT_SIGNAL);
    cr_assert_eq(sc_c.sys.exit_code, 6);
    cr_assert_eq(sc_c.sys.fault_pc, SC_SVC_PC);
    sc_setup(64);
    cr_assert_eq(SC2(37, 5, 9), ERR(LINUX_ESRCH));
    SC2(37, 0, 15);
    cr_assert_eq(sc_c.sys.exit_code, 15, "kill(0, SIGTERM) reaches the caller");
    sc_setup(64);
    SC2(238, 1000 + sc_core, 11);
    cr_assert_eq(sc_c.sys.status, SIM_FAULTED);
}

Test(syscall, signal_state_calls_remember_nothing)
{
    sc_setup(64);
    uint32_t o = SC_BRK;
    cr_assert_eq(sc_call(174, 6, SC_BRK + 0x100, o, 8, 0), 0);
    cr_assert_eq(sc_peek32(o), 0, "old action SIG_DFL");
    cr_assert_eq(sc_call(174, 6, 0, 0, 4, 0), ERR(LINUX_EINVAL), "sigsetsize");
    cr_assert_eq(sc_call(174, 65, 0, 0, 8, 0), ERR(LINUX_EINVAL));
    cr_assert_eq(sc_call(175, 0, 0, o, 8, 0), 0);
    cr_assert_eq(sc_peek32(o) | sc_peek32(o + 4), 0);
    cr_assert_eq(sc_call(186, 0, o, 0, 0, 0), 0);
    cr_assert_eq(sc_peek32(o + 4), 2, "SS_DISABLE");
    cr_assert_eq(sc_call(174, 6, 0, 0x100, 8, 0), ERR(LINUX_EFAULT));
}

Test(syscall, barrier_parks_the_core)
{
    sc_setup(64);
    sc_call(WS_SYS_BARRIER, 77, 0, 0, 0, 0);
    cr_assert_eq(sc_c.sys.status, SIM_WAIT_BARRIER);
    cr_assert_eq(sc_c.r[0], 0);
    cr_assert_eq(sc_c.npc, SC_SVC_PC + 4, "the call completes; pc moves on");
}

Test(syscall, warpsim_services)
{
    sc_setup(64);
    cr_assert_eq(SC0(WS_SYS_CORE_ID), sc_core);
    cr_assert_eq(SC0(WS_SYS_NCORES), SC_CORES);
    cr_assert_eq(SC0(WS_SYS_SHARED_BASE), SIM_SHARED_BASE);
    cr_assert_eq(SC0(WS_SYS_SHARED_SIZE), sizeof sc_shared);
}

Test(syscall, tls_and_identity)
{
    sc_setup(64);
    cr_assert_eq(SC1(0xf0005, 0x12345678), 0);
    cr_assert_eq(sc_c.sys.tls, 0x12345678);
    cr_assert_eq(SC0(0xf0006), 0x12345678);
    cr_assert_eq(SC0(199), 0);
    cr_assert_eq(SC0(202), 0);
    cr_assert_eq(SC1(256, SC_BRK), 1000 + sc_core, "set_tid_address returns the tid");
    cr_assert_eq(SC2(338, SC_BRK, 12), 0);
    cr_assert_eq(SC2(240, SC_BRK, 0x81), 0, "FUTEX_WAKE_PRIVATE");
    cr_assert_eq(SC0(158), 0);
}

Test(syscall, time_is_virtual_monotonic_and_deterministic)
{
    sc_setup(64);
    uint32_t ts = SC_BRK;
    sim_set_icount(&sc_c.sys, 2500000123ull);
    cr_assert_eq(SC2(263, 1, ts), 0);
    cr_assert_eq(sc_peek32(ts), 2);
    cr_assert_eq(sc_peek32(ts + 4), 500000123);
    cr_assert_eq(SC2(403, 0, ts), 0, "clock_gettime64(CLOCK_REALTIME)");
    cr_assert_eq(sc_peek32(ts), LINUX_EPOCH_SEC + 2);
    cr_assert_eq(sc_peek32(ts + 4), 0);
    cr_assert_eq(sc_peek32(ts + 8), 500000123);
    uint64_t last = 0;
    for (uint64_t n = 0; n < 5000000000ull; n += 999999937ull) {
        sim_set_icount(&sc_c.sys, n);
        cr_assert_eq(SC2(403, 1, ts), 0);
        uint64_t t = (uint64_t)sc_peek32(ts) * 1000000000ull + sc_peek32(ts + 8);
        cr_assert_eq(t, n, "1 ns per instruction");
        cr_assert_geq(t, last);
        last = t;
    }
    cr_assert_eq(SC2(263, 10, ts), ERR(LINUX_EINVAL));
    cr_assert_eq(SC2(263, 1, 0x100), ERR(LINUX_EFAULT));
    cr_assert_eq(SC2(264, 1, ts), 0);
    cr_assert_eq(sc_peek32(ts + 4), 1, "1 ns resolution");
    sim_set_icount(&sc_c.sys, 7000001000ull);
    cr_assert_eq(SC2(78, ts, 0), 0);
    cr_assert_eq(sc_peek32(ts), LINUX_EPOCH_SEC + 7);
    cr_assert_eq(sc_peek32(ts + 4), 1, "microseconds");
    cr_assert_eq(SC1(13, ts + 8), LINUX_EPOCH_SEC + 7);
    cr_assert_eq(sc_peek32(ts + 8), LINUX_EPOCH_SEC + 7);
}

Test(syscall, rlimits)
{
    sc_setup(64);
    uint32_t r = SC_BRK;
    cr_assert_eq(sc_call(369, 0, 3, 0, r, 0), 0);
    cr_assert_eq(sc_peek32(r), SC_PRIV_BASE + SC_PRIV_SIZE - SC_STACK_LO, "RLIMIT_STACK = stack reserve");
    cr_assert_eq(sc_peek32(r + 4), 0);
    cr_assert_eq(sc_peek32(r + 8), 0xffffffffu);
    cr_assert_eq(sc_peek32(r + 12), 0xffffffffu);
    cr_assert_eq(sc_call(369, 4242, 3, 0, r, 0), ERR(LINUX_ESRCH));
    cr_assert_eq(sc_call(369, 0, 99, 0, r, 0), ERR(LINUX_EINVAL));
    cr_assert_eq(SC2(191, 3, r), 0);
    cr_assert_eq(sc_peek32(r), SC_PRIV_BASE + SC_PRIV_SIZE - SC_STACK_LO);
    cr_assert_eq(sc_peek32(r + 4), 0xffffffffu);
    cr_assert_eq(SC2(191, 7, r), 0);
    cr_assert_eq(sc_peek32(r), 1024);
}

Test(syscall, getrandom_is_deterministic_per_core)
{
    uint8_t a[40], b[40];
    sc_setup(64);
    sim_set_icount(&sc_c.sys, 1234);
    cr_assert_eq(SC3(384, SC_BRK, 40, 0), 40);
    for (uint32_t i = 0; i < 40; i++)
        a[i] = (uint8_t)sc_peek8(SC_BRK + i);
    sc_setup(64);
    sim_set_icount(&sc_c.sys, 1234);
    cr_assert_eq(SC3(384, SC_BRK, 40, 0), 40);
    for (uint32_t i = 0; i < 40; i++)
        b[i] = (uint8_t)sc_peek8(SC_BRK + i);
    cr_assert_arr_eq(a, b, 40);
    sc_core = 0;
    cr_assert_eq(SC3(384, SC_BRK, 40, 0), 40);
    int same = 1;
    for (uint32_t i = 0; i < 40; i++)
        same &= a[i] == sc_peek8(SC_BRK + i);
    cr_assert_not(same, "another core draws other bytes");
    cr_assert_eq(SC3(384, 0x100, 4, 0), ERR(LINUX_EFAULT));
    cr_assert_eq(SC3(384, SC_PRIV_BASE + SC_PRIV_SIZE - 2, 8, 0), 2);
}


/* The shared layer in i386's numbering and layouts (linux_syscall.h): the
 * same calls under their i386 numbers, stat64's packed 96-byte layout, and
 * uname's machine. */
Test(syscall, the_i386_abi)
{
    sc_setup(64);
    const linux_abi_t abi = {LINUX_ABI_I386, "i686"};
    uint32_t a[6] = {1, SC_BRK, 0, 0, 0, 0};
    memset(sc_priv, 0x5a, sizeof sc_priv);
    cr_assert_eq(linux_syscall(abi, 197, &sc_c.sys, &sc_m, sc_core, a, 0), 0, "fstat64(1, buf)");
    cr_expect_eq(sc_peek32(SC_BRK + 16), 0010600u, "st_mode: a FIFO");
    cr_expect_eq(sc_peek32(SC_BRK + 52), 4096u, "st_blksize at 52, packed (ARM EABI: 56)");
    cr_expect_eq(sc_peek32(SC_BRK + 88), 2u, "st_ino's 64 bits at 88 (ARM EABI: 96)");
    cr_expect_eq(sc_peek8(SC_BRK + 95), 0u, "96 bytes written");
    cr_expect_eq(sc_peek8(SC_BRK + 96), 0x5au, "and no more");
    a[0] = SC_BRK;
    cr_assert_eq(linux_syscall(abi, 122, &sc_c.sys, &sc_m, sc_core, a, 0), 0, "uname");
    cr_expect_eq(sc_peek8(SC_BRK + 4 * 65), 'i');
    cr_expect_eq(sc_peek8(SC_BRK + 4 * 65 + 3), '6');
    cr_expect_str_eq(linux_syscall_name(LINUX_ABI_I386, 252), "exit_group");
    cr_expect_eq(linux_syscall_name(LINUX_ABI_ARM_EABI, 252), NULL, "252 is no ARM EABI call");
    a[0] = 7;
    linux_syscall(abi, 252, &sc_c.sys, &sc_m, sc_core, a, 0);
    cr_expect_eq(sc_c.sys.status, SIM_HALTED, "exit_group is 252 on i386");
    cr_expect_eq(sc_c.sys.exit_code, 7u);
}

static uint32_t sc_stdin_fds[SC_CORES * LINUX_FD_MAX * LINUX_FD_WORDS]; /* zero: the first tables */

/* stdin (linux_fs.h): bytes the host read, each core at its own offset; a
 * core that has read them all asks the host for more. */
Test(syscall, stdin_reads_shared_bytes_and_asks_for_more)
{
    sc_setup(64);
    linux_fs_t fs = {.in = (const uint8_t *)"hello world", .in_len = 5, .in_eof = 0, .in_core = LINUX_IN_ALL, .fds = sc_stdin_fds};
    sc_m.fs = &fs;
    cr_assert_eq(SC3(3, 0, SC_BRK, 3), 3);
    cr_assert_eq(sc_peek8(SC_BRK) | sc_peek8(SC_BRK + 2) << 8, 'h' | 'l' << 8);
    cr_assert_eq(SC3(3, 0, SC_BRK, 100), 2, "what is there, not a full buffer");
    cr_assert_eq(sc_c.sys.in_off, 5);
    sc_c.r[0] = 0;
    sc_call(3, 0, SC_BRK, 100, 0, 0);
    cr_assert_eq(sc_c.sys.status, SIM_WAIT_HOST);
    cr_assert_eq(sc_c.sys.host_req, LINUX_REQ_STDIN);
    cr_assert_eq(sc_c.npc, SC_SVC_PC, "retried after the host read");
    /* the host read six more bytes */
    fs.in_len = 11;
    sc_c.sys.status = SIM_RUNNING;
    sc_c.sys.host_req = LINUX_REQ_NONE;
    cr_assert_eq(SC3(3, 0, SC_BRK, 100), 6);
    cr_assert_eq(sc_peek8(SC_BRK + 5), 'd');
    fs.in_eof = 1;
    cr_assert_eq(SC3(3, 0, SC_BRK, 100), 0, "end of file");
    cr_assert_eq(sc_c.sys.status, SIM_RUNNING);
    /* another core starts from the beginning */
    sc_core = 0;
    sc_c.sys.in_off = 0; /* (the fixture stages one context: core 0's is fresh) */
    cr_assert_eq(SC3(3, 0, SC_BRK, 100), 11);
}

Test(syscall, stdin_core_others_read_dev_null)
{
    sc_setup(64);
    linux_fs_t fs = {.in = (const uint8_t *)"abc", .in_len = 3, .in_eof = 0, .in_core = 0, .fds = sc_stdin_fds};
    sc_m.fs = &fs;
    cr_assert_eq(SC3(3, 0, SC_BRK, 10), 0, "core 1 reads /dev/null");
    cr_assert_eq(sc_c.sys.status, SIM_RUNNING);
    sc_core = 0;
    cr_assert_eq(SC3(3, 0, SC_BRK, 10), 3);
    cr_assert_eq(SC3(3, 0, 0x1000, 10), 0, "nothing left: no fault is seen before the wait");
    cr_assert_eq(sc_c.sys.status, SIM_WAIT_HOST);
}

Test(syscall, stdin_errors_and_readv)
{
    sc_setup(64);
    linux_fs_t fs = {.in = (const uint8_t *)"abcdef", .in_len = 6, .in_eof = 1, .in_core = LINUX_IN_ALL, .fds = sc_stdin_fds};
    sc_m.fs = &fs;
    cr_assert_eq(SC3(3, 0, 0x1000, 4), ERR(LINUX_EFAULT));
    cr_assert_eq(sc_c.sys.in_off, 0);
    cr_assert_eq(SC3(3, 1, SC_BRK, 4), ERR(LINUX_EBADF), "stdout is write-only");
    uint32_t iov = SC_BRK + 0x100, v[4] = {SC_BRK, 2, SC_BRK + 8, 10};
    sc_poke(iov, v, sizeof v);
    cr_assert_eq(SC3(145, 0, iov, 2), 6);
    cr_assert_eq(sc_peek8(SC_BRK + 1) | sc_peek8(SC_BRK + 8) << 8, 'b' | 'c' << 8);
    /* with nothing left and the host's stdin open, readv waits too... */
    fs.in_eof = 0;
    SC3(145, 0, iov, 2);
    cr_assert_eq(sc_c.sys.status, SIM_WAIT_HOST);
    /* ...but not once a segment got bytes: that is a short read */
    sc_c.sys.status = SIM_RUNNING;
    sc_c.sys.host_req = LINUX_REQ_NONE;
    fs.in_len = 7;
    fs.in = (const uint8_t *)"abcdefg";
    cr_assert_eq(SC3(145, 0, iov, 2), 1);
    cr_assert_eq(sc_c.sys.status, SIM_RUNNING);
    cr_assert_eq(sc_c.sys.host_req, LINUX_REQ_NONE);
}

/* ---- files (linux_fs.h): a file table the host would have filled, one
 * regular file (entry 0, "abcdef") and one directory (entry 1, two dirent
 * records), and descriptors for both cores. */
static uint32_t sc_fds[SC_CORES * LINUX_FD_MAX * LINUX_FD_WORDS];
static uint8_t sc_data[64];
static uint32_t sc_files[2 * LF_WORDS];
static linux_fs_t sc_fs;

static void sc_setup_files(void)
{
    sc_setup(256);
    memset(sc_fds, 0, sizeof sc_fds);
    memset(sc_data, 0, sizeof sc_data);
    memset(sc_files, 0, sizeof sc_files);
    memcpy(sc_data, "abcdef", 6);
    /* two struct linux_dirent64 records of 24 bytes: "." and "x" */
    for (int i = 0; i < 2; i++) {
        uint8_t *r = sc_data + 8 + 24 * i;
        r[0] = (uint8_t)(10 + i);
        r[8] = (uint8_t)(24 * (i + 1));
        r[16] = 24;
        r[18] = 4;
        r[19] = i ? 'x' : '.';
    }
    uint32_t *f = sc_files, *d = sc_files + LF_WORDS;
    f[LF_DATA] = 0, f[LF_DLEN] = f[LF_SIZE] = 6, f[LF_MODE] = 0100644, f[LF_MTIME] = 1234;
    d[LF_DATA] = 8, d[LF_DLEN] = 48, d[LF_SIZE] = 4096, d[LF_MODE] = 0040755;
    sc_fs = (linux_fs_t){.in_eof = 1, .in_core = LINUX_IN_ALL, .nfiles = 2, .data = sc_data, .files = sc_files,
                         .fds = sc_fds};
    sc_m.fs = &sc_fs;
}

/* open's second half: the host answered entry `entry`. */
static uint32_t sc_open_answered(uint32_t entry)
{
    sc_c.sys.host_req = LINUX_REQ_DONE;
    sc_c.sys.host_ret = entry;
    return SC3(5, SC_BRK, 0, 0);
}

Test(syscall, open_sends_a_request_and_takes_the_answer)
{
    sc_setup_files();
    sc_poke(SC_BRK, "dir/f.txt", 10);
    sc_call(5, SC_BRK, 0x4000 | 0x80000, 0, 0, 0); /* O_DIRECTORY | O_CLOEXEC, ARM's */
    cr_assert_eq(sc_c.sys.status, SIM_WAIT_HOST);
    cr_assert_eq(sc_c.sys.host_req, LINUX_REQ_PATH);
    const uint8_t *o = sc_outbuf();
    cr_assert_eq(o[0], LINUX_OUT_REQ);
    cr_assert_eq(o[1], LINUX_REQ_HDR + 10);
    cr_assert_eq(o[3 + 4], 0xff, "relative to the cwd");
    cr_assert_eq(o[3 + 8] | o[3 + 9] << 8 | o[3 + 10] << 16, LINUX_OF_DIRECTORY, "flags in the host's terms");
    cr_assert_str_eq((const char *)o + 3 + LINUX_REQ_HDR, "dir/f.txt");
    sc_c.sys.status = SIM_RUNNING;
    cr_assert_eq(sc_open_answered(0), 3, "the lowest free descriptor");
    cr_assert_eq(sc_c.sys.host_req, LINUX_REQ_NONE);
    cr_assert_eq(SC2(221, 3, 1), 0, "O_CLOEXEC was not asked for in the second call's flags");
    sc_c.sys.host_req = LINUX_REQ_DONE;
    sc_c.sys.host_ret = (uint32_t)-LINUX_ENOENT;
    cr_assert_eq(SC3(5, SC_BRK, 0, 0), ERR(LINUX_ENOENT), "the host's error is the call's");
}

Test(syscall, file_reads_seeks_and_dups_on_the_device)
{
    sc_setup_files();
    cr_assert_eq(sc_open_answered(0), 3);
    cr_assert_eq(SC3(3, 3, SC_BRK, 4), 4);
    cr_assert_eq(SC3(3, 3, SC_BRK + 4, 100), 2);
    cr_assert_eq(SC3(3, 3, SC_BRK, 100), 0, "end of file");
    cr_assert_eq(sc_peek8(SC_BRK + 5), 'f');
    cr_assert_eq(SC3(19, 3, (uint32_t)-2, 2), 4, "SEEK_END - 2");
    cr_assert_eq(SC3(19, 3, (uint32_t)-9, 1), ERR(LINUX_EINVAL));
    sc_c.r[5] = 0; /* ARM EABI: the offset in r4 (low) and r5 */
    cr_assert_eq(sc_call(180, 3, SC_BRK, 3, 0, 1), 3, "pread64 at 1");
    cr_assert_eq(sc_peek8(SC_BRK), 'b');
    cr_assert_eq(SC3(3, 3, SC_BRK, 100), 2, "pread left the position at 4");
    /* dup2 onto stdin: fd 0 reads the file, with its own position */
    cr_assert_eq(SC2(63, 3, 0), 0);
    cr_assert_eq(SC3(3, 0, SC_BRK, 100), 0, "the position came along (6)");
    cr_assert_eq(SC3(19, 0, 0, 0), 0);
    cr_assert_eq(SC3(3, 0, SC_BRK, 1), 1);
    cr_assert_eq(SC1(6, 3), 0);
    cr_assert_eq(SC1(6, 3), ERR(LINUX_EBADF));
    cr_assert_eq(SC3(3, 3, SC_BRK, 1), ERR(LINUX_EBADF));
    cr_assert_eq(SC1(41, 1), 3, "dup takes the lowest free one");
    cr_assert_eq(SC3(4, 3, SC_BRK, 1), 1, "a dup of stdout writes to stdout");
    cr_assert_eq(sc_outbuf()[0], 1);
    cr_assert_eq(SC3(4, 0, SC_BRK, 1), ERR(LINUX_EBADF), "fd 0 is now a read-only file");
    /* the other core's table is untouched: its fd 0 is still stdin */
    sc_core = 0;
    cr_assert_eq(SC3(3, 3, SC_BRK, 1), ERR(LINUX_EBADF));
    cr_assert_eq(SC2(221, 0, 3), 0);
}

Test(syscall, fstat_and_getdents64_from_the_table)
{
    sc_setup_files();
    cr_assert_eq(sc_open_answered(0), 3);
    cr_assert_eq(sc_open_answered(1), 4);
    cr_assert_eq(SC2(197, 3, SC_BRK), 0);
    cr_assert_eq(sc_peek32(SC_BRK + 16), 0100644);
    cr_assert_eq(sc_peek32(SC_BRK + 48), 6, "st_size");
    cr_assert_eq(sc_peek32(SC_BRK + 80), 1234, "st_mtime (ARM EABI layout)");
    cr_assert_eq(SC3(3, 4, SC_BRK, 10), ERR(LINUX_EISDIR));
    cr_assert_eq(SC3(217, 3, SC_BRK, 100), ERR(LINUX_ENOTDIR));
    cr_assert_eq(SC3(217, 4, SC_BRK, 20), ERR(LINUX_EINVAL), "not one whole record fits");
    cr_assert_eq(SC3(217, 4, SC_BRK, 30), 24, "whole records only");
    cr_assert_eq(SC3(217, 4, SC_BRK, 100), 24);
    cr_assert_eq(sc_peek8(SC_BRK + 19), 'x');
    cr_assert_eq(SC3(217, 4, SC_BRK, 100), 0, "end of the directory");
}

Test(syscall, descriptors_run_out_at_the_table_size)
{
    sc_setup_files();
    for (uint32_t fd = 3; fd < LINUX_FD_MAX; fd++)
        cr_assert_eq(SC1(41, 0), fd);
    cr_assert_eq(SC1(41, 0), ERR(LINUX_EMFILE));
    sc_poke(SC_BRK, "f", 2);
    cr_assert_eq(SC3(5, SC_BRK, 0, 0), ERR(LINUX_EMFILE), "no request is sent");
    cr_assert_eq(sc_c.sys.out_len, 0);
    cr_assert_eq(SC3(63, 0, LINUX_FD_MAX, 0), ERR(LINUX_EBADF));
}

Test(syscall, poll_waits_for_stdin_only_when_asked_to)
{
    sc_setup_files();
    sc_fs.in_eof = 0;
    uint32_t pfd = SC_BRK + 0x200, v[4] = {0, 1u, 1, 4u}; /* stdin POLLIN, stdout POLLOUT */
    sc_poke(pfd, v, sizeof v);
    cr_assert_eq(SC3(168, pfd, 2, 0), 1, "stdout is ready; stdin has nothing yet");
    cr_assert_eq(sc_peek32(pfd + 4) >> 16, 0);
    cr_assert_eq(sc_peek32(pfd + 12) >> 16, 4u);
    cr_assert_eq(sc_c.sys.status, SIM_RUNNING);
    sc_call(168, pfd, 1, (uint32_t)-1, 0, 0);
    cr_assert_eq(sc_c.sys.status, SIM_WAIT_HOST, "an infinite timeout waits for the host to read stdin");
    cr_assert_eq(sc_c.sys.host_req, LINUX_REQ_STDIN);
    sc_c.sys.status = SIM_RUNNING;
    sc_c.sys.host_req = LINUX_REQ_NONE;
    sc_fs.in_eof = 1;
    cr_assert_eq(SC3(168, pfd, 1, (uint32_t)-1), 1, "end of file is readable");
    v[0] = 9;
    sc_poke(pfd, v, 8);
    cr_assert_eq(SC3(168, pfd, 1, 0), 1);
    cr_assert_eq(sc_peek32(pfd + 4) >> 16, 0x20u, "POLLNVAL for a closed descriptor");
}

Test(syscall, unsupported_calls_fail_with_a_note_for_the_host)
{
    sc_setup(64);
    cr_assert_eq(SC0(2), ERR(LINUX_ENOSYS), "fork");
    cr_assert_eq(sc_c.sys.enosys_count, 1);
    const uint8_t *o = sc_outbuf();
    cr_assert_eq(o[0], LINUX_OUT_NOTE);
    cr_assert_eq(o[1], 5 + 4);
    cr_assert_eq(o[3], LINUX_NOTE_ENOSYS);
    cr_assert_eq(o[4], 2);
    cr_assert_eq(memcmp(o + 8, "fork", 4), 0);
    cr_assert_eq(SC0(9999), ERR(LINUX_ENOSYS), "a number no table has");
    cr_assert_eq(o[12 + 1], 5, "no name");
    /* a full buffer: the core waits for the drain, counting the call once */
    sc_c.sys.out_len = 62;
    sc_call(120, 0, 0, 0, 0, 0);
    cr_assert_eq(sc_c.sys.status, SIM_WAIT_HOST);
    cr_assert_eq(sc_c.sys.enosys_count, 2);
    sc_c.sys.status = SIM_RUNNING;
    sc_c.sys.out_len = 0;
    cr_assert_eq(SC0(120), ERR(LINUX_ENOSYS), "clone");
    cr_assert_eq(sc_c.sys.enosys_count, 3);
}

Test(syscall, dev_null_reads_nothing_and_takes_every_write)
{
    sc_setup_files();
    sc_files[LF_MODE] = 0020666; /* entry 0 as /dev/null, as the host lists it */
    sc_files[LF_DLEN] = sc_files[LF_SIZE] = 0;
    cr_assert_eq(sc_open_answered(0), 3);
    cr_assert_eq(SC3(4, 3, SC_BRK, 100), 100);
    uint32_t iov = SC_BRK + 0x100, v[4] = {SC_BRK, 3, SC_BRK, 5};
    sc_poke(iov, v, sizeof v);
    cr_assert_eq(SC3(146, 3, iov, 2), 8, "writev too");
    cr_assert_eq(sc_c.sys.out_len, 0, "nothing reaches the output");
    cr_assert_eq(SC3(3, 3, SC_BRK, 100), 0);
}
