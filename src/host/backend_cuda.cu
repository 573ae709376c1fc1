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
#include "device/sim_hash.h"
#include "device/sim_run.h"
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

/* Each thread stages its core's context in a shared-memory slot of the
 * ISA's own size (sim_stage_words: an ARM context is not given the room of
 * an IA-32 one), an odd number of words so that the 32 threads of a warp
 * stay on distinct banks when they touch the same field. */
static uint32_t stage_slot_words(uint32_t isa)
{
    uint32_t w = sim_stage_words(isa);
    return w % 2 ? w : w + 1;
}
/* --block-size allows up to 256 threads. Past the 48 KiB a block gets
 * without opting in, cuda_loop opts in: an ARM context with its VFP
 * registers (109 words: D0-D31 and the FPSCR 65 of them) takes 109 KiB for
 * 256 threads, an IA-32 one (101 words: its x87 unit 30 of them, XMM0-7
 * and MXCSR 33) 101 KiB, which sm_80 and sm_90 give (sm_86/89 stop at 99
 * KiB, sm_75 at 64 KiB: smaller blocks there). The default block of 128
 * needs 55 KiB for ARM, within every opt-in limit since sm_75. */
static_assert((sizeof(sim_stage_t) / 4 + 1) * 4 * 128 <= 64 * 1024, "staged contexts exceed 64 KiB per block of 128");
static_assert((sizeof(sim_stage_t) / 4 + 1) * 4 * 256 <= 160 * 1024, "staged contexts exceed 160 KiB per block");

__global__ void sim_init_kernel(sim_mem_t mem, sim_core_init_t init)
{
    uint32_t core = blockIdx.x * blockDim.x + threadIdx.x;
    if (core < mem.ncores)
        sim_init_core_mem(&mem, core, &init);
}

/* order: which core each GPU thread runs (--regroup), or NULL for thread i = core i. */
/* One kernel per ISA (the template argument folds sim_run_staged's switch),
 * so that each is register-allocated for its own core: one kernel for all
 * took ARM's from 80 registers a thread to 128 once IA-32 was in. */
template <uint32_t ISA>
__global__ void sim_persistent_kernel(uint32_t slot_words, sim_soa_t soa, sim_code_t code, sim_mem_t mem,
                                      uint64_t budget, uint64_t limit, const uint32_t *order)
{
    extern __shared__ uint32_t stage_words[];
    sim_stage_t *stage = (sim_stage_t *)(stage_words + (size_t)threadIdx.x * slot_words);
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < mem.ncores)
        sim_run_staged(ISA, stage, &soa, order ? order[i] : i, &code, &mem, budget, limit, NULL);
}

/* The persistent kernel of the machine's ISA. */
typedef void (*sim_kernel_fn)(uint32_t, sim_soa_t, sim_code_t, sim_mem_t, uint64_t, uint64_t, const uint32_t *);
static sim_kernel_fn persistent_kernel_for(uint32_t isa)
{
    return isa == SIM_ISA_X86 ? sim_persistent_kernel<SIM_ISA_X86> : sim_persistent_kernel<SIM_ISA_ARM>;
}

__global__ void sim_group_keys_kernel(uint32_t isa, sim_soa_t soa, uint32_t *keys, uint32_t *ids)
{
    uint32_t core = blockIdx.x * blockDim.x + threadIdx.x;
    if (core < soa.ncores) {
        keys[core] = sim_group_key(isa, &soa, core);
        ids[core] = core;
    }
}

__global__ void mem_hash_kernel(sim_mem_t mem, uint64_t *out)
{
    uint32_t core = blockIdx.x * blockDim.x + threadIdx.x;
    if (core < mem.ncores)
        out[core] = sim_priv_hash(&mem, core);
}

/* A device copy of a host buffer that only grows at its end (or, for the
 * file table, changes from a known offset on). */
typedef struct cuda_mirror {
    uint8_t *p;
    size_t len, cap;
} cuda_mirror_t;

