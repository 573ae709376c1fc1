/* The typed node API of every kind: cudaGraphAdd*Node, *NodeGet/SetParams
 * and cudaGraphExec*NodeSetParams. Each builds the generic parameters (or
 * the op) and goes through graph_params.c. */
#include <cuda_runtime_api.h>

#include <string.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_launch.h"
#include "host/cudart/graph/graph.h"

static cudaError_t add(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps, size_t n,
                       struct cudaGraphNodeParams *p)
{
    return cudaGraphAddNode(out, g, deps, NULL, n, p);
}

/* An op made here (the symbol copies) as a new node. */
static cudaError_t add_op(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps, size_t n, cudart_op_t *op,
                          int made)
{
    if (made)
        RET(made);
    if (!out || !cudart_graph_ok(g)) {
        cudart_op_free(op);
        RET(cudaErrorInvalidValue);
    }
    RET(cudart_graph_add(g, deps, n, op, out));
}

/* node of the given type, or NULL. */
static cudaGraphNode_t typed(cudaGraphNode_t node, enum cudaGraphNodeType t)
{
    return cudart_node_ok(node) && node->op.type == t ? node : NULL;
}

static cudaError_t set_op(cudaGraphNode_t n, cudart_op_t *op, int made)
{
    if (made)
        RET(made);
    if (!typed(n, op->type)) {
        cudart_op_free(op);
        RET(cudaErrorInvalidValue);
    }
    cudart_node_replace_op(n, op);
    return cudaSuccess;
}

static cudaError_t set(cudaGraphNode_t n, struct cudaGraphNodeParams *p) { RET(cudart_node_set(n, p)); }

/* cudaGraphAdd<Kind>Node, cudaGraph<Kind>NodeSetParams and
 * cudaGraphExec<Kind>NodeSetParams of a kind whose typed parameters
 * to_generic turns into cudaGraphNodeParams. */
#define TYPED_SETTERS(Kind, Params, to_generic)                                                               \
    cudaError_t cudaGraphAdd##Kind##Node(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,                      \
                                         const cudaGraphNode_t *pDependencies, size_t numDependencies,         \
                                         const struct Params *pNodeParams)                                    \
    {                                                                                                         \
        if (!pNodeParams)                                                                                     \
            RET(cudaErrorInvalidValue);                                                                       \
        struct cudaGraphNodeParams p = to_generic(pNodeParams);                                               \
        return add(pGraphNode, graph, pDependencies, numDependencies, &p);                                    \
    }                                                                                                         \
    cudaError_t cudaGraph##Kind##NodeSetParams(cudaGraphNode_t node, const struct Params *pNodeParams)       \
    {                                                                                                         \
        ENTER();                                                                                              \
        if (!pNodeParams)                                                                                     \
            RET(cudaErrorInvalidValue);                                                                       \
        struct cudaGraphNodeParams p = to_generic(pNodeParams);                                               \
        return set(node, &p);                                                                                 \
    }                                                                                                         \
    cudaError_t cudaGraphExec##Kind##NodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,          \
                                                   const struct Params *pNodeParams)                          \
    {                                                                                                         \
        ENTER();                                                                                              \
        if (!pNodeParams)                                                                                     \
            RET(cudaErrorInvalidValue);                                                                       \
        struct cudaGraphNodeParams p = to_generic(pNodeParams);                                               \
        return set(cudart_exec_node(hGraphExec, node), &p);                                                   \
    }

/* ---- kernels ---------------------------------------------------------------------- */

static struct cudaGraphNodeParams kernel_params(const struct cudaKernelNodeParams *k)
{
    struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeKernel};
    if (k)
        memcpy(&p.kernel, k, sizeof *k);
    return p;
}

TYPED_SETTERS(Kernel, cudaKernelNodeParams, kernel_params)

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *pNodeParams)
{
    ENTER();
    cudaGraphNode_t n = typed(node, cudaGraphNodeTypeKernel);
    if (!n || !pNodeParams)
        RET(cudaErrorInvalidValue);
    cudart_kernel_op_params(&n->op.u.kernel, pNodeParams);
    return cudaSuccess;
}

/* ---- copies ----------------------------------------------------------------------- */

