/* cpu_launch NAME.so FILE.launch REFDIR: runs a workload's launch file on
 * its CUDA source compiled for the CPU (cuda_cpu.h), the kernels called
 * through libffi; the reading, the reference and the checks are
 * ../host/launch_reader.c's. Says PASS or FAIL (and the worst error against
 * each tolerance) on stderr; exit 1 on a failure. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "cpu_threads.h"
#include "launch_reader.h"

static void *module;

static int start(lr_buffer_t *bufs, int n) { return 0; }
static int finish(lr_buffer_t *bufs, int n) { return 0; }

static ffi_type *param_type(const lr_param_t *p)
{
    if (!strcmp(p->type, "ptr"))
        return &ffi_type_pointer;
    if (!strcmp(p->type, "f32"))
        return &ffi_type_float;
    if (!strcmp(p->type, "f64"))
        return &ffi_type_double;
    return p->size == 8 ? &ffi_type_uint64 : p->size == 4 ? &ffi_type_uint32
         : p->size == 2 ? &ffi_type_uint16 : &ffi_type_uint8;
}

static int run(const lr_kernel_t *k)
{
    ffi_cif cif;
    ffi_type *types[LR_MAX_PARAMS];
    uint64_t values[LR_MAX_PARAMS];
    void *args[LR_MAX_PARAMS];
    void *fn = dlsym(module, k->name);
    if (!fn)
        return fprintf(stderr, "%s: no such kernel in the module\n", k->name), 1;
    for (int i = 0; i < k->nparams; i++) {
        const lr_param_t *p = &k->params[i];
        types[i] = param_type(p);
        values[i] = p->buf ? (uint64_t)(uintptr_t)((char *)p->buf->data + p->offset) : p->bits;
        args[i] = &values[i];
    }
    if (ffi_prep_cif(&cif, FFI_DEFAULT_ABI, (unsigned)k->nparams, &ffi_type_void, types) != FFI_OK)
        return fprintf(stderr, "%s: ffi_prep_cif failed\n", k->name), 1;
    uint3 grid = {k->grid[0], k->grid[1], k->grid[2]}, block = {k->block[0], k->block[1], k->block[2]};
    for (int r = 0; r < k->repeat; r++)
        if (cpu_run_grid(&cif, fn, args, grid, block))
            return fprintf(stderr, "%s: the kernel deadlocked\n", k->name), 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s NAME.so FILE.launch REFDIR\n", argv[0]);
        return 2;
    }
    if (!(module = dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL))) {
        fprintf(stderr, "%s: %s\n", argv[1], dlerror());
        return 2;
    }
    lr_driver_t d = {start, run, finish};
    return lr_run(argv[2], argv[3], &d);
}
