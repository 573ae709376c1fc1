/* Cooperative threads: each runs until it reaches a barrier or ends; a
 * warp barrier lets its warp go on once all the warp's live threads wait
 * at it, __syncthreads once all the block's live threads do. */
#define _GNU_SOURCE
#include "cpu_threads.h"

#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>

#define STACK_BYTES (128 * 1024)

enum { RUNNING, AT_BLOCK_BARRIER, AT_WARP_BARRIER, DONE };

uint3 threadIdx, blockIdx, blockDim, gridDim;
static char dynamic_shared[64 * 1024];
void *cpu_dynamic_shared = dynamic_shared;

static ucontext_t scheduler, ctx[CPU_MAX_THREADS];
static char *stacks[CPU_MAX_THREADS];
static int state[CPU_MAX_THREADS];
static int current, nthreads;
static unsigned warp_slots[CPU_MAX_THREADS / 32][32];
static long long ticks;
static ffi_cif *kernel_cif;
static void *kernel_fn, **kernel_args;

long long cpu_clock(void) { return ticks += 7; }
unsigned *cpu_warp_slots(void) { return warp_slots[current / 32]; }

static void wait_at(int barrier)
{
    state[current] = barrier;
    swapcontext(&ctx[current], &scheduler);
}
void cpu_syncthreads(void) { wait_at(AT_BLOCK_BARRIER); }
void cpu_syncwarp(void) { wait_at(AT_WARP_BARRIER); }

static void thread_body(void)
{
    ffi_arg ret;
    ffi_call(kernel_cif, FFI_FN(kernel_fn), &ret, kernel_args);
    state[current] = DONE;
}

static void start_threads(void)
{
    for (int t = 0; t < nthreads; t++) {
        if (!stacks[t] && !(stacks[t] = malloc(STACK_BYTES))) {
            fprintf(stderr, "cpu_threads: out of memory\n");
            exit(2);
        }
        getcontext(&ctx[t]);
        ctx[t].uc_stack.ss_sp = stacks[t];
        ctx[t].uc_stack.ss_size = STACK_BYTES;
        ctx[t].uc_link = &scheduler;
        makecontext(&ctx[t], thread_body, 0);
        state[t] = RUNNING;
    }
}

static void run_runnable(void)
{
    for (int t = 0; t < nthreads; t++)
        if (state[t] == RUNNING) {
            current = t;
            threadIdx.x = t % blockDim.x;
            threadIdx.y = t / blockDim.x % blockDim.y;
            threadIdx.z = t / (blockDim.x * blockDim.y);
            swapcontext(&scheduler, &ctx[t]);
        }
}

/* Lets go the threads of [first, end) that wait at barrier, if every live
 * one of them does; says whether it did. */
static int release(int first, int end, int barrier)
{
    int live = 0, waiting = 0;
    for (int t = first; t < end; t++) {
        live += state[t] != DONE;
        waiting += state[t] == barrier;
    }
    if (!live || waiting != live)
        return 0;
    for (int t = first; t < end; t++)
        if (state[t] == barrier)
            state[t] = RUNNING;
    return 1;
}

static int run_block(void)
{
    start_threads();
    for (;;) {
        run_runnable();
        int live = 0, released = 0;
        for (int t = 0; t < nthreads; t++)
            live += state[t] != DONE;
        if (!live)
            return 0;
        for (int w = 0; w * 32 < nthreads; w++)
            released |= release(w * 32, w * 32 + 32 < nthreads ? w * 32 + 32 : nthreads, AT_WARP_BARRIER);
        if (!released && !release(0, nthreads, AT_BLOCK_BARRIER)) {
            fprintf(stderr, "cpu_threads: deadlock in block (%u,%u,%u)\n", blockIdx.x, blockIdx.y, blockIdx.z);
            return -1;
        }
    }
}

int cpu_run_grid(ffi_cif *cif, void *fn, void **args, uint3 grid, uint3 block)
{
    kernel_cif = cif;
    kernel_fn = fn;
    kernel_args = args;
    gridDim = grid;
    blockDim = block;
    nthreads = block.x * block.y * block.z;
    if (nthreads < 1 || nthreads > CPU_MAX_THREADS) {
        fprintf(stderr, "cpu_threads: %d threads a block\n", nthreads);
        return -1;
    }
    for (unsigned z = 0; z < grid.z; z++)
        for (unsigned y = 0; y < grid.y; y++)
            for (unsigned x = 0; x < grid.x; x++) {
                blockIdx = (uint3){x, y, z};
                if (run_block())
                    return -1;
            }
    return 0;
}