static struct cudaGraphNodeParams copy_params(const struct cudaMemcpy3DParms *c)
{
    struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemcpy};
    if (c)
        p.memcpy.copyParams = *c;
    return p;
}

static struct cudaMemcpy3DParms linear(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    return cudart_copy2d_params(dst, count, src, count, count, 1, kind);
}

TYPED_SETTERS(Memcpy, cudaMemcpy3DParms, copy_params)

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
                                     const void *src, size_t count, enum cudaMemcpyKind kind)
{
    struct cudaMemcpy3DParms c = linear(dst, src, count, kind);
    return cudaGraphAddMemcpyNode(pGraphNode, graph, pDependencies, numDependencies, &c);
}

cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                           const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                           const void *symbol, const void *src, size_t count, size_t offset,
                                           enum cudaMemcpyKind kind)
{
    ENTER();
    cudart_op_t op;
    int e = cudart_symbol_copy_op(&op, symbol, (void *)src, count, offset, kind, 1);
    return add_op(pGraphNode, graph, pDependencies, numDependencies, &op, e);
}

cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                             const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
                                             const void *symbol, size_t count, size_t offset,
                                             enum cudaMemcpyKind kind)
{
    ENTER();
    cudart_op_t op;
    int e = cudart_symbol_copy_op(&op, symbol, dst, count, offset, kind, 0);
    return add_op(pGraphNode, graph, pDependencies, numDependencies, &op, e);
}

cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *pNodeParams)
{
    ENTER();
    cudaGraphNode_t n = typed(node, cudaGraphNodeTypeMemcpy);
    if (!n || !pNodeParams)
        RET(cudaErrorInvalidValue);
    *pNodeParams = n->op.u.copy;
    return cudaSuccess;
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src, size_t count,
                                           enum cudaMemcpyKind kind)
{
    struct cudaMemcpy3DParms c = linear(dst, src, count, kind);
    return cudaGraphMemcpyNodeSetParams(node, &c);
}

cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t node, const void *symbol, const void *src,
                                                 size_t count, size_t offset, enum cudaMemcpyKind kind)
{
    ENTER();
    cudart_op_t op;
    int e = cudart_symbol_copy_op(&op, symbol, (void *)src, count, offset, kind, 1);
    return set_op(node, &op, e);
}

cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t node, void *dst, const void *symbol, size_t count,
                                                   size_t offset, enum cudaMemcpyKind kind)
{
    ENTER();
    cudart_op_t op;
    int e = cudart_symbol_copy_op(&op, symbol, dst, count, offset, kind, 0);
    return set_op(node, &op, e);
}

cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
                                               const void *src, size_t count, enum cudaMemcpyKind kind)
{
    struct cudaMemcpy3DParms c = linear(dst, src, count, kind);
    return cudaGraphExecMemcpyNodeSetParams(hGraphExec, node, &c);
}

cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                     const void *symbol, const void *src, size_t count, size_t offset,
                                                     enum cudaMemcpyKind kind)
{
    ENTER();
    cudart_op_t op;
    int e = cudart_symbol_copy_op(&op, symbol, (void *)src, count, offset, kind, 1);
    return set_op(cudart_exec_node(hGraphExec, node), &op, e);
}

cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
                                                       const void *symbol, size_t count, size_t offset,
                                                       enum cudaMemcpyKind kind)
{
    ENTER();
    cudart_op_t op;
    int e = cudart_symbol_copy_op(&op, symbol, dst, count, offset, kind, 0);
    return set_op(cudart_exec_node(hGraphExec, node), &op, e);
}

/* ---- sets ------------------------------------------------------------------------- */

static struct cudaGraphNodeParams set_params(const struct cudaMemsetParams *m)
{
    struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemset};
    if (m)
        memcpy(&p.memset, m, sizeof *m);
    return p;
}

TYPED_SETTERS(Memset, cudaMemsetParams, set_params)

cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *pNodeParams)
{
    ENTER();
    cudaGraphNode_t n = typed(node, cudaGraphNodeTypeMemset);
    if (!n || !pNodeParams)
        RET(cudaErrorInvalidValue);
    *pNodeParams = n->op.u.set;
    return cudaSuccess;
}

/* ---- host functions --------------------------------------------------------------- */

static struct cudaGraphNodeParams host_params(const struct cudaHostNodeParams *h)
{
    struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeHost};
    if (h)
        p.host.fn = h->fn, p.host.userData = h->userData;
    return p;
}

