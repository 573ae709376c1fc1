/* A graph's run order and its runs. The order is Kahn's: a node is ready
 * once every node it depends on has run, and of the ready nodes the one
 * created first runs first (a binary heap of creation indices), so the
 * same graph always runs the same way. Each node runs to completion before
 * the next starts, as all work here does (cudart.h). */
#include <cuda_runtime_api.h>

#include <stdlib.h>

#include "host/cudart/cudart.h"
#include "host/cudart/graph/graph.h"

static void heap_push(uint32_t *h, uint32_t *n, uint32_t v)
{
    uint32_t i = (*n)++;
    for (; i && h[(i - 1) / 2] > v; i = (i - 1) / 2)
        h[i] = h[(i - 1) / 2];
    h[i] = v;
}

static uint32_t heap_pop(uint32_t *h, uint32_t *n)
{
    uint32_t top = h[0], v = h[--*n], i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= *n)
            break;
        if (c + 1 < *n && h[c + 1] < h[c])
            c++;
        if (h[c] >= v)
            break;
        h[i] = h[c];
        i = c;
    }
    if (*n)
        h[i] = v;
    return top;
}

static int order_one(cudaGraph_t g, cudaGraphNode_t *bad)
{
    uint32_t *heap = malloc((g->n + 1) * sizeof *heap), nh = 0, k = 0;
    cudaGraphNode_t *order = malloc((g->n + 1) * sizeof *order);
    if (!heap || !order) {
        free(heap);
        free(order);
        return cudaErrorMemoryAllocation;
    }
    for (uint32_t i = 0; i < g->n; i++) {
        g->nodes[i]->tmp = g->nodes[i]->nin;   /* dependencies not yet run */
        g->nodes[i]->mark = i;                 /* creation index */
        if (!g->nodes[i]->nin)
            heap_push(heap, &nh, i);
    }
    while (nh) {
        cudaGraphNode_t n = g->nodes[heap_pop(heap, &nh)];
        order[k++] = n;
        for (uint32_t i = 0; i < n->nout; i++)
            if (!--n->out[i]->tmp)
                heap_push(heap, &nh, (uint32_t)n->out[i]->mark);
    }
    free(heap);
    for (uint32_t i = 0; k < g->n && i < g->n; i++)
        if (g->nodes[i]->tmp) {
            *bad = g->nodes[i];   /* on a cycle, or after one */
            break;
        }
    if (k < g->n) {
        free(order);
        return cudaErrorInvalidValue;
    }
    free(g->order);
    g->order = order;
    return 0;
}

int cudart_graph_order(cudaGraph_t g, cudaGraphNode_t *bad)
{
    int err = order_one(g, bad);
    for (uint32_t i = 0; i < g->n && !err; i++) {
        cudart_op_t *op = &g->nodes[i]->op;
        if (op->type == cudaGraphNodeTypeGraph)
            err = cudart_graph_order(op->u.child, bad);
        for (unsigned b = 0; op->type == cudaGraphNodeTypeConditional && b < op->u.cond.size && !err; b++)
            err = cudart_graph_order(op->u.cond.bodies[b], bad);
    }
    return err;
}

int cudart_graph_run(cudaGraph_t g)
{
    for (uint32_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = g->order[i];
        if (n->disabled)
            continue;
        int err = cudart_op_run(&n->op);
        if (err)
            return err;
    }
    return 0;
}
