/* Graphs, nodes and edges (graph.h), and the API that makes, copies,
 * queries and takes them apart. */
#include <cuda_runtime_api.h>

#include <stdlib.h>
#include <string.h>

#include "host/cudart/cudart.h"
#include "host/cudart/graph/graph.h"

static uint64_t next_id(void)
{
    static uint64_t id;
    return __atomic_add_fetch(&id, 1, __ATOMIC_RELAXED);
}

int cudart_grow(void *arr, size_t n, size_t *cap, size_t elem)
{
    if (n < *cap)
        return 0;
    size_t c = *cap ? 2 * *cap : 4;
    void *g = realloc(*(void **)arr, c * elem);
    if (!g)
        return -1;
    *(void **)arr = g;
    *cap = c;
    return 0;
}

int cudart_grow32(void *arr, uint32_t n, uint32_t *cap, size_t elem)
{
    size_t c = *cap;
    int e = cudart_grow(arr, n, &c, elem);
    *cap = (uint32_t)c;
    return e;
}

cudaGraph_t cudart_graph_new(void)
{
    cudaGraph_t g = calloc(1, sizeof *g);
    if (g)
        g->magic = GRAPH_MAGIC;
    return g;
}

int cudart_graph_ok(cudaGraph_t g) { return g && g->magic == GRAPH_MAGIC; }
int cudart_node_ok(cudaGraphNode_t n) { return n && n->magic == NODE_MAGIC; }

static void node_free(cudaGraphNode_t n)
{
    cudart_op_free(&n->op);
    free(n->in);
    free(n->out);
    n->magic = 0;
    free(n);
}

void cudart_graph_free(cudaGraph_t g)
{
    if (!g)
        return;
    for (uint32_t i = 0; i < g->n; i++)
        node_free(g->nodes[i]);
    for (uint32_t i = 0; i < g->nconds; i++)
        cudart_cond_unref(g->conds[i]);
    cudart_uobj_drop(g);
    free(g->conds);
    free(g->nodes);
    free(g->order);
    g->magic = 0;
    free(g);
}

int cudart_graph_edge(cudaGraphNode_t from, cudaGraphNode_t to)
{
    for (uint32_t i = 0; i < to->nin; i++)
        if (to->in[i] == from)
            return cudaErrorInvalidValue;   /* an edge that exists already */
    if (cudart_grow32(&to->in, to->nin, &to->cin, sizeof *to->in) ||
        cudart_grow32(&from->out, from->nout, &from->cout, sizeof *from->out))
        return cudaErrorMemoryAllocation;
    to->in[to->nin++] = from;
    from->out[from->nout++] = to;
    return 0;
}

static void unlink_edge(cudaGraphNode_t from, cudaGraphNode_t to)
{
    for (uint32_t i = 0; i < to->nin; i++)
        if (to->in[i] == from) {
            memmove(&to->in[i], &to->in[i + 1], (--to->nin - i) * sizeof *to->in);
            break;
        }
    for (uint32_t i = 0; i < from->nout; i++)
        if (from->out[i] == to) {
            memmove(&from->out[i], &from->out[i + 1], (--from->nout - i) * sizeof *from->out);
            break;
        }
}

/* Graphs a node's op owns know their parent (conditional bodies look up). */
static void adopt(cudaGraphNode_t n)
{
    if (n->op.type == cudaGraphNodeTypeGraph)
        n->op.u.child->parent = n;
    if (n->op.type == cudaGraphNodeTypeConditional)
        for (unsigned i = 0; i < n->op.u.cond.size; i++)
            n->op.u.cond.bodies[i]->parent = n;
}

static cudaGraphNode_t node_in(cudaGraph_t g, cudart_op_t *op)
{
    cudaGraphNode_t n = calloc(1, sizeof *n);
    if (!n || cudart_grow32(&g->nodes, g->n, &g->cap, sizeof *g->nodes)) {
        free(n);
        return NULL;
    }
    n->magic = NODE_MAGIC;
    n->graph = g;
    n->id = n->origin = next_id();
    n->op = *op;
    adopt(n);
    g->nodes[g->n++] = n;
    return n;
}

