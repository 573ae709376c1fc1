/* The target side of the IA-32 random instruction tester: for each
 * generated block (risu_x86_gen), fill the scratch buffer from the block's
 * seed, load the inputs (offsets into the buffer made addresses), run the
 * block through risu_run (risu_x86_entry.S), and print one record: the
 * block's number, the eight registers, EFLAGS masked to the flags the SDM
 * defines after the instruction, an FNV-1a digest of the scratch buffer,
 * and for the x87 class the control, status and tag words and ST(0..7);
 * for the sse class MXCSR, XMM0-7 and the x87 state an MMX instruction
 * changes: the control and status words, the tags (empty or not) and the
 * significands of R0-R7 (MM0-7).
 * A signal (a divide fault, an encoding the CPU refuses) is the block's
 * record. Built static for i686, run on qemu-i386 and warpsim.
 *
 *   risu_x86 [FIRST]   starts at block FIRST (warpsim runs no signal
 *                      handler: its run ends at a fault and
 *                      risu_compare.sh starts it again after the block) */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RISU_X86_SCRATCH_BYTES 4096u /* as risu_x86.h */
#define RISU_X86_FPU_BYTES 108u
#define RISU_X86_INPUT_WORDS 18u
#define RISU_X86_APPROX 0x1u
#define RISU_X86_SCRUB 0x2u
#define RISU_X86_SCRUB16 0x4u
#define RISU_X86_NOMXFLAGS 0x8u
#define RISU_X86_NODE 0x10u
#define RISU_X86_SSE_WORDS 38u /* as risu_x86.h: XMM0-7, MXCSR, the operand's offset and 16 bytes */

extern const uint32_t risu_count, risu_x87, risu_sse;
extern const uint32_t risu_inputs[], risu_blocks[], risu_sse_images[];
extern const uint8_t risu_fpu_images[];
void risu_run(void);

/* The entry's operands (absolute addresses in risu_x86_entry.S). */
uint32_t risu_in[8], risu_in_flags, risu_out[8], risu_out_flags, risu_saved_esp, risu_target;
uint8_t risu_fpu_in[RISU_X86_FPU_BYTES], risu_fpu_out[RISU_X86_FPU_BYTES];
uint32_t risu_sse_in[33], risu_sse_out[33], risu_mxcsr_init = 0x1f80u;
uint32_t risu_scratch[RISU_X86_SCRATCH_BYTES / 4] __attribute__((aligned(64)));

static sigjmp_buf risu_jmp;
static uint8_t risu_altstack[65536];

/* The handler runs on its own stack: a block's ESP points anywhere. */
static void risu_signal(int sig)
{
    siglongjmp(risu_jmp, sig);
}

