/* The API's node parameters (cudaGraphNodeParams, CUDA 12.2's one form for
 * every kind) as ops, and back; cudaGraphAddNode and the generic setters.
 * The typed functions (graph_nodes.c) build a cudaGraphNodeParams and come
 * here, so every kind is checked and copied in one place. */
#include <cuda_runtime_api.h>

#include <string.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_launch.h"
#include "host/cudart/cudart_stream.h"
#include "host/cudart/graph/graph.h"

int cudart_kernel_op_from(cudart_op_t *op, const struct cudaKernelNodeParams *p)
{
    int err;
    if (!p || p->extra)
        return !p ? cudaErrorInvalidValue : cudaErrorNotSupported;   /* "extra" argument buffers: not modelled */
    cudart_func_t *f = cudart_func_find(p->func, &err);
    if (!f)
        return err;
    if (f->mod->m->funcs[f->fi].nparams && !p->kernelParams)
        return cudaErrorInvalidValue;
    *op = (cudart_op_t){.type = cudaGraphNodeTypeKernel};
    return cudart_kernel_op_make(&op->u.kernel, f, p->gridDim, p->blockDim, p->sharedMemBytes, p->kernelParams, 0);
}

void cudart_kernel_op_params(const cudart_kernel_op_t *k, struct cudaKernelNodeParams *p)
{
    *p = (struct cudaKernelNodeParams){(void *)k->f->host, k->grid, k->block, k->shmem, k->argv, NULL};
}

/* A child graph: a copy of it (cudaGraphChildGraphOwnershipClone), or the
 * graph itself (Move). CUDA allows no conditional nodes in it, nor memory
 * nodes in a copy. */
static int child_op(cudart_op_t *op, const struct cudaChildGraphNodeParams *p)
{
    cudaGraph_t c = p->graph;
    if (!cudart_graph_ok(c) || c->parent)
        return cudaErrorInvalidValue;
    for (uint32_t i = 0; i < c->n; i++) {
        enum cudaGraphNodeType t = c->nodes[i]->op.type;
        if (t == cudaGraphNodeTypeConditional ||
            (p->ownership == cudaGraphChildGraphOwnershipClone &&
             (t == cudaGraphNodeTypeMemAlloc || t == cudaGraphNodeTypeMemFree)))
            return cudaErrorInvalidValue;
    }
    *op = (cudart_op_t){.type = cudaGraphNodeTypeGraph};
    if (p->ownership == cudaGraphChildGraphOwnershipMove) {
        op->u.child = c;
        return 0;
    }
    if (p->ownership != cudaGraphChildGraphOwnershipClone)
        return cudaErrorInvalidValue;
    return (op->u.child = cudart_graph_clone(c)) ? 0 : cudaErrorMemoryAllocation;
}

/* Only pinned device memory of device 0, as cudaMallocAsync gives. */
static int alloc_op(cudart_op_t *op, cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps,
                    struct cudaMemAllocNodeParamsV2 *p)
{
    if (p->poolProps.allocType != cudaMemAllocationTypePinned || p->poolProps.location.type != cudaMemLocationTypeDevice ||
        !p->bytesize)
        return cudaErrorInvalidValue;
    if (p->poolProps.location.id != 0)
        return cudaErrorInvalidDevice;
    *op = (cudart_op_t){.type = cudaGraphNodeTypeMemAlloc};
    memcpy(&op->u.alloc.p, p, sizeof op->u.alloc.p);
    op->u.alloc.p.accessDescs = NULL;
    op->u.alloc.p.accessDescCount = 0;
    int err = cudart_gmem_reserve(g, deps, ndeps, &op->u.alloc);
    if (!err)
        p->dptr = op->u.alloc.p.dptr;
    return err;
}

static int event_op(cudart_op_t *op, enum cudaGraphNodeType type, cudaEvent_t e)
{
    if (!cudart_event_of(e))
        return cudaErrorInvalidResourceHandle;
    *op = (cudart_op_t){.type = type, .u.event = e};
    return 0;
}

