/* Stream capture, as the CUDA Programming Guide's "Creating a Graph Using
 * Stream Capture" describes it. A capturing stream keeps the set of nodes
 * its next work depends on; work issued to it becomes a node after them
 * and then the whole set. An event recorded in a capturing stream keeps
 * that stream's set; another stream waiting on it joins the capture with
 * that set (a fork), and the origin stream waiting on an event of a joined
 * stream takes its set too (a join). At cudaStreamEndCapture every joined
 * stream's work must have been joined back into the origin stream
 * (cudaErrorStreamCaptureUnjoined otherwise).
 *
 * What a capture forbids: work in the legacy stream while a blocking
 * stream captures (cudaErrorStreamCaptureImplicit), waiting for capturing
 * work (cudaErrorStreamCaptureUnsupported), and, by the capture's mode and
 * the thread's (cudaThreadExchangeStreamCaptureMode), calls that may
 * synchronise the device such as cudaMalloc (cudaErrorStreamCaptureUnsupported).
 * Each such call invalidates the capture, whose end then fails with
 * cudaErrorStreamCaptureInvalidated, as on a GPU. */
#include <cuda_runtime_api.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_stream.h"
#include "host/cudart/graph/graph.h"

typedef struct cudart_capture {
    cudaGraph_t g;
    int owns_graph;                    /* made by cudaStreamBeginCapture (not ...ToGraph) */
    enum cudaStreamCaptureMode mode;
    unsigned long long id;
    int invalidated;
    cudart_stream_t *origin;
    pthread_t thread;
    cudart_stream_t **streams;         /* every stream in it, the origin first */
    uint32_t nstreams, cstreams;
    cudaGraphNode_t *orphans;          /* the sets of joined streams destroyed meanwhile */
    size_t norphans, corphans;
    cudart_event_t **events;           /* events recorded in it */
    uint32_t nevents, cevents;
    struct cudart_capture *next;
} cudart_capture_t;

static cudart_capture_t *captures;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local enum cudaStreamCaptureMode thread_mode = cudaStreamCaptureModeGlobal;

/* Under mu: s's set becomes (set) or takes in (add) n nodes. */
static int deps_put(cudart_stream_t *s, const cudaGraphNode_t *nodes, size_t n, int add)
{
    if (!add)
        s->ndeps = 0;
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;
        while (k < s->ndeps && s->deps[k] != nodes[i])
            k++;
        if (k < s->ndeps)
            continue;
        size_t cap = s->cdeps;
        if (cudart_grow(&s->deps, s->ndeps, &cap, sizeof *s->deps) ||
            cudart_grow(&s->edges, s->ndeps, &s->cdeps, sizeof *s->edges))
            return cudaErrorMemoryAllocation;
        memset(&s->edges[s->ndeps], 0, sizeof *s->edges);
        s->deps[s->ndeps++] = nodes[i];
    }
    return 0;
}

static int join(cudart_stream_t *s, cudart_capture_t *c, const cudaGraphNode_t *nodes, size_t n)
{
    if (cudart_grow32(&c->streams, c->nstreams, &c->cstreams, sizeof *c->streams))
        return cudaErrorMemoryAllocation;
    c->streams[c->nstreams++] = s;
    s->cap = c;
    return deps_put(s, nodes, n, 0);
}

/* ---- what streams and events ask ---------------------------------------------- */

int cudart_capture_take(cudart_stream_t *s, cudart_op_t *op, cudaGraphNode_t *node, int *taken)
{
    *taken = 0;
    if (!s->cap)
        return 0;
    *taken = 1;
    pthread_mutex_lock(&mu);
    cudart_capture_t *c = s->cap;
    int err = c->invalidated ? cudaErrorStreamCaptureInvalidated : 0;
    cudaGraphNode_t n = NULL;
    if (err)
        cudart_op_free(op);
    else if (!(err = cudart_graph_add(c->g, s->deps, s->ndeps, op, &n)))
        err = deps_put(s, &n, 1, 0);
    pthread_mutex_unlock(&mu);
    if (node)
        *node = n;
    return err;
}

/* cudaMallocAsync in a capturing stream: an allocation node, whose
 * address the program gets at once. */
int cudart_capture_malloc(cudart_stream_t *s, size_t size, void **ptr, int *taken)
{
    *taken = 0;
    if (!s->cap)
        return 0;
    *taken = 1;
    cudart_op_t op = {.type = cudaGraphNodeTypeMemAlloc};
    struct cudaMemAllocNodeParams *p = &op.u.alloc.p;
    p->poolProps.allocType = cudaMemAllocationTypePinned;
    p->poolProps.location.type = cudaMemLocationTypeDevice;
    p->bytesize = size;
    pthread_mutex_lock(&mu);
    int err = s->cap->invalidated ? cudaErrorStreamCaptureInvalidated
              : !size             ? cudaErrorInvalidValue
                                  : cudart_gmem_reserve(s->cap->g, s->deps, s->ndeps, &op.u.alloc);
    pthread_mutex_unlock(&mu);
    if (err)
        return err;
    *ptr = p->dptr;
    return cudart_capture_take(s, &op, NULL, taken);
}