int cudart_graph_add(cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps, cudart_op_t *op,
                     cudaGraphNode_t *out)
{
    int err = 0;
    for (size_t i = 0; i < ndeps && !err; i++)
        if (!cudart_node_ok(deps[i]) || deps[i]->graph != g)
            err = cudaErrorInvalidValue;
    for (size_t i = 0; i < ndeps && !err; i++)
        for (size_t j = 0; j < i; j++)
            if (deps[i] == deps[j])
                err = cudaErrorInvalidValue;   /* CUDA: no dependency given twice */
    cudaGraphNode_t n = err ? NULL : node_in(g, op);
    if (!err && !n)
        err = cudaErrorMemoryAllocation;
    if (err) {
        cudart_op_free(op);
        return err;
    }
    for (size_t i = 0; i < ndeps && !err; i++)
        err = cudart_graph_edge(deps[i], n);
    if (out)
        *out = n;
    return err;
}

static uint32_t index_in(cudaGraph_t g, cudaGraphNode_t n)
{
    for (uint32_t i = 0; i < g->n; i++)
        if (g->nodes[i] == n)
            return i;
    return g->n;
}

cudaGraph_t cudart_graph_clone(cudaGraph_t g)
{
    cudaGraph_t c = cudart_graph_new();
    for (uint32_t i = 0; c && i < g->n; i++) {
        cudart_op_t op;
        cudaGraphNode_t n = NULL;
        if (cudart_op_copy(&op, &g->nodes[i]->op) || !(n = node_in(c, &op))) {
            if (!n)
                cudart_op_free(&op);
            cudart_graph_free(c);
            return NULL;
        }
        n->origin = g->nodes[i]->id;
        n->updated_from = g->nodes[i]->updated_from;
        n->disabled = g->nodes[i]->disabled;
    }
    for (uint32_t i = 0; c && i < g->n; i++)
        g->nodes[i]->tmp = i;
    for (uint32_t i = 0; c && i < g->n; i++)
        for (uint32_t k = 0; k < g->nodes[i]->nin; k++)
            if (cudart_graph_edge(c->nodes[g->nodes[i]->in[k]->tmp], c->nodes[i])) {
                cudart_graph_free(c);
                return NULL;
            }
    if (c && g->nconds && !(c->conds = malloc(g->nconds * sizeof *c->conds))) {
        cudart_graph_free(c);
        return NULL;
    }
    for (uint32_t i = 0; c && i < g->nconds; i++) {
        c->conds[c->nconds++] = g->conds[i];
        cudart_cond_ref(g->conds[i]);
    }
    if (c && cudart_uobj_copy(c, g)) {
        cudart_graph_free(c);
        return NULL;
    }
    return c;
}

/* The node of g, its child graphs and conditional bodies, that copy says
 * (copied or updated from id), or !copy (whose own id is id). */
static cudaGraphNode_t find(cudaGraph_t g, uint64_t id, int copy)
{
    for (uint32_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = g->nodes[i], f = NULL;
        if (copy ? n->origin == id || (n->updated_from && n->updated_from == id) : n->id == id)
            return n;
        if (n->op.type == cudaGraphNodeTypeGraph)
            f = find(n->op.u.child, id, copy);
        for (unsigned b = 0; !f && n->op.type == cudaGraphNodeTypeConditional && b < n->op.u.cond.size; b++)
            f = find(n->op.u.cond.bodies[b], id, copy);
        if (f)
            return f;
    }
    return NULL;
}

cudaGraphNode_t cudart_graph_find_copy(cudaGraph_t g, uint64_t id) { return find(g, id, 1); }
cudaGraphNode_t cudart_graph_find_original(cudaGraph_t g, uint64_t id) { return find(g, id, 0); }

