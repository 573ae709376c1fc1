/* The program's fatbins, kernels and variables (cudart_module.h). Tables
 * grow by doubling and are searched linearly: programs register tens to a
 * few thousand (Thrust) of each, once. */
#define _GNU_SOURCE
#include "host/cudart/cudart_module.h"

#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_devlib.h"
#include "host/cudart/cudart_devrt.h"
#include "host/cudart/cudart_errors.h"
#include "host/cudart/cudart_fatbin.h"
#include "host/cudart/cudart_partial.h"
#include "host/cudart/cudart_report.h"

/* The newest PTX target the front end reads (kernels/ptx: sm_75 to sm_90). */
#define CUDART_MAX_PTX_ARCH 90

#define GROW(arr, n, cap)                                                  \
    do {                                                                   \
        if ((n) == (cap)) {                                                \
            (cap) = (cap) ? 2 * (cap) : 16;                                \
            void *g_ = realloc((arr), (cap) * sizeof *(arr));              \
            if (!g_) {                                                     \
                fprintf(stderr, "warpsim cuda: out of memory\n");         \
                exit(1);                                                   \
            }                                                              \
            (arr) = g_;                                                    \
        }                                                                  \
    } while (0)

static struct {
    cudart_module_t **mods;
    cudart_func_t *funcs;
    cudart_var_t *vars;
    uint32_t nmods, nfuncs, nvars, cmods, cfuncs, cvars;
    pthread_mutex_t lock;
} R = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void list_archs(char *buf, size_t n, const uint32_t *a, uint32_t k)
{
    size_t w = 0;
    buf[0] = 0;
    for (uint32_t i = 0; i < k && w < n; i++)
        w += (size_t)snprintf(buf + w, n - w, "%ssm_%u", i ? " " : "", a[i]);
}

/* A fatbin without PTX cannot run here: say how to rebuild, and stop, as
 * the program could run none of that module's kernels. */
static void refuse_sass_only(const fatbin_summary_t *s)
{
    char archs[160];
    list_archs(archs, sizeof archs, s->sass_archs, s->nsass);
    cudart_init();   /* the report */
    cudart_report_refusal("device code without PTX (SASS for %s)", s->nsass ? archs : "no architecture");
    fprintf(stderr, "warpsim cuda: this program's device code has no PTX (only SASS for %s); rebuild it with "
                    "-arch=sm_XX (e.g. -arch=sm_75), which keeps PTX, or add -gencode arch=compute_XX,code=compute_XX\n",
            s->nsass ? archs : "no architecture");
    exit(1);
}

/* The fatbin reader's bound: the bytes from p to the end of the loaded
 * segment (of the program or a library) that holds it. nvcc puts the
 * wrapper and the containers in the program's read-only data, so a size
 * field that runs past its segment is a malformed fatbin, refused, never
 * read. */
typedef struct segment_find {
    uintptr_t p;
    size_t left;
} segment_find_t;

static int segment_of(struct dl_phdr_info *info, size_t size, void *ctx)
{
    segment_find_t *f = ctx;
    (void)size;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && f->p >= lo && f->p - lo < ph->p_memsz) {
            f->left = ph->p_memsz - (f->p - lo);
            return 1;
        }
    }
    return 0;
}

static size_t program_extent(const void *p, void *ctx)
{
    segment_find_t f = {(uintptr_t)p, 0};
    (void)ctx;
    dl_iterate_phdr(segment_of, &f);
    return f.left;
}

cudart_module_t *cudart_module_register(const void *wrapper)
{
    cudart_module_t *m = calloc(1, sizeof *m);
    char err[256];
    fatbin_summary_t sum;
    if (!m) {
        fprintf(stderr, "warpsim cuda: out of memory\n");
        exit(1);
    }
    m->wrapper = wrapper;
    int rc = fatbin_read_ptx(wrapper, CUDART_MAX_PTX_ARCH, program_extent, NULL, &m->ptx, &m->arch, &sum, err,
                             sizeof err);
    if (rc < 0) {
        fprintf(stderr, "warpsim cuda: a registered fatbin: %s\n", err);
        exit(1);
    }
    if (rc > 0)
        refuse_sass_only(&sum);
    char *linked = cudart_devlib_link(m->ptx);
    if (!linked) {
        fprintf(stderr, "warpsim cuda: out of memory\n");
        exit(1);
    }
    m->ptx = linked;
    pthread_mutex_lock(&R.lock);
    GROW(R.mods, R.nmods, R.cmods);
    R.mods[R.nmods++] = m;
    snprintf(m->name, sizeof m->name, "%s.%u.sm_%u.ptx", program_invocation_short_name, R.nmods, m->arch);
    pthread_mutex_unlock(&R.lock);
    return m;
}