static void invalidate(cudart_capture_t *c) { c->invalidated = 1; }

int cudart_capture_legacy(void)
{
    int err = 0;
    pthread_mutex_lock(&mu);
    for (cudart_capture_t *c = captures; c; c = c->next)
        for (uint32_t i = 0; i < c->nstreams; i++)
            if (!(c->streams[i]->flags & cudaStreamNonBlocking)) {
                invalidate(c);
                err = cudaErrorStreamCaptureImplicit;
            }
    pthread_mutex_unlock(&mu);
    return err;
}

int cudart_capture_unsafe(void)
{
    int err = 0;
    if (thread_mode == cudaStreamCaptureModeRelaxed)
        return 0;
    pthread_mutex_lock(&mu);
    for (cudart_capture_t *c = captures; c; c = c->next) {
        int mine = pthread_equal(c->thread, pthread_self());
        if ((mine && c->mode != cudaStreamCaptureModeRelaxed) ||
            (!mine && thread_mode == cudaStreamCaptureModeGlobal && c->mode == cudaStreamCaptureModeGlobal)) {
            invalidate(c);
            err = cudaErrorStreamCaptureUnsupported;
        }
    }
    pthread_mutex_unlock(&mu);
    return err;
}

int cudart_capture_sync(cudart_stream_t *s)
{
    pthread_mutex_lock(&mu);
    cudart_capture_t *c = s->cap;
    if (c)
        invalidate(c);
    pthread_mutex_unlock(&mu);
    return c ? cudaErrorStreamCaptureUnsupported : 0;
}

int cudart_capture_event_sync(cudart_event_t *e)
{
    pthread_mutex_lock(&mu);
    cudart_capture_t *c = e->cap;
    if (c)
        invalidate(c);
    pthread_mutex_unlock(&mu);
    return c ? cudaErrorStreamCaptureUnsupported : 0;
}

/* Under mu. */
static void event_forget(cudart_event_t *e)
{
    cudart_capture_t *c = e->cap;
    for (uint32_t i = 0; c && i < c->nevents; i++)
        if (c->events[i] == e) {
            c->events[i] = c->events[--c->nevents];
            break;
        }
    free(e->nodes);
    e->nodes = NULL;
    e->nnodes = 0;
    e->cap = NULL;
}

void cudart_capture_event_clear(cudart_event_t *e)
{
    if (!e->cap)
        return;
    pthread_mutex_lock(&mu);
    event_forget(e);
    pthread_mutex_unlock(&mu);
}

/* A capturing stream's record keeps its set in the event; with
 * cudaEventRecordExternal it is also a node that records the event when
 * the graph runs. */
int cudart_capture_record(cudart_event_t *e, cudart_stream_t *s, unsigned flags, int *taken)
{
    *taken = 0;
    if (!s->cap)
        return 0;
    int err = 0;
    if (flags & cudaEventRecordExternal) {
        cudart_op_t op = {.type = cudaGraphNodeTypeEventRecord, .u.event = (cudaEvent_t)e};
        if ((err = cudart_capture_take(s, &op, NULL, taken)))
            return err;
    }
    *taken = 1;
    pthread_mutex_lock(&mu);
    cudart_capture_t *c = s->cap;
    event_forget(e);
    if (c->invalidated)
        err = cudaErrorStreamCaptureInvalidated;
    else if (cudart_grow32(&c->events, c->nevents, &c->cevents, sizeof *c->events) ||
             (s->ndeps && !(e->nodes = malloc(s->ndeps * sizeof *e->nodes))))
        err = cudaErrorMemoryAllocation;
    else {
        if (s->ndeps)
            memcpy(e->nodes, s->deps, s->ndeps * sizeof *e->nodes);
        e->nnodes = s->ndeps;
        e->cap = c;
        c->events[c->nevents++] = e;
    }
    pthread_mutex_unlock(&mu);
    return err;
}

int cudart_capture_wait(cudart_stream_t *s, cudart_event_t *e, unsigned flags, int *taken)
{
    int err = 0;
    *taken = 1;
    if (s->cap && (flags & cudaEventWaitExternal)) {
        cudart_op_t op = {.type = cudaGraphNodeTypeWaitEvent, .u.event = (cudaEvent_t)e};
        if ((err = cudart_capture_take(s, &op, NULL, taken)))
            return err;
    }
    pthread_mutex_lock(&mu);
    cudart_capture_t *c = e->cap;
    if (!c)
        ;   /* an event recorded outside any capture: its work is done */
    else if (c->invalidated)
        err = cudaErrorStreamCaptureInvalidated;
    else if (!s->cap)
        err = join(s, c, e->nodes, e->nnodes);
    else if (s->cap == c)
        err = deps_put(s, e->nodes, e->nnodes, 1);
    else
        err = cudaErrorStreamCaptureIsolation;   /* it would merge two captures */
    pthread_mutex_unlock(&mu);
    return err;
}

