/* Running, copying and freeing an op (cudart_op.h): each kind's work is
 * where that kind lives (launches in cudart_launch.c, copies and sets in
 * cudart_copy.c, graphs and their memory and conditionals in graph/). */
#include <cuda_runtime_api.h>

#include "host/cudart/cudart_op.h"

#include <stdlib.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_launch.h"
#include "host/cudart/cudart_stream.h"
#include "host/cudart/graph/graph.h"

/* An event recorded outside a capture: the simulated time now. */
static int stamp(cudaEvent_t event)
{
    cudart_event_t *e = cudart_event_of(event);
    if (!e)
        return cudaErrorInvalidResourceHandle;
    cudart_capture_event_clear(e);
    e->recorded = 1;
    e->ns = cudart_sim_ns();
    return 0;
}

int cudart_op_run(cudart_op_t *op)
{
    switch (op->type) {
    case cudaGraphNodeTypeKernel: return cudart_kernel_op_run(&op->u.kernel);
    case cudaGraphNodeTypeMemcpy: return cudart_copy3d_run(&op->u.copy);
    case cudaGraphNodeTypeMemset: return cudart_set_run(&op->u.set);
    case cudaGraphNodeTypeHost: op->u.host.fn(op->u.host.userData); return 0;
    case cudaGraphNodeTypeGraph: return cudart_graph_run(op->u.child);
    case cudaGraphNodeTypeEventRecord: return stamp(op->u.event);
    case cudaGraphNodeTypeMemAlloc: return cudart_gmem_alloc_run(&op->u.alloc);
    case cudaGraphNodeTypeMemFree: {
        int e = cudart_gmem_free(op->u.free);
        return e < 0 ? cudaErrorInvalidValue : e;
    }
    case cudaGraphNodeTypeConditional: return cudart_cond_run(&op->u.cond);
    default: return 0;   /* empty, event wait: the order is the work */
    }
}

void cudart_op_free(cudart_op_t *op)
{
    switch (op->type) {
    case cudaGraphNodeTypeKernel: cudart_kernel_op_free(&op->u.kernel); break;
    case cudaGraphNodeTypeGraph: cudart_graph_free(op->u.child); break;
    case cudaGraphNodeTypeMemAlloc: cudart_gmem_unref(op->u.alloc.va); break;
    case cudaGraphNodeTypeConditional:
        for (unsigned i = 0; op->u.cond.bodies && i < op->u.cond.size; i++)
            cudart_graph_free(op->u.cond.bodies[i]);
        free(op->u.cond.bodies);
        cudart_cond_unref(op->u.cond.cond);
        break;
    default: break;
    }
    op->type = cudaGraphNodeTypeEmpty;
}

static int copy_cond(cudart_cond_op_t *d, const cudart_cond_op_t *s)
{
    *d = *s;
    d->bodies = calloc(s->size, sizeof *d->bodies);
    if (!d->bodies)
        return cudaErrorMemoryAllocation;
    for (unsigned i = 0; i < s->size; i++)
        if (!(d->bodies[i] = cudart_graph_clone(s->bodies[i]))) {
            while (i--)
                cudart_graph_free(d->bodies[i]);
            free(d->bodies);
            return cudaErrorMemoryAllocation;
        }
    cudart_cond_ref(d->cond);
    return 0;
}

int cudart_op_copy(cudart_op_t *dst, const cudart_op_t *src)
{
    *dst = *src;
    switch (src->type) {
    case cudaGraphNodeTypeKernel: return cudart_kernel_op_copy(&dst->u.kernel, &src->u.kernel);
    case cudaGraphNodeTypeGraph:
        return (dst->u.child = cudart_graph_clone(src->u.child)) ? 0 : cudaErrorMemoryAllocation;
    case cudaGraphNodeTypeMemAlloc: cudart_gmem_ref(dst->u.alloc.va); return 0;
    case cudaGraphNodeTypeConditional: return copy_cond(&dst->u.cond, &src->u.cond);
    default: return 0;
    }
}
