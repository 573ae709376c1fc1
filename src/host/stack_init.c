/* The initial stack as Linux's create_elf_tables() lays it out
 * (fs/binfmt_elf.c), from high addresses down:
 *
 *   stack_top - 4   a zero word
 *                   argv strings, envp strings
 *                   AT_PLATFORM string, AT_RANDOM's 16 bytes
 *                   padding to 16 bytes
 *   ...             auxv pairs, AT_NULL
 *                   envp[], NULL
 *                   argv[], NULL
 *   sp              argc
 *
 * The environment is exactly WARPSIM_CORE=<id> and WARPSIM_NCORES=<n>. */
#include "host/stack_init.h"

#include "host/isa.h"

#include <elf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AUXV_MAX 24
#define CORE_VAR "WARPSIM_CORE="

/* AT_RANDOM: fixed so that runs are reproducible (stack canary, pointer guard). */
static const uint8_t stack_random[16] = {0x77, 0x61, 0x72, 0x70, 0x73, 0x69, 0x6d, 0x21,
                                         0x9e, 0x37, 0x79, 0xb9, 0x7f, 0x4a, 0x7c, 0x15};

/* Bytes pushed downwards from stack_top into a STACK_MAX_SIZE scratch area. */
typedef struct stack_builder {
    uint8_t *buf;     /* buf[STACK_MAX_SIZE - off] is the byte at stack_top - off */
    uint32_t top;
    uint64_t off;
} stack_builder_t;

static uint32_t push(stack_builder_t *b, const void *data, size_t n)
{
    b->off += n;
    if (b->off <= STACK_MAX_SIZE && n)
        memcpy(b->buf + STACK_MAX_SIZE - b->off, data, n);
    return (uint32_t)(b->top - b->off);
}

