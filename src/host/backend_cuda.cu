/* The CUDA backend: one persistent kernel, one GPU thread per simulated core.
 * Contexts live in global memory as structure-of-arrays (coalesced: the same
 * register of 32 consecutive cores is 128 contiguous bytes); each thread
 * stages its core's context into a shared-memory slot for the quantum (seed
 * 002, section 2.4) and writes it back. Private memory is word-interleaved
 * across cores (stride_word = ncores, stride_core = 1). The kernel returns
 * when every core has halted, parked for a host service or used its quantum;
 * the host then drains output and opens barriers (services.c, the same code
 * the CPU backend runs) and relaunches. */
extern "C" {
#include "device/arm/arm_soa.h"
#include "device/sim_hash.h"
#include "host/backend.h"
}

#include <cub/device/device_radix_sort.cuh>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t e_ = (call);                                                           \
        if (e_ != cudaSuccess) {                                                           \
            fprintf(stderr, "warpsim: CUDA error at %s:%d: %s (%s)\n", __FILE__, __LINE__, \
                    cudaGetErrorString(e_), #call);                                        \
            return -1;                                                                     \
        }                                                                                  \
    } while (0)

/* An odd number of words per slot keeps the 32 threads of a warp on distinct
 * shared-memory banks when they touch the same field. */
struct staged_ctx {
    arm_ctx_t c;
    uint32_t pad[ARM_CTX_WORDS % 2 ? 2 : 1];
};
/* --block-size allows up to 256 threads: their slots must fit the 48 KiB of
 * shared memory a block gets without opting in. */
static_assert(sizeof(staged_ctx) * 256 <= 48 * 1024, "staged contexts exceed 48 KiB per block");

__global__ void arm_init_kernel(sim_mem_t mem, sim_core_init_t init)
{
    uint32_t core = blockIdx.x * blockDim.x + threadIdx.x;
    if (core < mem.ncores)
        sim_init_core_mem(&mem, core, &init);
}

/* order: which core each GPU thread runs (--regroup), or NULL for thread i = core i. */
__global__ void arm_persistent_kernel(uint32_t *soa, arm_image_t img, sim_mem_t mem, uint64_t budget,
                                      uint64_t limit, const uint32_t *order)
{
    extern __shared__ staged_ctx stage[];
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < mem.ncores)
        arm_run_staged(&stage[threadIdx.x].c, soa, mem.ncores, order ? order[i] : i, &img, &mem, budget, limit);
}

__global__ void arm_group_keys_kernel(const uint32_t *soa, uint32_t ncores, uint32_t *keys, uint32_t *ids)
{
    uint32_t core = blockIdx.x * blockDim.x + threadIdx.x;
    if (core < ncores) {
        keys[core] = arm_group_key(soa, ncores, core);
        ids[core] = core;
    }
}

__global__ void mem_hash_kernel(sim_mem_t mem, uint64_t *out)
{
    uint32_t core = blockIdx.x * blockDim.x + threadIdx.x;
    if (core < mem.ncores)
        out[core] = sim_priv_hash(&mem, core);
}

typedef struct cuda_state {
    uint32_t *soa;
    uint32_t *keys, *keys_sorted, *ids, *order; /* --regroup */
    void *sort_temp;
    size_t sort_temp_bytes;
    uint8_t *priv, *out, *shared, *ro;
    arm_insn_t *a32, *t32;
    uint32_t *data, *stack;
} cuda_state_t;

extern "C" int backend_cuda_available(char *name, size_t n)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        cudaGetLastError();
        return 0;
    }
    cudaDeviceProp p;
    if (cudaGetDeviceProperties(&p, 0) != cudaSuccess)
        return 0;
    snprintf(name, n, "%s", p.name);
    return 1;
}

template <typename T> static int upload(T **dst, const void *src, size_t bytes)
{
    CUDA_CHECK(cudaMalloc((void **)dst, bytes ? bytes : 4));
    if (bytes)
        CUDA_CHECK(cudaMemcpy(*dst, src, bytes, cudaMemcpyHostToDevice));
    return 0;
}

