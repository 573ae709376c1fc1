/* The warpsim service ABI, shared by the simulator (src/device/) and the
 * target-side runtime (kernels/). Services are system calls with numbers no
 * Linux kernel uses: on ARM `svc 0` with the number in r7, on IA-32 `int $0x80`
 * with it in eax. Under qemu-user or a real kernel they fail with -ENOSYS, and
 * the runtime falls back to one core (see warpsim.h). On ARM the numbers sit
 * at the top of the private range 0x0f0000-0x0f07ff: Linux answers an unknown
 * number there with -ENOSYS, but kills the caller with SIGILL above it. */
#ifndef WARPSIM_ABI_H
#define WARPSIM_ABI_H

#define WS_SYS_BASE        0x0f0700
#define WS_SYS_CORE_ID     (WS_SYS_BASE + 0) /* () -> this core's id */
#define WS_SYS_NCORES      (WS_SYS_BASE + 1) /* () -> number of cores */
#define WS_SYS_BARRIER     (WS_SYS_BASE + 2) /* () -> 0 once every live core has arrived */
#define WS_SYS_SHARED_BASE (WS_SYS_BASE + 3) /* () -> target address of the shared region */
#define WS_SYS_SHARED_SIZE (WS_SYS_BASE + 4) /* () -> its size in bytes */

/* Optional ELF section a program uses to size its per-core memory; the
 * runtime's WS_MEMORY(heap, stack) macro emits it. Two little-endian words. */
#define WS_MEMORY_SECTION ".warpsim.memory"

#endif