void cudart_func_register(cudart_module_t *m, const void *host, const char *name)
{
    pthread_mutex_lock(&R.lock);
    GROW(R.funcs, R.nfuncs, R.cfuncs);
    R.funcs[R.nfuncs++] = (cudart_func_t){.host = host, .mod = m, .name = strdup(name), .fi = -1};
    pthread_mutex_unlock(&R.lock);
}

void cudart_var_register(cudart_module_t *m, const void *host, const char *name, uint64_t size, int constant,
                         int managed)
{
    pthread_mutex_lock(&R.lock);
    GROW(R.vars, R.nvars, R.cvars);
    R.vars[R.nvars++] =
        (cudart_var_t){.host = host, .mod = m, .name = strdup(name), .size = size, .constant = constant,
                       .managed = managed};
    pthread_mutex_unlock(&R.lock);
}

/* Bytes the module's .global variables take at most (each aligned). */
static uint64_t globals_bound(const ptx_module_t *pm)
{
    uint64_t g = 0;
    for (uint32_t i = 0; i < pm->nvars; i++)
        if (pm->vars[i].space == PTX_SPACE_GLOBAL)
            g += pm->vars[i].size + (pm->vars[i].align ? pm->vars[i].align : 1);
    return g;
}

/* WARPSIM_CUDA_DUMP_PTX: the text warpsim runs, under the name its
 * messages give, so that every FILE:LINE they name can be opened. */
static void dump(const cudart_module_t *m)
{
    const char *dir = cudart_env()->dump_ptx;
    if (!dir || !*dir)
        return;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, m->name);
    FILE *f = fopen(path, "w");
    size_t n = strlen(m->ptx);
    if (!f || fwrite(m->ptx, 1, n, f) != n || fclose(f))
        fprintf(stderr, "warpsim cuda: WARPSIM_CUDA_DUMP_PTX: %s: %s\n", path, strerror(errno));
}

static int refuse(const char *err)
{
    fprintf(stderr, "warpsim cuda: %s\n", err);
    cudart_report_refusal("%s", err);
    return cudaErrorInvalidPtx;
}

/* Reads and lowers the text; a construct the front end refuses inside a
 * function cuts that function (cudart_partial.c) and the text is read
 * again, so that only the kernels that need it are refused. */
static int load(cudart_module_t *m)
{
    char err[1024];
    dump(m);
    for (;;) {
        const char *text = m->cut ? m->cut : m->ptx;
        if ((m->m = ptx_parse_buffer(m->name, text, strlen(text), err, sizeof err))) {
            if (!(m->globals = cudart_mem_alloc(globals_bound(m->m), CUDART_MEM_DEVICE, 0, NULL)))
                return cudaErrorMemoryAllocation;
            if ((m->prog = ptx_prog_build_at(m->m, m->name, (uint64_t)(uintptr_t)m->globals, err, sizeof err)))
                break;
            cudart_mem_free(m->globals, CUDART_MEM_DEVICE);
            ptx_module_free(m->m);
            m->m = NULL;
        }
        if (!m->cut && !(m->cut = strdup(m->ptx)))
            return cudaErrorMemoryAllocation;
        if (cudart_partial_cut(&m->partial, m->cut, m->name, err))
            return refuse(err);
    }
    if (m->cut)
        cudart_partial_spread(&m->partial, m->ptx);
    ptx_prog_globals_init(m->prog, m->globals);
    return cudart_devrt_bind(m);
}

int cudart_module_load(cudart_module_t *m)
{
    static pthread_mutex_t once = PTHREAD_MUTEX_INITIALIZER;
    int rc = cudart_init();
    if (rc)
        return rc;
    pthread_mutex_lock(&once);
    if (!m->state)
        m->state = (rc = load(m)) ? -rc : 1;
    rc = m->state < 0 ? -m->state : 0;
    pthread_mutex_unlock(&once);
    return rc;
}

int cudart_func_registered(const void *host)
{
    int found = 0;
    pthread_mutex_lock(&R.lock);
    for (uint32_t i = 0; i < R.nfuncs && !found; i++)
        found = R.funcs[i].host == host;
    pthread_mutex_unlock(&R.lock);
    return found;
}

