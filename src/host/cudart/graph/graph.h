/* CUDA graphs in warpsim's runtime: a graph is nodes in creation order with
 * their edges; a node holds the op it runs (cudart_op.h). An executable
 * graph is a deep copy made at instantiation, with each graph's run order
 * fixed then (Kahn's order, the earliest-created ready node first, so runs
 * are deterministic). Include <cuda_runtime_api.h> first. */
#ifndef CUDART_GRAPH_H
#define CUDART_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "host/cudart/cudart_op.h"

#define GRAPH_MAGIC 0x47524150u
#define NODE_MAGIC 0x4e4f4445u
#define EXEC_MAGIC 0x45584543u

struct CUgraphNode_st {
    uint32_t magic;
    struct CUgraph_st *graph;
    uint64_t id;                       /* unique for the process */
    uint64_t origin;                   /* the node this one copies (clone, instantiation), else id */
    uint64_t updated_from;             /* an executable node: the node cudaGraphExecUpdate last took */
    struct CUgraphNode_st **in, **out; /* edges, in the order added */
    uint32_t nin, nout, cin, cout;
    int disabled;                      /* an executable node: cudaGraphNodeSetEnabled(0) */
    uint32_t tmp;                      /* scratch of one algorithm at a time (an index, a count) */
    uint64_t mark;                     /* scratch: the search that last saw it */
    cudart_op_t op;
};

struct CUgraph_st {
    uint32_t magic;
    cudaGraphNode_t *nodes;            /* creation order */
    uint32_t n, cap;
    cudaGraphNode_t parent;            /* the child-graph or conditional node owning it, else NULL */
    cudaGraphNode_t *order;            /* run order, set at instantiation */
    struct cudart_cond **conds;        /* handles created for it (cudaGraphConditionalHandleCreate) */
    uint32_t nconds;
    struct cudart_uref *urefs;         /* user objects it holds references to (graph_uobj.c) */
    uint32_t nurefs;
};

struct cudart_uref {
    cudaUserObject_t obj;
    unsigned long long count;
};

struct CUgraphExec_st {
    uint32_t magic;
    cudaGraph_t g;                     /* the instantiated copy */
    unsigned long long flags;
};

/* ---- graph_build.c: graphs, nodes and edges ------------------------------------ */
/* Room for one more in the array *arr (n used of *cap, elem bytes each),
 * doubling it; 0 or -1. */
int cudart_grow(void *arr, size_t n, size_t *cap, size_t elem);
int cudart_grow32(void *arr, uint32_t n, uint32_t *cap, size_t elem);
cudaGraph_t cudart_graph_new(void);
void cudart_graph_free(cudaGraph_t g);
int cudart_graph_ok(cudaGraph_t g);
int cudart_node_ok(cudaGraphNode_t n);
/* A new node of g running op (which it takes), after deps; 0 or a cudaError_t
 * (op freed on error). */
int cudart_graph_add(cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps, cudart_op_t *op,
                     cudaGraphNode_t *out);
int cudart_graph_edge(cudaGraphNode_t from, cudaGraphNode_t to);
/* A deep copy whose nodes' origin is the copied node; NULL: out of memory. */
cudaGraph_t cudart_graph_clone(cudaGraph_t g);
/* The node of g (searching child and conditional graphs) copied from, or
 * updated from, the node with this id. */
cudaGraphNode_t cudart_graph_find_copy(cudaGraph_t g, uint64_t id);
/* The node of g (searching likewise) whose id is id. */
cudaGraphNode_t cudart_graph_find_original(cudaGraph_t g, uint64_t id);
/* Marks every ancestor of the nodes (themselves included) with a new mark,
 * which it returns; n->mark == it says whether n is one. */
uint64_t cudart_mark_ancestors(const cudaGraphNode_t *nodes, size_t n);

/* ---- graph_run.c: order and runs ---------------------------------------------- */
/* Fixes every graph's run order (children and bodies too); 0, or
 * cudaErrorInvalidValue for a cycle (*bad one of its nodes). */
int cudart_graph_order(cudaGraph_t g, cudaGraphNode_t *bad);
/* Runs g's nodes in their order; 0 or the first error. */
int cudart_graph_run(cudaGraph_t g);

/* ---- graph_mem.c: memory nodes --------------------------------------------------- */
/* The address of a new allocation node of g after deps: one that an earlier
 * allocation of g, freed before deps, gave up, else a new range. */
