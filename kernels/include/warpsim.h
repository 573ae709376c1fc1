/* warpsim.h: what a program running on many simulated cores needs: its core
 * id, the core count, a barrier, the shared region and atomics on it.
 *
 *     #include "warpsim.h"
 *     WS_MEMORY(64 << 10, 16 << 10);          // optional: per-core heap, stack
 *     int main(void) {
 *         unsigned id = ws_core_id(), n = ws_ncores();
 *         volatile unsigned *sum = ws_shared_alloc(sizeof *sum);
 *         if (id == 0) *sum = 0;
 *         ws_barrier();
 *         ws_atomic_add(sum, id + 1);
 *         ws_barrier();
 *         return id == 0 && *sum != n * (n + 1) / 2;
 *     }
 *
 * Header only, for glibc programs and freestanding ones (kernels/runtime/).
 * The services are system calls (warpsim_abi.h). Elsewhere (qemu-user, a real
 * kernel) they fail and the program runs as one core: core id from the
 * environment variable WARPSIM_CORE (else 0), the core count from
 * WARPSIM_NCORES (else 1), barriers do nothing, and the shared region is a
 * static buffer of WS_FALLBACK_SHARED_SIZE bytes (define it before including
 * this header, the same in every file, to change it; it costs that much bss
 * on every core even under warpsim). */
#ifndef WARPSIM_H
#define WARPSIM_H

#include "warpsim_abi.h"
#include "warpsim_sys.h"

#ifndef WS_FALLBACK_SHARED_SIZE
#define WS_FALLBACK_SHARED_SIZE 65536u
#endif

/* Size the per-core memory: emits the two words the loader reads (it rounds
 * each up to pages; 0 keeps its default). Command-line options win. */
#define WS_MEMORY(heap_bytes, stack_bytes)                                                  \
    __attribute__((used, section(WS_MEMORY_SECTION), aligned(4))) static const unsigned    \
        ws__memory_request[2] = { (unsigned)(heap_bytes), (unsigned)(stack_bytes) }

/* Process state, one copy per core. Weak, so every translation unit that
 * includes this header shares the same copy. */
#define WS__WEAK __attribute__((weak))
WS__WEAK int ws__mode; /* 0 not probed yet, 1 warpsim services, 2 fallback */
WS__WEAK unsigned ws__id, ws__n, ws__base, ws__size, ws__used;
WS__WEAK unsigned char ws__fallback_shared[WS_FALLBACK_SHARED_SIZE] __attribute__((aligned(64)));

#if __STDC_HOSTED__
extern char **environ;
#define WS__ENVIRON environ
#else
extern char **ws_environ; /* set by the freestanding crt (kernels/runtime) */
#define WS__ENVIRON ws_environ
#endif

/* ---- the service probe ---- */

static inline long ws__probe_call(long num) { return ws_syscall0(num); }

static inline const char *ws__getenv(const char *name)
{
    char **e = WS__ENVIRON;
    for (; e && *e; e++) {
        const char *s = *e, *k = name;
        while (*k && *s == *k)
            s++, k++;
        if (!*k && *s == '=')
            return s + 1;
    }
    return 0;
}

/* The decimal number at s, or dflt when s is NULL or starts with no digit
 * (no libc needed: freestanding programs parse their arguments with it). */
static inline unsigned ws_parse_uint(const char *s, unsigned dflt)
{
    unsigned v = 0;
    if (!s || *s < '0' || *s > '9')
        return dflt;
    while (*s >= '0' && *s <= '9')
        v = v * 10u + (unsigned)(*s++ - '0');
    return v;
}

static inline unsigned ws__env_uint(const char *name, unsigned dflt)
{
    return ws_parse_uint(ws__getenv(name), dflt);
}

static inline void ws__init(void)
{
    long n;
    if (ws__mode)
        return;
    n = ws__probe_call(WS_SYS_NCORES);
    if (n > 0) {
        ws__mode = 1;
        ws__n = (unsigned)n;
        ws__id = (unsigned)ws_syscall0(WS_SYS_CORE_ID);
        ws__base = (unsigned)ws_syscall0(WS_SYS_SHARED_BASE);
        ws__size = (unsigned)ws_syscall0(WS_SYS_SHARED_SIZE);
    } else {
        ws__mode = 2;
        ws__n = ws__env_uint("WARPSIM_NCORES", 1u);
        ws__id = ws__env_uint("WARPSIM_CORE", 0u);
        ws__base = (unsigned)(unsigned long)ws__fallback_shared;
        ws__size = WS_FALLBACK_SHARED_SIZE;
    }
}

/* ---- services ---- */

/* 1 when the warpsim services answered, 0 when running on the fallbacks. */
static inline int ws_is_simulated(void) { return ws__init(), ws__mode == 1; }
static inline unsigned ws_core_id(void) { return ws__init(), ws__id; }
static inline unsigned ws_ncores(void) { return ws__init(), ws__n; }
static inline void *ws_shared_base(void) { return ws__init(), (void *)(unsigned long)ws__base; }
static inline unsigned ws_shared_size(void) { return ws__init(), ws__size; }

