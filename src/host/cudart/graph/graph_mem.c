/* Graph memory nodes (the Programming Guide's "Graph Memory Nodes"). An
 * allocation node's address is fixed when the node is made, an arena range
 * of its own (so no two graphs share one), or one an earlier allocation of
 * the same graph gave up: every allocation of that range is then an
 * ancestor of the new node and freed by an ancestor free node, so their
 * lifetimes cannot overlap. The range stays while a node (of the graph, a
 * copy, an executable graph) names it, or while its allocation is live,
 * which it is from its allocation node's run to a free node, cudaFree or
 * cudaFreeAsync. What the device reports as its graphs' memory, used and
 * reserved alike, is the most live since the last trim: the physical memory
 * a GPU keeps for graphs, reused by later allocations, until
 * cudaDeviceGraphMemTrim gives back what no live allocation holds (as the
 * cuda-samples' graphMemoryFootprint describes it: freeing allocations does
 * not shrink the footprint, trimming then does). */
#include <cuda_runtime_api.h>

#include <pthread.h>
#include <stdlib.h>

#include "host/cudart/cudart.h"
#include "host/cudart/graph/graph.h"

typedef struct cudart_gva {
    void *p;
    uint64_t bytes;                 /* cudaMalloc's granules */
    int live;
    int refs;                       /* allocation nodes naming it */
    struct cudart_gva *next;
} cudart_gva_t;

static struct {
    cudart_gva_t *all;
    uint64_t live, kept, used_high, reserved_high;   /* kept: used and reserved memory */
    pthread_mutex_t mu;
} M = {.mu = PTHREAD_MUTEX_INITIALIZER};

static cudart_gva_t *find(const void *p)
{
    cudart_gva_t *v = M.all;
    while (v && v->p != p)
        v = v->next;
    return v;
}

/* Under M.mu: a range no node names and not live goes back to the arena. */
static void release_if_unused(cudart_gva_t *v)
{
    if (v->refs || v->live)
        return;
    for (cudart_gva_t **q = &M.all; *q; q = &(*q)->next)
        if (*q == v) {
            *q = v->next;
            break;
        }
    cudart_mem_free(v->p, CUDART_MEM_DEVICE);
    free(v);
}

/* Is v's range free at a node whose ancestors carry mark m? */
static int free_at(cudaGraph_t g, const cudart_gva_t *v, uint64_t m)
{
    int allocs = 0, frees = 0;
    for (uint32_t i = 0; i < g->n; i++) {
        const cudaGraphNode_t n = g->nodes[i];
        int alloc = n->op.type == cudaGraphNodeTypeMemAlloc && n->op.u.alloc.va == v;
        int fr = n->op.type == cudaGraphNodeTypeMemFree && n->op.u.free == v->p;
        if (alloc && n->mark != m)
            return 0;   /* an allocation of it that may still be live there */
        allocs += alloc;
        frees += fr && n->mark == m;
    }
    return allocs && frees >= allocs;
}

int cudart_gmem_reserve(cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps, cudart_alloc_op_t *a)
{
    uint64_t bytes = cudart_mem_rounded(a->p.bytesize);
    for (size_t i = 0; i < ndeps; i++)
        if (!cudart_node_ok(deps[i]) || deps[i]->graph != g)
            return cudaErrorInvalidValue;
    uint64_t m = cudart_mark_ancestors(deps, ndeps);
    pthread_mutex_lock(&M.mu);
    cudart_gva_t *v = NULL;
    for (uint32_t i = 0; i < g->n && !v; i++) {
        cudart_gva_t *c = g->nodes[i]->op.type == cudaGraphNodeTypeMemAlloc ? g->nodes[i]->op.u.alloc.va : NULL;
        if (c && c->bytes >= bytes && free_at(g, c, m))
            v = c;
    }
    if (!v && (v = calloc(1, sizeof *v))) {
        if ((v->p = cudart_mem_alloc(a->p.bytesize, CUDART_MEM_DEVICE, 0, NULL))) {
            v->bytes = bytes;
            v->next = M.all;
            M.all = v;
        } else {
            free(v);
            v = NULL;
        }
    }
    if (v)
        v->refs++;
    pthread_mutex_unlock(&M.mu);
    a->va = v;
    a->p.dptr = v ? v->p : NULL;
    return v ? 0 : cudaErrorMemoryAllocation;
}