static void risu_catch(void)
{
    stack_t ss = {.ss_sp = risu_altstack, .ss_size = sizeof risu_altstack};
    sigaltstack(&ss, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = risu_signal;
    sa.sa_flags = SA_NODEFER | SA_ONSTACK;
    static const int sigs[] = {SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGTRAP};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
}

static void risu_fill(uint32_t x)
{
    for (uint32_t i = 0; i < RISU_X86_SCRATCH_BYTES / 4; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        risu_scratch[i] = x;
    }
}

static uint32_t risu_digest(void)
{
    const uint8_t *p = (const uint8_t *)risu_scratch;
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < RISU_X86_SCRATCH_BYTES; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

/* FNSTENV/FNSAVE store where the last x87 instruction and operand were
 * (FIP, FCS, FOP, FDP, FDS): qemu and warpsim keep different ones. And in
 * the 32-bit layout the upper halves of the control, status and tag
 * words are reserved: the CPUs (and warpsim) store ones, qemu zeros. */
static void risu_scrub(const uint32_t *in)
{
    uint8_t *env = (uint8_t *)risu_scratch + in[17];
    if (in[16] & RISU_X86_SCRUB16) {
        memset(env + 6, 0, 8);
    } else if (in[16] & RISU_X86_SCRUB) {
        memset(env + 12, 0, 16);
        for (uint32_t k = 2; k < 12; k += 4)
            env[k] = env[k + 1] = 0;
    }
}

static void risu_load(uint32_t i, const uint32_t *in)
{
    static const uint8_t finit[RISU_X86_FPU_BYTES] = {0x7f, 0x03, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    risu_fill(in[11]);
    if (in[12] != ~0u)
        memcpy((uint8_t *)risu_scratch + in[12], &in[13], 12);
    for (uint32_t r = 0; r < 8; r++)
        risu_in[r] = in[r] + ((in[8] >> r & 1u) ? (uint32_t)(uintptr_t)risu_scratch : 0u);
    risu_in_flags = in[9] | 0x2u;
    memcpy(risu_fpu_in, risu_x87 || risu_sse ? risu_fpu_images + RISU_X86_FPU_BYTES * i : finit, RISU_X86_FPU_BYTES);
    if (risu_sse) {
        const uint32_t *x = &risu_sse_images[i * RISU_X86_SSE_WORDS];
        memcpy(risu_sse_in, x, sizeof risu_sse_in);
        if (x[33] != ~0u)
            memcpy((uint8_t *)risu_scratch + x[33], &x[34], 16);
    }
    risu_target = risu_blocks[i];
}

static uint32_t risu_u16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }

/* The x87 words and registers: the status word's bits the SDM defines
 * after the row (the generator's mask), a transcendental's registers to
 * 32 significand bits. */
static void risu_print_x87(const uint32_t *in)
{
    int approx = in[16] & RISU_X86_APPROX;
    const uint8_t *f = risu_fpu_out;
    uint32_t sw = risu_u16(f + 4) & (in[16] >> 16);
    printf(" %04x %04x %04x", risu_u16(f), sw, risu_u16(f + 8));
    for (uint32_t r = 0; r < 8; r++) {
        const uint8_t *st = f + 28 + 10 * r;
        uint64_t m = 0;
        for (int k = 7; k >= 0; k--)
            m = m << 8 | st[k];
        if (approx)
            m &= ~0xffffffffull;
        printf(" %04x%016llx", risu_u16(st + 8), (unsigned long long)m);
    }
}

/* MXCSR (less what opts leaves out), XMM0-7, and the x87 state as MMX
 * sees it: the control and status words, a bit per physical register
 * that is not empty, and R0-R7's significands (FNSAVE's image is in stack
 * order: ST(i) is R((TOP + i) & 7)). */
static void risu_print_sse(const uint32_t *in)
{
    uint32_t mask = ~0u;
    if (in[16] & RISU_X86_NOMXFLAGS)
        mask &= ~0x3fu;
    if (in[16] & RISU_X86_NODE)
        mask &= ~0x2u;
    printf(" %08x", risu_sse_out[32] & mask);
    for (uint32_t r = 0; r < 8; r++)
        printf(" %08x%08x%08x%08x", risu_sse_out[4 * r + 3], risu_sse_out[4 * r + 2], risu_sse_out[4 * r + 1],
               risu_sse_out[4 * r]);
    const uint8_t *f = risu_fpu_out;
    uint32_t sw = risu_u16(f + 4), tw = risu_u16(f + 8), top = (sw >> 11) & 7u, used = 0;
    for (uint32_t r = 0; r < 8; r++)
        used |= (((tw >> (2u * r)) & 3u) != 3u) << r;
    printf(" %04x %04x %02x", risu_u16(f), sw, used);
    for (uint32_t r = 0; r < 8; r++) {
        const uint8_t *st = f + 28 + 10 * ((r - top) & 7u);
        uint64_t m = 0;
        for (int k = 7; k >= 0; k--)
            m = m << 8 | st[k];
        printf(" %016llx", (unsigned long long)m);
    }
}

int main(int argc, char **argv)
{
    static char buf[1 << 16];
    uint32_t first = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 0) : 0u;
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    risu_catch();
    for (uint32_t i = first; i < risu_count; i++) {
        const uint32_t *in = &risu_inputs[i * RISU_X86_INPUT_WORDS];
        risu_load(i, in);
        int sig = sigsetjmp(risu_jmp, 1);
        if (sig) {
            printf("%u signal %d\n", i, sig);
            fflush(stdout);
            continue;
        }
        risu_run();
        risu_scrub(in);
        printf("%u", i);
        for (uint32_t r = 0; r < 8; r++)
            printf(" %08x", risu_out[r]);
        printf(" %08x %08x", risu_out_flags & in[10], risu_digest());
        if (risu_x87)
            risu_print_x87(in);
        if (risu_sse)
            risu_print_sse(in);
        printf("\n");
        fflush(stdout); /* a crash loses no record */
    }
    return 0;
}