/* Returns once every live core has called it; shared writes made before it
 * are visible to every core after it. */
static inline void ws_barrier(void)
{
    ws__init();
    if (ws__mode == 1)
        ws_syscall0(WS_SYS_BARRIER);
    __asm__ volatile("" ::: "memory");
}

/* Bump allocation from the shared region, 16-byte aligned: cores that make
 * the same calls in the same order get the same addresses. NULL when full. */
static inline void *ws_shared_alloc(unsigned bytes)
{
    unsigned at;
    ws__init();
    at = (ws__used + 15u) & ~15u;
    if (at > ws__size || bytes > ws__size - at)
        return 0;
    ws__used = at + bytes;
    return (void *)(unsigned long)(ws__base + at);
}

/* ---- atomics across cores (on the shared region; also fine on private memory) ---- */

#if defined(__arm__) && __ARM_ARCH >= 6 && (!defined(__thumb__) || defined(__thumb2__))
#if __ARM_ARCH >= 7
#define WS__DMB "dmb ish"
#else
#define WS__DMB "mcr p15, 0, r0, c7, c10, 5"
#endif
static inline void ws_fence(void) { __asm__ volatile(WS__DMB ::: "memory"); }

/* ldrex/strex: the store succeeds only if nothing wrote the word since.
 * Each loop is one asm block so that nothing, not even an -O0 spill, runs
 * between the pair. */
static inline unsigned ws_atomic_cas(volatile unsigned *p, unsigned expected, unsigned desired)
{
    unsigned old, fail;
    __asm__ volatile(WS__DMB "\n"
                     "1:\tldrex %0, [%2]\n\t"
                     "cmp %0, %3\n\t"
                     "bne 2f\n\t"
                     "strex %1, %4, [%2]\n\t"
                     "cmp %1, #0\n\t"
                     "bne 1b\n"
                     "2:\t" WS__DMB
                     : "=&r"(old), "=&r"(fail)
                     : "r"(p), "r"(expected), "r"(desired)
                     : "cc", "memory");
    return old;
}

static inline unsigned ws_atomic_add(volatile unsigned *p, unsigned v)
{
    unsigned old, sum, fail;
    __asm__ volatile(WS__DMB "\n"
                     "1:\tldrex %0, [%3]\n\t"
                     "add %1, %0, %4\n\t"
                     "strex %2, %1, [%3]\n\t"
                     "cmp %2, #0\n\t"
                     "bne 1b\n\t" WS__DMB
                     : "=&r"(old), "=&r"(sum), "=&r"(fail)
                     : "r"(p), "r"(v)
                     : "cc", "memory");
    return old;
}

#elif defined(__arm__)
/* ARMv5: the kernel user helpers. __kuser_cmpxchg returns 0 when *ptr held
 * oldval and now holds newval; __kuser_memory_barrier orders memory. */
typedef int (*ws__kuser_cmpxchg_t)(int oldval, int newval, volatile int *ptr);
typedef void (*ws__kuser_barrier_t)(void);
#define ws__kuser_cmpxchg ((ws__kuser_cmpxchg_t)0xffff0fc0)
#define ws__kuser_barrier ((ws__kuser_barrier_t)0xffff0fa0)

static inline void ws_fence(void) { ws__kuser_barrier(); }

static inline unsigned ws_atomic_cas(volatile unsigned *p, unsigned expected, unsigned desired)
{
    for (;;) {
        unsigned old = *p;
        if (old != expected)
            return old;
        if (ws__kuser_cmpxchg((int)old, (int)desired, (volatile int *)p) == 0)
            return old;
    }
}

static inline unsigned ws_atomic_add(volatile unsigned *p, unsigned v)
{
    for (;;) {
        unsigned old = *p;
        if (ws__kuser_cmpxchg((int)old, (int)(old + v), (volatile int *)p) == 0)
            return old;
    }
}

#elif defined(__i386__)
static inline void ws_fence(void) { __asm__ volatile("lock; orl $0, (%%esp)" ::: "memory", "cc"); }

static inline unsigned ws_atomic_cas(volatile unsigned *p, unsigned expected, unsigned desired)
{
    unsigned old;
    __asm__ volatile("lock; cmpxchgl %2, %1" : "=a"(old), "+m"(*p) : "r"(desired), "0"(expected)
                     : "memory", "cc");
    return old;
}

static inline unsigned ws_atomic_add(volatile unsigned *p, unsigned v)
{
    __asm__ volatile("lock; xaddl %0, %1" : "+r"(v), "+m"(*p) : : "memory", "cc");
    return v;
}
#endif

/* Returns the value *p held before. */
static inline unsigned ws_atomic_xchg(volatile unsigned *p, unsigned v)
{
    unsigned old;
    do
        old = *p;
    while (ws_atomic_cas(p, old, v) != old);
    return old;
}

static inline unsigned ws_atomic_load(const volatile unsigned *p)
{
    unsigned v = *p;
    ws_fence();
    return v;
}

static inline void ws_atomic_store(volatile unsigned *p, unsigned v)
{
    ws_fence();
    *p = v;
    ws_fence();
}

#endif
