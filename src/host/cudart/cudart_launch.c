/* Kernel launches (cudart_launch.h) and the API that launches. */
#include <cuda_runtime_api.h>

#include "host/cudart/cudart_launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/ptx/ptx_prog.h"
#include "host/cudart/cudart.h"
#include "host/cudart/cudart_devlib.h"
#include "host/cudart/cudart_queue.h"
#include "host/cudart/cudart_devrt.h"
#include "host/cudart/cudart_report.h"
#include "host/cudart/cudart_stream.h"
#include "host/ptx/ptx_memcheck.h"
#include "host/ptx/ptx_printf.h"
#include "host/ptx/ptx_run_cpu.h"
#include "host/ptx/ptx_session.h"

/* Dynamic shared memory a kernel may take without
 * cudaFuncAttributeMaxDynamicSharedMemorySize, as on every GPU since Volta. */
#define DEFAULT_DYN_SMEM (48u << 10)

int cudart_plan(cudart_func_t *f, const uint32_t block[3], const uint32_t grid[3], size_t shmem, ptx_sched_t *s)
{
    ptx_kernel_info_t ki;
    char why[512];
    const ptx_func_t *pf = &f->mod->m->funcs[f->fi];
    if (ptx_kernel_info(f->mod->prog, (uint32_t)f->fi, &ki))
        return cudaErrorInvalidDeviceFunction;
    uint32_t regs = ki.regs_per_thread;
    if (pf->perf.maxnreg && pf->perf.maxnreg < regs)
        regs = pf->perf.maxnreg;
    uint32_t cap = f->max_dyn_smem > DEFAULT_DYN_SMEM ? f->max_dyn_smem : DEFAULT_DYN_SMEM;
    if (shmem > cap)
        return cudaErrorInvalidValue;
    if (ptx_sched_plan(cudart_gpu(), regs, (uint32_t)(ki.shared_static + shmem), block, grid, s, why, sizeof why)) {
        fprintf(stderr, "warpsim cuda: kernel %s cannot run on %s: %s\n", f->name, cudart_gpu()->name, why);
        return cudaErrorInvalidConfiguration;
    }
    return 0;
}

static int fault_error(uint32_t code)
{
    switch (code) {
    case PTX_FAULT_ADDRESS: case PTX_FAULT_HANDLE: return cudaErrorIllegalAddress;
    case PTX_FAULT_MISALIGNED: return cudaErrorMisalignedAddress;
    case PTX_FAULT_INSN_LIMIT: return cudaErrorLaunchTimeout;
    case PTX_FAULT_STACK: return cudaErrorIllegalAddress;   /* a stack overflow reads past the frame */
    default: return cudaErrorLaunchFailure;                  /* trap, barrier, unsupported */
    }
}

/* A trap is cudaErrorAssert where it ends a failed device assert (the
 * device library's __assertfail, whose trap's line says so). */
static int fault_error_at(const cudart_module_t *m, const ptx_fault_t *ft)
{
    if (ft->code != PTX_FAULT_TRAP)
        return fault_error(ft->code);
    const char *l = m->ptx;
    for (uint32_t k = 1; l && k < ft->line; k++)
        if ((l = strchr(l, '\n')))
            l++;
    const char *end = l ? strchr(l, '\n') : NULL, *mark = l ? strstr(l, CUDART_DEVLIB_ASSERT_TRAP) : NULL;
    return mark && (!end || mark < end) ? cudaErrorAssert : cudaErrorLaunchFailure;
}

/* "kernel K faulted: block (1,0,0) thread (37,0,0) (CTA 1 warp 1 lane 5): bad address 0x... at FILE:LINE:COL" */
static void say_fault(const cudart_func_t *f, const ptx_grid_t *g, const ptx_fault_t *ft)
{
    uint32_t t = ft->warp * 32 + ft->lane, c = ft->cta;
    fprintf(stderr, "warpsim cuda: kernel %s faulted: block (%u,%u,%u) thread (%u,%u,%u) (CTA %u warp %u lane %u): %s",
            f->name, c % g->grid[0], c / g->grid[0] % g->grid[1], c / g->grid[0] / g->grid[1], t % g->block[0],
            t / g->block[0] % g->block[1], t / g->block[0] / g->block[1], ft->cta, ft->warp, ft->lane,
            ptx_fault_name(ft->code));
    if (ft->code == PTX_FAULT_ADDRESS || ft->code == PTX_FAULT_MISALIGNED)
        fprintf(stderr, " (address 0x%llx)", (unsigned long long)ft->addr);
    fprintf(stderr, " at %s:%u:%u (pc %u): %s\n", f->mod->name, ft->line, ft->col, ft->pc,
            cudaGetErrorString((cudaError_t)fault_error_at(f->mod, ft)));
}

