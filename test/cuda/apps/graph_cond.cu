// Conditional nodes (CUDA 12.4 on): a WHILE node whose body's kernel counts
// down and sets the condition from the device (cudaGraphSetConditional), an
// IF node with an else body, and a SWITCH node, their handles set by a kernel
// before them or by their defaults at each launch. The loop's pass count and
// each body's effect are checked over several launches.
#include "check.h"

__global__ void count_down(cudaGraphConditionalHandle h, int *counter, int *passes)
{
    if (threadIdx.x == 0) {
        ++*passes;
        cudaGraphSetConditional(h, --*counter > 0);
    }
}

__global__ void set_handle(cudaGraphConditionalHandle h, const int *value) { cudaGraphSetConditional(h, *value); }

__global__ void store(int *where, int value) { *where = value; }

static cudaGraphNode_t kernel_node(cudaGraph_t g, const cudaGraphNode_t *deps, size_t n, void *func, void **args)
{
    cudaKernelNodeParams kp = {};
    kp.func = func;
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(32);
    kp.kernelParams = args;
    cudaGraphNode_t node;
    CHECK(cudaGraphAddKernelNode(&node, g, deps, n, &kp));
    return node;
}

// A conditional node of type t with size bodies after deps; the bodies in body[].
static cudaGraphNode_t cond_node(cudaGraph_t g, const cudaGraphNode_t *deps, size_t n, cudaGraphConditionalHandle h,
                                 cudaGraphConditionalNodeType t, unsigned size, cudaGraph_t *body)
{
    cudaGraphNodeParams p = {};
    p.type = cudaGraphNodeTypeConditional;
    p.conditional.handle = h;
    p.conditional.type = t;
    p.conditional.size = size;
    cudaGraphNode_t node;
    CHECK(cudaGraphAddNode(&node, g, deps, NULL, n, &p));
    for (unsigned i = 0; i < size; i++)
        body[i] = p.conditional.phGraph_out[i];
    return node;
}