static int cuda_setup(sim_machine_t *m, cuda_state_t *d, sim_mem_t *dm, arm_image_t *di, sim_core_init_t *dinit)
{
    uint32_t n = m->ncores;
    size_t out_bytes = (size_t)m->mem.out_cap * n;
    if (upload(&d->soa, m->ctx, (size_t)m->ctx_words * 4 * n) || upload(&d->ro, m->mem.ro, m->mem.ro_size) ||
        upload(&d->a32, m->a32, (size_t)m->arm.text_size / 4 * sizeof(arm_insn_t)) ||
        upload(&d->t32, m->t32, (size_t)m->arm.text_size / 2 * sizeof(arm_insn_t)) ||
        upload(&d->data, m->init.data, (size_t)m->init.data_words * 4) ||
        upload(&d->stack, m->init.stack, (size_t)m->init.stack_words * 4))
        return -1;
    CUDA_CHECK(cudaMalloc((void **)&d->priv, m->priv_bytes));
    CUDA_CHECK(cudaMemset(d->priv, 0, m->priv_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d->out, out_bytes ? out_bytes : 4));
    CUDA_CHECK(cudaMalloc((void **)&d->shared, m->mem.shared_size ? m->mem.shared_size : 4));
    CUDA_CHECK(cudaMemset(d->shared, 0, m->mem.shared_size ? m->mem.shared_size : 4));
    *dm = m->mem;
    dm->priv = (uint32_t *)d->priv;
    dm->stride_word = n;
    dm->stride_core = 1;
    dm->ro = d->ro;
    dm->out = d->out;
    dm->shared = d->shared;
    *di = m->arm;
    di->a32 = d->a32;
    di->t32 = d->t32;
    *dinit = m->init;
    dinit->data = d->data;
    dinit->stack = d->stack;
    return 0;
}

static void cuda_teardown(cuda_state_t *d)
{
    void *ptrs[] = {d->soa, d->priv, d->out, d->shared, d->ro, d->a32, d->t32, d->data, d->stack,
                    d->keys, d->keys_sorted, d->ids, d->order, d->sort_temp};
    for (size_t i = 0; i < sizeof ptrs / sizeof ptrs[0]; i++)
        if (ptrs[i])
            cudaFree(ptrs[i]);
}

/* Bring the cores' pending output to the host: buffer by buffer when few
 * cores wrote, the whole region at once when many did. */
static int cuda_fetch_output(sim_machine_t *m, cuda_state_t *d, const uint32_t *out_len)
{
    uint32_t writers = 0, cap = m->mem.out_cap;
    for (uint32_t c = 0; c < m->ncores; c++)
        writers += out_len[c] != 0;
    if (writers > 256) {
        CUDA_CHECK(cudaMemcpy(m->mem.out, d->out, (size_t)cap * m->ncores, cudaMemcpyDeviceToHost));
        return 0;
    }
    for (uint32_t c = 0; c < m->ncores && writers; c++)
        if (out_len[c]) {
            CUDA_CHECK(cudaMemcpy(m->mem.out + (size_t)c * cap, d->out + (size_t)c * cap, out_len[c],
                                  cudaMemcpyDeviceToHost));
            writers--;
        }
    return 0;
}

/* Host service round on rows copied from the device; the changed rows go back. */
static int cuda_service(sim_machine_t *m, cuda_state_t *d, const sim_outputs_t *out, uint32_t *running)
{
    uint32_t n = m->ncores, fs = ARM_CTX_FIELD(sys.status), fo = ARM_CTX_FIELD(sys.out_len);
    uint32_t *status = machine_field(m, fs, 0), *out_len = machine_field(m, fo, 0);
    CUDA_CHECK(cudaMemcpy(status, d->soa + (size_t)fs * n, 4ull * n, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(out_len, d->soa + (size_t)fo * n, 4ull * n, cudaMemcpyDeviceToHost));
    if (cuda_fetch_output(m, d, out_len))
        return -1;
    *running = services_round(out, status, out_len, m->mem.out, m->mem.out_cap);
    CUDA_CHECK(cudaMemcpy(d->soa + (size_t)fs * n, status, 4ull * n, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d->soa + (size_t)fo * n, out_len, 4ull * n, cudaMemcpyHostToDevice));
    return 0;
}

/* Sort cores by pc (CUB radix sort) so each host warp runs cores that fetch
 * the same instruction: the MIMD worst case becomes SIMD-like per warp. */
static int cuda_regroup(cuda_state_t *d, uint32_t n, uint32_t grid, uint32_t block)
{
    if (!d->keys) {
        CUDA_CHECK(cudaMalloc((void **)&d->keys, 4ull * n));
        CUDA_CHECK(cudaMalloc((void **)&d->keys_sorted, 4ull * n));
        CUDA_CHECK(cudaMalloc((void **)&d->ids, 4ull * n));
        CUDA_CHECK(cudaMalloc((void **)&d->order, 4ull * n));
        CUDA_CHECK(cub::DeviceRadixSort::SortPairs(NULL, d->sort_temp_bytes, d->keys, d->keys_sorted, d->ids,
                                                   d->order, (int)n));
        CUDA_CHECK(cudaMalloc(&d->sort_temp, d->sort_temp_bytes));
    }
    arm_group_keys_kernel<<<grid, block>>>(d->soa, n, d->keys, d->ids);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(d->sort_temp, d->sort_temp_bytes, d->keys, d->keys_sorted, d->ids,
                                               d->order, (int)n));
    return 0;
}