/* A trap in a function warpsim cut (cudart_partial.c), reached by a call
 * its refusal could not follow: the launch fails, and the report lists why. */
static void say_refused_reached(const cudart_func_t *f, const ptx_fault_t *ft)
{
    const char *func, *why = ft->code == PTX_FAULT_TRAP ? cudart_partial_at(&f->mod->partial, ft->line, &func) : NULL;
    if (!why)
        return;
    fprintf(stderr, "warpsim cuda: kernel %s reached %s, which warpsim refused: %s\n", f->name, func, why);
    cudart_report_refusal("kernel %s reached %s: %s", f->name, func, why);
}

/* Simulated time of a grid without the SM model (WARPSIM_CUDA_TIMING): each SM issues one
 * warp instruction a cycle from each of its schedulers, the grid's warp
 * instructions spread over the SMs it occupies, at the config's core clock
 * (the model of the functional %clock, ptx_sched_clock). */
static double grid_ns(const ptx_sched_t *s, const ptx_stats_t *st)
{
    uint64_t sms = s->nctas < s->nsm ? s->nctas : s->nsm;
    double cycles = (double)st->warp_insns / ((double)s->schedulers * (double)(sms ? sms : 1));
    return cycles * s->ns_per_cycle;
}

static void print_records(const cudart_func_t *f, const ptx_grid_t *g, const ptx_grid_result_t *r)
{
    for (uint64_t c = 0; c < r->nctas; c++)
        if (r->out[c].len) {
            ptx_out_t o = {r->out[c].buf, r->out[c].len, r->out[c].len, 0};
            ptx_printf_format(f->mod->prog, &g->gmem, &o, cudart_queue_out());
        }
    fflush(cudart_queue_out());
    if (r->printf_overflow)
        fprintf(stderr, "warpsim cuda: %s: printf output of %u blocks overflowed %u bytes a block; some was dropped\n",
                f->name, r->printf_overflow, PTX_CTA_OUT_CAP);
}

/* The driver's grid workspace for cooperative launches ({u32 size; u32
 * barrier}, cooperative_groups/details/driver_abi.h), one for the process:
 * grid.sync leaves its barrier word ready for the next grid (each sync adds
 * 0x80000000 in all), and launches on one device run one after another. */
static uint64_t grid_workspace(void)
{
    static uint32_t *ws;
    if (!ws && (ws = cudart_mem_alloc(8, CUDART_MEM_DEVICE, 0, NULL)))
        ws[0] = 8, ws[1] = 0;
    return (uint64_t)(uintptr_t)ws;
}

/* What --racecheck and --memcheck kept for a launch, once reported. */
static void checks_free(ptx_grid_t *g, ptx_race_log_t *race, ptx_memcheck_t *mc, ptx_range_t *ranges)
{
    if (g->race)
        ptx_race_log_free(race);
    if (g->memcheck)
        ptx_memcheck_free(mc);
    free(ranges);
}

