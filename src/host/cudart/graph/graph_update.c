/* cudaGraphExecUpdate: an executable graph takes the parameters of another
 * graph of the same shape. Nodes pair by creation order (as CUDA pairs
 * them); the pairs must have the same types and the same dependencies, and
 * memory and conditional nodes the same parameters (their addresses and
 * handles are baked into the kernels around them). Nothing changes unless
 * every pair passes. cudaGraphExecChildGraphNodeSetParams is the same
 * update on a child graph. */
#include <cuda_runtime_api.h>

#include "host/cudart/cudart.h"
#include "host/cudart/graph/graph.h"

static int fail(cudaGraphExecUpdateResultInfo *info, enum cudaGraphExecUpdateResult r, cudaGraphNode_t node,
                cudaGraphNode_t from)
{
    *info = (cudaGraphExecUpdateResultInfo){r, node, from};
    return cudaErrorGraphExecUpdateFailure;
}

static int same_edges(cudaGraphNode_t x, cudaGraphNode_t n, cudaGraphNode_t *from)
{
    if (x->nin != n->nin) {
        *from = NULL;
        return 0;
    }
    for (uint32_t k = 0; k < n->nin; k++) {
        uint32_t j = 0;
        while (j < x->nin && x->in[j]->tmp != n->in[k]->tmp)
            j++;
        if (j == x->nin) {
            *from = n->in[k];
            return 0;
        }
    }
    return 1;
}

static int check(cudaGraph_t xg, cudaGraph_t g, cudaGraphExecUpdateResultInfo *info);

static int check_pair(cudaGraphNode_t x, cudaGraphNode_t n, cudaGraphExecUpdateResultInfo *info)
{
    const cudart_op_t *a = &x->op, *b = &n->op;
    switch (b->type) {
    case cudaGraphNodeTypeGraph: return check(a->u.child, b->u.child, info);
    case cudaGraphNodeTypeMemAlloc:
        if (a->u.alloc.p.dptr != b->u.alloc.p.dptr || a->u.alloc.p.bytesize != b->u.alloc.p.bytesize)
            return fail(info, cudaGraphExecUpdateErrorParametersChanged, n, NULL);
        return 0;
    case cudaGraphNodeTypeMemFree:
        return a->u.free != b->u.free ? fail(info, cudaGraphExecUpdateErrorParametersChanged, n, NULL) : 0;
    case cudaGraphNodeTypeConditional:
        if (a->u.cond.cond != b->u.cond.cond || a->u.cond.type != b->u.cond.type || a->u.cond.size != b->u.cond.size)
            return fail(info, cudaGraphExecUpdateErrorParametersChanged, n, NULL);
        for (unsigned i = 0; i < b->u.cond.size; i++) {
            int e = check(a->u.cond.bodies[i], b->u.cond.bodies[i], info);
            if (e)
                return e;
        }
        return 0;
    default: return 0;
    }
}

static int check(cudaGraph_t xg, cudaGraph_t g, cudaGraphExecUpdateResultInfo *info)
{
    if (xg->n != g->n)
        return fail(info, cudaGraphExecUpdateErrorTopologyChanged, NULL, NULL);
    for (uint32_t i = 0; i < g->n; i++)
        xg->nodes[i]->tmp = g->nodes[i]->tmp = i;
    for (uint32_t i = 0; i < g->n; i++)
        if (xg->nodes[i]->op.type != g->nodes[i]->op.type)
            return fail(info, cudaGraphExecUpdateErrorNodeTypeChanged, g->nodes[i], NULL);
    for (uint32_t i = 0; i < g->n; i++) {
        cudaGraphNode_t from;
        if (!same_edges(xg->nodes[i], g->nodes[i], &from))
            return fail(info, cudaGraphExecUpdateErrorTopologyChanged, g->nodes[i], from);
    }
    for (uint32_t i = 0; i < g->n; i++) {
        int e = check_pair(xg->nodes[i], g->nodes[i], info);
        if (e)
            return e;
    }
    return 0;
}

/* After check passed: every executable node takes its partner's parameters. */
static int apply(cudaGraph_t xg, cudaGraph_t g)
{
    for (uint32_t i = 0; i < g->n; i++) {
        cudaGraphNode_t x = xg->nodes[i], n = g->nodes[i];
        int e = 0;
        x->updated_from = n->id;
        if (n->op.type == cudaGraphNodeTypeGraph)
            e = apply(x->op.u.child, n->op.u.child);
        for (unsigned b = 0; n->op.type == cudaGraphNodeTypeConditional && b < n->op.u.cond.size && !e; b++)
            e = apply(x->op.u.cond.bodies[b], n->op.u.cond.bodies[b]);
        if (n->op.type != cudaGraphNodeTypeGraph && n->op.type != cudaGraphNodeTypeConditional &&
            n->op.type != cudaGraphNodeTypeMemAlloc) {
            cudart_op_t op;
            if (!(e = cudart_op_copy(&op, &n->op)))
                cudart_node_replace_op(x, &op);
        }
        if (e)
            return e;
    }
    return 0;
}

static int update(cudaGraph_t xg, cudaGraph_t g, cudaGraphExecUpdateResultInfo *info)
{
    int e = check(xg, g, info);
    if (!e && (e = apply(xg, g)))
        fail(info, cudaGraphExecUpdateError, NULL, NULL);
    return e;
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph, cudaGraphExecUpdateResultInfo *resultInfo)
{
    ENTER();
    cudaGraphExecUpdateResultInfo info = {cudaGraphExecUpdateSuccess, NULL, NULL};
    int e = !hGraphExec || hGraphExec->magic != EXEC_MAGIC || !cudart_graph_ok(hGraph)
                ? cudaErrorInvalidValue
                : update(hGraphExec->g, hGraph, &info);
    if (resultInfo)
        *resultInfo = e == cudaErrorInvalidValue ? (cudaGraphExecUpdateResultInfo){cudaGraphExecUpdateError, NULL, NULL}
                                                 : info;
    RET(e);
}

cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, cudaGraph_t childGraph)
{
    ENTER();
    cudaGraphNode_t x = cudart_exec_node(hGraphExec, node);
    if (!x || x->op.type != cudaGraphNodeTypeGraph || !cudart_graph_ok(childGraph))
        RET(cudaErrorInvalidValue);
    cudaGraphExecUpdateResultInfo info;
    RET(update(x->op.u.child, childGraph, &info) ? cudaErrorInvalidValue : cudaSuccess);
}
