/* The device runtime's state (cudart_devrt.c): the malloc heap and the
 * launch stack of dynamic parallelism, which the device library's PTX
 * (devlib/heap.ptx, devlib/cdp.ptx) reaches through its __warpsim_devrt
 * variable. The offsets are the PTX's literal ones. */
#ifndef CUDART_DEVRT_H
#define CUDART_DEVRT_H

#include <stdint.h>

enum {
    DEVRT_HEAP_BASE = 0,       /* u64: the heap, cudaLimitMallocHeapSize bytes */
    DEVRT_HEAP_END = 8,        /* u64 */
    DEVRT_HEAP_TOP = 16,       /* u64: the next byte never carved */
    DEVRT_CDP_TAIL = 24,       /* u32: entries reserved (may pass the limit) */
    DEVRT_CDP_LIMIT = 28,      /* u32: cudaLimitDevRuntimePendingLaunchCount */
    DEVRT_CDP_BASE = 32,       /* u64: the entries */
    DEVRT_LAST_ERROR = 40,     /* u32: the device runtime's last error */
    DEVRT_HANDLES = 44,        /* u32: stream and event handles made */
    DEVRT_HEADS = 192,         /* u64[32]: each size class's free list (version << 48 | block) */
    DEVRT_ATTRS = 448,         /* i32[DEVRT_NATTRS]: cudaDeviceGetAttribute's answers, */
    DEVRT_ATTR_ERR = 1088,     /* u8[DEVRT_NATTRS]: and its errors (0 or cudaErrorInvalidValue) */
    DEVRT_LIMITS = 1248,       /* u64[DEVRT_NLIMITS]: cudaDeviceGetLimit's answers at the launch */
    DEVRT_SIZE = 1288,
};
/* Device-side cudaDeviceGetAttribute answers attributes 0..DEVRT_NATTRS-1 (CUDA 13's last is
 * 147) and cudaDeviceGetLimit limits 0..DEVRT_NLIMITS-1 (cudaLimitStackSize to
 * cudaLimitDevRuntimePendingLaunchCount: the ones CUDA's device runtime answers). */
#define DEVRT_NATTRS 160
#define DEVRT_NLIMITS 5

/* A launch stack entry: a header, then the parameters. */
enum {
    DEVRT_E_FUNC = 0,          /* u64: the kernel's address (PTX_FUNC_ADDR_BASE + 16 * index) */
    DEVRT_E_GRID = 8,          /* u32[3] */
    DEVRT_E_BLOCK = 20,        /* u32[3] */
    DEVRT_E_SHMEM = 32,        /* u32: dynamic shared bytes */
    DEVRT_E_STREAM = 40,       /* u64 */
    DEVRT_E_LAUNCHED = 48,     /* u32: 1 once cudaLaunchDevice marked it */
    DEVRT_E_PARAMS = 64,
    DEVRT_E_PARAM_BYTES = 4096,
    DEVRT_E_SIZE = DEVRT_E_PARAMS + DEVRT_E_PARAM_BYTES,
};

/* CUDA's reserved stream handles that change the order of a launch. */
#define DEVRT_STREAM_TAIL_LAUNCH 0x3u

struct cudart_module;
/* After a module is loaded: points its __warpsim_devrt, if it has one, at
 * the state (made at the first, with the device's attributes). 0 or a
 * cudaError_t. */
int cudart_devrt_bind(struct cudart_module *m);
/* Before a grid of the module runs: the heap and the launch stack exist
 * (sized by the limits at the first such launch), the limits' answers are
 * the runtime's now; *mark is where the
 * grid's children will start. 0 or a cudaError_t. */
int cudart_devrt_enter(struct cudart_module *m, uint32_t *mark);
/* After the grid (which failed, or not): runs the children it launched
 * since mark, each with its own before the next, tail launches last, and
 * ends what cudart_devrt_enter began; 0 or a cudaError_t. */
int cudart_devrt_children(struct cudart_module *m, uint32_t mark, int failed);

#endif