static int run_grid(cudart_func_t *f, ptx_grid_t *g, const ptx_sched_t *s)
{
    ptx_grid_result_t r;
    ptx_race_log_t race;
    ptx_memcheck_t mc;
    ptx_range_t *ranges = NULL;
    if (cudart_env()->racecheck) {
        ptx_race_log_init(&race);
        g->race = &race;
    }
    if (cudart_env()->memcheck) {
        uint32_t n = 0;
        ranges = cudart_mem_ranges(&n);
        ptx_memcheck_init(&mc, ranges, n);
        g->memcheck = &mc;
    }
    sm_timing_t *tm = cudart_timing();
    sm_result_t tr;
    if (tm)
        sm_run_grid(g, s, tm, cudart_env()->threads, &r, &tr); /* a cooperative grid fits: all resident */
    else if (g->grid_ws)
        ptx_run_coop(g, s, cudart_env()->threads, &r);
    else
        ptx_run_cpu(g, s, cudart_env()->threads, &r);
    if (g->race)
        ptx_race_print(&race, f->name, f->mod->name, 20, stderr);
    if (g->memcheck)
        ptx_memcheck_print(&mc, f->name, f->mod->name, g->grid, g->block, 20, stderr);
    if (r.error) {
        checks_free(g, &race, &mc, ranges);
        ptx_grid_result_free(&r);
        return cudaErrorMemoryAllocation;
    }
    print_records(f, g, &r);
    cudart_report_launch(f->name, f->mod->name, g->grid, g->block, g->dyn_smem, s, &r, g->race, g->memcheck,
                         tm ? &tr : NULL);
    checks_free(g, &race, &mc, ranges);
    if (tm) {
        cudart_stats_launch(f->name, &tr, r.st.thread_insns);
        cudart_sim_advance((double)tr.cycles * 1e3 / tm->P.clock_mhz);
    } else {
        cudart_sim_advance(grid_ns(s, &r.st));
    }
    int err = 0;
    if (r.faulted) {
        say_fault(f, g, &r.fault);
        say_refused_reached(f, &r.fault);
        err = fault_error_at(f->mod, &r.fault);
        cudart_set_sticky(err);
    }
    ptx_grid_result_free(&r);
    return err;
}

/* The launch's checks, made when it is issued (captured or not), as a GPU's
 * runtime makes them: a configuration the config cannot run, a cooperative
 * grid too large, a kernel warpsim refused. */
int cudart_kernel_op_make(cudart_kernel_op_t *k, cudart_func_t *f, dim3 grid, dim3 block, size_t shmem,
                          void **args, int cooperative)
{
    int err = cudart_sticky();
    if (!err)
        err = cudart_module_load(f->mod);
    if (!err)
        err = cudart_func_refused(f);
    if (err)
        return err;
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
        return cudaErrorInvalidConfiguration;
    ptx_sched_t s;
    const uint32_t g[3] = {grid.x, grid.y, grid.z}, b[3] = {block.x, block.y, block.z};
    if ((err = cudart_plan(f, b, g, shmem, &s)))
        return err;
    if (cooperative && s.nctas > (uint64_t)s.nsm * s.ctas_per_sm)
        return cudaErrorCooperativeLaunchTooLarge;
    const ptx_func_t *pf = &f->mod->m->funcs[f->fi];
    memset(k, 0, sizeof *k);
    *k = (cudart_kernel_op_t){.f = f, .grid = grid, .block = block, .shmem = (unsigned)shmem,
                              .cooperative = cooperative, .nargs = pf->nparams};
    k->args = calloc(1, pf->param_size + 8);
    k->argv = calloc(pf->nparams + 1, sizeof *k->argv);
    if (!k->args || !k->argv) {
        cudart_kernel_op_free(k);
        return cudaErrorMemoryAllocation;
    }
    for (uint32_t i = 0; i < pf->nparams; i++) {
        k->argv[i] = k->args + pf->params[i].offset;
        memcpy(k->argv[i], args[i], pf->params[i].size);
    }
    return 0;
}

void cudart_kernel_op_free(cudart_kernel_op_t *k)
{
    free(k->args);
    free(k->argv);
    k->args = NULL;
    k->argv = NULL;
}

int cudart_kernel_op_copy(cudart_kernel_op_t *dst, const cudart_kernel_op_t *src)
{
    const ptx_func_t *pf = &src->f->mod->m->funcs[src->f->fi];
    *dst = *src;
    dst->args = malloc(pf->param_size + 8);
    dst->argv = calloc(pf->nparams + 1, sizeof *dst->argv);
    if (!dst->args || !dst->argv) {
        cudart_kernel_op_free(dst);
        return cudaErrorMemoryAllocation;
    }
    memcpy(dst->args, src->args, pf->param_size + 8);
    for (uint32_t i = 0; i < pf->nparams; i++)
        dst->argv[i] = dst->args + pf->params[i].offset;
    return 0;
}

