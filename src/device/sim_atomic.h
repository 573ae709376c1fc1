/* Atomics and fences on target memory shared by all cores, with the
 * ordering the guest's memory model asks for. One header for every ISA: the
 * ARM core uses it for DMB/DSB/ISB, the exclusive monitor, SWP and the kuser
 * helpers; x86's LOCK forms and MFENCE are meant to use the same calls.
 *
 * Two backends run these: host threads (the CPU backend) and GPU threads of
 * the persistent kernel, which may sit on different SMs whose L1 caches are
 * not coherent with each other. So:
 *   - a fence is a real one: __threadfence() (fence.sc.gpu, which also makes
 *     later weak loads see what the releasing SM wrote) or a seq_cst fence;
 *   - SIM_RELAXED read-modify-writes are coherent but order nothing else
 *     (ARM's STREX: the C library puts DMB around its LDREX/STREX loops);
 *   - SIM_FULL ones are fenced on both sides (the kuser cmpxchg helpers,
 *     documented by Linux as full barriers; x86's LOCK prefix);
 *   - sim_load32_sync() reads the coherent value (past a GPU's L1), for
 *     LDREX: a stale cached value there would fail every STREX after it.
 *
 * Pointers must be naturally aligned: callers check alignment and turn a
 * misaligned guest atomic into SIM_FAULT_ALIGN (SIGBUS), never let it reach
 * the GPU, whose misaligned atomic is an error that ends the whole kernel. */
#ifndef SIM_ATOMIC_H
#define SIM_ATOMIC_H

#include "sim_port.h"

typedef enum sim_order { SIM_RELAXED = 0, SIM_FULL = 1 } sim_order_t;

#ifdef __CUDA_ARCH__
SIM_INLINE void sim_fence(void) { __threadfence(); }
SIM_INLINE uint32_t sim_load32_sync(const uint32_t *p) { return *(const volatile uint32_t *)p; }
SIM_INLINE uint32_t sim_cas32_relaxed(uint32_t *p, uint32_t expect, uint32_t desired)
{
    return (uint32_t)atomicCAS((unsigned int *)p, (unsigned int)expect, (unsigned int)desired);
}
SIM_INLINE uint32_t sim_xchg32_relaxed(uint32_t *p, uint32_t v)
{
    return (uint32_t)atomicExch((unsigned int *)p, (unsigned int)v);
}
SIM_INLINE uint64_t sim_cas64_relaxed(uint64_t *p, uint64_t expect, uint64_t desired)
{
    return (uint64_t)atomicCAS((unsigned long long *)p, (unsigned long long)expect, (unsigned long long)desired);
}
#else
SIM_INLINE void sim_fence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
SIM_INLINE uint32_t sim_load32_sync(const uint32_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
SIM_INLINE uint32_t sim_cas32_relaxed(uint32_t *p, uint32_t expect, uint32_t desired)
{
    __atomic_compare_exchange_n(p, &expect, desired, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return expect;
}
SIM_INLINE uint32_t sim_xchg32_relaxed(uint32_t *p, uint32_t v)
{
    return __atomic_exchange_n(p, v, __ATOMIC_RELAXED);
}
SIM_INLINE uint64_t sim_cas64_relaxed(uint64_t *p, uint64_t expect, uint64_t desired)
{
    __atomic_compare_exchange_n(p, &expect, desired, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return expect;
}
#endif

/* Each returns the value the word held before. A SIM_FULL compare-and-swap
 * on the CPU is GCC's __sync form, documented as a full barrier (one locked
 * instruction on x86, where two extra fences would tax every glibc lock:
 * armel's take the kuser cmpxchg). */
SIM_INLINE uint32_t sim_cas32(uint32_t *p, uint32_t expect, uint32_t desired, sim_order_t order)
{
#ifndef __CUDA_ARCH__
    if (order == SIM_FULL)
        return __sync_val_compare_and_swap(p, expect, desired);
#endif
    if (order == SIM_FULL)
        sim_fence();
    uint32_t old = sim_cas32_relaxed(p, expect, desired);
    if (order == SIM_FULL)
        sim_fence();
    return old;
}

SIM_INLINE uint32_t sim_xchg32(uint32_t *p, uint32_t v, sim_order_t order)
{
    if (order == SIM_FULL)
        sim_fence();
    uint32_t old = sim_xchg32_relaxed(p, v);
    if (order == SIM_FULL)
        sim_fence();
    return old;
}

SIM_INLINE uint64_t sim_cas64(uint64_t *p, uint64_t expect, uint64_t desired, sim_order_t order)
{
#ifndef __CUDA_ARCH__
    if (order == SIM_FULL)
        return __sync_val_compare_and_swap(p, expect, desired);
#endif
    if (order == SIM_FULL)
        sim_fence();
    uint64_t old = sim_cas64_relaxed(p, expect, desired);
    if (order == SIM_FULL)
        sim_fence();
    return old;
}

#endif
