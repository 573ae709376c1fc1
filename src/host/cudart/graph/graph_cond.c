/* Conditional nodes (CUDA 12.4 on): a handle is a 32-bit variable in device
 * memory; its value (cudaGraphConditionalHandle) is that word's address,
 * so the device function cudaGraphSetConditional(handle, value) is a store
 * (warpsim's device library supplies its body: cudart_devlib.c). A
 * conditional node reads the word when it runs: IF runs body 0 when it is
 * non-zero (body 1, if there is one, when zero), WHILE runs body 0 as long
 * as it is non-zero, checked before each pass, SWITCH runs body n when it
 * is n < size. A handle made with cudaGraphCondAssignDefault takes its
 * default at the start of every launch of its graph; otherwise it starts at
 * the default and keeps what kernels set. */
#include <cuda_runtime_api.h>

#include <pthread.h>
#include <stdlib.h>

#include "host/cudart/cudart.h"
#include "host/cudart/graph/graph.h"

typedef struct cudart_cond {
    uint32_t *word;                 /* in the arena: what the handle names */
    unsigned deflt, flags;
    int refs;                       /* graphs that made or copied it, nodes that use it */
    struct cudart_cond *next;
} cudart_cond_t;

static cudart_cond_t *conds;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

cudart_cond_t *cudart_cond_of(cudaGraphConditionalHandle h)
{
    pthread_mutex_lock(&mu);
    cudart_cond_t *c = conds;
    while (c && (uintptr_t)c->word != h)
        c = c->next;
    pthread_mutex_unlock(&mu);
    return c;
}

void cudart_cond_ref(cudart_cond_t *c)
{
    pthread_mutex_lock(&mu);
    c->refs++;
    pthread_mutex_unlock(&mu);
}

void cudart_cond_unref(cudart_cond_t *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&mu);
    int last = !--c->refs;
    for (cudart_cond_t **p = &conds; last && *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            break;
        }
    pthread_mutex_unlock(&mu);
    if (last) {
        cudart_mem_free(c->word, CUDART_MEM_DEVICE);
        free(c);
    }
}

void cudart_cond_launch(cudaGraph_t g)
{
    for (uint32_t i = 0; i < g->nconds; i++)
        if (g->conds[i]->flags & cudaGraphCondAssignDefault)
            *g->conds[i]->word = g->conds[i]->deflt;
    for (uint32_t i = 0; i < g->n; i++) {
        cudart_op_t *op = &g->nodes[i]->op;
        if (op->type == cudaGraphNodeTypeGraph)
            cudart_cond_launch(op->u.child);
        for (unsigned b = 0; op->type == cudaGraphNodeTypeConditional && b < op->u.cond.size; b++)
            cudart_cond_launch(op->u.cond.bodies[b]);
    }
}

int cudart_cond_run(cudart_cond_op_t *c)
{
    volatile uint32_t *w = c->cond->word;
    switch (c->type) {
    case cudaGraphCondTypeIf:
        if (*w)
            return cudart_graph_run(c->bodies[0]);
        return c->size == 2 ? cudart_graph_run(c->bodies[1]) : 0;
    case cudaGraphCondTypeWhile:
        while (*w) {
            int e = cudart_graph_run(c->bodies[0]);
            if (e)
                return e;
        }
        return 0;
    case cudaGraphCondTypeSwitch: return *w < c->size ? cudart_graph_run(c->bodies[*w]) : 0;
    default: return cudaErrorInvalidValue;
    }
}

int cudart_cond_used(cudaGraphNode_t n, cudart_cond_t *c)
{
    const cudart_op_t *op = &n->op;
    if (op->type == cudaGraphNodeTypeConditional && op->u.cond.cond == c)
        return 1;
    const cudaGraph_t *gs = op->type == cudaGraphNodeTypeGraph ? &op->u.child
                            : op->type == cudaGraphNodeTypeConditional ? op->u.cond.bodies : NULL;
    unsigned ng = op->type == cudaGraphNodeTypeGraph ? 1 : op->type == cudaGraphNodeTypeConditional ? op->u.cond.size : 0;
    for (unsigned k = 0; k < ng; k++)
        for (uint32_t i = 0; i < gs[k]->n; i++)
            if (cudart_cond_used(gs[k]->nodes[i], c))
                return 1;
    return 0;
}

/* Was c made for g or a graph g is inside? */
static int made_for(cudaGraph_t g, const cudart_cond_t *c)
{
    for (; g; g = g->parent ? g->parent->graph : NULL)
        for (uint32_t i = 0; i < g->nconds; i++)
            if (g->conds[i] == c)
                return 1;
    return 0;
}

int cudart_cond_make(cudaGraph_t g, struct cudaConditionalNodeParams *p, cudart_cond_op_t *c)
{
    cudart_cond_t *h = cudart_cond_of(p->handle);
    if (!h || !made_for(g, h))
        return cudaErrorInvalidValue;
    if ((p->type == cudaGraphCondTypeIf && p->size != 1 && p->size != 2) ||
        (p->type == cudaGraphCondTypeWhile && p->size != 1) || (p->type == cudaGraphCondTypeSwitch && !p->size) ||
        p->type > cudaGraphCondTypeSwitch)
        return cudaErrorInvalidValue;
    *c = (cudart_cond_op_t){h, p->type, p->size, calloc(p->size, sizeof(cudaGraph_t))};
    for (unsigned i = 0; c->bodies && i < p->size; i++)
        if (!(c->bodies[i] = cudart_graph_new())) {
            while (i--)
                cudart_graph_free(c->bodies[i]);
            free(c->bodies);
            c->bodies = NULL;
        }
    if (!c->bodies)
        return cudaErrorMemoryAllocation;
    cudart_cond_ref(h);
    p->phGraph_out = c->bodies;
    return 0;
}

cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out, cudaGraph_t graph,
                                             unsigned int defaultLaunchValue, unsigned int flags)
{
    ENTER();
    if (!pHandle_out || !cudart_graph_ok(graph) || (flags & ~(unsigned)cudaGraphCondAssignDefault))
        RET(cudaErrorInvalidValue);
    cudart_cond_t *c = calloc(1, sizeof *c);
    cudart_cond_t **grown = realloc(graph->conds, (graph->nconds + 1) * sizeof *grown);
    if (grown)
        graph->conds = grown;
    uint32_t *w = c && grown ? cudart_mem_alloc(sizeof *w, CUDART_MEM_DEVICE, 0, NULL) : NULL;
    if (!w) {
        free(c);
        RET(cudaErrorMemoryAllocation);
    }
    *w = defaultLaunchValue;
    *c = (cudart_cond_t){w, defaultLaunchValue, flags, 1, NULL};
    pthread_mutex_lock(&mu);
    c->next = conds;
    conds = c;
    pthread_mutex_unlock(&mu);
    graph->conds[graph->nconds++] = c;
    *pHandle_out = (cudaGraphConditionalHandle)(uintptr_t)w;
    return cudaSuccess;
}