int cudart_kernel_op_run(cudart_kernel_op_t *k)
{
    cudart_func_t *f = k->f;
    int err = cudart_sticky();
    if (err)
        return err;
    ptx_sched_t s;
    ptx_grid_t g = {.prog = f->mod->prog, .kernel = (uint32_t)f->fi, .dyn_smem = k->shmem,
                    .grid = {k->grid.x, k->grid.y, k->grid.z}, .block = {k->block.x, k->block.y, k->block.z},
                    .insn_limit = cudart_env()->max_insns};
    if ((err = cudart_plan(f, g.block, g.grid, k->shmem, &s)))
        return err;
    if (k->cooperative && s.nctas > (uint64_t)s.nsm * s.ctas_per_sm)
        return cudaErrorCooperativeLaunchTooLarge;   /* a graph node's attribute, set after it was made */
    if (k->cooperative && !(g.grid_ws = grid_workspace()))
        return cudaErrorMemoryAllocation;
    static uint64_t gridid;
    g.params = k->args;
    g.param_size = (uint32_t)f->mod->m->funcs[f->fi].param_size;
    g.gridid = __atomic_add_fetch(&gridid, 1, __ATOMIC_RELAXED);
    g.nsm = s.nsm;
    g.warps_per_sm = s.warps_per_sm;
    ptx_sched_clock(&s, &g);
    uint32_t children;
    if ((err = cudart_devrt_enter(f->mod, &children)))
        return err;
    cudart_mem_gmem(&g.gmem);
    ptx_gmem_t *mapped;
    g.nmapped = cudart_host_windows(&mapped);
    g.mapped = mapped;
    err = run_grid(f, &g, &s);
    free(mapped);
    int cerr = cudart_devrt_children(f->mod, children, err != 0);
    return err ? err : cerr;
}

int cudart_launch(cudart_func_t *f, dim3 grid, dim3 block, void **args, size_t shmem, cudaStream_t stream,
                  int cooperative)
{
    cudart_op_t op = {.type = cudaGraphNodeTypeKernel};
    int err = cudart_kernel_op_make(&op.u.kernel, f, grid, block, shmem, args, cooperative);
    if (err)
        return cudart_ret(err);
    return cudart_stream_issue(stream, &op, NULL);
}

/* ---- the API --------------------------------------------------------------------- */

/* The kernel a launch names. A pointer no kernel was registered under (a
 * host function) is cudaErrorInvalidResourceHandle to a launch, as CUDA 13
 * answers on an H200 (bench/hw/cudart_probe.h200.txt), where other calls
 * say cudaErrorInvalidDeviceFunction. */
static cudart_func_t *launched(const void *func, int *err)
{
    cudart_func_t *f = (*err = cudart_init()) ? NULL : cudart_func_find(func, err);
    if (!f && *err == cudaErrorInvalidDeviceFunction && !cudart_func_registered(func))
        *err = cudaErrorInvalidResourceHandle;
    return f;
}

cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                             cudaStream_t stream)
{
    int err;
    cudart_func_t *f = launched(func, &err);
    if (!f)
        return (cudaError_t)cudart_ret(err);
    return (cudaError_t)cudart_launch(f, gridDim, blockDim, args, sharedMem, stream, 0);
}

cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                                        cudaStream_t stream)
{
    int err;
    cudart_func_t *f = launched(func, &err);
    if (!f)
        return (cudaError_t)cudart_ret(err);
    return (cudaError_t)cudart_launch(f, gridDim, blockDim, args, sharedMem, stream, 1);
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args)
{
    int err, coop = 0;
    cudart_func_t *f = launched(func, &err);
    if (!f)
        return (cudaError_t)cudart_ret(err);
    for (unsigned i = 0; i < config->numAttrs; i++)
        if (config->attrs[i].id == cudaLaunchAttributeCooperative && config->attrs[i].val.cooperative)
            coop = 1;
    return (cudaError_t)cudart_launch(f, config->gridDim, config->blockDim, args, config->dynamicSmemBytes,
                                      config->stream, coop);
}

extern __typeof__(cudaLaunchKernel) cudaLaunchKernel_ptsz __attribute__((alias("cudaLaunchKernel")));
extern __typeof__(cudaLaunchCooperativeKernel) cudaLaunchCooperativeKernel_ptsz
    __attribute__((alias("cudaLaunchCooperativeKernel")));
extern __typeof__(cudaLaunchKernelExC) cudaLaunchKernelExC_ptsz __attribute__((alias("cudaLaunchKernelExC")));
