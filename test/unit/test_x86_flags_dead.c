/* fast/x86_flags_dead.c: which flag-setting records the chained path runs
 * without setting flags (len's X86_LEN_FLAGS_DEAD), on hand-made blocks
 * that end in `jmp .`, the table's props it reads, and the state a fault
 * leaves behind a setter that is not dead. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/x86/x86.h"
#include "device/x86/x86_block.h"
#include "mem_fixture.h"

#define FD_TEXT 0x8000u
#define FD_PRIV 0x10000u
#define FD_PRIV_SIZE 0x1000u

#define ADD "\x01\xd8"           /* add eax, ebx */
#define SUB "\x29\xd1"           /* sub ecx, edx */
#define CMP "\x83\xf8\x01"       /* cmp eax, 1 */
#define JMPSELF "\xeb\xfe"       /* jmp . */

static uint8_t fd_text[64];
static x86_insn_t fd_recs[sizeof fd_text + 1];
static uint32_t fd_priv[FD_PRIV_SIZE / 4];

/* Decodes and prepares the n bytes of code b; returns the offsets of its
 * first k instructions in at[]. */
static void fd_load(const char *b, uint32_t n, uint32_t *at, uint32_t k)
{
    memset(fd_text, 0xf4, sizeof fd_text);
    memcpy(fd_text, b, n);
    for (uint32_t i = 0; i < sizeof fd_text; i++)
        x86_decode(fd_text + i, (uint32_t)sizeof fd_text - i, FD_TEXT + i, &fd_recs[i]);
    x86_prepare_range(fd_recs, 0, sizeof fd_text);
    for (uint32_t i = 0, off = 0; i < k; i++, off += x86_len(&fd_recs[off]))
        at[i] = off;
}

/* Whether instruction k of code b (a string literal) has dead flags. */
#define FD_DEAD(b, k) fd_dead(b, sizeof b - 1u, k)
static int fd_dead(const char *b, uint32_t n, uint32_t k)
{
    uint32_t at[16];
    fd_load(b, n, at, k + 1u);
    return (fd_recs[at[k]].len & X86_LEN_FLAGS_DEAD) != 0;
}

Test(x86_flags_dead, overwritten_flags_are_not_set)
{
    static const char b[] = ADD SUB CMP JMPSELF;
    cr_expect(FD_DEAD(b, 0));
    cr_expect(FD_DEAD(b, 1));
    cr_expect(!FD_DEAD(b, 2), "read by nothing known: the block ends");
    cr_expect(FD_DEAD("\x85\xc0" CMP JMPSELF, 0), "a test");
    cr_expect(FD_DEAD("\x0f\xaf\xc3" CMP JMPSELF, 0), "imul eax, ebx");
    cr_expect(FD_DEAD("\x41" CMP JMPSELF, 0), "inc ecx: its own flags may be dead");
    cr_expect(FD_DEAD("\xc1\xe0\x02" CMP JMPSELF, 0), "shl eax, 2");
    cr_expect(FD_DEAD("\x03\x0e" CMP JMPSELF, 0), "add ecx, [esi]: a load's own flags");
    cr_expect(FD_DEAD(ADD "\x89\xc1\x8d\x04\x18" CMP JMPSELF, 0), "mov and lea pass liveness through");
}

Test(x86_flags_dead, the_length_is_unchanged)
{
    uint32_t at[3];
    fd_load(ADD CMP JMPSELF, 7, at, 3);
    cr_expect_eq(at[1], 2u);
    cr_expect_eq(at[2], 5u);
    cr_expect_eq(fd_recs[0].len, 2u | X86_LEN_FLAGS_DEAD | X86_LEN_W32, "a plain 32-bit ADD");
    cr_expect_eq(fd_recs[0].op, X86_OP_ADD_RR, "the op stays as decoded");
    cr_expect_eq(fd_recs[0].run, 3u);
}