cudart_func_t *cudart_func_find(const void *host, int *err)
{
    cudart_func_t *f = NULL;
    pthread_mutex_lock(&R.lock);
    for (uint32_t i = 0; i < R.nfuncs && !f; i++)
        if (R.funcs[i].host == host)
            f = &R.funcs[i];
    pthread_mutex_unlock(&R.lock);
    if (!f) {
        *err = cudaErrorInvalidDeviceFunction;
        return NULL;
    }
    if ((*err = cudart_module_load(f->mod)))
        return NULL;
    if (f->fi < 0) {
        int fi = ptx_find_func(f->mod->m, f->name);
        if (fi < 0 || f->mod->m->funcs[fi].kind != PTX_FUNC_ENTRY) {
            fprintf(stderr, "warpsim cuda: kernel %s is not in %s\n", f->name, f->mod->name);
            cudart_report_refusal("kernel %s is not in %s", f->name, f->mod->name);
            *err = cudaErrorInvalidDeviceFunction;
            return NULL;
        }
        f->fi = fi;
        f->refused = cudart_partial_why(&f->mod->partial, f->name);
    }
    return f;
}

int cudart_func_at(cudart_module_t *m, uint32_t fi, cudart_func_t *f)
{
    if (fi >= m->m->nfuncs || m->m->funcs[fi].kind != PTX_FUNC_ENTRY)
        return -1;
    const ptx_func_t *pf = &m->m->funcs[fi];
    *f = (cudart_func_t){.mod = m, .name = (char *)pf->name, .fi = (int)fi,   /* read only */
                         .refused = cudart_partial_why(&m->partial, pf->name)};
    pthread_mutex_lock(&R.lock);
    for (uint32_t i = 0; i < R.nfuncs; i++)
        if (R.funcs[i].mod == m && !strcmp(R.funcs[i].name, pf->name)) {
            f->host = R.funcs[i].host;
            f->max_dyn_smem = R.funcs[i].max_dyn_smem;
        }
    pthread_mutex_unlock(&R.lock);
    return 0;
}

static int var_storage(cudart_var_t *v, uint8_t **where, uint64_t *size)
{
    int rc = cudart_module_load(v->mod);
    if (rc)
        return rc;
    const ptx_module_t *pm = v->mod->m;
    for (uint32_t i = 0; i < pm->nvars; i++) {
        if (strcmp(pm->vars[i].name, v->name))
            continue;
        uint64_t a = ptx_prog_var_addr(v->mod->prog, i), bank;
        if (pm->vars[i].space == PTX_SPACE_CONST)
            *where = ptx_prog_const_bank(v->mod->prog, &bank) + a;
        else if (pm->vars[i].space == PTX_SPACE_GLOBAL)
            *where = (uint8_t *)(uintptr_t)a;
        else
            break;
        *size = pm->vars[i].size;
        return 0;
    }
    fprintf(stderr, "warpsim cuda: variable %s is not in %s\n", v->name, v->mod->name);
    cudart_report_refusal("variable %s is not in %s", v->name, v->mod->name);
    return cudaErrorInvalidSymbol;
}

int cudart_var_find(const void *host, uint8_t **where, uint64_t *size)
{
    cudart_var_t *v = NULL;
    pthread_mutex_lock(&R.lock);
    for (uint32_t i = 0; i < R.nvars && !v; i++)
        if (R.vars[i].host == host)
            v = &R.vars[i];
    pthread_mutex_unlock(&R.lock);
    return v ? var_storage(v, where, size) : cudaErrorInvalidSymbol;
}

int cudart_init_managed(cudart_module_t *m)
{
    for (uint32_t i = 0; i < R.nvars; i++) {
        cudart_var_t *v = &R.vars[i];
        uint8_t *where;
        uint64_t size;
        if (v->mod != m || !v->managed)
            continue;
        int rc = var_storage(v, &where, &size);
        if (rc)
            return rc;
        *(void **)v->host = where;
    }
    return 0;
}

int cudart_func_refused(cudart_func_t *f)
{
    if (!f->refused)
        return 0;
    if (!__atomic_exchange_n(&f->refused_said, 1, __ATOMIC_RELAXED)) {
        fprintf(stderr, "warpsim cuda: kernel %s is refused (cudaErrorInvalidPtx): %s\n", f->name, f->refused);
        cudart_report_refusal("kernel %s: %s", f->name, f->refused);
    }
    return cudaErrorInvalidPtx;
}
