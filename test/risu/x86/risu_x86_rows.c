/* The tester's rows, found through warpsim's decoder: every opcode of the
 * one- and two-byte maps, under each prefix set, with every ModRM byte, is
 * decoded once; each distinct (op, sub-kind, width, prefix flags) among
 * the ops the tester runs is a row, and the byte strings that gave it are
 * its seeds. The x87 class's rows are those of x86_x87_ops.def instead.
 * A new row in the decoder's tables is tested with no change here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "risu_x86.h"
#include "risu_x86_seed.h"

/* The integer ops the tester runs besides the eight ALU kinds' forms: no
 * control flow, system ops, segment registers, CPUID or RDTSC (the two
 * hosts differ there by design), and no x87 (its own class). */
static const char *const risu_x86_tested_names[] = {
    "TEST_RR", "TEST_MR", "TEST_RI", "TEST_MI", "UNARY_R", "UNARY_M", "SHIFT_RI", "SHIFT_RC", "SHIFT_MI",
    "SHIFT_MC", "SHXD_RI", "SHXD_RC", "SHXD_MI", "SHXD_MC", "MULDIV_R", "MULDIV_M", "IMUL_RRI", "IMUL_RMI",
    "IMUL_RR", "IMUL_RM", "MOV_RR", "MOV_RM", "MOV_MR", "MOV_RI", "MOV_MI", "MOVZX_RR", "MOVZX_RM",
    "MOVSX_RR", "MOVSX_RM", "LEA", "XCHG_RR", "XCHG_MR", "BSWAP", "CMOV_RR", "CMOV_RM", "SETCC_R",
    "SETCC_M", "CBW", "CWD", "XLAT", "PUSH_R", "PUSH_I", "PUSH_M", "POP_R", "POP_M", "PUSHA", "POPA",
    "PUSHF", "POPF", "ENTER", "LEAVE", "BT_RR", "BT_RI", "BT_MR", "BT_MI", "BSX_RR", "BSX_RM",
    "CMPXCHG_RR", "CMPXCHG_MR", "CMPXCHG8B", "XADD_RR", "XADD_MR", "MOVS", "STOS", "LODS", "CMPS", "SCAS",
    "LAHF", "SAHF", "FLAGOP", "BCD", "NOP",
};

static int risu_x86_tested(uint32_t op)
{
    if (op <= X86_OP_CMP_MI) /* the ALU rows come first in x86_ops.def */
        return 1;
    for (size_t i = 0; i < sizeof risu_x86_tested_names / sizeof risu_x86_tested_names[0]; i++)
        if (strcmp(risu_x86_tested_names[i], x86_op_names[op]) == 0)
            return 1;
    return 0;
}

/* The ops whose aux is a sub-kind worth a row of its own (shift kind,
 * ALU unary kind, mul/div kind, ...); for the others it is a condition
 * or nothing, drawn at random inside one row. */
static int risu_x86_aux_kind(uint32_t op)
{
    switch (op) {
    case X86_OP_UNARY_R: case X86_OP_UNARY_M: case X86_OP_SHIFT_RI: case X86_OP_SHIFT_RC:
    case X86_OP_SHIFT_MI: case X86_OP_SHIFT_MC: case X86_OP_SHXD_RI: case X86_OP_SHXD_RC:
    case X86_OP_SHXD_MI: case X86_OP_SHXD_MC: case X86_OP_MULDIV_R: case X86_OP_MULDIV_M:
    case X86_OP_MOVZX_RR: case X86_OP_MOVZX_RM: case X86_OP_MOVSX_RR: case X86_OP_MOVSX_RM:
    case X86_OP_BT_RR: case X86_OP_BT_RI: case X86_OP_BT_MR: case X86_OP_BT_MI: case X86_OP_BSX_RR:
    case X86_OP_BSX_RM: case X86_OP_FLAGOP: case X86_OP_BCD:
        return 1;
    }
    return 0;
}

/* ---- the x87 table's rows ---- */
typedef struct risu_x87_row {
    const char *name;
    uint8_t op, first, last, mem; /* register forms: ModRM first..last; memory forms: reg in first */
} risu_x87_row_t;

static const risu_x87_row_t risu_x87_rows[] = {
#define X87_REG(name, op, first, last) {#name, op, first, last, 0},
#define X87_MEM(name, op, reg) {#name, op, reg, reg, 1},
#include "device/x86/x86_x87_ops.def"
#undef X87_REG
#undef X87_MEM
};
#define RISU_X87_ROWS (sizeof risu_x87_rows / sizeof risu_x87_rows[0])