TYPED_SETTERS(Host, cudaHostNodeParams, host_params)

cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *pNodeParams)
{
    ENTER();
    cudaGraphNode_t n = typed(node, cudaGraphNodeTypeHost);
    if (!n || !pNodeParams)
        RET(cudaErrorInvalidValue);
    *pNodeParams = n->op.u.host;
    return cudaSuccess;
}

/* ---- child graphs ----------------------------------------------------------------- */

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                       const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                       cudaGraph_t childGraph)
{
    struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeGraph};
    p.graph.graph = childGraph;
    p.graph.ownership = cudaGraphChildGraphOwnershipClone;
    return add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph)
{
    ENTER();
    cudaGraphNode_t n = typed(node, cudaGraphNodeTypeGraph);
    if (!n || !pGraph)
        RET(cudaErrorInvalidValue);
    *pGraph = n->op.u.child;
    return cudaSuccess;
}

/* ---- events ----------------------------------------------------------------------- */

static struct cudaGraphNodeParams event_params(enum cudaGraphNodeType t, cudaEvent_t e)
{
    struct cudaGraphNodeParams p = {.type = t};
    if (t == cudaGraphNodeTypeEventRecord)
        p.eventRecord.event = e;
    else
        p.eventWait.event = e;
    return p;
}

static cudaError_t get_event(cudaGraphNode_t node, enum cudaGraphNodeType t, cudaEvent_t *out)
{
    ENTER();
    cudaGraphNode_t n = typed(node, t);
    if (!n || !out)
        RET(cudaErrorInvalidValue);
    *out = n->op.u.event;
    return cudaSuccess;
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies, size_t numDependencies, cudaEvent_t event)
{
    struct cudaGraphNodeParams p = event_params(cudaGraphNodeTypeEventRecord, event);
    return add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *pDependencies, size_t numDependencies, cudaEvent_t event)
{
    struct cudaGraphNodeParams p = event_params(cudaGraphNodeTypeWaitEvent, event);
    return add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
    return get_event(node, cudaGraphNodeTypeEventRecord, event_out);
}

cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
    return get_event(node, cudaGraphNodeTypeWaitEvent, event_out);
}

cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
    ENTER();
    struct cudaGraphNodeParams p = event_params(cudaGraphNodeTypeEventRecord, event);
    return set(node, &p);
}

cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
    ENTER();
    struct cudaGraphNodeParams p = event_params(cudaGraphNodeTypeWaitEvent, event);
    return set(node, &p);
}

cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, cudaEvent_t event)
{
    ENTER();
    struct cudaGraphNodeParams p = event_params(cudaGraphNodeTypeEventRecord, event);
    return set(cudart_exec_node(hGraphExec, hNode), &p);
}

cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, cudaEvent_t event)
{
    ENTER();
    struct cudaGraphNodeParams p = event_params(cudaGraphNodeTypeWaitEvent, event);
    return set(cudart_exec_node(hGraphExec, hNode), &p);
}

/* ---- memory ------------------------------------------------------------------------ */

cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     struct cudaMemAllocNodeParams *nodeParams)
{
    if (!nodeParams)
        RET(cudaErrorInvalidValue);
    struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemAlloc};
    memcpy(&p.alloc, nodeParams, sizeof *nodeParams);
    cudaError_t e = add(pGraphNode, graph, pDependencies, numDependencies, &p);
    if (!e)
        nodeParams->dptr = p.alloc.dptr;
    return e;
}

cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, struct cudaMemAllocNodeParams *params_out)
{
    ENTER();
    cudaGraphNode_t n = typed(node, cudaGraphNodeTypeMemAlloc);
    if (!n || !params_out)
        RET(cudaErrorInvalidValue);
    *params_out = n->op.u.alloc.p;
    return cudaSuccess;
}

cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dptr)
{
    struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemFree};
    p.free.dptr = dptr;
    return add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out)
{
    ENTER();
    cudaGraphNode_t n = typed(node, cudaGraphNodeTypeMemFree);
    if (!n || !dptr_out)
        RET(cudaErrorInvalidValue);
    *(void **)dptr_out = n->op.u.free;
    return cudaSuccess;
}
