// A graph made by stream capture and replayed many times: a fork into a second
// stream and a join back (events), kernels, a copy, a set, a host function and
// a stream-ordered allocation, captured once; 200 launches accumulate, and the
// sums, the host function's count and the capture's queries are checked. Then
// what a capture forbids (a legacy-stream launch, a synchronisation, cudaMalloc
// in global mode but not in relaxed mode) and its effect on the capture, and
// cudaGraphExecUpdate to a capture of the same shape with another argument.
#include <thread>

#include "check.h"

__global__ void scale_into(float *tmp, const float *x, float k, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        tmp[i] = k * x[i] + (float)i;
}

__global__ void accumulate(float *acc, const float *a, const float *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        acc[i] += a[i] + b[i];
}

static int host_calls;
static void CUDART_CB count_call(void *p) { ++*(int *)p; }

// Captures one pass of the work in s (forking into s2) with k as the scale,
// its temporaries ta and tb allocated in the graph when NULL (memory nodes,
// whose addresses differ from graph to graph: such graphs cannot update one
// another's executables).
static cudaGraph_t capture_pass(cudaStream_t s, cudaStream_t s2, float *acc, const float *x, float *copy,
                                float k, int n, float *ta, float *tb)
{
    const bool in_graph = !ta;
    cudaEvent_t fork, join;
    CHECK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
    CHECK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    if (in_graph) {
        CHECK(cudaMallocAsync((void **)&ta, n * sizeof(float), s));
        CHECK(cudaMallocAsync((void **)&tb, n * sizeof(float), s));
    }
    CHECK(cudaEventRecord(fork, s));
    CHECK(cudaStreamWaitEvent(s2, fork, 0));
    scale_into<<<(n + 127) / 128, 128, 0, s>>>(ta, x, k, n);
    scale_into<<<(n + 127) / 128, 128, 0, s2>>>(tb, x, 2 * k, n);
    CHECK(cudaMemsetAsync(copy, 0, n * sizeof(float), s2));
    CHECK(cudaEventRecord(join, s2));
    CHECK(cudaStreamWaitEvent(s, join, 0));
    accumulate<<<(n + 127) / 128, 128, 0, s>>>(acc, ta, tb, n);
    CHECK(cudaMemcpyAsync(copy, acc, n * sizeof(float), cudaMemcpyDeviceToDevice, s));
    CHECK(cudaLaunchHostFunc(s, count_call, &host_calls));
    if (in_graph) {
        CHECK(cudaFreeAsync(ta, s));
        CHECK(cudaFreeAsync(tb, s));
    }
    cudaGraph_t g;
    CHECK(cudaStreamEndCapture(s, &g));
    CHECK(cudaEventDestroy(fork));
    CHECK(cudaEventDestroy(join));
    return g;
}

