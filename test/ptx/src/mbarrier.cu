// mbarrier and ldmatrix as nvcc 13 emits them (cuda::barrier is in test/cuda/apps/mbarrier.cu: its
// asserts call __assertfail under -G): the __mbarrier_* and __pipeline_*
// primitives, cp.async.mbarrier.arrive{.noinc}, and the sm_90 forms (expect_tx, complete_tx, counted
// and .noComplete arrivals, pending_count) by inline PTX; ldmatrix x1/x2/x4{.trans} (sm_75 on).
#include <cuda_pipeline.h>
#include <cuda_awbarrier_primitives.h>
#include <cstdint>

__global__ void ldmatrix_forms(uint32_t *out)
{
    __shared__ __align__(16) uint16_t rows[32 * 8];
    int l = threadIdx.x & 31;
    for (int i = l; i < 32 * 8; i += 32)
        rows[i] = (uint16_t)i;
    __syncwarp();
    uint32_t a = (uint32_t)__cvta_generic_to_shared(&rows[l * 8]), r0, r1, r2, r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r0) : "r"(a));
    out[l] = r0;
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(a));
    out[32 + l] = r0 ^ r1;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared::cta.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a));
    out[64 + l] = r0 + r1 + r2 + r3;
}

__global__ void pipeline_stages(const int4 *in, int *out)
{
#if __CUDA_ARCH__ >= 900
    __shared__ int4 buf[2][128]; // blockDim.x <= 128
    __shared__ __mbarrier_t full[2];
    int t = threadIdx.x;
    if (t == 0) {
        __mbarrier_init(&full[0], blockDim.x);
        __mbarrier_init(&full[1], blockDim.x);
    }
    __syncthreads();
    int acc = 0;
    for (int s = 0; s < 4; s++) {
        int b = s & 1;
        __pipeline_memcpy_async(&buf[b][t], &in[s * blockDim.x + t], 16);
        __pipeline_commit();
        if (s & 1) {
            asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" ::"r"((uint32_t)__cvta_generic_to_shared(&full[b])) : "memory");
        } else {
            __pipeline_arrive_on(&full[b]);
            __mbarrier_token_t tok = __mbarrier_arrive(&full[b]);
            while (!__mbarrier_test_wait(&full[b], tok))
                ;
        }
        while (!__mbarrier_try_wait_parity(&full[b], (s >> 1) & 1, 1000))
            ;
        acc += buf[b][(t + 1) % blockDim.x].x;
        __syncthreads();
    }
    out[t] = acc;
#endif
}

__global__ void sm90_forms(int *out)
{
#if __CUDA_ARCH__ >= 900
    __shared__ uint64_t bar;
    uint32_t b = (uint32_t)__cvta_generic_to_shared(&bar), ok, pend;
    uint64_t st;
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 3;" ::"r"(b) : "memory");
        asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 %0, [%1], 16;" : "=l"(st) : "r"(b) : "memory");
        asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], 16;" ::"r"(b) : "memory");
        asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], 32;" ::"r"(b) : "memory");
        asm volatile("mbarrier.arrive.noComplete.shared.b64 %0, [%1], 1;" : "=l"(st) : "r"(b) : "memory");
        asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(pend) : "l"(st));
        asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 %0, [%1], %2;" : "=l"(st) : "r"(b), "r"(1) : "memory");
        asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared::cta.b64 p, [%1], 0;\n selp.u32 %0, 1, 0, p; }"
                     : "=r"(ok) : "r"(b) : "memory");
        asm volatile("mbarrier.arrive_drop.noComplete.shared.b64 %0, [%1], 1;" : "=l"(st) : "r"(b) : "memory");
        asm volatile("mbarrier.inval.shared.b64 [%0];" ::"r"(b) : "memory");
        out[0] = ok + pend + (int)(st & 1);
    }
#endif
}
