/* Code written at run time, as a JIT writes it (issue 33): functions
 * encoded into anonymous mappings (jit_emit.h: A32 and Thumb on ARM, IA-32
 * on i386), called, rewritten and called again in loops. Each case prints
 * a digest of what the calls returned and how many differed from the value
 * expected; the exit status is 1 if any did. The cases: a PROT_READ |
 * PROT_WRITE | PROT_EXEC page rewritten in place (its operation and
 * immediate, at several places), a loop and a call back into the C code,
 * Thumb code (ARM), an instruction split across two pages, pages written
 * under PROT_READ | PROT_WRITE and then made executable by mprotect (and
 * writable again, and so on), and a mapping made, run and unmapped again
 * and again. On ARM every write is followed by the cache flush Linux asks
 * of a JIT (__builtin___clear_cache). */
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>

#include "digest.h"
#include "jit_emit.h"

#define PAGE 4096u

static uint8_t *map(uint32_t bytes, int prot)
{
    void *p = mmap(NULL, bytes, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        perror("mmap");
        return NULL;
    }
    return (uint8_t *)p;
}

/* One RWX page, a function at one of seven places rewritten each time:
 * its operation and immediate. */
static void case_rewrite(uint8_t *code)
{
    uint32_t x = 12345;
    for (uint32_t i = 0; i < 3000; i++) {
        uint8_t *f = code + (i % 7u) * 32u;
        uint32_t op = i % JIT_OPS, k = (i * 37u) & 0xffu;
        uint32_t want = jit_apply(op, x, k);
        jit_flush(f, jit_emit_op(f, op, k));
        x = jit_fn(f)(x);
        check(x, want);
        if (i < 3)
            printf("rewrite %u: %08x\n", i, x);
    }
    report("rewrite");
}

__attribute__((noinline)) static uint32_t triple(uint32_t x) { return 3u * x + 7u; }

/* A loop with a backward branch, and a call from the written code back
 * into the text, rewritten over each other in one place. */
static void case_loop_call(uint8_t *code)
{
    for (uint32_t n = 1; n < 400; n += 3) {
        jit_flush(code, jit_emit_sum(code));
        check(jit_fn(code)(n), n * (n + 1u) / 2u);
        jit_flush(code, jit_emit_call(code, triple));
        check(jit_fn(code)(n), triple(n) + 1u);
    }
    report("loop-call");
}

#if defined(__arm__)
/* Thumb functions, 2-aligned, beside and over A32 ones. */
static void case_thumb(uint8_t *code)
{
    for (uint32_t i = 0; i < 2000; i++) {
        uint8_t *t = code + 512u + (i % 5u) * 6u, *a = code + 1024u;
        uint32_t k = i * 7u & 0xffu, j = i % 3u ? i & 0x3fu : 0u;
        jit_flush(t, jit_emit_thumb(t, k, j));
        check(jit_thumb(t)(0), k + j);
        jit_flush(a, jit_emit_op(a, JIT_XOR, k));
        check(jit_fn(a)(i), i ^ k);
    }
    report("thumb");
}
#endif

/* An instruction split across two pages of one mapping (on ARM a 32-bit
 * Thumb instruction, whose halves lie on each side), rewritten: the
 * second page's half changes, then the first's. */
static void case_cross(uint8_t *code)
{
#if defined(__arm__)
    uint8_t *f = code + PAGE - 2u;
    jit_fn_t fn = jit_thumb(f);
#else
    uint8_t *f = code + PAGE - 3u;
    jit_fn_t fn = jit_fn(f);
#endif
    for (uint32_t i = 0; i < 1000; i++) {
        uint32_t v = (i * 2654435761u) & 0xffffu;
        jit_flush(f, jit_emit_movw(f, v));
        check(fn(0), v);
    }
    report("cross");
}

/* Pages written while PROT_READ | PROT_WRITE, then made PROT_READ |
 * PROT_EXEC to run, back and forth, on two pages of one mapping. */
static void case_mprotect(void)
{
    uint8_t *code = map(2u * PAGE, PROT_READ | PROT_WRITE);
    if (!code)
        return;
    uint32_t x = 7;
    for (uint32_t i = 0; i < 500; i++) {
        uint8_t *page = code + (i % 2u) * PAGE;
        uint32_t op = (i + 1u) % JIT_OPS, k = (i * 11u) & 0xffu;
        if (mprotect(page, PAGE, PROT_READ | PROT_WRITE))
            perror("mprotect RW");
        uint32_t n = jit_emit_op(page + (i % 3u) * 64u, op, k);
        if (mprotect(page, PAGE, PROT_READ | PROT_EXEC))
            perror("mprotect RX");
        jit_flush(page + (i % 3u) * 64u, n);
        uint32_t want = jit_apply(op, x, k);
        x = jit_fn(page + (i % 3u) * 64u)(x);
        check(x, want);
    }
    munmap(code, 2u * PAGE);
    report("mprotect");
}

/* A fresh mapping each time, its code written, run and unmapped; the next
 * mapping takes the same address. */
static void case_remap(void)
{
    for (uint32_t i = 0; i < 300; i++) {
        uint8_t *code = map(PAGE, PROT_READ | PROT_WRITE | PROT_EXEC);
        if (!code)
            return;
        uint32_t k = (i * 13u + 5u) & 0xffu;
        jit_flush(code, jit_emit_op(code, JIT_MOV, k));
        check(jit_fn(code)(i), k);
        munmap(code, PAGE);
    }
    report("remap");
}

int main(void)
{
    uint8_t *code = map(2u * PAGE, PROT_READ | PROT_WRITE | PROT_EXEC);
    if (!code)
        return 2;
    case_rewrite(code);
    case_loop_call(code);
#if defined(__arm__)
    case_thumb(code);
#endif
    case_cross(code);
    munmap(code, 2u * PAGE);
    case_mprotect();
    case_remap();
    return errors != 0;
}