uint64_t cudart_mark_ancestors(const cudaGraphNode_t *nodes, size_t n)
{
    static uint64_t marks;
    uint64_t m = __atomic_add_fetch(&marks, 1, __ATOMIC_RELAXED);
    cudaGraphNode_t *stack = NULL;
    uint32_t k = 0, cap = 0;
    for (size_t i = 0; i < n; i++)
        if (nodes[i]->mark != m && !cudart_grow32(&stack, k, &cap, sizeof *stack))
            nodes[i]->mark = m, stack[k++] = nodes[i];
    while (k) {
        cudaGraphNode_t x = stack[--k];
        for (uint32_t i = 0; i < x->nin; i++)
            if (x->in[i]->mark != m && !cudart_grow32(&stack, k, &cap, sizeof *stack))
                x->in[i]->mark = m, stack[k++] = x->in[i];
    }
    free(stack);
    return m;
}

/* ---- the API ---------------------------------------------------------------------- */

cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags)
{
    ENTER();
    if (!pGraph || flags)
        RET(cudaErrorInvalidValue);
    RET((*pGraph = cudart_graph_new()) ? cudaSuccess : cudaErrorMemoryAllocation);
}

/* A graph a node owns (a child graph, a conditional body) goes with its node. */
cudaError_t cudaGraphDestroy(cudaGraph_t graph)
{
    ENTER();
    if (!cudart_graph_ok(graph) || graph->parent)
        RET(cudaErrorInvalidValue);
    cudart_graph_free(graph);
    return cudaSuccess;
}

/* CUDA: a graph with conditional or memory nodes cannot be cloned (the
 * driver API's cuGraphClone: "not supported"). */
static int uncloneable(cudaGraph_t g)
{
    for (uint32_t i = 0; i < g->n; i++) {
        const cudart_op_t *op = &g->nodes[i]->op;
        if (op->type == cudaGraphNodeTypeConditional || op->type == cudaGraphNodeTypeMemAlloc ||
            op->type == cudaGraphNodeTypeMemFree || (op->type == cudaGraphNodeTypeGraph && uncloneable(op->u.child)))
            return 1;
    }
    return 0;
}

cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph)
{
    ENTER();
    if (!pGraphClone || !cudart_graph_ok(originalGraph))
        RET(cudaErrorInvalidValue);
    if (uncloneable(originalGraph))
        RET(cudaErrorNotSupported);
    RET((*pGraphClone = cudart_graph_clone(originalGraph)) ? cudaSuccess : cudaErrorMemoryAllocation);
}

cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode, cudaGraph_t clonedGraph)
{
    ENTER();
    if (!pNode || !cudart_node_ok(originalNode) || !cudart_graph_ok(clonedGraph))
        RET(cudaErrorInvalidValue);
    RET((*pNode = cudart_graph_find_copy(clonedGraph, originalNode->id)) ? cudaSuccess : cudaErrorInvalidValue);
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType)
{
    ENTER();
    if (!cudart_node_ok(node) || !pType)
        RET(cudaErrorInvalidValue);
    *pType = node->op.type;
    return cudaSuccess;
}

/* The API's way of listing: with out NULL, *n is how many; else at most *n
 * are written and *n says how many there were (edge data all zero). */
static void list(cudaGraphNode_t *out, cudaGraphEdgeData *edges, size_t *n, cudaGraphNode_t *items, uint32_t k)
{
    for (uint32_t i = 0; out && i < k && i < *n; i++) {
        out[i] = items[i];
        if (edges)
            memset(&edges[i], 0, sizeof edges[i]);
    }
    *n = k;
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes)
{
    ENTER();
    if (!cudart_graph_ok(graph) || !numNodes)
        RET(cudaErrorInvalidValue);
    list(nodes, NULL, numNodes, graph->nodes, graph->n);
    return cudaSuccess;
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes, size_t *pNumRootNodes)
{
    ENTER();
    if (!cudart_graph_ok(graph) || !pNumRootNodes)
        RET(cudaErrorInvalidValue);
    size_t k = 0;
    for (uint32_t i = 0; i < graph->n; i++)
        if (!graph->nodes[i]->nin) {
            if (pRootNodes && k < *pNumRootNodes)
                pRootNodes[k] = graph->nodes[i];
            k++;
        }
    *pNumRootNodes = k;
    return cudaSuccess;
}

cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                              cudaGraphEdgeData *edgeData, size_t *numEdges)
{
    ENTER();
    if (!cudart_graph_ok(graph) || !numEdges || (!from) != (!to))
        RET(cudaErrorInvalidValue);
    size_t k = 0;
    for (uint32_t i = 0; i < graph->n; i++)
        for (uint32_t e = 0; e < graph->nodes[i]->nin; e++, k++)
            if (from && k < *numEdges) {
                from[k] = graph->nodes[i]->in[e];
                to[k] = graph->nodes[i];
                if (edgeData)
                    memset(&edgeData[k], 0, sizeof edgeData[k]);
            }
    *numEdges = k;
    return cudaSuccess;
}

cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                         cudaGraphEdgeData *edgeData, size_t *pNumDependencies)
{
    ENTER();
    if (!cudart_node_ok(node) || !pNumDependencies)
        RET(cudaErrorInvalidValue);
    list(pDependencies, edgeData, pNumDependencies, node->in, node->nin);
    return cudaSuccess;
}

cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                           cudaGraphEdgeData *edgeData, size_t *pNumDependentNodes)
{
    ENTER();
    if (!cudart_node_ok(node) || !pNumDependentNodes)
        RET(cudaErrorInvalidValue);
    list(pDependentNodes, edgeData, pNumDependentNodes, node->out, node->nout);
    return cudaSuccess;
}

/* Edges with data other than ordinary ones (programmatic ports) are not modelled. */
static int edges_ok(cudaGraph_t g, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
                    const cudaGraphEdgeData *edgeData, size_t n)
{
    static const cudaGraphEdgeData zero;
    if (!cudart_graph_ok(g) || (n && (!from || !to)))
        return cudaErrorInvalidValue;
    for (size_t i = 0; i < n; i++) {
        if (!cudart_node_ok(from[i]) || !cudart_node_ok(to[i]) || from[i]->graph != g || to[i]->graph != g ||
            from[i] == to[i])
            return cudaErrorInvalidValue;
        if (edgeData && memcmp(&edgeData[i], &zero, sizeof zero))
            return cudaErrorNotSupported;
    }
    return 0;
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
                                     const cudaGraphEdgeData *edgeData, size_t numDependencies)
{
    ENTER();
    int e = edges_ok(graph, from, to, edgeData, numDependencies);
    for (size_t i = 0; i < numDependencies && !e; i++)
        e = cudart_graph_edge(from[i], to[i]);
    RET(e);
}

cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
                                        const cudaGraphEdgeData *edgeData, size_t numDependencies)
{
    ENTER();
    int e = edges_ok(graph, from, to, edgeData, numDependencies);
    for (size_t i = 0; i < numDependencies && !e; i++) {
        uint32_t k = 0;
        while (k < to[i]->nin && to[i]->in[k] != from[i])
            k++;
        if (k == to[i]->nin)
            e = cudaErrorInvalidValue;   /* no such edge */
        else
            unlink_edge(from[i], to[i]);
    }
    RET(e);
}

cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node)
{
    ENTER();
    if (!cudart_node_ok(node))
        RET(cudaErrorInvalidValue);
    cudaGraph_t g = node->graph;
    while (node->nin)
        unlink_edge(node->in[0], node);
    while (node->nout)
        unlink_edge(node, node->out[0]);
    uint32_t i = index_in(g, node);
    memmove(&g->nodes[i], &g->nodes[i + 1], (g->n - i - 1) * sizeof *g->nodes);
    g->n--;
    node_free(node);
    return cudaSuccess;
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
                                  size_t numDependencies)
{
    ENTER();
    if (!pGraphNode || !cudart_graph_ok(graph))
        RET(cudaErrorInvalidValue);
    cudart_op_t op = {.type = cudaGraphNodeTypeEmpty};
    RET(cudart_graph_add(graph, pDependencies, numDependencies, &op, pGraphNode));
}