static uint32_t risu_x87_row_of(const x86_insn_t *in)
{
    uint32_t op = 0xd8u + in->reg, modrm = in->aux, mem = modrm < 0xc0u;
    for (uint32_t r = 0; r < RISU_X87_ROWS; r++) {
        const risu_x87_row_t *x = &risu_x87_rows[r];
        if (x->op != op || x->mem != mem)
            continue;
        if (mem ? ((modrm >> 3) & 7u) == x->first : modrm >= x->first && modrm <= x->last)
            return r;
    }
    return ~0u;
}

/* The environment forms have a 16-bit layout under 0x66: rows of their own. */
int risu_x87_env_row(uint32_t row)
{
    const char *n = risu_x87_rows[row].name;
    return !strcmp(n, "fldenv") || !strcmp(n, "fnstenv") || !strcmp(n, "frstor") || !strcmp(n, "fnsave");
}

const char *risu_x87_row_name(uint32_t row) { return risu_x87_rows[row].name; }

/* ---- the sweep ---- */
typedef struct risu_x86_row {
    uint32_t key;
    risu_x86_seed_t *seeds;
    uint32_t nseeds, cap;
} risu_x86_row_t;

static risu_x86_row_t *risu_x86_table[RISU_X86_CLASSES];
static uint32_t risu_x86_nrows[RISU_X86_CLASSES];

/* A row's key: op, sub-kind, width, the string and LOCK prefixes; for the
 * x87 class the table's row and the 16-bit layout. */
static uint32_t risu_x86_key(risu_x86_class_t cls, const x86_insn_t *in)
{
    if (cls == RISU_X86_SSE)
        return (uint32_t)risu_x86_sse_row_of(in);
    if (cls == RISU_X86_X87) {
        uint32_t r = risu_x87_row_of(in);
        if (r == ~0u)
            return ~0u;
        return r << 1 | (risu_x87_env_row(r) && x86_w(in) == X86_W16);
    }
    if (!risu_x86_tested(in->op) || (in->wf & (X86_F_A16 | X86_F_SEGFS | X86_F_SEGGS)))
        return ~0u;
    if ((cls == RISU_X86_INT16) != (x86_w(in) == X86_W16))
        return ~0u;
    uint32_t sub = risu_x86_aux_kind(in->op) ? in->aux & 15u : 0u;
    uint32_t pfx = in->wf & X86_F_LOCK;
    if (x86_op_fmts[in->op] == X86_FMT_STR)
        pfx |= in->wf & (X86_F_REP | X86_F_REPNE);
    else if (in->wf & (X86_F_REP | X86_F_REPNE))
        return ~0u; /* F3 0F BC/BD are TZCNT/LZCNT where the CPU (qemu's) has them */
    return (uint32_t)in->op << 16 | sub << 8 | pfx | x86_w(in);
}

static risu_x86_row_t *risu_x86_row_for(risu_x86_class_t cls, uint32_t key)
{
    for (uint32_t r = 0; r < risu_x86_nrows[cls]; r++)
        if (risu_x86_table[cls][r].key == key)
            return &risu_x86_table[cls][r];
    risu_x86_row_t *t = realloc(risu_x86_table[cls], sizeof *t * (risu_x86_nrows[cls] + 1));
    if (!t)
        abort();
    risu_x86_table[cls] = t;
    risu_x86_row_t *row = &t[risu_x86_nrows[cls]++];
    memset(row, 0, sizeof *row);
    row->key = key;
    return row;
}

static void risu_x86_add_seed(risu_x86_row_t *row, const risu_x86_seed_t *s)
{
    if (row->nseeds == row->cap) {
        row->cap = row->cap ? row->cap * 2 : 16;
        row->seeds = realloc(row->seeds, sizeof *row->seeds * row->cap);
        if (!row->seeds)
            abort();
    }
    row->seeds[row->nseeds++] = *s;
}

/* TEST's alias F6/F7 /1: the CPUs run it as TEST, qemu-i386 refuses it
 * (SIGILL); not compared. */
static int risu_x86_alias(const risu_x86_seed_t *s)
{
    return !s->map && (s->op == 0xf6u || s->op == 0xf7u) && ((s->modrm >> 3) & 7u) == 1u;
}

/* Seeds the sweep leaves out: a prefix byte in the opcode's place (the
 * prefix sets are swept on their own), TEST's alias, 0F 0D (the 3DNow!
 * prefetches) and 0F 18's register forms, which a CPU model may refuse
 * (qemu's does). */