typedef struct cuda_state {
    sim_soa_t soa;                              /* device arrays */
    sim_code_t code;                            /* pointing at code[] */
    uint8_t *code_arrays[ISA_MAX_ARRAYS];
    uint32_t *keys, *keys_sorted, *ids, *order; /* --regroup */
    void *sort_temp;
    size_t sort_temp_bytes;
    uint8_t *priv, *out, *shared, *ro;
    uint32_t *data, *stack;
    linux_fs_t *fs;                             /* the cores' view of stdin and files (linux_fs.h) */
    cuda_mirror_t in, fdata, table;             /* host_fs's growing buffers, as far as sent */
    uint32_t *fds;                              /* every core's descriptors, zeroed at the start */
    void *locked[2];                            /* --mode mk: the host arrays page-locked (cuda_mk_lock) */
} cuda_state_t;

/* The persistent kernel needs SASS for this card or PTX its driver can JIT
 * (compute_75 is shipped): cudaFuncGetAttributes loads the module and says
 * no (cudaErrorNoKernelImageForDevice, or a PTX too new for the driver)
 * before any launch could. */
extern "C" int backend_cuda_probe(cuda_device_t *d)
{
    memset(d, 0, sizeof *d);
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        cudaGetLastError();
        snprintf(d->why, sizeof d->why, "no usable CUDA device found%s%s%s", e ? " (" : "",
                 e ? cudaGetErrorString(e) : "", e ? ")" : "");
        return 0;
    }
    cudaDeviceProp p;
    if ((e = cudaGetDeviceProperties(&p, 0)) != cudaSuccess) {
        snprintf(d->why, sizeof d->why, "CUDA device 0 does not answer (%s)", cudaGetErrorString(e));
        return 0;
    }
    d->present = 1;
    d->cc_major = p.major;
    d->cc_minor = p.minor;
    snprintf(d->name, sizeof d->name, "%s", p.name);
    cudaFuncAttributes fa;
    /* Both ISAs' kernels: a card runs either both or neither. */
    if ((e = cudaFuncGetAttributes(&fa, (const void *)persistent_kernel_for(SIM_ISA_ARM))) == cudaSuccess)
        e = cudaFuncGetAttributes(&fa, (const void *)persistent_kernel_for(SIM_ISA_X86));
    if (e != cudaSuccess) {
        cudaGetLastError();
        snprintf(d->why, sizeof d->why,
                 "%s (compute capability %d.%d) cannot run this warpsim's kernel (%s); warpsim ships "
                 "sm_75 and sm_90 code and compute_75 PTX, for cards from compute capability 7.5 on",
                 p.name, p.major, p.minor, cudaGetErrorString(e));
        return 0;
    }
    size_t free_b = 0, total_b = 0;
    if ((e = cudaMemGetInfo(&free_b, &total_b)) != cudaSuccess) {
        snprintf(d->why, sizeof d->why, "%s: cannot query its memory (%s)", p.name, cudaGetErrorString(e));
        return 0;
    }
    d->free_bytes = free_b;
    d->runnable = 1;
    return 1;
}

extern "C" int backend_cuda_available(char *name, size_t n)
{
    cuda_device_t d;
    int ok = backend_cuda_probe(&d);
    snprintf(name, n, "%s", d.name);
    return ok;
}

template <typename T> static int upload(T **dst, const void *src, size_t bytes)
{
    CUDA_CHECK(cudaMalloc((void **)dst, bytes ? bytes : 4));
    if (bytes)
        CUDA_CHECK(cudaMemcpy(*dst, src, bytes, cudaMemcpyHostToDevice));
    return 0;
}

/* The predecoded program's arrays, copied as they are now; the decode
 * service sends each piece it writes later (cuda_code_changed). */
static int cuda_upload_code(sim_machine_t *m, cuda_state_t *d)
{
    isa_array_t arrays[ISA_MAX_ARRAYS];
    uint32_t n = m->ih->code_arrays(m->code_state, arrays);
    for (uint32_t k = 0; k < n; k++)
        if (upload(&d->code_arrays[k], arrays[k].host, arrays[k].bytes))
            return -1;
    d->code = m->code;
    m->ih->code_rebase(&d->code, (void *const *)d->code_arrays);
    return 0;
}