int main()
{
    int *d;   // d[0] counter, d[1] passes, d[2] if/else result, d[3] switch result, d[4] the switch's value
    CHECK(cudaMalloc(&d, 8 * sizeof(int)));
    int *counter = d, *passes = d + 1, *ifres = d + 2, *swres = d + 3, *swval = d + 4;
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));

    cudaGraph_t g;
    CHECK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle hw, hi, hs;
    // The loop runs while the counter is above 0; it is entered once at least (default 1, each launch).
    CHECK(cudaGraphConditionalHandleCreate(&hw, g, 1, cudaGraphCondAssignDefault));
    CHECK(cudaGraphConditionalHandleCreate(&hi, g, 0, cudaGraphCondAssignDefault));
    CHECK(cudaGraphConditionalHandleCreate(&hs, g, 0, 0));
    cudaGraph_t wb, ib[2], sb[3];
    cudaGraphNode_t loop = cond_node(g, NULL, 0, hw, cudaGraphCondTypeWhile, 1, &wb);
    void *cd_args[] = {&hw, &counter, &passes};
    kernel_node(wb, NULL, 0, (void *)count_down, cd_args);
    // IF: nothing sets its handle, so each launch it takes its default 0: the else body.
    cudaGraphNode_t iff = cond_node(g, &loop, 1, hi, cudaGraphCondTypeIf, 2, ib);
    int then_v = 11, else_v = 22;
    void *then_args[] = {&ifres, &then_v}, *else_args[] = {&ifres, &else_v};
    kernel_node(ib[0], NULL, 0, (void *)store, then_args);
    kernel_node(ib[1], NULL, 0, (void *)store, else_args);
    // SWITCH on d[4], set by a kernel before it: body n stores 100 + n; 3 or more runs none.
    void *sh_args[] = {&hs, &swval};
    cudaGraphNode_t set = kernel_node(g, &iff, 1, (void *)set_handle, sh_args);
    cond_node(g, &set, 1, hs, cudaGraphCondTypeSwitch, 3, sb);
    int sv[3] = {100, 101, 102};
    for (int i = 0; i < 3; i++) {
        void *a[] = {&swres, &sv[i]};
        kernel_node(sb[i], NULL, 0, (void *)store, a);
    }

    cudaGraphExec_t ex;
    CHECK(cudaGraphInstantiate(&ex, g, 0));
    const int counts[] = {5, 1, 3, 0};
    const int switches[] = {2, 0, 7, 1};
    int total_passes = 0;
    for (int r = 0; r < 4; r++) {
        int init[5] = {counts[r], 0, -1, -1, switches[r]};
        CHECK(cudaMemcpy(d, init, sizeof init, cudaMemcpyHostToDevice));
        CHECK(cudaGraphLaunch(ex, s));
        CHECK(cudaStreamSynchronize(s));
        int h[5];
        CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
        // The body runs once at least (the handle's default is 1), then while the counter stays above 0.
        int want_passes = counts[r] > 1 ? counts[r] : 1;
        total_passes += h[1];
        EXPECT(h[1] == want_passes, "launch %d: %d passes, want %d", r, h[1], want_passes);
        EXPECT(h[0] == (counts[r] > 1 ? 0 : counts[r] - 1), "launch %d: counter %d", r, h[0]);
        EXPECT(h[2] == 22, "launch %d: the IF ran %d, want the else body's 22", r, h[2]);
        int want_sw = switches[r] < 3 ? 100 + switches[r] : -1;
        EXPECT(h[3] == want_sw, "launch %d: switch on %d stored %d, want %d", r, switches[r], h[3], want_sw);
    }
    EXPECT(total_passes == 5 + 1 + 3 + 1, "%d passes in all", total_passes);

    // The IF's then body: a graph whose IF handle defaults to 1.
    cudaGraph_t g2;
    CHECK(cudaGraphCreate(&g2, 0));
    cudaGraphConditionalHandle h1;
    CHECK(cudaGraphConditionalHandleCreate(&h1, g2, 1, cudaGraphCondAssignDefault));
    cudaGraph_t only;
    cond_node(g2, NULL, 0, h1, cudaGraphCondTypeIf, 1, &only);
    void *a11[] = {&ifres, &then_v};
    kernel_node(only, NULL, 0, (void *)store, a11);
    cudaGraphExec_t ex2;
    CHECK(cudaGraphInstantiate(&ex2, g2, 0));
    CHECK(cudaMemset(ifres, 0, sizeof(int)));
    CHECK(cudaGraphLaunch(ex2, s));
    CHECK(cudaStreamSynchronize(s));
    int hr = 0;
    CHECK(cudaMemcpy(&hr, ifres, sizeof hr, cudaMemcpyDeviceToHost));
    EXPECT(hr == 11, "the IF with a true default stored %d", hr);

    // A body filled by capturing into it (cudaStreamBeginCaptureToGraph), as
    // CUDA 12.4 allows for conditional bodies: a WHILE loop counting 4 down.
    cudaGraph_t g3, cb;
    CHECK(cudaGraphCreate(&g3, 0));
    cudaGraphConditionalHandle h3;
    CHECK(cudaGraphConditionalHandleCreate(&h3, g3, 1, cudaGraphCondAssignDefault));
    cond_node(g3, NULL, 0, h3, cudaGraphCondTypeWhile, 1, &cb);
    CHECK(cudaStreamBeginCaptureToGraph(s, cb, NULL, NULL, 0, cudaStreamCaptureModeGlobal));
    count_down<<<1, 32, 0, s>>>(h3, counter, passes);
    cudaGraph_t same;
    CHECK(cudaStreamEndCapture(s, &same));
    EXPECT(same == cb, "capturing into a body gave another graph");
    size_t nb = 0;
    CHECK(cudaGraphGetNodes(cb, NULL, &nb));
    EXPECT(nb == 1, "%zu nodes captured into the body", nb);
    cudaGraphExec_t ex3;
    CHECK(cudaGraphInstantiate(&ex3, g3, 0));
    int init3[2] = {4, 0}, h3v[2];
    CHECK(cudaMemcpy(d, init3, sizeof init3, cudaMemcpyHostToDevice));
    CHECK(cudaGraphLaunch(ex3, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMemcpy(h3v, d, sizeof h3v, cudaMemcpyDeviceToHost));
    EXPECT(h3v[0] == 0 && h3v[1] == 4, "a captured body: counter %d, %d passes", h3v[0], h3v[1]);
    CHECK(cudaGraphExecDestroy(ex3));
    CHECK(cudaGraphDestroy(g3));

    // A handle of another graph is refused.
    cudaGraph_t other;
    CHECK(cudaGraphCreate(&other, 0));
    cudaGraphNodeParams p = {};
    p.type = cudaGraphNodeTypeConditional;
    p.conditional.handle = h1;
    p.conditional.type = cudaGraphCondTypeIf;
    p.conditional.size = 1;
    cudaGraphNode_t node;
    cudaError_t e = cudaGraphAddNode(&node, other, NULL, NULL, 0, &p);
    EXPECT(e == cudaErrorInvalidValue, "another graph's handle: %s", cudaGetErrorName(e));
    cudaGetLastError();

    CHECK(cudaGraphExecDestroy(ex));
    CHECK(cudaGraphExecDestroy(ex2));
    CHECK(cudaGraphDestroy(g));
    CHECK(cudaGraphDestroy(g2));
    CHECK(cudaGraphDestroy(other));
    return finish("graph_cond");
}
