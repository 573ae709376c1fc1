/* Work in a stream, as one value: a kernel launch, a copy, a set, a host
 * function, an event, an allocation or free, a child graph, a conditional.
 * A stream runs an op when it is issued, or queues it for the device thread
 * (cudart_queue.h); a capturing stream records it as a
 * graph node instead (graph/graph_capture.c); a graph node holds one and runs
 * it whenever its graph runs (graph/graph_run.c). The kinds are CUDA's graph
 * node types, so an op is what a node of that type does. Include
 * <cuda_runtime_api.h> first. */
#ifndef CUDART_OP_H
#define CUDART_OP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct cudart_func;
struct cudart_gva;
struct cudart_cond;

typedef struct cudart_kernel_op {
    struct cudart_func *f;
    dim3 grid, block;
    unsigned shmem;
    int cooperative;
    uint8_t *args;               /* the arguments at the kernel's .param offsets */
    void **argv;                 /* argv[i] points at parameter i in args (kernelParams) */
    uint32_t nargs;
    uint32_t attr_set;           /* bit i: attrs[i] was set (cudaGraphKernelNodeSetAttribute) */
    cudaLaunchAttributeValue attrs[17];
} cudart_kernel_op_t;

typedef struct cudart_alloc_op {
    struct cudaMemAllocNodeParams p;   /* p.dptr: the allocation's address, fixed when made */
    struct cudart_gva *va;             /* its address range (graph/graph_mem.c) */
} cudart_alloc_op_t;

typedef struct cudart_cond_op {
    struct cudart_cond *cond;          /* the handle's variable (graph/graph_cond.c) */
    enum cudaGraphConditionalNodeType type;
    unsigned size;
    cudaGraph_t *bodies;               /* size graphs, owned */
} cudart_cond_op_t;

typedef struct cudart_op {
    enum cudaGraphNodeType type;
    union {
        cudart_kernel_op_t kernel;
        struct cudaMemcpy3DParms copy;     /* linear memory only: the arrays are NULL */
        struct cudaMemsetParams set;
        struct cudaHostNodeParams host;
        cudaEvent_t event;                 /* record or wait */
        cudart_alloc_op_t alloc;
        void *free;
        cudaGraph_t child;                 /* owned */
        cudart_cond_op_t cond;
    } u;
} cudart_op_t;

/* A linear copy of height rows of width bytes (pitches apart), as parameters. */
static inline struct cudaMemcpy3DParms cudart_copy2d_params(void *dst, size_t dpitch, const void *src, size_t spitch,
                                                            size_t width, size_t height, enum cudaMemcpyKind kind)
{
    struct cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = (struct cudaPitchedPtr){(void *)src, spitch, width, height};
    p.dstPtr = (struct cudaPitchedPtr){dst, dpitch, width, height};
    p.extent = (struct cudaExtent){width, height, 1};
    p.kind = kind;
    return p;
}

/* Runs it now; 0 or a cudaError_t (a kernel fault is sticky). */
int cudart_op_run(cudart_op_t *op);
/* What op owns (arguments, graphs, references) goes. */
void cudart_op_free(cudart_op_t *op);
/* *dst a copy of src that owns its own arguments and graphs; 0 or a cudaError_t. */
int cudart_op_copy(cudart_op_t *dst, const cudart_op_t *src);

/* The ops' own checks and actions, for their API forms too. */
int cudart_copy3d_check(const struct cudaMemcpy3DParms *p);
int cudart_copy3d_run(const struct cudaMemcpy3DParms *p);
int cudart_set_check(const struct cudaMemsetParams *p);
int cudart_set_run(const struct cudaMemsetParams *p);
/* A copy to (to_symbol) or from bytes [offset, offset + count) of a
 * __device__ or __constant__ variable, other the other side (cudart_memory.c). */
int cudart_symbol_copy_op(cudart_op_t *op, const void *symbol, void *other, size_t count, size_t offset,
                          enum cudaMemcpyKind kind, int to_symbol);

#endif
