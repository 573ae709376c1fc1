// A graph built node by node with every kind warpsim runs: kernel, copy (3D
// parameters, 1D, to and from a symbol), set (2D), host, event record and
// wait, child graph, empty, memory allocation and free; edges added after the
// nodes too. Host nodes log the order they ran in, which must respect every
// edge; the data the nodes pass along is checked after each launch. Then the
// per-node setters of the executable graph, disabling a node, a clone, and a
// cycle refused at instantiation.
#include <unistd.h>

#include "check.h"

__device__ int sym[4];

__global__ void fill(int *p, int base, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = base + i;
}

__global__ void twice(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] *= 2;
}

static char order[64];
static int norder;
static void CUDART_CB log_step(void *tag) { order[norder++] = *(const char *)tag; }
static const char tag_a = 'a', tag_b = 'b', tag_c = 'c', tag_d = 'd';

static cudaGraphNode_t host_node(cudaGraph_t g, const cudaGraphNode_t *deps, size_t n, const char *tag)
{
    cudaHostNodeParams hp = {log_step, (void *)tag};
    cudaGraphNode_t node;
    CHECK(cudaGraphAddHostNode(&node, g, deps, n, &hp));
    return node;
}

static cudaKernelNodeParams kernel_params(void *func, void **args, int n)
{
    cudaKernelNodeParams kp = {};
    kp.func = func;
    kp.gridDim = dim3((n + 63) / 64);
    kp.blockDim = dim3(64);
    kp.kernelParams = args;
    return kp;
}

static void CUDART_CB count_destroy(void *p) { __atomic_add_fetch((int *)p, 1, __ATOMIC_SEQ_CST); }

static int pos(char c)
{
    for (int i = 0; i < norder; i++)
        if (order[i] == c)
            return i;
    return -1;
}

