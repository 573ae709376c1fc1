/* Running IA-32 encodings two ways: natively on this x86-64 host (the
 * bytes copied into an executable page between a prologue that loads EAX
 * EBX ECX EDX and EFLAGS and an epilogue that stores them back) and on the
 * simulated core (decoded and executed record by record). The encodings
 * used mean the same in both modes: register forms without 40..4F. */
#ifndef X86_NATIVE_FIXTURE_H
#define X86_NATIVE_FIXTURE_H

#include <string.h>
#include <sys/mman.h>

#include "device/x86/x86.h"
#include "mem_fixture.h"

typedef struct x86n_state {
    uint32_t eax, ebx, ecx, edx;
    uint64_t flags;
} x86n_state_t;

static const uint8_t x86n_prologue[] = {
    0x53,                   /* push rbx */
    0x8b, 0x07,             /* mov eax, [rdi] */
    0x8b, 0x5f, 0x04,       /* mov ebx, [rdi+4] */
    0x8b, 0x4f, 0x08,       /* mov ecx, [rdi+8] */
    0x8b, 0x57, 0x0c,       /* mov edx, [rdi+12] */
    0xff, 0x77, 0x10,       /* push qword [rdi+16] */
    0x9d,                   /* popfq */
};
static const uint8_t x86n_epilogue[] = {
    0x9c,                   /* pushfq */
    0x8f, 0x47, 0x10,       /* pop qword [rdi+16] */
    0x89, 0x07,             /* mov [rdi], eax */
    0x89, 0x5f, 0x04,       /* mov [rdi+4], ebx */
    0x89, 0x4f, 0x08,       /* mov [rdi+8], ecx */
    0x89, 0x57, 0x0c,       /* mov [rdi+12], edx */
    0x5b,                   /* pop rbx */
    0xc3,                   /* ret */
};

static uint8_t *x86n_page;

/* Run code[0..n) natively on *s. */
static inline void x86n_native(const uint8_t *code, size_t n, x86n_state_t *s)
{
    if (!x86n_page)
        x86n_page = (uint8_t *)mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    size_t k = 0;
    memcpy(x86n_page + k, x86n_prologue, sizeof x86n_prologue), k += sizeof x86n_prologue;
    memcpy(x86n_page + k, code, n), k += n;
    memcpy(x86n_page + k, x86n_epilogue, sizeof x86n_epilogue);
    __builtin___clear_cache((char *)x86n_page, (char *)x86n_page + 4096);
    ((void (*)(x86n_state_t *))(void *)x86n_page)(s);
}

#define X86N_TEXT 0x1000u
static uint32_t x86n_priv[1024];

/* Run code[0..n) on the simulated core from *s: decode and execute each
 * instruction in turn. Returns the simulated core's status. */
static inline uint32_t x86n_sim(const uint8_t *code, size_t n, x86n_state_t *s)
{
    x86_ctx_t c;
    memset(&c, 0, sizeof c);
    x86_ctx_init(&c, X86N_TEXT, 0x10000u + sizeof x86n_priv);
    c.r[0] = s->eax, c.r[3] = s->ebx, c.r[1] = s->ecx, c.r[2] = s->edx;
    x86_set_eflags(&c, (uint32_t)s->flags, X86_USER_FLAGS);
    sim_mem_t m = one_core_mem(x86n_priv, 0x10000u, sizeof x86n_priv);
    uint32_t off = 0;
    while (off < n && c.sys.status == SIM_RUNNING) {
        x86_insn_t in;
        x86_decode(code + off, (uint32_t)(n - off), X86N_TEXT + off, &in);
        c.eip = X86N_TEXT + off + in.len;
        x86_exec(&c, &in, &m, 0, X86N_TEXT + off, 0);
        off += in.len;
    }
    s->eax = c.r[0], s->ebx = c.r[3], s->ecx = c.r[1], s->edx = c.r[2];
    s->flags = x86_eflags(&c);
    return c.sys.status;
}

#endif
