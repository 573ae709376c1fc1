/* Streams and events as the rest of the runtime sees them: where stream
 * capture (graph/graph_capture.c) keeps its state, and the one entry all
 * stream work goes through. Include <cuda_runtime_api.h> first. */
#ifndef CUDART_STREAM_H
#define CUDART_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "host/cudart/cudart_op.h"

struct cudart_capture;

/* The stream attributes (cudaStreamSetAttribute) a stream keeps: every ID
 * CUDA 13 says is valid for streams. */
#define CUDART_STREAM_ATTRS 17

typedef struct cudart_stream {
    uint32_t magic;
    unsigned flags;
    int priority;
    int legacy;                        /* the NULL stream: never captures */
    unsigned long long id;             /* cudaStreamGetId's, given when first asked */
    uint64_t last;                     /* its last op in the device's queue (cudart_queue.h), or 0 */
    struct cudart_capture *cap;        /* the capture it takes part in, or NULL */
    cudaGraphNode_t *deps;             /* in cap: what its next node depends on */
    cudaGraphEdgeData *edges;          /* as many, all zero (ordinary edges) */
    size_t ndeps, cdeps;
    uint32_t attr_set;                 /* bit i: attrs[i] set */
    cudaLaunchAttributeValue attrs[CUDART_STREAM_ATTRS];
} cudart_stream_t;

typedef struct cudart_event {
    uint32_t magic;
    unsigned flags;
    int recorded;
    uint64_t seq;                      /* its record op in the device's queue, or 0 */
    double ns;
    struct cudart_capture *cap;        /* recorded in this capture: waiting on it joins it */
    cudaGraphNode_t *nodes;            /* the recording stream's dependencies then */
    size_t nnodes;
} cudart_event_t;

/* The legacy stream as the synchronous API forms (cudaMemcpy, cudaMemset,
 * cudaMemcpyToSymbol, ...) name it: their op returns when it has run. */
#define CUDART_STREAM_SYNC ((cudaStream_t)0x7)

/* The stream of a handle: NULL, cudaStreamLegacy and CUDART_STREAM_SYNC the legacy stream,
 * cudaStreamPerThread this thread's; NULL for a handle that is none. */
cudart_stream_t *cudart_stream_of(cudaStream_t s);
cudart_event_t *cudart_event_of(cudaEvent_t e);

/* Issues op in stream s: captured as a node when s is capturing (then
 * *node, if given, is that node), else run now or queued for the device
 * thread (cudart_queue.h). 0 or a cudaError_t; op is consumed either way
 * (the node or the queue owns it, or it is freed after running). */
int cudart_stream_issue(cudaStream_t s, cudart_op_t *op, cudaGraphNode_t *node);
/* The same; *seq the op's place in the device's queue, 0 if it ran. */
int cudart_stream_issue_seq(cudaStream_t s, cudart_op_t *op, cudaGraphNode_t *node, uint64_t *seq);

#endif