Test(x86_flags_dead, reads_stops_stores_and_block_ends_keep_the_flags)
{
    static const char *const between[] = {
        "\x74\x00",         /* jz: reads them, and ends the block */
        "\x11\xd8",         /* adc eax, ebx: reads CF */
        "\x41",             /* inc ecx: keeps CF */
        "\x0f\x94\xc1",     /* setz cl */
        "\x0f\x44\xc1",     /* cmovz eax, ecx */
        "\xc1\xe0\x00",     /* shl eax, 0: a shift may leave them */
        "\x8b\x0e",         /* mov ecx, [esi]: may fault */
        "\x89\x0e",         /* mov [esi], ecx: may fault */
        "\x9c",             /* pushf */
        "\xeb\x00",         /* jmp: the block ends */
    };
    for (size_t k = 0; k < sizeof between / sizeof between[0]; k++) {
        char b[32];
        size_t n = strlen(between[k]);
        memcpy(b, ADD, 2);
        memcpy(b + 2, between[k], n);
        memcpy(b + 2 + n, CMP JMPSELF, 5);
        cr_expect(!fd_dead(b, (uint32_t)(n + 7u), 0), "add before %02x %02x", (uint8_t)between[k][0],
                  (uint8_t)between[k][1]);
    }
    cr_expect(!FD_DEAD("\x01\x06" CMP JMPSELF, 0), "add [esi], eax stores: never dead");
    /* bt eax, ecx writes CF alone: what else it shows is the add's */
    cr_expect(!FD_DEAD(ADD "\x0f\xa3\xc8\x0f\x94\xc1" CMP JMPSELF, 0), "setz after bt reads the add's ZF");
    cr_expect(FD_DEAD(ADD "\x0f\xa3\xc8" CMP JMPSELF, 0), "a partial writer passes liveness through");
    cr_expect(!FD_DEAD(ADD JMPSELF, 0), "the next block may read them");
    cr_expect(!FD_DEAD(ADD "\x41\x72\x00", 0), "jc after inc reads the add's CF");
}

/* What the analysis trusts of the op table. */
Test(x86_flags_dead, table_props_are_consistent)
{
    for (uint32_t op = 0; op < X86_OP_COUNT; op++) {
        uint32_t p = x86_op_props[op];
        if (p & (X86_P_KILL | X86_P_NF))
            cr_expect(p & X86_P_WF, "%s: KILL or NF without WF", x86_op_names[op]);
        cr_expect(!((p & X86_P_NF) && (p & X86_P_STORE)), "%s: NF and STORE", x86_op_names[op]);
        cr_expect(!((p & X86_P_NF) && (p & X86_P_END)), "%s: NF and END", x86_op_names[op]);
    }
    cr_expect(x86_op_props[X86_OP_UNARY_R] & X86_P_RF, "INC and DEC keep CF");
    cr_expect(!(x86_op_props[X86_OP_SHIFT_RI] & X86_P_KILL), "a count of 0 keeps the flags");
    cr_expect(x86_op_props[X86_OP_ADC_RR] & X86_P_RF);
    cr_expect(!(x86_op_props[X86_OP_BT_RR] & X86_P_KILL));
    cr_expect(x86_op_props[X86_OP_X87] & X86_P_RF);
}

/* Runs code b on the chained path from FD_TEXT until the core stops; the
 * EFLAGS it leaves. */
static uint32_t fd_run(const char *b, uint32_t n, x86_ctx_t *c)
{
    uint32_t at[1];
    fd_load(b, n, at, 1);
    x86_code_t img = {.recs = fd_recs, .text_lo = FD_TEXT, .text_size = sizeof fd_text};
    sim_mem_t m = one_core_mem(fd_priv, FD_PRIV, FD_PRIV_SIZE);
    memset(c, 0, sizeof *c); /* x86_ctx_init leaves sys alone */
    x86_ctx_init(c, FD_TEXT, FD_PRIV + FD_PRIV_SIZE / 2u);
    c->r[0] = 5, c->r[3] = 7, c->r[1] = 0x40000000u, c->r[6] = 0x100u; /* esi: outside memory */
    x86_run(c, &img, &m, 0, 1000);
    return x86_eflags(c);
}

/* A load that faults after a flag setter shows that setter's flags: the
 * load keeps them live; the setter after it, never run, does not matter. */
Test(x86_flags_dead, a_fault_shows_the_flags_before_it)
{
    x86_ctx_t c;
    static const char b[] = "\x29\xd8" /* sub eax, ebx: 5 - 7 */ "\x03\x0e" /* add ecx, [esi] */ CMP JMPSELF;
    cr_expect(!FD_DEAD(b, 0));
    cr_expect(FD_DEAD(b, 1), "the faulting add's own flags are dead when it runs");
    uint32_t f = fd_run(b, sizeof b - 1u, &c);
    cr_assert_eq(c.sys.status, SIM_FAULTED);
    cr_expect_eq(c.eip, FD_TEXT + 2u);
    cr_expect_eq(c.sys.fault_reason, SIM_FAULT_READ);
    cr_expect_eq(f & (X86_CF | X86_ZF | X86_SF | X86_OF), X86_CF | X86_SF, "eflags %08x", f);
    cr_expect_eq(c.r[0], 0xfffffffeu);
}