void cudart_gmem_ref(cudart_gva_t *va)
{
    pthread_mutex_lock(&M.mu);
    va->refs++;
    pthread_mutex_unlock(&M.mu);
}

void cudart_gmem_unref(cudart_gva_t *va)
{
    if (!va)
        return;
    pthread_mutex_lock(&M.mu);
    va->refs--;
    release_if_unused(va);
    pthread_mutex_unlock(&M.mu);
}

int cudart_gmem_known(const void *p)
{
    pthread_mutex_lock(&M.mu);
    int k = p && find(p);
    pthread_mutex_unlock(&M.mu);
    return k;
}

int cudart_gmem_alloc_run(cudart_alloc_op_t *a)
{
    pthread_mutex_lock(&M.mu);
    cudart_gva_t *v = a->va;
    int err = v->live ? cudaErrorInvalidValue : 0;
    if (!err) {
        v->live = 1;
        M.live += v->bytes;
        if (M.live > M.kept)
            M.kept = M.live;
        if (M.kept > M.used_high)
            M.used_high = M.kept;
        if (M.kept > M.reserved_high)
            M.reserved_high = M.kept;
    }
    pthread_mutex_unlock(&M.mu);
    return err;
}

int cudart_gmem_free(void *p)
{
    pthread_mutex_lock(&M.mu);
    cudart_gva_t *v = p ? find(p) : NULL;
    int err = !v ? -1 : !v->live ? cudaErrorInvalidValue : 0;
    if (!err) {
        v->live = 0;
        M.live -= v->bytes;
        release_if_unused(v);
    }
    pthread_mutex_unlock(&M.mu);
    return err;
}

int cudart_gmem_launch_check(cudaGraph_t g, int auto_free)
{
    for (uint32_t i = 0; i < g->n; i++) {
        cudart_op_t *op = &g->nodes[i]->op;
        int e = 0;
        if (op->type == cudaGraphNodeTypeMemAlloc && op->u.alloc.va->live)
            e = auto_free ? cudart_gmem_free(op->u.alloc.p.dptr) : cudaErrorInvalidValue;
        if (op->type == cudaGraphNodeTypeGraph)
            e = cudart_gmem_launch_check(op->u.child, auto_free);
        for (unsigned b = 0; op->type == cudaGraphNodeTypeConditional && b < op->u.cond.size && !e; b++)
            e = cudart_gmem_launch_check(op->u.cond.bodies[b], auto_free);
        if (e)
            return e;
    }
    return 0;
}

/* ---- the device's graph memory --------------------------------------------------- */

cudaError_t cudaDeviceGraphMemTrim(int device)
{
    ENTER();
    if (device != 0)
        RET(cudaErrorInvalidDevice);
    pthread_mutex_lock(&M.mu);
    M.kept = M.live;
    pthread_mutex_unlock(&M.mu);
    return cudaSuccess;
}

static uint64_t *counter(enum cudaGraphMemAttributeType attr)
{
    switch (attr) {
    case cudaGraphMemAttrUsedMemCurrent: return &M.kept;
    case cudaGraphMemAttrUsedMemHigh: return &M.used_high;
    case cudaGraphMemAttrReservedMemCurrent: return &M.kept;
    case cudaGraphMemAttrReservedMemHigh: return &M.reserved_high;
    default: return NULL;
    }
}

cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value)
{
    ENTER();
    if (device != 0)
        RET(cudaErrorInvalidDevice);
    uint64_t *c = counter(attr);
    if (!c || !value)
        RET(cudaErrorInvalidValue);
    pthread_mutex_lock(&M.mu);
    *(uint64_t *)value = *c;
    pthread_mutex_unlock(&M.mu);
    return cudaSuccess;
}

/* Only the high watermarks, and only back to the current value (0 asks it). */
cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value)
{
    ENTER();
    if (device != 0)
        RET(cudaErrorInvalidDevice);
    if (!value || *(uint64_t *)value ||
        (attr != cudaGraphMemAttrUsedMemHigh && attr != cudaGraphMemAttrReservedMemHigh))
        RET(cudaErrorInvalidValue);
    pthread_mutex_lock(&M.mu);
    if (attr == cudaGraphMemAttrUsedMemHigh)
        M.used_high = M.kept;
    else
        M.reserved_high = M.kept;
    pthread_mutex_unlock(&M.mu);
    return cudaSuccess;
}
