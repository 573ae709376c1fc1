/* User objects (the Programming Guide's "CUDA User Objects"): a pointer and
 * a destructor with a reference count, whose references a caller or a
 * graph owns. A graph's references are duplicated in every copy of it, a
 * clone or an executable graph (cudart_graph_clone), and released when that
 * copy is destroyed (cudart_graph_free). The destructor runs when the count
 * reaches 0, on the thread that released the last reference (CUDA runs it
 * on an internal thread, later; no CUDA call may wait for it either way). */
#include <cuda_runtime_api.h>

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>

#include "host/cudart/cudart.h"
#include "host/cudart/graph/graph.h"

#define UOBJ_MAGIC 0x554f424au

struct CUuserObject_st {
    uint32_t magic;
    void *ptr;
    cudaHostFn_t destroy;
    unsigned long long refs;
};

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static int uobj_ok(cudaUserObject_t o) { return o && o->magic == UOBJ_MAGIC; }
static int count_ok(unsigned count) { return count && count <= INT_MAX; }

static void retain(cudaUserObject_t o, unsigned count)
{
    pthread_mutex_lock(&mu);
    o->refs += count;
    pthread_mutex_unlock(&mu);
}

static void release(cudaUserObject_t o, unsigned count)
{
    pthread_mutex_lock(&mu);
    int last = (o->refs -= count) == 0;
    pthread_mutex_unlock(&mu);
    if (last) {
        o->magic = 0;
        o->destroy(o->ptr);
        free(o);
    }
}

int cudart_uobj_copy(cudaGraph_t dst, cudaGraph_t src)
{
    if (!src->nurefs)
        return 0;
    if (!(dst->urefs = malloc(src->nurefs * sizeof *dst->urefs)))
        return cudaErrorMemoryAllocation;
    for (uint32_t i = 0; i < src->nurefs; i++) {
        dst->urefs[i] = src->urefs[i];
        retain(src->urefs[i].obj, src->urefs[i].count);
    }
    dst->nurefs = src->nurefs;
    return 0;
}

void cudart_uobj_drop(cudaGraph_t g)
{
    for (uint32_t i = 0; i < g->nurefs; i++)
        release(g->urefs[i].obj, g->urefs[i].count);
    free(g->urefs);
    g->urefs = NULL;
    g->nurefs = 0;
}

cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, void *ptr, cudaHostFn_t destroy,
                                 unsigned int initialRefcount, unsigned int flags)
{
    ENTER();
    if (!object_out || !destroy || !count_ok(initialRefcount) || flags != cudaUserObjectNoDestructorSync)
        RET(cudaErrorInvalidValue);
    cudaUserObject_t o = malloc(sizeof *o);
    if (!o)
        RET(cudaErrorMemoryAllocation);
    *o = (struct CUuserObject_st){UOBJ_MAGIC, ptr, destroy, initialRefcount};
    *object_out = o;
    return cudaSuccess;
}

cudaError_t cudaUserObjectRetain(cudaUserObject_t object, unsigned int count)
{
    ENTER();
    if (!uobj_ok(object) || !count_ok(count))
        RET(cudaErrorInvalidValue);
    retain(object, count);
    return cudaSuccess;
}

cudaError_t cudaUserObjectRelease(cudaUserObject_t object, unsigned int count)
{
    ENTER();
    if (!uobj_ok(object) || !count_ok(count) || count > object->refs)
        RET(cudaErrorInvalidValue);
    release(object, count);
    return cudaSuccess;
}

/* The graph's entry for o, made if need be; NULL: out of memory. */
static struct cudart_uref *entry(cudaGraph_t g, cudaUserObject_t o)
{
    for (uint32_t i = 0; i < g->nurefs; i++)
        if (g->urefs[i].obj == o)
            return &g->urefs[i];
    struct cudart_uref *u = realloc(g->urefs, (g->nurefs + 1) * sizeof *u);
    if (!u)
        return NULL;
    g->urefs = u;
    u[g->nurefs] = (struct cudart_uref){o, 0};
    return &u[g->nurefs++];
}

cudaError_t cudaGraphRetainUserObject(cudaGraph_t graph, cudaUserObject_t object, unsigned int count,
                                      unsigned int flags)
{
    ENTER();
    if (!cudart_graph_ok(graph) || !uobj_ok(object) || !count_ok(count) || (flags & ~(unsigned)cudaGraphUserObjectMove))
        RET(cudaErrorInvalidValue);
    struct cudart_uref *u = entry(graph, object);
    if (!u)
        RET(cudaErrorMemoryAllocation);
    u->count += count;
    if (!(flags & cudaGraphUserObjectMove))   /* moved: the caller's references become the graph's */
        retain(object, count);
    return cudaSuccess;
}

cudaError_t cudaGraphReleaseUserObject(cudaGraph_t graph, cudaUserObject_t object, unsigned int count)
{
    ENTER();
    if (!cudart_graph_ok(graph) || !uobj_ok(object) || !count_ok(count))
        RET(cudaErrorInvalidValue);
    uint32_t i = 0;
    while (i < graph->nurefs && graph->urefs[i].obj != object)
        i++;
    if (i == graph->nurefs || graph->urefs[i].count < count)
        RET(cudaErrorInvalidValue);   /* references the graph does not own */
    if (!(graph->urefs[i].count -= count))
        graph->urefs[i] = graph->urefs[--graph->nurefs];
    release(object, count);
    return cudaSuccess;
}