static int risu_x86_skip(const risu_x86_seed_t *s)
{
    static const uint8_t pfx[] = {0x26, 0x2e, 0x36, 0x3e, 0x64, 0x65, 0x66, 0x67, 0xf0, 0xf2, 0xf3};
    if (s->map) /* 0F 18 with a register operand: a hint NOP or #UD by the CPU (qemu's: #UD) */
        return s->op == 0x0du || (s->op == 0x18u && s->modrm >= 0xc0u);
    for (size_t i = 0; i < sizeof pfx; i++)
        if (s->op == pfx[i])
            return 1;
    return risu_x86_alias(s);
}

/* The prefix sets swept: none, a string or LOCK prefix, each with and
 * without 0x66. */
static const uint8_t risu_x86_pfx[] = {0, 0xf3, 0xf2, 0xf0};

static void risu_x86_sweep(risu_x86_class_t cls)
{
    for (uint32_t o16 = 0; o16 < 2; o16++)
        for (uint32_t p = 0; p < sizeof risu_x86_pfx; p++)
            for (uint32_t map = 0; map < 2; map++)
                for (uint32_t op = 0; op < 256; op++)
                    for (uint32_t modrm = 0; modrm < 256; modrm++) {
                        risu_x86_seed_t s = {(uint8_t)o16, risu_x86_pfx[p], (uint8_t)map, (uint8_t)op,
                                             (uint8_t)modrm};
                        uint8_t b[16];
                        uint32_t n = risu_x86_seed_bytes(&s, b);
                        memset(b + n, 0, sizeof b - n);
                        x86_insn_t in;
                        x86_decode(b, sizeof b, 0x10000, &in);
                        uint32_t key = in.op == X86_OP_UNDEF || risu_x86_skip(&s) ? ~0u : risu_x86_key(cls, &in);
                        /* 66 with F2 or F3: the CPUs take F2/F3 as the mandatory prefix,
                         * qemu-i386 7.2 takes 66 (the SDM leaves the pair to no row) */
                        if (cls == RISU_X86_SSE && s.o16 && (s.pfx == 0xf2u || s.pfx == 0xf3u))
                            key = ~0u;
                        if (key == ~0u || (cls == RISU_X86_X87) != (in.op == X86_OP_X87))
                            continue;
                        risu_x86_add_seed(risu_x86_row_for(cls, key), &s);
                    }
}

static void risu_x86_ensure(risu_x86_class_t cls)
{
    if (!risu_x86_table[cls])
        risu_x86_sweep(cls);
}

uint32_t risu_x86_rows(risu_x86_class_t cls)
{
    risu_x86_ensure(cls);
    return risu_x86_nrows[cls];
}

uint32_t risu_x86_row_of(risu_x86_class_t cls, const x86_insn_t *in)
{
    risu_x86_ensure(cls);
    uint32_t key = in->op == X86_OP_UNDEF ? ~0u : risu_x86_key(cls, in);
    if (key == ~0u || (cls == RISU_X86_X87) != (in->op == X86_OP_X87))
        return ~0u;
    for (uint32_t r = 0; r < risu_x86_nrows[cls]; r++)
        if (risu_x86_table[cls][r].key == key)
            return r;
    return ~0u;
}

const risu_x86_seed_t *risu_x86_seed(risu_x86_class_t cls, uint32_t row, uint64_t *rng)
{
    const risu_x86_row_t *r = &risu_x86_table[cls][row];
    return &r->seeds[risu_x86_rand(rng) % r->nseeds];
}

uint32_t risu_x86_row_key(risu_x86_class_t cls, uint32_t row) { return risu_x86_table[cls][row].key; }

const char *risu_x86_row_name(risu_x86_class_t cls, uint32_t row)
{
    static char buf[64];
    uint32_t key = risu_x86_table[cls][row].key;
    if (cls == RISU_X86_X87) {
        snprintf(buf, sizeof buf, "%s%s", risu_x87_rows[key >> 1].name, key & 1u ? ".16" : "");
        return buf;
    }
    if (cls == RISU_X86_SSE)
        return risu_x86_sse_row_name(key);
    uint32_t op = key >> 16, sub = (key >> 8) & 0xffu, w = key & 3u;
    char kind[8] = "";
    if (risu_x86_aux_kind(op))
        snprintf(kind, sizeof kind, "/%u", sub);
    snprintf(buf, sizeof buf, "%s%s.%u%s%s%s", x86_op_names[op], kind, 8u << w, key & X86_F_LOCK ? ".lock" : "",
             key & X86_F_REP ? ".rep" : "", key & X86_F_REPNE ? ".repne" : "");
    return buf;
}