static void put_word(stack_builder_t *b, uint32_t addr, uint32_t v)
{
    uint64_t i = (uint64_t)addr + STACK_MAX_SIZE - b->top;
    uint8_t le[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    if (i + 4 <= STACK_MAX_SIZE)
        memcpy(b->buf + i, le, 4);
}

__attribute__((format(printf, 3, 4))) static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Target addresses of what push_strings() placed. */
typedef struct stack_strings {
    uint32_t execfn, env_core, env_ncores, platform, random;
} stack_strings_t;

/* Strings and AT_RANDOM bytes, above the pointer tables. */
static void push_strings(stack_builder_t *b, int argc, char *const argv[], uint32_t ncores,
                         uint32_t *argv_addr, stack_strings_t *s, const char *platform)
{
    static const uint8_t zero[4] = {0, 0, 0, 0};
    /* Both variables take fixed-size fields (digits, then NULs), so the
     * stack's layout, and with it glibc's start-up instruction count, is
     * the same for every core and every core count. */
    char ncores_var[sizeof "WARPSIM_NCORES=" + STACK_CORE_FIELD], core_var[sizeof CORE_VAR + STACK_CORE_FIELD];
    push(b, zero, 4);
    memset(ncores_var, 0, sizeof ncores_var);
    snprintf(ncores_var, sizeof ncores_var, "WARPSIM_NCORES=%u", ncores);
    memset(core_var, 0, sizeof core_var);
    memcpy(core_var, CORE_VAR "0", sizeof CORE_VAR + 1);
    s->env_ncores = push(b, ncores_var, sizeof ncores_var);
    s->env_core = push(b, core_var, sizeof core_var);
    for (int i = argc - 1; i >= 0; i--)
        argv_addr[i] = push(b, argv[i], strlen(argv[i]) + 1);
    s->execfn = argv_addr[0];
    s->platform = push(b, platform, strlen(platform) + 1);
    s->random = push(b, stack_random, sizeof stack_random);
}

static int auxv_fill(const sim_image_t *img, const stack_strings_t *s, uint32_t *av)
{
    uint32_t hwcap;
    const char *platform;
    isa_auxv(img->isa, &hwcap, &platform);
    uint32_t pairs[][2] = {
        {AT_HWCAP, hwcap},
        {AT_PAGESZ, 4096}, {AT_CLKTCK, 100}, {AT_PHDR, img->phdr_addr}, {AT_PHENT, img->phent},
        {AT_PHNUM, img->phnum}, {AT_BASE, 0}, {AT_FLAGS, 0}, {AT_ENTRY, img->entry},
        {AT_UID, 0}, {AT_EUID, 0}, {AT_GID, 0}, {AT_EGID, 0}, {AT_SECURE, 0},
        {AT_RANDOM, s->random}, {AT_HWCAP2, 0}, {AT_EXECFN, s->execfn},
        {AT_PLATFORM, s->platform}, {AT_NULL, 0},
    };
    int n = (int)(sizeof pairs / sizeof pairs[0]);
    for (int i = 0; i < n; i++) {
        av[2 * i] = pairs[i][0];
        av[2 * i + 1] = pairs[i][1];
    }
    return 2 * n;
}

/* argc, argv[], NULL, envp[], NULL, auxv from sp upwards. */
static void put_tables(stack_builder_t *b, uint32_t sp, int argc, const uint32_t *argv_addr,
                       const stack_strings_t *s, const uint32_t *av, int nav)
{
    uint32_t a = sp;
    put_word(b, a, (uint32_t)argc);
    for (int i = 0; i < argc; i++)
        put_word(b, a += 4, argv_addr[i]);
    a += 4; /* argv NULL */
    put_word(b, a += 4, s->env_core);
    put_word(b, a += 4, s->env_ncores);
    a += 4; /* envp NULL */
    for (int i = 0; i < nav; i++)
        put_word(b, a += 4, av[i]);
}

static int check_args(const sim_image_t *img, int argc, char *const argv[], char *err, size_t errlen)
{
    if (argc < 1 || !argv || !argv[0])
        return fail(err, errlen, "no program name: argv[0] is required");
    for (int i = 0; i < argc; i++)
        if (!argv[i])
            return fail(err, errlen, "argv[%d] is NULL", i);
    if (img->isa == SIM_ISA_NONE)
        return fail(err, errlen, "no initial stack for a program of no ISA");
    if ((uint64_t)argc * 4 > STACK_MAX_SIZE)
        return fail(err, errlen, "%d arguments do not fit in the %u KiB initial stack", argc, STACK_MAX_SIZE >> 10);
    return 0;
}

static int layout(stack_builder_t *b, const sim_image_t *img, int argc, char *const argv[], uint32_t ncores,
                  uint32_t *argv_addr, stack_tmpl_t *out, char *err, size_t errlen)
{
    uint32_t av[2 * AUXV_MAX], top = b->top;
    stack_strings_t s;
    uint32_t hwcap;
    const char *platform;
    isa_auxv(img->isa, &hwcap, &platform);
    push_strings(b, argc, argv, ncores, argv_addr, &s, platform);
    int nav = auxv_fill(img, &s, av);
    uint64_t words = 1 + (uint64_t)argc + 1 + 3 + (uint64_t)nav;
    b->off += words * 4 + (((uint64_t)top - b->off - words * 4) & 15u); /* sp 16-aligned */
    if (b->off > STACK_MAX_SIZE)
        return fail(err, errlen, "arguments and environment need %llu bytes of initial stack, more than %u KiB",
                    (unsigned long long)b->off, STACK_MAX_SIZE >> 10);
    if (b->off > top)
        return fail(err, errlen, "initial stack of %llu bytes does not fit below 0x%08x", (unsigned long long)b->off,
                    top);
    uint32_t sp = top - (uint32_t)b->off;
    if (sp < img->brk_start)
        return fail(err, errlen, "initial stack at 0x%08x collides with the program's data (break 0x%08x)", sp,
                    img->brk_start);
    put_tables(b, sp, argc, argv_addr, &s, av, nav);
    out->bytes = (uint8_t *)malloc((size_t)b->off);
    if (!out->bytes)
        return fail(err, errlen, "out of memory building the initial stack");
    memcpy(out->bytes, b->buf + STACK_MAX_SIZE - b->off, (size_t)b->off);
    out->size = (uint32_t)b->off;
    out->sp = sp;
    out->core_id_off = s.env_core + (uint32_t)(sizeof CORE_VAR - 1) - sp;
    return 0;
}

int stack_build(const sim_image_t *img, uint32_t stack_top, int argc, char *const argv[],
                uint32_t ncores, stack_tmpl_t *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (check_args(img, argc, argv, err, errlen))
        return -1;
    stack_builder_t b = {(uint8_t *)calloc(1, STACK_MAX_SIZE), stack_top, 0};
    uint32_t *argv_addr = (uint32_t *)calloc((size_t)argc, 4);
    int rc = b.buf && argv_addr ? layout(&b, img, argc, argv, ncores, argv_addr, out, err, errlen)
                                : fail(err, errlen, "out of memory building the initial stack");
    free(argv_addr);
    free(b.buf);
    return rc;
}

void stack_free(stack_tmpl_t *t)
{
    if (!t)
        return;
    free(t->bytes);
    memset(t, 0, sizeof *t);
}
