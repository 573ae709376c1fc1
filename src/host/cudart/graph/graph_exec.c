/* Executable graphs: instantiation (a deep copy with every run order
 * fixed), launch, upload, enabling nodes, destruction. A launch runs the
 * whole graph when issued, as all stream work here (cudart.h); launched
 * into a capturing stream, it is captured as a child-graph node. */
#include <cuda_runtime_api.h>

#include <stdio.h>
#include <stdlib.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_queue.h"
#include "host/cudart/cudart_stream.h"
#include "host/cudart/graph/graph.h"

static cudaGraphExec_t exec_of(cudaGraphExec_t x) { return x && x->magic == EXEC_MAGIC ? x : NULL; }

/* Handles made for g that no conditional node uses (CUDA refuses those). */
static int handles_used(cudaGraph_t top)
{
    for (uint32_t i = 0; i < top->nconds; i++) {
        int used = 0;
        for (uint32_t k = 0; k < top->n && !used; k++)
            used = cudart_cond_used(top->nodes[k], top->conds[i]);
        if (!used)
            return 0;
    }
    return 1;
}

static int instantiate(cudaGraphExec_t *out, cudaGraph_t graph, unsigned long long flags, cudaGraphNode_t *bad,
                       cudaGraphInstantiateResult *result)
{
    *result = cudaGraphInstantiateError;
    if (!out || !cudart_graph_ok(graph) || graph->parent)
        return cudaErrorInvalidValue;
    if (flags & ~(unsigned long long)(cudaGraphInstantiateFlagAutoFreeOnLaunch | cudaGraphInstantiateFlagUpload |
                                      cudaGraphInstantiateFlagUseNodePriority))
        return flags & cudaGraphInstantiateFlagDeviceLaunch ? cudaErrorNotSupported : cudaErrorInvalidValue;
    if (!handles_used(graph)) {
        *result = cudaGraphInstantiateConditionalHandleUnused;
        return cudaErrorInvalidValue;
    }
    cudaGraphExec_t x = calloc(1, sizeof *x);
    if (!x || !(x->g = cudart_graph_clone(graph))) {
        free(x);
        return cudaErrorMemoryAllocation;
    }
    cudaGraphNode_t cycle = NULL;
    int err = cudart_graph_order(x->g, &cycle);
    if (err) {
        *result = cudaGraphInstantiateInvalidStructure;
        if (cycle)
            *bad = cudart_graph_find_original(graph, cycle->origin);
        cudart_graph_free(x->g);
        free(x);
        return err;
    }
    x->magic = EXEC_MAGIC;
    x->flags = flags;
    *out = x;
    *result = cudaGraphInstantiateSuccess;
    return 0;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags)
{
    ENTER();
    cudaGraphNode_t bad = NULL;
    cudaGraphInstantiateResult r;
    RET(instantiate(pGraphExec, graph, flags, &bad, &r));
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags)
{
    return cudaGraphInstantiateWithFlags(pGraphExec, graph, flags);
}

cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                           cudaGraphInstantiateParams *p)
{
    ENTER();
    if (!p)
        RET(cudaErrorInvalidValue);
    p->errNode_out = NULL;
    int e = instantiate(pGraphExec, graph, p->flags, &p->errNode_out, &p->result_out);
    if (!e && (p->flags & cudaGraphInstantiateFlagUpload) && !cudart_stream_of(p->uploadStream))
        e = cudaErrorInvalidResourceHandle;
    RET(e);
}

cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags)
{
    ENTER();
    cudaGraphExec_t x = exec_of(graphExec);
    if (!x || !flags)
        RET(cudaErrorInvalidValue);
    *flags = x->flags;
    return cudaSuccess;
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec)
{
    ENTER();
    cudaGraphExec_t x = exec_of(graphExec);
    if (!x)
        RET(cudaErrorInvalidValue);
    cudart_graph_free(x->g);
    x->magic = 0;
    free(x);
    return cudaSuccess;
}

/* The launch itself, for a stream that is not capturing. */
static int run_exec(cudaGraphExec_t x)
{
    int err = cudart_sticky();
    if (!err)
        err = cudart_gmem_launch_check(x->g, (x->flags & cudaGraphInstantiateFlagAutoFreeOnLaunch) != 0);
    if (err)
        return err;
    cudart_cond_launch(x->g);
    return cudart_graph_run(x->g);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream)
{
    ENTER();
    cudaGraphExec_t x = exec_of(graphExec);
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!x || !s)
        RET(!x ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle);
    if (s->cap) {
        cudaGraph_t c = cudart_graph_clone(x->g);
        if (!c)
            RET(cudaErrorMemoryAllocation);
        cudart_op_t op = {.type = cudaGraphNodeTypeGraph, .u.child = c};
        RET(cudart_stream_issue(stream, &op, NULL));
    }
    /* in the caller, after everything queued: in order in any stream */
    int e = s->legacy ? cudart_capture_legacy() : 0;
    if (!e)
        e = cudart_queue_drain();
    RET(e ? e : run_exec(x));
}

/* Nothing to move to a device whose memory is this process's. */
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream)
{
    ENTER();
    RET(!exec_of(graphExec) ? cudaErrorInvalidValue : !cudart_stream_of(stream) ? cudaErrorInvalidResourceHandle : 0);
}

/* CUDA lets kernel, copy and set nodes be disabled: they then do nothing,
 * their edges still order the rest. */
cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, unsigned int isEnabled)
{
    ENTER();
    cudaGraphNode_t n = cudart_exec_node(hGraphExec, hNode);
    if (!n)
        RET(cudaErrorInvalidValue);
    enum cudaGraphNodeType t = n->op.type;
    if (t != cudaGraphNodeTypeKernel && t != cudaGraphNodeTypeMemcpy && t != cudaGraphNodeTypeMemset)
        RET(cudaErrorInvalidValue);
    n->disabled = !isEnabled;
    return cudaSuccess;
}

cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, unsigned int *isEnabled)
{
    ENTER();
    cudaGraphNode_t n = cudart_exec_node(hGraphExec, hNode);
    if (!n || !isEnabled)
        RET(cudaErrorInvalidValue);
    *isEnabled = !n->disabled;
    return cudaSuccess;
}

#define ALIAS(name, of) extern __typeof__(of) name __attribute__((alias(#of)))
ALIAS(cudaGraphLaunch_ptsz, cudaGraphLaunch);
ALIAS(cudaGraphUpload_ptsz, cudaGraphUpload);
ALIAS(cudaGraphInstantiateWithParams_ptsz, cudaGraphInstantiateWithParams);