void cudart_capture_stream_gone(cudart_stream_t *s)
{
    pthread_mutex_lock(&mu);
    cudart_capture_t *c = s->cap;
    if (c && c->origin == s) {
        c->origin = NULL;
        invalidate(c);
    }
    for (uint32_t i = 0; c && i < c->nstreams; i++)
        if (c->streams[i] == s) {
            memmove(&c->streams[i], &c->streams[i + 1], (--c->nstreams - i) * sizeof *c->streams);
            break;
        }
    for (size_t i = 0; c && i < s->ndeps; i++)
        if (!cudart_grow(&c->orphans, c->norphans, &c->corphans, sizeof *c->orphans))
            c->orphans[c->norphans++] = s->deps[i];
    s->cap = NULL;
    pthread_mutex_unlock(&mu);
}

/* ---- the API ---------------------------------------------------------------------- */

static int begin(cudaStream_t stream, cudaGraph_t g, int owns, const cudaGraphNode_t *deps, size_t ndeps,
                 enum cudaStreamCaptureMode mode)
{
    static unsigned long long ids;
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!s)
        return cudaErrorInvalidResourceHandle;
    if (s->legacy)
        return cudaErrorStreamCaptureUnsupported;
    if (mode > cudaStreamCaptureModeRelaxed)
        return cudaErrorInvalidValue;
    if (s->cap)
        return cudaErrorIllegalState;
    for (size_t i = 0; i < ndeps; i++)
        if (!cudart_node_ok(deps[i]) || deps[i]->graph != g)
            return cudaErrorInvalidValue;
    cudart_capture_t *c = calloc(1, sizeof *c);
    if (!c)
        return cudaErrorMemoryAllocation;
    *c = (cudart_capture_t){.g = g, .owns_graph = owns, .mode = mode, .origin = s, .thread = pthread_self()};
    pthread_mutex_lock(&mu);
    c->id = ++ids;
    int err = join(s, c, deps, ndeps);
    if (!err) {
        c->next = captures;
        captures = c;
    }
    pthread_mutex_unlock(&mu);
    if (err)
        free(c);
    return err;
}

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode)
{
    ENTER();
    cudaGraph_t g = cudart_graph_new();
    if (!g)
        RET(cudaErrorMemoryAllocation);
    int e = begin(stream, g, 1, NULL, 0, mode);
    if (e)
        cudart_graph_free(g);
    RET(e);
}

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t *dependencies,
                                          const cudaGraphEdgeData *dependencyData, size_t numDependencies,
                                          enum cudaStreamCaptureMode mode)
{
    static const cudaGraphEdgeData zero;
    ENTER();
    if (!cudart_graph_ok(graph) || (numDependencies && !dependencies))
        RET(cudaErrorInvalidValue);
    for (size_t i = 0; dependencyData && i < numDependencies; i++)
        if (memcmp(&dependencyData[i], &zero, sizeof zero))
            RET(cudaErrorNotSupported);
    RET(begin(stream, graph, 0, dependencies, numDependencies, mode));
}

/* Under mu: has every joined stream's work been joined back into the origin? */
static int joined(cudart_capture_t *c)
{
    uint64_t m = cudart_mark_ancestors(c->origin->deps, c->origin->ndeps);
    for (uint32_t i = 0; i < c->nstreams; i++)
        for (size_t k = 0; k < c->streams[i]->ndeps; k++)
            if (c->streams[i]->deps[k]->mark != m)
                return 0;
    for (size_t k = 0; k < c->norphans; k++)
        if (c->orphans[k]->mark != m)
            return 0;
    return 1;
}

