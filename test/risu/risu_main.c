/* The target side of the random instruction tester: for each generated
 * block (risu_gen), fill the scratch buffer from the block's seed when the
 * block loads or stores, load the inputs (offsets into the buffer made
 * addresses), run the block through risu_run (risu_entry.S), and print one
 * record: the block's number, r0-r12, lr, the APSR and an FNV-1a digest of
 * the scratch buffer (0 for a block that touches no memory); for the FP
 * classes (risu_fp) the FPSCR and D0-D31 after them. Built for ARM and run
 * on qemu-arm and warpsim, whose records must be equal. */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define RISU_SCRATCH_BYTES 4096u /* as risu.h */
#define RISU_REL_MEM 0x80000000u
#define RISU_INPUT_WORDS 17u
#define RISU_FP_WORDS 65u /* the FPSCR, D0-D31 */

/* The layout risu_entry.S reads */
typedef struct risu_state {
    uint32_t r[14]; /* r0-r12, lr */
    uint32_t apsr;
    uint32_t saved_sp, target;
    uint32_t fp, fpscr, pad;
    uint32_t s[64];
} risu_state_t;

extern const uint32_t risu_count, risu_thumb, risu_fp;
extern const uint32_t risu_inputs[];
extern const char risu_code[];
void risu_run(risu_state_t *s, uint32_t target);

static uint32_t scratch[RISU_SCRATCH_BYTES / 4] __attribute__((aligned(64)));
/* The state lies at the top of an area of its own: while a block runs, sp
 * points at it, and a signal's frame is pushed below it, into the area. */
static uint32_t risu_area[2048] __attribute__((aligned(64)));
static sigjmp_buf risu_jmp;

/* An instruction the oracle refuses (SIGILL) or a stray access: that
 * block's record says so, and the run goes on. */
static void risu_signal(int sig)
{
    siglongjmp(risu_jmp, sig);
}

static void risu_catch(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = risu_signal;
    sa.sa_flags = SA_NODEFER;
    sigaction(SIGILL, &sa, NULL);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
}

static void risu_fill(uint32_t x)
{
    for (uint32_t i = 0; i < RISU_SCRATCH_BYTES / 4; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        scratch[i] = x;
    }
}

static uint32_t risu_digest(void)
{
    const uint8_t *p = (const uint8_t *)scratch;
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < RISU_SCRATCH_BYTES; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

/* The record is formatted by hand: printf's %08x was most of the
 * harness's instructions once the fill and digest went. */
static char *risu_hex(char *p, uint32_t v)
{
    for (int k = 28; k >= 0; k -= 4)
        *p++ = "0123456789abcdef"[v >> k & 15u];
    return p;
}

static char *risu_word(char *p, uint32_t v)
{
    *p++ = ' ';
    return risu_hex(p, v);
}

/* "i r0 .. r12 lr apsr digest[ fpscr F d0 .. d31]\n" */
static void risu_record(uint32_t i, const risu_state_t *s, uint32_t digest)
{
    char line[1024], *p = line + sprintf(line, "%u", i);
    for (uint32_t r = 0; r < 14; r++)
        p = risu_word(p, s->r[r]);
    p = risu_word(risu_word(p, s->apsr), digest);
    if (risu_fp) {
        p = risu_word(p + sprintf(p, " fpscr"), s->fpscr);
        for (uint32_t d = 0; d < 32; d++)
            p = risu_hex(risu_word(p, s->s[2u * d + 1u]), s->s[2u * d]);
    }
    *p++ = '\n';
    fwrite(line, 1, (size_t)(p - line), stdout);
}

int main(void)
{
    static char buf[1 << 16];
    risu_state_t *s = (risu_state_t *)&risu_area[2048 - 128];
    _Static_assert(sizeof *s <= 128 * 4, "the state fits the top of the area");
    uint32_t words = RISU_INPUT_WORDS + (risu_fp ? RISU_FP_WORDS : 0u);
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    risu_catch();
    for (uint32_t i = 0; i < risu_count; i++) {
        const uint32_t *in = &risu_inputs[i * words];
        uint32_t mem = in[16] & RISU_REL_MEM;
        if (mem)
            risu_fill(in[15]);
        for (uint32_t r = 0; r < 14; r++)
            s->r[r] = in[r] + ((in[16] >> r & 1u) ? (uint32_t)(uintptr_t)scratch : 0u);
        s->apsr = in[14];
        s->fp = risu_fp;
        if (risu_fp) {
            s->fpscr = in[RISU_INPUT_WORDS];
            memcpy(s->s, &in[RISU_INPUT_WORDS + 1u], sizeof s->s);
        }
        int sig = sigsetjmp(risu_jmp, 1);
        if (sig) {
            printf("%u signal %d\n", i, sig);
            fflush(stdout);
            continue;
        }
        risu_run(s, (uint32_t)(uintptr_t)(risu_code + 8u * i) | risu_thumb);
        risu_record(i, s, mem ? risu_digest() : 0u);
        fflush(stdout); /* a crash loses no record */
    }
    return 0;
}