int main()
{
    const int n = 1000, replays = 200;
    float *x, *acc, *copy;
    CHECK(cudaMalloc(&x, n * sizeof(float)));
    CHECK(cudaMalloc(&acc, n * sizeof(float)));
    CHECK(cudaMalloc(&copy, n * sizeof(float)));
    float hx[n], h[n];
    for (int i = 0; i < n; i++)
        hx[i] = (float)(i % 7) - 3.0f;
    CHECK(cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(acc, 0, n * sizeof(float)));
    cudaStream_t s, s2;
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));

    // The capture's state as the queries see it, mid-capture.
    enum cudaStreamCaptureStatus st;
    CHECK(cudaStreamIsCapturing(s, &st));
    EXPECT(st == cudaStreamCaptureStatusNone, "status %d before capture", (int)st);
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK(cudaStreamIsCapturing(s, &st));
    EXPECT(st == cudaStreamCaptureStatusActive, "status %d in capture", (int)st);
    unsigned long long id1 = 0, id2 = 0;
    const cudaGraphNode_t *deps;
    size_t ndeps = 99;
    CHECK(cudaStreamGetCaptureInfo(s, &st, &id1, NULL, &deps, NULL, &ndeps));
    EXPECT(ndeps == 0, "%zu dependencies before any work", ndeps);
    CHECK(cudaMemsetAsync(copy, 0, 4, s));
    CHECK(cudaStreamGetCaptureInfo(s, &st, &id2, NULL, &deps, NULL, &ndeps));
    EXPECT(id1 == id2 && id1 != 0 && ndeps == 1, "id %llu then %llu, %zu dependencies", id1, id2, ndeps);
    cudaGraphNodeType t;
    CHECK(cudaGraphNodeGetType(deps[0], &t));
    EXPECT(t == cudaGraphNodeTypeMemset, "the set is node type %d", (int)t);
    cudaGraph_t g0;
    CHECK(cudaStreamEndCapture(s, &g0));
    size_t nn = 0;
    CHECK(cudaGraphGetNodes(g0, NULL, &nn));
    EXPECT(nn == 1, "%zu nodes in a one-set capture", nn);
    CHECK(cudaGraphDestroy(g0));

    // The pass, captured once and replayed.
    cudaGraph_t g = capture_pass(s, s2, acc, x, copy, 1.5f, n, NULL, NULL);
    EXPECT(host_calls == 0, "the host function ran %d times while captured", host_calls);
    CHECK(cudaGraphGetNodes(g, NULL, &nn));
    EXPECT(nn == 10, "%zu nodes (2 allocations, 3 kernels, set, copy, host, 2 frees)", nn);
    size_t ne = 0;
    CHECK(cudaGraphGetEdges(g, NULL, NULL, NULL, &ne));
    EXPECT(ne == 10, "%zu edges", ne);
    cudaGraphExec_t ex;
    CHECK(cudaGraphInstantiate(&ex, g, 0));
    for (int r = 0; r < replays; r++)
        CHECK(cudaGraphLaunch(ex, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(host_calls == replays, "the host function ran %d times", host_calls);
    CHECK(cudaMemcpy(h, acc, sizeof h, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < n; i++) {
        // Each pass adds (1.5 x + i) + (3 x + i); the values are integers or
        // halves well inside float's exact range, so the sum is exact.
        float want = (float)replays * (4.5f * hx[i] + 2.0f * (float)i);
        if (h[i] != want && bad++ < 3)
            EXPECT(0, "acc[%d] = %g, want %g", i, h[i], want);
    }
    CHECK(cudaMemcpy(h, copy, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[n - 1] == (float)replays * (4.5f * hx[n - 1] + 2.0f * (float)(n - 1)), "the copy of the last pass: %g",
           h[n - 1]);

    // The graphs' memory: kept after every allocation was freed, reused by
    // each replay (not 200 times as much), given back by a trim (the
    // cuda-samples' graphMemoryFootprint: freeing does not shrink the
    // footprint, trimming does).
    size_t used = 0, reserved = 0;
    CHECK(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used));
    CHECK(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrReservedMemCurrent, &reserved));
    EXPECT(used >= 2 * n * sizeof(float) && used < 100 * n * sizeof(float) && reserved >= used,
           "graph memory after the replays: used %zu, reserved %zu", used, reserved);
    CHECK(cudaDeviceGraphMemTrim(0));
    CHECK(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used));
    EXPECT(used == 0, "graph memory after a trim: used %zu", used);

    // cudaGraphExecUpdate: the same shape, the scale 0.5 instead of 1.5.
    float *ta, *tb;
    CHECK(cudaMalloc(&ta, n * sizeof(float)));
    CHECK(cudaMalloc(&tb, n * sizeof(float)));
    cudaGraph_t g1 = capture_pass(s, s2, acc, x, copy, 1.5f, n, ta, tb);
    CHECK(cudaGraphExecDestroy(ex));
    CHECK(cudaGraphInstantiate(&ex, g1, 0));
    cudaGraph_t g2 = capture_pass(s, s2, acc, x, copy, 0.5f, n, ta, tb);
    cudaGraphExecUpdateResultInfo info;
    CHECK(cudaGraphExecUpdate(ex, g2, &info));
    EXPECT(info.result == cudaGraphExecUpdateSuccess, "update result %d", (int)info.result);
    CHECK(cudaMemset(acc, 0, n * sizeof(float)));
    for (int r = 0; r < 10; r++)
        CHECK(cudaGraphLaunch(ex, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMemcpy(h, acc, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[10] == 10.0f * (1.5f * hx[10] + 20.0f), "after the update acc[10] = %g", h[10]);
    EXPECT(host_calls == replays + 10, "the host function ran %d times", host_calls);
    // A graph of another shape cannot update it.
    cudaGraph_t g3;
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK(cudaMemsetAsync(copy, 0, 4, s));
    CHECK(cudaStreamEndCapture(s, &g3));
    cudaError_t e = cudaGraphExecUpdate(ex, g3, &info);
    EXPECT(e == cudaErrorGraphExecUpdateFailure && info.result == cudaGraphExecUpdateErrorTopologyChanged,
           "updating to another topology: %s, result %d", cudaGetErrorName(e), (int)info.result);

    // What a capture forbids. A launch in the legacy stream while a blocking
    // stream captures; the capture is then invalidated.
    cudaStream_t blocking;
    CHECK(cudaStreamCreate(&blocking));
    CHECK(cudaStreamBeginCapture(blocking, cudaStreamCaptureModeGlobal));
    accumulate<<<1, 32>>>(acc, x, x, 32);
    e = cudaGetLastError();
    EXPECT(e == cudaErrorStreamCaptureImplicit, "a legacy-stream launch mid-capture: %s", cudaGetErrorName(e));
    CHECK(cudaStreamIsCapturing(blocking, &st));
    EXPECT(st == cudaStreamCaptureStatusInvalidated, "status %d after it", (int)st);
    cudaGraph_t gi = NULL;
    e = cudaStreamEndCapture(blocking, &gi);
    EXPECT(e == cudaErrorStreamCaptureInvalidated && gi == NULL, "ending it: %s", cudaGetErrorName(e));
    // Synchronising a capturing stream.
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    e = cudaStreamSynchronize(s);
    EXPECT(e == cudaErrorStreamCaptureUnsupported, "synchronising it: %s", cudaGetErrorName(e));
    e = cudaStreamEndCapture(s, &gi);
    EXPECT(e == cudaErrorStreamCaptureInvalidated, "ending it: %s", cudaGetErrorName(e));
    // cudaMalloc: refused in global mode, allowed in relaxed mode.
    void *p = NULL;
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    e = cudaMalloc(&p, 64);
    EXPECT(e == cudaErrorStreamCaptureUnsupported, "cudaMalloc in a global capture: %s", cudaGetErrorName(e));
    e = cudaStreamEndCapture(s, &gi);
    EXPECT(e == cudaErrorStreamCaptureInvalidated, "ending it: %s", cudaGetErrorName(e));
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
    CHECK(cudaMalloc(&p, 64));
    CHECK(cudaMemsetAsync(p, 0, 64, s));
    CHECK(cudaStreamEndCapture(s, &gi));
    CHECK(cudaGraphDestroy(gi));
    CHECK(cudaFree(p));
    // The thread's mode: relaxed lets this thread call cudaMalloc in a global capture.
    enum cudaStreamCaptureMode m = cudaStreamCaptureModeRelaxed;
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK(cudaThreadExchangeStreamCaptureMode(&m));
    EXPECT(m == cudaStreamCaptureModeGlobal, "the thread's mode was %d", (int)m);
    CHECK(cudaMalloc(&p, 64));
    CHECK(cudaThreadExchangeStreamCaptureMode(&m));
    CHECK(cudaStreamEndCapture(s, &gi));
    CHECK(cudaGraphDestroy(gi));
    CHECK(cudaFree(p));
    // Another thread's cudaMalloc: refused while this thread captures in
    // global mode, allowed while it captures in thread-local mode (the
    // Programming Guide's rules for cudaStreamCaptureMode).
    for (enum cudaStreamCaptureMode mode : {cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal}) {
        CHECK(cudaStreamBeginCapture(s, mode));
        cudaError_t other = cudaErrorUnknown;
        std::thread t([&other] {
            void *q = NULL;
            other = cudaMalloc(&q, 64);
            if (other == cudaSuccess)
                cudaFree(q);
        });
        t.join();
        EXPECT(other == (mode == cudaStreamCaptureModeGlobal ? cudaErrorStreamCaptureUnsupported : cudaSuccess),
               "another thread's cudaMalloc during a %s capture: %s",
               mode == cudaStreamCaptureModeGlobal ? "global" : "thread-local", cudaGetErrorName(other));
        e = cudaStreamEndCapture(s, &gi);
        if (e == cudaSuccess)
            CHECK(cudaGraphDestroy(gi));
        cudaGetLastError();
    }

    // Unjoined work: s2 forked and never joined back.
    cudaEvent_t ev;
    CHECK(cudaEventCreate(&ev));
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK(cudaEventRecord(ev, s));
    CHECK(cudaStreamWaitEvent(s2, ev, 0));
    CHECK(cudaMemsetAsync(copy, 0, 4, s2));
    e = cudaStreamEndCapture(s, &gi);
    EXPECT(e == cudaErrorStreamCaptureUnjoined, "ending with s2 unjoined: %s", cudaGetErrorName(e));
    cudaGetLastError();

    CHECK(cudaGraphExecDestroy(ex));
    CHECK(cudaGraphDestroy(g));
    CHECK(cudaGraphDestroy(g1));
    CHECK(cudaGraphDestroy(g2));
    CHECK(cudaGraphDestroy(g3));
    return finish("graph_capture");
}