/* Under mu: the capture ends; its streams and events are free of it. */
static void finish(cudart_capture_t *c)
{
    for (uint32_t i = 0; i < c->nstreams; i++) {
        c->streams[i]->cap = NULL;
        c->streams[i]->ndeps = 0;
    }
    while (c->nevents)
        event_forget(c->events[0]);
    for (cudart_capture_t **q = &captures; *q; q = &(*q)->next)
        if (*q == c) {
            *q = c->next;
            break;
        }
    free(c->streams);
    free(c->orphans);
    free(c->events);
    free(c);
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!s)
        RET(cudaErrorInvalidResourceHandle);
    pthread_mutex_lock(&mu);
    cudart_capture_t *c = s->cap;
    int err = !c ? cudaErrorIllegalState : c->origin != s ? cudaErrorStreamCaptureUnmatched : 0;
    if (!err && c->mode != cudaStreamCaptureModeRelaxed && !pthread_equal(c->thread, pthread_self()))
        err = cudaErrorStreamCaptureWrongThread;
    if (err) {
        pthread_mutex_unlock(&mu);
        RET(err);
    }
    err = c->invalidated ? cudaErrorStreamCaptureInvalidated : !joined(c) ? cudaErrorStreamCaptureUnjoined : 0;
    cudaGraph_t g = c->g;
    int owns = c->owns_graph;
    finish(c);
    pthread_mutex_unlock(&mu);
    if (err && owns)
        cudart_graph_free(g);
    if (pGraph)
        *pGraph = err ? NULL : g;
    RET(err);
}

/* Work in the legacy stream would wait for a capturing blocking stream. */
static int legacy_capturing(void)
{
    int yes = 0;
    pthread_mutex_lock(&mu);
    for (cudart_capture_t *c = captures; c && !yes; c = c->next)
        for (uint32_t i = 0; i < c->nstreams; i++)
            yes |= !(c->streams[i]->flags & cudaStreamNonBlocking);
    pthread_mutex_unlock(&mu);
    return yes;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus)
{
    return cudaStreamGetCaptureInfo(stream, pCaptureStatus, NULL, NULL, NULL, NULL, NULL);
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                     unsigned long long *id_out, cudaGraph_t *graph_out,
                                     const cudaGraphNode_t **dependencies_out, const cudaGraphEdgeData **edgeData_out,
                                     size_t *numDependencies_out)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!s || !captureStatus_out)
        RET(!s ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
    if (s->legacy && legacy_capturing())
        RET(cudaErrorStreamCaptureImplicit);
    pthread_mutex_lock(&mu);
    cudart_capture_t *c = s->cap;
    *captureStatus_out = !c ? cudaStreamCaptureStatusNone
                         : c->invalidated ? cudaStreamCaptureStatusInvalidated
                                          : cudaStreamCaptureStatusActive;
    if (id_out && c)
        *id_out = c->id;
    if (graph_out)
        *graph_out = c ? c->g : NULL;
    if (dependencies_out)
        *dependencies_out = c ? s->deps : NULL;
    if (edgeData_out)
        *edgeData_out = c ? s->edges : NULL;
    if (numDependencies_out)
        *numDependencies_out = c ? s->ndeps : 0;
    pthread_mutex_unlock(&mu);
    return cudaSuccess;
}

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                const cudaGraphEdgeData *dependencyData, size_t numDependencies,
                                                unsigned int flags)
{
    static const cudaGraphEdgeData zero;
    ENTER();
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!s)
        RET(cudaErrorInvalidResourceHandle);
    if (flags > cudaStreamSetCaptureDependencies || (numDependencies && !dependencies))
        RET(cudaErrorInvalidValue);
    for (size_t i = 0; dependencyData && i < numDependencies; i++)
        if (memcmp(&dependencyData[i], &zero, sizeof zero))
            RET(cudaErrorNotSupported);
    pthread_mutex_lock(&mu);
    cudart_capture_t *c = s->cap;
    int err = !c ? cudaErrorIllegalState : c->invalidated ? cudaErrorStreamCaptureInvalidated : 0;
    for (size_t i = 0; !err && i < numDependencies; i++)
        if (!cudart_node_ok(dependencies[i]) || dependencies[i]->graph != c->g)
            err = cudaErrorInvalidValue;
    if (!err)
        err = deps_put(s, dependencies, numDependencies, flags == cudaStreamAddCaptureDependencies);
    pthread_mutex_unlock(&mu);
    RET(err);
}

cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode)
{
    ENTER();
    if (!mode || *mode > cudaStreamCaptureModeRelaxed)
        RET(cudaErrorInvalidValue);
    enum cudaStreamCaptureMode old = thread_mode;
    thread_mode = *mode;
    *mode = old;
    return cudaSuccess;
}

#define ALIAS(name, of) extern __typeof__(of) name __attribute__((alias(#of)))
ALIAS(cudaStreamBeginCapture_ptsz, cudaStreamBeginCapture);
ALIAS(cudaStreamBeginCaptureToGraph_ptsz, cudaStreamBeginCaptureToGraph);
ALIAS(cudaStreamEndCapture_ptsz, cudaStreamEndCapture);
ALIAS(cudaStreamIsCapturing_ptsz, cudaStreamIsCapturing);
ALIAS(cudaStreamGetCaptureInfo_ptsz, cudaStreamGetCaptureInfo);
ALIAS(cudaStreamUpdateCaptureDependencies_ptsz, cudaStreamUpdateCaptureDependencies);
