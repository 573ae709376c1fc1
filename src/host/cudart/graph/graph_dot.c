/* cudaGraphDebugDotPrint: a graph as Graphviz's dot, a box per node with
 * its type and main parameters, child graphs and conditional bodies as
 * clusters inside their node's. */
#include <cuda_runtime_api.h>

#include <stdio.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_module.h"
#include "host/cudart/graph/graph.h"

static const char *type_name(enum cudaGraphNodeType t)
{
    static const char *const names[] = {"kernel", "memcpy", "memset", "host", "graph", "empty", "event wait",
                                        "event record", "semaphore signal", "semaphore wait", "mem alloc",
                                        "mem free", "", "conditional"};
    return (unsigned)t < sizeof names / sizeof *names ? names[t] : "?";
}

static void label(FILE *f, const cudart_op_t *op)
{
    const cudart_kernel_op_t *k = &op->u.kernel;
    const struct cudaMemsetParams *m = &op->u.set;
    static const char *const conds[] = {"if", "while", "switch"};
    switch (op->type) {
    case cudaGraphNodeTypeKernel:
        fprintf(f, "\\n%s\\ngrid (%u,%u,%u) block (%u,%u,%u) shared %u", k->f->name, k->grid.x, k->grid.y, k->grid.z,
                k->block.x, k->block.y, k->block.z, k->shmem);
        break;
    case cudaGraphNodeTypeMemcpy:
        fprintf(f, "\\n%zu x %zu x %zu bytes, kind %d\\n%p -> %p", op->u.copy.extent.width, op->u.copy.extent.height,
                op->u.copy.extent.depth, (int)op->u.copy.kind, op->u.copy.srcPtr.ptr, op->u.copy.dstPtr.ptr);
        break;
    case cudaGraphNodeTypeMemset:
        fprintf(f, "\\n%p: %zu x %zu of %u bytes = 0x%x", m->dst, m->width, m->height, m->elementSize, m->value);
        break;
    case cudaGraphNodeTypeHost: fprintf(f, "\\nfn %p (%p)", (void *)op->u.host.fn, op->u.host.userData); break;
    case cudaGraphNodeTypeEventRecord:
    case cudaGraphNodeTypeWaitEvent: fprintf(f, "\\nevent %p", (void *)op->u.event); break;
    case cudaGraphNodeTypeMemAlloc:
        fprintf(f, "\\n%zu bytes at %p", op->u.alloc.p.bytesize, op->u.alloc.p.dptr);
        break;
    case cudaGraphNodeTypeMemFree: fprintf(f, "\\n%p", op->u.free); break;
    case cudaGraphNodeTypeConditional:
        fprintf(f, "\\n%s, %u bodies", op->u.cond.type <= 2 ? conds[op->u.cond.type] : "?", op->u.cond.size);
        break;
    default: break;
    }
}

static void graph_dot(FILE *f, cudaGraph_t g, const char *prefix, int depth);

static void node_dot(FILE *f, cudaGraphNode_t n, const char *prefix, uint32_t i, int depth)
{
    char name[256];
    snprintf(name, sizeof name, "%s_%u", prefix, i);
    fprintf(f, "%*s%s [shape=box label=\"%s", 2 * depth, "", name, type_name(n->op.type));
    label(f, &n->op);
    fprintf(f, "\"];\n");
    const cudart_op_t *op = &n->op;
    unsigned nb = op->type == cudaGraphNodeTypeGraph ? 1 : op->type == cudaGraphNodeTypeConditional ? op->u.cond.size : 0;
    for (unsigned b = 0; b < nb; b++) {
        char sub[300];
        snprintf(sub, sizeof sub, "%s_%u", name, b);
        fprintf(f, "%*ssubgraph cluster_%s {\n%*slabel=\"%s %s\";\n", 2 * depth, "", sub, 2 * depth + 2, "",
                op->type == cudaGraphNodeTypeGraph ? "child of" : "body of", name);
        graph_dot(f, op->type == cudaGraphNodeTypeGraph ? op->u.child : op->u.cond.bodies[b], sub, depth + 1);
        fprintf(f, "%*s}\n", 2 * depth, "");
    }
}

static void graph_dot(FILE *f, cudaGraph_t g, const char *prefix, int depth)
{
    for (uint32_t i = 0; i < g->n; i++)
        node_dot(f, g->nodes[i], prefix, i, depth);
    for (uint32_t i = 0; i < g->n; i++)
        g->nodes[i]->tmp = i;
    for (uint32_t i = 0; i < g->n; i++)
        for (uint32_t k = 0; k < g->nodes[i]->nin; k++)
            fprintf(f, "%*s%s_%u -> %s_%u;\n", 2 * depth, "", prefix, g->nodes[i]->in[k]->tmp, prefix, i);
}

cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags)
{
    ENTER();
    if (!cudart_graph_ok(graph) || !path)
        RET(cudaErrorInvalidValue);
    FILE *f = fopen(path, "w");
    if (!f)
        RET(cudaErrorOperatingSystem);
    fprintf(f, "digraph warpsim_graph {\n");
    graph_dot(f, graph, "n", 1);
    fprintf(f, "}\n");
    RET(fclose(f) ? cudaErrorOperatingSystem : cudaSuccess);
}