int cudart_op_from_params(cudart_op_t *op, cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps,
                          struct cudaGraphNodeParams *p)
{
    int err;
    switch (p->type) {
    case cudaGraphNodeTypeKernel:
        return cudart_kernel_op_from(op, (const struct cudaKernelNodeParams *)&p->kernel);
    case cudaGraphNodeTypeMemcpy:
        if (p->memcpy.flags)
            return cudaErrorInvalidValue;
        if ((err = cudart_copy3d_check(&p->memcpy.copyParams)))
            return err;
        *op = (cudart_op_t){.type = cudaGraphNodeTypeMemcpy, .u.copy = p->memcpy.copyParams};
        return 0;
    case cudaGraphNodeTypeMemset:
        memcpy(&op->u.set, &p->memset, sizeof op->u.set);
        op->type = cudaGraphNodeTypeMemset;
        return cudart_set_check(&op->u.set);
    case cudaGraphNodeTypeHost:
        if (!p->host.fn)
            return cudaErrorInvalidValue;
        *op = (cudart_op_t){.type = cudaGraphNodeTypeHost, .u.host = {p->host.fn, p->host.userData}};
        return 0;
    case cudaGraphNodeTypeGraph: return child_op(op, &p->graph);
    case cudaGraphNodeTypeEmpty: *op = (cudart_op_t){.type = cudaGraphNodeTypeEmpty}; return 0;
    case cudaGraphNodeTypeWaitEvent: return event_op(op, p->type, p->eventWait.event);
    case cudaGraphNodeTypeEventRecord: return event_op(op, p->type, p->eventRecord.event);
    case cudaGraphNodeTypeMemAlloc: return alloc_op(op, g, deps, ndeps, &p->alloc);
    case cudaGraphNodeTypeMemFree:
        if (!cudart_gmem_known(p->free.dptr))
            return cudaErrorInvalidValue;
        *op = (cudart_op_t){.type = cudaGraphNodeTypeMemFree, .u.free = p->free.dptr};
        return 0;
    case cudaGraphNodeTypeConditional:
        *op = (cudart_op_t){.type = cudaGraphNodeTypeConditional};
        return cudart_cond_make(g, &p->conditional, &op->u.cond);
    default: return cudaErrorNotSupported;   /* external semaphores: warpsim has none */
    }
}

void cudart_node_replace_op(cudaGraphNode_t n, cudart_op_t *op)
{
    cudart_op_free(&n->op);
    n->op = *op;
    if (op->type == cudaGraphNodeTypeGraph)
        op->u.child->parent = n;
}

static int edge_data_zero(const cudaGraphEdgeData *d, size_t n)
{
    static const cudaGraphEdgeData zero;
    for (size_t i = 0; d && i < n; i++)
        if (memcmp(&d[i], &zero, sizeof zero))
            return 0;
    return 1;
}

cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
                             const cudaGraphEdgeData *dependencyData, size_t numDependencies,
                             struct cudaGraphNodeParams *nodeParams)
{
    ENTER();
    if (!pGraphNode || !cudart_graph_ok(graph) || !nodeParams || (numDependencies && !pDependencies))
        RET(cudaErrorInvalidValue);
    if (!edge_data_zero(dependencyData, numDependencies))
        RET(cudaErrorNotSupported);   /* programmatic edges: not modelled */
    cudart_op_t op;
    int e = cudart_op_from_params(&op, graph, pDependencies, numDependencies, nodeParams);
    RET(e ? e : cudart_graph_add(graph, pDependencies, numDependencies, &op, pGraphNode));
}

/* The kinds whose parameters may change after the node is made (CUDA:
 * kernel, copy, set, host, events; a child graph's only by update). */
static int settable(enum cudaGraphNodeType t)
{
    return t == cudaGraphNodeTypeKernel || t == cudaGraphNodeTypeMemcpy || t == cudaGraphNodeTypeMemset ||
           t == cudaGraphNodeTypeHost || t == cudaGraphNodeTypeWaitEvent || t == cudaGraphNodeTypeEventRecord;
}

int cudart_node_set(cudaGraphNode_t n, struct cudaGraphNodeParams *p)
{
    if (!cudart_node_ok(n) || !p || p->type != n->op.type)
        return cudaErrorInvalidValue;
    if (!settable(p->type))
        return cudaErrorNotSupported;
    cudart_op_t op;
    int e = cudart_op_from_params(&op, n->graph, NULL, 0, p);
    if (!e)
        cudart_node_replace_op(n, &op);
    return e;
}

cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t node, struct cudaGraphNodeParams *nodeParams)
{
    ENTER();
    RET(cudart_node_set(node, nodeParams));
}

/* The executable graph's copy of node (of the graph it was instantiated or
 * last updated from). */
cudaGraphNode_t cudart_exec_node(cudaGraphExec_t x, cudaGraphNode_t node)
{
    if (!x || x->magic != EXEC_MAGIC || !cudart_node_ok(node))
        return NULL;
    return cudart_graph_find_copy(x->g, node->id);
}

cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t graphExec, cudaGraphNode_t node,
                                       struct cudaGraphNodeParams *nodeParams)
{
    ENTER();
    cudaGraphNode_t n = cudart_exec_node(graphExec, node);
    RET(n ? cudart_node_set(n, nodeParams) : cudaErrorInvalidValue);
}