static int cuda_code_changed(void *arg, const isa_span_t *span)
{
    cuda_state_t *d = (cuda_state_t *)((void **)arg)[0];
    sim_machine_t *m = (sim_machine_t *)((void **)arg)[1];
    isa_array_t arrays[ISA_MAX_ARRAYS];
    m->ih->code_arrays(m->code_state, arrays);
    CUDA_CHECK(cudaMemcpy(d->code_arrays[span->array] + span->offset,
                          (const uint8_t *)arrays[span->array].host + span->offset, span->bytes,
                          cudaMemcpyHostToDevice));
    return 0;
}

static int cuda_setup(sim_machine_t *m, cuda_state_t *d, sim_mem_t *dm, sim_core_init_t *dinit)
{
    uint32_t n = m->ncores;
    size_t out_bytes = (size_t)m->mem.out_cap * n;
    d->soa = m->soa;
    if (upload(&d->soa.regs, m->soa.regs, (size_t)m->soa.regs_words * 4 * n) ||
        upload(&d->soa.sys, m->soa.sys, (size_t)SIM_SYS_WORDS * 4 * n) ||
        upload(&d->ro, m->mem.ro, m->mem.ro_size) || cuda_upload_code(m, d) ||
        upload(&d->data, m->init.data, (size_t)m->init.data_words * 4) ||
        upload(&d->stack, m->init.stack, (size_t)m->init.stack_words * 4))
        return -1;
    CUDA_CHECK(cudaMalloc((void **)&d->priv, m->priv_bytes));
    CUDA_CHECK(cudaMemset(d->priv, 0, m->priv_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d->out, out_bytes ? out_bytes : 4));
    CUDA_CHECK(cudaMalloc((void **)&d->shared, m->mem.shared_size ? m->mem.shared_size : 4));
    CUDA_CHECK(cudaMemset(d->shared, 0, m->mem.shared_size ? m->mem.shared_size : 4));
    *dm = m->mem;
    dm->xmap = NULL; /* no code runs from the windows here: PROT_EXEC is refused (linux_mm.h) */
    dm->priv = (uint32_t *)d->priv;
    dm->stride_word = n;
    dm->stride_core = 1;
    dm->ro = d->ro;
    dm->out = d->out;
    dm->shared = d->shared;
    *dinit = m->init;
    dinit->data = d->data;
    dinit->stack = d->stack;
    size_t fd_bytes = (size_t)n * LINUX_FD_MAX * LINUX_FD_WORDS * 4;
    CUDA_CHECK(cudaMalloc((void **)&d->fs, sizeof(linux_fs_t)));
    CUDA_CHECK(cudaMalloc((void **)&d->fds, fd_bytes));
    CUDA_CHECK(cudaMemset(d->fds, 0, fd_bytes));
    dm->fs = d->fs;
    return 0;
}

/* Bytes [from, len) of the host buffer to the mirror (all of it when it must grow). */
static int cuda_mirror(cuda_mirror_t *mr, const uint8_t *host, size_t len, size_t from)
{
    if (len > mr->cap) {
        size_t cap = 2 * mr->cap > len ? 2 * mr->cap : len;
        uint8_t *p = NULL;
        CUDA_CHECK(cudaMalloc((void **)&p, cap));
        if (mr->p)
            CUDA_CHECK(cudaFree(mr->p));
        mr->p = p;
        mr->cap = cap;
        from = 0;
    }
    from = from < mr->len ? from : mr->len;
    if (len > from)
        CUDA_CHECK(cudaMemcpy(mr->p + from, host + from, len - from, cudaMemcpyHostToDevice));
    mr->len = len;
    return 0;
}

/* What the host read in a service round (stdin, files opened, their
 * entries) goes to the device, and the cores' view of it with it. */
static int cuda_sync_fs(cuda_state_t *d, host_fs_t *fs)
{
    if (!fs)
        return 0;
    size_t table_from;
    host_fs_changes(fs, &table_from);
    if (cuda_mirror(&d->in, fs->in.p, fs->in.len, d->in.len) ||
        cuda_mirror(&d->fdata, fs->data.p, fs->data.len, d->fdata.len) ||
        cuda_mirror(&d->table, fs->table.p, fs->table.len, table_from))
        return -1;
    linux_fs_t v = fs->view;
    v.in = d->in.p;
    v.data = d->fdata.p;
    v.files = (const uint32_t *)d->table.p;
    v.fds = d->fds;
    CUDA_CHECK(cudaMemcpy(d->fs, &v, sizeof v, cudaMemcpyHostToDevice));
    return 0;
}

