/* Page-locking of host memory the program allocated itself (cudaHostRegister):
 * the simulated device copies with memcpy, so locking changes no result, and
 * only the bookkeeping a GPU's runtime does is kept: a range registered
 * twice, or released without being registered, is the runtime's error.
 * cudaHostRegisterMapped (the device reading the range in place) is not
 * modelled: kernels here see only the arena (cudart_mem.c). */
#include <cuda_runtime_api.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "host/cudart/cudart.h"

#define RET(e) return (cudaError_t)cudart_ret(e)

typedef struct {
    const char *base;
    size_t size;
} cudart_locked_t;

static cudart_locked_t *locked;
static size_t nlocked, cap_locked;
static pthread_mutex_t locked_mu = PTHREAD_MUTEX_INITIALIZER;

/* The registered range that overlaps [p, p + size), or -1. */
static long find_locked(const char *p, size_t size)
{
    for (size_t i = 0; i < nlocked; i++)
        if (p < locked[i].base + locked[i].size && locked[i].base < p + size)
            return (long)i;
    return -1;
}

static cudaError_t add_locked(const char *p, size_t size)
{
    if (find_locked(p, size) >= 0)
        return cudaErrorHostMemoryAlreadyRegistered;
    if (nlocked == cap_locked) {
        size_t cap = cap_locked ? 2 * cap_locked : 16;
        cudart_locked_t *n = realloc(locked, cap * sizeof *n);
        if (!n)
            return cudaErrorMemoryAllocation;
        locked = n, cap_locked = cap;
    }
    locked[nlocked++] = (cudart_locked_t){p, size};
    return cudaSuccess;
}

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
    int e = cudart_enter();
    if (e)
        return (cudaError_t)e;
    if (!ptr || !size || flags & ~(unsigned)(cudaHostRegisterPortable | cudaHostRegisterMapped |
                                             cudaHostRegisterIoMemory | cudaHostRegisterReadOnly))
        RET(cudaErrorInvalidValue);
    if (flags & (cudaHostRegisterMapped | cudaHostRegisterIoMemory)) {
        fprintf(stderr, "warpsim cuda: cudaHostRegister: flags 0x%x (device access to the range) are not modelled\n",
                flags);
        RET(cudaErrorNotSupported);
    }
    pthread_mutex_lock(&locked_mu);
    cudaError_t r = add_locked(ptr, size);
    pthread_mutex_unlock(&locked_mu);
    RET(r);
}

cudaError_t cudaHostUnregister(void *ptr)
{
    int e = cudart_enter();
    if (e)
        return (cudaError_t)e;
    pthread_mutex_lock(&locked_mu);
    cudaError_t r = cudaErrorHostMemoryNotRegistered;
    for (size_t i = 0; i < nlocked; i++)
        if (locked[i].base == (const char *)ptr) {
            locked[i] = locked[--nlocked];
            r = cudaSuccess;
            break;
        }
    pthread_mutex_unlock(&locked_mu);
    RET(r);
}