int main()
{
    const int n = 100;
    int *buf, *out2d, *h;
    CHECK(cudaMalloc(&buf, n * sizeof(int)));
    CHECK(cudaMalloc(&out2d, 8 * 16));
    CHECK(cudaMallocHost(&h, n * sizeof(int)));
    cudaEvent_t ev;
    CHECK(cudaEventCreate(&ev));
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));

    cudaGraph_t g, child;
    CHECK(cudaGraphCreate(&g, 0));
    CHECK(cudaGraphCreate(&child, 0));
    // The child: twice(buf) then a host step 'c'.
    int nn = n;
    void *twice_args[] = {&buf, &nn};
    cudaKernelNodeParams kp = kernel_params((void *)twice, twice_args, n);
    cudaGraphNode_t ck;
    CHECK(cudaGraphAddKernelNode(&ck, child, NULL, 0, &kp));
    host_node(child, &ck, 1, &tag_c);

    // The graph: an allocation tmp; fill(tmp, 1000) → copy tmp → buf → child
    // (buf *= 2) → copy buf → h (1D), and to sym (first 4); a 2D set of
    // out2d alongside; host steps a (first), b, d (last); an event record
    // and a wait on it; an empty node joining.
    cudaGraphNode_t alloc, kfill, cp, childn, cph, cps, set2d, ha, hb, hd, rec, wait, join, freen;
    cudaMemAllocNodeParams ap = {};
    ap.poolProps.allocType = cudaMemAllocationTypePinned;
    ap.poolProps.location.type = cudaMemLocationTypeDevice;
    ap.poolProps.location.id = 0;
    ap.bytesize = n * sizeof(int);
    ha = host_node(g, NULL, 0, &tag_a);
    hb = host_node(g, NULL, 0, &tag_b);   // made early: its edge from the copy to h, added last, runs it late
    CHECK(cudaGraphAddMemAllocNode(&alloc, g, &ha, 1, &ap));
    int *tmp = (int *)ap.dptr;
    EXPECT(tmp != NULL, "the allocation node gave no address");
    int base = 1000;
    void *fill_args[] = {&tmp, &base, &nn};
    kp = kernel_params((void *)fill, fill_args, n);
    CHECK(cudaGraphAddKernelNode(&kfill, g, &alloc, 1, &kp));
    cudaMemcpy3DParms cpp = {};
    cpp.srcPtr = make_cudaPitchedPtr(tmp, n * sizeof(int), n * sizeof(int), 1);
    cpp.dstPtr = make_cudaPitchedPtr(buf, n * sizeof(int), n * sizeof(int), 1);
    cpp.extent = make_cudaExtent(n * sizeof(int), 1, 1);
    cpp.kind = cudaMemcpyDeviceToDevice;
    CHECK(cudaGraphAddMemcpyNode(&cp, g, &kfill, 1, &cpp));
    CHECK(cudaGraphAddMemFreeNode(&freen, g, &cp, 1, tmp));
    CHECK(cudaGraphAddChildGraphNode(&childn, g, &cp, 1, child));
    CHECK(cudaGraphAddMemcpyNode1D(&cph, g, &childn, 1, h, buf, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaGraphAddMemcpyNodeToSymbol(&cps, g, &childn, 1, sym, buf, sizeof sym, 0, cudaMemcpyDeviceToDevice));
    cudaMemsetParams sp = {};
    sp.dst = out2d;
    sp.pitch = 16;
    sp.value = 0x5a;
    sp.elementSize = 1;
    sp.width = 10;
    sp.height = 8;
    CHECK(cudaGraphAddMemsetNode(&set2d, g, NULL, 0, &sp));
    CHECK(cudaGraphAddEventRecordNode(&rec, g, &set2d, 1, ev));
    CHECK(cudaGraphAddEventWaitNode(&wait, g, &rec, 1, ev));
    CHECK(cudaGraphAddEmptyNode(&join, g, NULL, 0));
    hd = host_node(g, &join, 1, &tag_d);
    // Edges added afterwards: b after the copy to h, join after b, the wait and the symbol copy.
    cudaGraphNode_t from[] = {cph, hb, wait, cps}, to[] = {hb, join, join, join};
    CHECK(cudaGraphAddDependencies(g, from, to, NULL, 4));

    size_t count = 0;
    CHECK(cudaGraphGetNodes(g, NULL, &count));
    EXPECT(count == 14, "%zu nodes", count);
    CHECK(cudaGraphGetRootNodes(g, NULL, &count));
    EXPECT(count == 2, "%zu roots (a, the set)", count);
    CHECK(cudaGraphGetEdges(g, NULL, NULL, NULL, &count));
    EXPECT(count == 14, "%zu edges", count);
    CHECK(cudaGraphNodeGetDependencies(join, NULL, NULL, &count));
    EXPECT(count == 3, "the empty node has %zu dependencies", count);
    cudaGraphNodeType t;
    CHECK(cudaGraphNodeGetType(childn, &t));
    EXPECT(t == cudaGraphNodeTypeGraph, "child node type %d", (int)t);

    // The dot print: a digraph with one edge line per edge, the child's included.
    char dot[] = "/tmp/graph_explicit.XXXXXX";
    int fd = mkstemp(dot);
    EXPECT(fd >= 0, "mkstemp");
    close(fd);
    CHECK(cudaGraphDebugDotPrint(g, dot, 0));
    FILE *df = fopen(dot, "r");
    char line[512];
    int edges = 0, digraph = 0, kernels = 0;
    while (df && fgets(line, sizeof line, df)) {
        edges += strstr(line, " -> ") != NULL && strstr(line, "label") == NULL;
        digraph += !strncmp(line, "digraph", 7);
        kernels += strstr(line, "_Z4fillPiii") != NULL || strstr(line, "_Z5twicePii") != NULL;
    }
    if (df)
        fclose(df);
    unlink(dot);
    EXPECT(digraph == 1 && edges == 14 + 1 && kernels == 2, "dot print: %d digraph, %d edges, %d kernels", digraph,
           edges, kernels);

    cudaGraphExec_t ex;
    cudaError_t e0;
    CHECK(cudaGraphInstantiate(&ex, g, 0));
    for (int r = 0; r < 3; r++) {
        norder = 0;
        memset(h, 0, n * sizeof(int));
        CHECK(cudaGraphLaunch(ex, s));
        CHECK(cudaStreamSynchronize(s));
        order[norder] = 0;
        EXPECT(norder == 4 && pos('a') == 0 && pos('c') < pos('b') && pos('d') == 3, "launch %d ran %s", r, order);
        EXPECT(h[0] == 2000 && h[n - 1] == 2 * (1000 + n - 1), "launch %d: h[0] %d h[%d] %d", r, h[0], n - 1,
               h[n - 1]);
    }
    int hs[4];
    CHECK(cudaMemcpyFromSymbol(hs, sym, sizeof hs));
    EXPECT(hs[3] == 2006, "sym[3] = %d", hs[3]);
    unsigned char h2d[8 * 16];
    CHECK(cudaMemset(out2d, 0, sizeof h2d));   // the graph's set runs again below
    CHECK(cudaGraphLaunch(ex, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMemcpy(h2d, out2d, sizeof h2d, cudaMemcpyDeviceToHost));
    int set_ok = 1;
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 16; x++)
            set_ok &= h2d[y * 16 + x] == (x < 10 ? 0x5a : 0);
    EXPECT(set_ok, "the 2D set wrote the wrong bytes (row 0: %02x .. %02x)", h2d[0], h2d[10]);

    // The executable's own parameters: fill from 7 instead of 1000; the
    // graph it came from keeps 1000.
    base = 7;
    kp = kernel_params((void *)fill, fill_args, n);
    CHECK(cudaGraphExecKernelNodeSetParams(ex, kfill, &kp));
    CHECK(cudaGraphLaunch(ex, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(h[5] == 24, "after the exec setter h[5] = %d", h[5]);
    cudaKernelNodeParams got;
    CHECK(cudaGraphKernelNodeGetParams(kfill, &got));
    EXPECT(*(int *)got.kernelParams[1] == 1000, "the graph's node took the exec's parameter: %d",
           *(int *)got.kernelParams[1]);
    // A disabled copy node: h keeps what it has.
    CHECK(cudaGraphNodeSetEnabled(ex, cph, 0));
    h[5] = -1;
    CHECK(cudaGraphLaunch(ex, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(h[5] == -1, "a disabled copy ran: h[5] = %d", h[5]);
    unsigned en = 1;
    CHECK(cudaGraphNodeGetEnabled(ex, cph, &en));
    EXPECT(en == 0, "enabled %u", en);
    CHECK(cudaGraphExecDestroy(ex));

    // A graph with memory nodes cannot be cloned (CUDA: not supported); the
    // child can: its clone runs as the original does, and finds its copies.
    cudaGraph_t cl;
    e0 = cudaGraphClone(&cl, g);
    EXPECT(e0 == cudaErrorNotSupported, "cloning a graph with memory nodes: %s", cudaGetErrorName(e0));
    cudaGetLastError();
    CHECK(cudaGraphClone(&cl, child));
    cudaGraphNode_t kcl;
    CHECK(cudaGraphNodeFindInClone(&kcl, ck, cl));
    EXPECT(kcl != ck, "the clone's node is the original's");
    int *other;
    CHECK(cudaMalloc(&other, n * sizeof(int)));
    CHECK(cudaMemcpy(other, h, n * sizeof(int), cudaMemcpyHostToDevice));
    void *other_args[] = {&other, &nn};
    kp = kernel_params((void *)twice, other_args, n);
    CHECK(cudaGraphKernelNodeSetParams(kcl, &kp));   // the clone's only
    norder = 0;
    CHECK(cudaGraphInstantiate(&ex, cl, 0));
    CHECK(cudaGraphLaunch(ex, s));
    CHECK(cudaStreamSynchronize(s));
    int o1 = 0;
    CHECK(cudaMemcpy(&o1, other + 1, sizeof o1, cudaMemcpyDeviceToHost));
    EXPECT(o1 == 2 * h[1] && norder == 1 && order[0] == 'c', "the clone's launch: %d (want %d), %d host steps", o1,
           2 * h[1], norder);
    CHECK(cudaGraphKernelNodeGetParams(ck, &got));
    EXPECT(*(int **)got.kernelParams[0] == buf, "the original's kernel node took the clone's parameters");
    CHECK(cudaGraphExecDestroy(ex));
    CHECK(cudaGraphDestroy(cl));
    CHECK(cudaFree(other));

    // A cycle: d before a.
    CHECK(cudaGraphAddDependencies(g, &hd, &ha, NULL, 1));
    cudaError_t e = cudaGraphInstantiateWithFlags(&ex, g, 0);
    EXPECT(e != cudaSuccess, "a graph with a cycle was instantiated");
    cudaGetLastError();

    // A user object whose only reference is moved to the child graph: a
    // clone and an executable graph of the child hold references too, and
    // its destructor runs once, when the last of the three is destroyed.
    int destroyed = 0;
    cudaUserObject_t uo;
    CHECK(cudaUserObjectCreate(&uo, &destroyed, count_destroy, 1, cudaUserObjectNoDestructorSync));
    CHECK(cudaGraphRetainUserObject(child, uo, 1, cudaGraphUserObjectMove));
    e = cudaGraphReleaseUserObject(g, uo, 1);
    EXPECT(e == cudaErrorInvalidValue, "releasing a reference the graph does not hold: %s", cudaGetErrorName(e));
    cudaGetLastError();
    cudaGraph_t c2;
    CHECK(cudaGraphClone(&c2, child));
    cudaGraphExec_t exu;
    CHECK(cudaGraphInstantiate(&exu, child, 0));
    CHECK(cudaGraphDestroy(g));
    CHECK(cudaGraphDestroy(child));
    CHECK(cudaGraphDestroy(c2));
    usleep(100000);   // time for a destructor that should not run to run, on a GPU
    EXPECT(__atomic_load_n(&destroyed, __ATOMIC_SEQ_CST) == 0, "destroyed with an executable graph left");
    CHECK(cudaGraphExecDestroy(exu));
    // A GPU's runtime runs destructors later, on a thread of its own: wait up to 5 s.
    for (int ms = 0; ms < 5000 && !__atomic_load_n(&destroyed, __ATOMIC_SEQ_CST); ms++)
        usleep(1000);
    EXPECT(__atomic_load_n(&destroyed, __ATOMIC_SEQ_CST) == 1, "the user object's destructor ran %d times", destroyed);
    return finish("graph_explicit");
}