static void cuda_teardown(cuda_state_t *d)
{
    void *ptrs[] = {d->soa.regs, d->soa.sys, d->priv, d->out, d->shared, d->ro, d->data, d->stack,
                    d->keys, d->keys_sorted, d->ids, d->order, d->sort_temp, d->fs, d->in.p, d->fdata.p,
                    d->table.p, d->fds};
    for (size_t i = 0; i < sizeof ptrs / sizeof ptrs[0]; i++)
        if (ptrs[i])
            cudaFree(ptrs[i]);
    for (uint32_t k = 0; k < ISA_MAX_ARRAYS; k++)
        if (d->code_arrays[k])
            cudaFree(d->code_arrays[k]);
    for (int i = 0; i < 2; i++)
        if (d->locked[i])
            cudaHostUnregister(d->locked[i]);
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

/* Cores waiting for the decoder: their registers come across (the decoder
 * reads the pc), the decoded pieces go back (cuda_code_changed). */
static int cuda_serve_decodes(sim_machine_t *m, cuda_state_t *d, const uint32_t *status)
{
    uint32_t n = m->ncores, waiting = 0;
    for (uint32_t c = 0; c < n; c++)
        waiting += status[c] == SIM_WAIT_DECODE;
    if (!waiting)
        return 0;
    CUDA_CHECK(cudaMemcpy(m->soa.regs, d->soa.regs, (size_t)m->soa.regs_words * 4 * n, cudaMemcpyDeviceToHost));
    void *arg[2] = {d, m};
    return machine_serve_decodes(m, cuda_code_changed, arg);
}

/* Host service round on rows copied from the device; the changed rows go back. */
static int cuda_service(sim_machine_t *m, cuda_state_t *d, const sim_outputs_t *out, uint32_t *running)
{
    uint32_t n = m->ncores, f[3] = {SIM_SYS_FIELD(status), SIM_SYS_FIELD(out_len), SIM_SYS_FIELD(host_req)};
    uint32_t fret = SIM_SYS_FIELD(host_ret), answered = 0;
    services_rows_t rows = {machine_sys(m, f[0], 0), machine_sys(m, f[1], 0), machine_sys(m, f[2], 0),
                            machine_sys(m, fret, 0)};
    uint32_t *row[3] = {rows.status, rows.out_len, rows.host_req};
    for (int i = 0; i < 3; i++)
        CUDA_CHECK(cudaMemcpy(row[i], d->soa.sys + (size_t)f[i] * n, 4ull * n, cudaMemcpyDeviceToHost));
    if (cuda_fetch_output(m, d, rows.out_len) || cuda_serve_decodes(m, d, rows.status))
        return -1;
    *running = services_round(out, &rows, m->mem.out, m->mem.out_cap, &answered);
    for (int i = 0; i < 3; i++)
        CUDA_CHECK(cudaMemcpy(d->soa.sys + (size_t)f[i] * n, row[i], 4ull * n, cudaMemcpyHostToDevice));
    /* the answers to path requests (host_ret is only ever written here) */
    if (answered)
        CUDA_CHECK(cudaMemcpy(d->soa.sys + (size_t)fret * n, rows.host_ret, 4ull * n, cudaMemcpyHostToDevice));
    return cuda_sync_fs(d, out->fs);
}

/* Sort cores by pc (CUB radix sort) so each host warp runs cores that fetch
 * the same instruction: the MIMD worst case becomes SIMD-like per warp. */
static int cuda_regroup(uint32_t isa, cuda_state_t *d, uint32_t n, uint32_t grid, uint32_t block)
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
    sim_group_keys_kernel<<<grid, block>>>(isa, d->soa, d->keys, d->ids);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(d->sort_temp, d->sort_temp_bytes, d->keys, d->keys_sorted, d->ids,
                                               d->order, (int)n));
    return 0;
}