/* Seed 002's multiple-kernel design: after every step the whole state goes
 * to the host and back, as if other components ran as separate kernels. */
static int cuda_mk_roundtrip(sim_machine_t *m, cuda_state_t *d, const sim_outputs_t *out, uint32_t *running)
{
    size_t bytes = (size_t)m->ctx_words * 4 * m->ncores;
    uint32_t fs = ARM_CTX_FIELD(sys.status), fo = ARM_CTX_FIELD(sys.out_len);
    CUDA_CHECK(cudaMemcpy(m->ctx, d->soa, bytes, cudaMemcpyDeviceToHost));
    uint32_t *out_len = machine_field(m, fo, 0);
    if (cuda_fetch_output(m, d, out_len))
        return -1;
    *running = services_round(out, machine_field(m, fs, 0), out_len, m->mem.out, m->mem.out_cap);
    CUDA_CHECK(cudaMemcpy(d->soa, m->ctx, bytes, cudaMemcpyHostToDevice));
    return 0;
}

static int cuda_hash_memory(sim_machine_t *m, const sim_mem_t *dm, uint32_t grid, uint32_t block)
{
    uint64_t *dh = NULL;
    m->mem_hash = (uint64_t *)calloc(m->ncores, sizeof(uint64_t));
    if (!m->mem_hash)
        return -1;
    CUDA_CHECK(cudaMalloc((void **)&dh, sizeof(uint64_t) * m->ncores));
    mem_hash_kernel<<<grid, block>>>(*dm, dh);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(m->mem_hash, dh, sizeof(uint64_t) * m->ncores, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(dh));
    return 0;
}

static int cuda_loop(sim_machine_t *m, const sim_options_t *o, const sim_outputs_t *out, sim_run_t *r,
                     cuda_state_t *d)
{
    sim_mem_t dm;
    arm_image_t di;
    sim_core_init_t dinit;
    double t0 = now_seconds();
    if (cuda_setup(m, d, &dm, &di, &dinit))
        return -1;
    uint32_t block = (uint32_t)(o->block_size > 0 ? o->block_size : 128);
    uint32_t grid = (m->ncores + block - 1) / block;
    size_t smem = block * sizeof(staged_ctx);
    arm_init_kernel<<<grid, block>>>(dm, dinit);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    double t1 = now_seconds();
    r->init_seconds = t1 - t0;
    int mk = !strcmp(o->mode, "mk");
    uint64_t steps = options_round_steps(o);
    for (uint32_t running = 1;;) {
        if ((mk ? cuda_mk_roundtrip(m, d, out, &running) : cuda_service(m, d, out, &running)))
            return -1;
        if (!running)
            break;
        if (o->regroup && cuda_regroup(d, m->ncores, grid, block))
            return -1;
        arm_persistent_kernel<<<grid, block, smem>>>(d->soa, di, dm, steps, o->max_insns, o->regroup ? d->order : NULL);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaDeviceSynchronize());
        r->rounds++;
    }
    r->wall_seconds = now_seconds() - t1;
    CUDA_CHECK(cudaMemcpy(m->ctx, d->soa, (size_t)m->ctx_words * 4 * m->ncores, cudaMemcpyDeviceToHost));
    return o->dump_state ? cuda_hash_memory(m, &dm, grid, block) : 0;
}

extern "C" int backend_cuda_run(sim_machine_t *m, const sim_options_t *o, const sim_outputs_t *out, sim_run_t *r)
{
    r->backend = "cuda";
    r->threads = o->block_size > 0 ? o->block_size : 128;
    backend_cuda_available(r->device, sizeof r->device);
    /* The output buffers are read on the host between rounds. */
    m->mem.out = (uint8_t *)calloc((size_t)m->mem.out_cap * m->ncores + 1, 1);
    if (!m->mem.out) {
        fprintf(stderr, "warpsim: out of host memory for output buffers\n");
        return -1;
    }
    cuda_state_t d;
    memset(&d, 0, sizeof d);
    int rc = cuda_loop(m, o, out, r, &d);
    cuda_teardown(&d);
    free(m->mem.out);
    m->mem.out = NULL;
    return rc;
}