int cudart_gmem_reserve(cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps, cudart_alloc_op_t *a);
void cudart_gmem_ref(struct cudart_gva *va);
void cudart_gmem_unref(struct cudart_gva *va);
int cudart_gmem_alloc_run(cudart_alloc_op_t *a);
/* Is p an address some allocation node gave? */
int cudart_gmem_known(const void *p);
/* Frees a graph allocation (a free node, cudaFree, cudaFreeAsync): 0,
 * cudaErrorInvalidValue when p is one that is not live, -1 when p is no
 * graph allocation. */
int cudart_gmem_free(void *p);
/* Before a launch: 0, or cudaErrorInvalidValue if an allocation of g is
 * still live (freed first when auto_free). */
int cudart_gmem_launch_check(cudaGraph_t g, int auto_free);

/* ---- graph_cond.c: conditional handles ------------------------------------------- */
struct cudart_cond *cudart_cond_of(cudaGraphConditionalHandle h);
void cudart_cond_ref(struct cudart_cond *c);
void cudart_cond_unref(struct cudart_cond *c);
/* At the start of a launch: every handle of g with cudaGraphCondAssignDefault
 * takes its default. */
void cudart_cond_launch(cudaGraph_t g);
int cudart_cond_run(cudart_cond_op_t *c);
/* Does n, or a node in a graph it holds, use handle c? */
int cudart_cond_used(cudaGraphNode_t n, struct cudart_cond *c);
/* The conditional node's op: handle h of graph g (or a graph above it),
 * size bodies made and given back in p->phGraph_out. */
int cudart_cond_make(cudaGraph_t g, struct cudaConditionalNodeParams *p, cudart_cond_op_t *c);

/* ---- graph_params.c: the API's parameter structures as ops --------------------- */
int cudart_op_from_params(cudart_op_t *op, cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps,
                          struct cudaGraphNodeParams *p);
int cudart_kernel_op_from(cudart_op_t *op, const struct cudaKernelNodeParams *p);
void cudart_kernel_op_params(const cudart_kernel_op_t *k, struct cudaKernelNodeParams *p);
/* Replaces node n's op by op (same type), freeing the old one. */
void cudart_node_replace_op(cudaGraphNode_t n, cudart_op_t *op);
/* New parameters for n (a settable kind, the same type); 0 or a cudaError_t. */
int cudart_node_set(cudaGraphNode_t n, struct cudaGraphNodeParams *p);
/* The executable graph's copy of node, or NULL. */
cudaGraphNode_t cudart_exec_node(cudaGraphExec_t x, cudaGraphNode_t node);

/* ---- graph_uobj.c: user objects ------------------------------------------------- */
/* dst (a new copy of src) takes references to src's user objects; 0 or a cudaError_t. */
int cudart_uobj_copy(cudaGraph_t dst, cudaGraph_t src);
/* g's references go (the graph is being destroyed). */
void cudart_uobj_drop(cudaGraph_t g);

/* ---- graph_capture.c: what streams ask of capture ---------------------------- */
struct cudart_stream;
struct cudart_event;
/* op issued in a capturing stream becomes a node (*taken = 1); 0 or a cudaError_t. */
int cudart_capture_take(struct cudart_stream *s, cudart_op_t *op, cudaGraphNode_t *node, int *taken);
/* cudaMallocAsync in a capturing stream: an allocation node (*taken = 1). */
int cudart_capture_malloc(struct cudart_stream *s, size_t size, void **ptr, int *taken);
/* Work in the legacy stream while a blocking stream captures:
 * cudaErrorStreamCaptureImplicit, and that capture is invalidated. */
int cudart_capture_legacy(void);
/* A call that may synchronise the device (cudaMalloc, cudaFree, ...) while
 * a capture forbids it: cudaErrorStreamCaptureUnsupported, and the
 * capture is invalidated. */
int cudart_capture_unsafe(void);
/* Waiting for a capturing stream (synchronise, query): forbidden likewise. */
int cudart_capture_sync(struct cudart_stream *s);
int cudart_capture_record(struct cudart_event *e, struct cudart_stream *s, unsigned flags, int *taken);
int cudart_capture_wait(struct cudart_stream *s, struct cudart_event *e, unsigned flags, int *taken);
/* Waiting for an event recorded in a capture: forbidden likewise. */
int cudart_capture_event_sync(struct cudart_event *e);
void cudart_capture_stream_gone(struct cudart_stream *s);
void cudart_capture_event_clear(struct cudart_event *e);

#endif