/* --mode mk moves every core's registers and OS words both ways each step:
 * from pageable memory the driver stages each copy through a bounce buffer,
 * about 150 us a step for 1024 ARM cores on an H200 (bench/RESULTS.md),
 * 4 GB/s. Page-locked, the copies go by DMA straight from the arrays. A
 * host that cannot lock them (a limit on locked memory) copies as before. */
static void cuda_mk_lock(sim_machine_t *m, cuda_state_t *d)
{
    void *p[2] = {m->soa.regs, m->soa.sys};
    size_t bytes[2] = {(size_t)m->soa.regs_words * 4 * m->ncores, (size_t)SIM_SYS_WORDS * 4 * m->ncores};
    for (int i = 0; i < 2; i++) {
        if (cudaHostRegister(p[i], bytes[i], cudaHostRegisterDefault) == cudaSuccess)
            d->locked[i] = p[i];
        else
            cudaGetLastError(); /* not sticky: the copies work unlocked */
    }
}

/* Seed 002's multiple-kernel design: after every step the whole state goes
 * to the host and back, as if other components ran as separate kernels. */
static int cuda_mk_roundtrip(sim_machine_t *m, cuda_state_t *d, const sim_outputs_t *out, uint32_t *running)
{
    size_t regs = (size_t)m->soa.regs_words * 4 * m->ncores, sys = (size_t)SIM_SYS_WORDS * 4 * m->ncores;
    CUDA_CHECK(cudaMemcpy(m->soa.regs, d->soa.regs, regs, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(m->soa.sys, d->soa.sys, sys, cudaMemcpyDeviceToHost));
    uint32_t *out_len = machine_sys(m, SIM_SYS_FIELD(out_len), 0);
    void *arg[2] = {d, m};
    if (cuda_fetch_output(m, d, out_len) || machine_serve_decodes(m, cuda_code_changed, arg))
        return -1;
    services_rows_t rows = {machine_sys(m, SIM_SYS_FIELD(status), 0), out_len, machine_sys(m, SIM_SYS_FIELD(host_req), 0),
                            machine_sys(m, SIM_SYS_FIELD(host_ret), 0)};
    *running = services_round(out, &rows, m->mem.out, m->mem.out_cap, NULL);
    CUDA_CHECK(cudaMemcpy(d->soa.regs, m->soa.regs, regs, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d->soa.sys, m->soa.sys, sys, cudaMemcpyHostToDevice));
    return cuda_sync_fs(d, out->fs);
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
    sim_core_init_t dinit;
    double t0 = now_seconds();
    if (cuda_setup(m, d, &dm, &dinit) || cuda_sync_fs(d, out->fs))
        return -1;
    if (!strcmp(o->mode, "mk"))
        cuda_mk_lock(m, d); /* set-up time, not the run's */
    uint32_t block = (uint32_t)(o->block_size > 0 ? o->block_size : 128);
    uint32_t grid = (m->ncores + block - 1) / block;
    uint32_t slot_words = stage_slot_words(m->isa);
    size_t smem = (size_t)block * slot_words * sizeof(uint32_t);
    if (smem > 48 * 1024)
        CUDA_CHECK(cudaFuncSetAttribute(persistent_kernel_for(m->isa), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        (int)smem));
    sim_init_kernel<<<grid, block>>>(dm, dinit);
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
        if (o->regroup && cuda_regroup(m->isa, d, m->ncores, grid, block))
            return -1;
        persistent_kernel_for(m->isa)<<<grid, block, smem>>>(slot_words, d->soa, d->code, dm, steps, o->max_insns,
                                                     o->regroup ? d->order : NULL);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaDeviceSynchronize());
        r->rounds++;
    }
    r->wall_seconds = now_seconds() - t1;
    CUDA_CHECK(cudaMemcpy(m->soa.regs, d->soa.regs, (size_t)m->soa.regs_words * 4 * m->ncores,
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(m->soa.sys, d->soa.sys, (size_t)SIM_SYS_WORDS * 4 * m->ncores, cudaMemcpyDeviceToHost));
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
