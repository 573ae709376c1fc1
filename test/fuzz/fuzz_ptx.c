/* libFuzzer target for the PTX front end (src/host/ptx).
 *
 * Properties, beyond "no crash, no out-of-bounds access, no undefined
 * behaviour":
 *   - a refusal is one line "fuzz.ptx:LINE:COL: message";
 *   - an accepted module is consistent: every register slot within its
 *     class's count, every label, reconvergence point, block and symbol
 *     index within its table;
 *   - every instruction disassembles, into any buffer size;
 *   - the module prints to text that parses back to the same IR, and that
 *     text prints again to itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx.h"

#define FZ_NAME "fuzz.ptx"

#define FZ_CHECK(x)                                                                     \
    do {                                                                                \
        if (!(x)) {                                                                     \
            fprintf(stderr, "fuzz_ptx: property failed at line %d: %s\n", __LINE__, #x); \
            abort();                                                                    \
        }                                                                               \
    } while (0)

static void check_refusal(const char *err)
{
    unsigned line, col;
    int used = 0;
    FZ_CHECK(sscanf(err, FZ_NAME ":%u:%u: %n", &line, &col, &used) == 2 && used > 0);
    FZ_CHECK(line >= 1 && col >= 1 && err[used] != 0);
    FZ_CHECK(strchr(err, '\n') == NULL);
}

static void check_operand(const ptx_module_t *m, const ptx_func_t *f, const ptx_operand_t *o)
{
    if (o->kind == PTX_OPND_REG || (o->kind == PTX_OPND_ADDR && o->rclass != PTX_RC_NONE))
        FZ_CHECK(o->rclass < PTX_RC_COUNT && o->reg < f->nregs[o->rclass]);
    if (o->kind == PTX_OPND_LABEL)
        FZ_CHECK(o->index <= f->ninsns);
    if (o->kind == PTX_OPND_FUNC)
        FZ_CHECK(o->index < m->nfuncs);
    if (o->kind == PTX_OPND_VEC || o->kind == PTX_OPND_LIST)
        FZ_CHECK((uint64_t)o->index + o->count <= f->nelems);
    if (o->kind == PTX_OPND_TLIST)
        FZ_CHECK(o->index < f->ntlists);
    if (o->kind == PTX_OPND_PROTO)
        FZ_CHECK(o->index < f->nprotos);
    if (o->kind == PTX_OPND_FIMM)
        FZ_CHECK(o->size == 4 || o->size == 8);
    if (o->kind == PTX_OPND_ADDR || o->kind == PTX_OPND_SYM) {
        const ptx_symref_t *s = &o->sym;
        FZ_CHECK(s->kind != PTX_SYM_GLOBAL || s->index < m->nvars);
        FZ_CHECK(s->kind != PTX_SYM_FUNC || s->index < m->nfuncs);
        FZ_CHECK(s->kind != PTX_SYM_VAR || s->index < f->nvars);
        FZ_CHECK(s->kind != PTX_SYM_PARAM || s->index < f->nparams);
        FZ_CHECK(s->kind != PTX_SYM_RET || s->index < f->nrets);
    }
}

static void check_function(const ptx_module_t *m, const ptx_func_t *f)
{
    uint32_t covered = 0;
    for (uint32_t b = 0; b < f->nblocks; b++) {
        FZ_CHECK(f->blocks[b].first == covered && f->blocks[b].count > 0);
        FZ_CHECK(f->blocks[b].ipdom <= f->nblocks);
        covered += f->blocks[b].count;
    }
    FZ_CHECK(covered == f->ninsns);
    for (uint32_t i = 0; i < f->ninsns; i++) {
        const ptx_insn_t *in = &f->insns[i];
        char small[7], line[4096];
        FZ_CHECK(in->op < PTX_OP_COUNT && in->nopnd <= PTX_MAX_OPNDS);
        FZ_CHECK(!in->has_guard || in->guard < f->nregs[PTX_RC_PRED]);
        FZ_CHECK(in->reconv == PTX_RECONV_NONE || in->reconv <= f->ninsns);
        for (unsigned k = 0; k < in->nopnd; k++)
            check_operand(m, f, &in->opnd[k]);
        int n = ptx_disasm_insn(m, f, in, small, sizeof small);
        FZ_CHECK(n > 0 && strlen(small) < sizeof small);
        FZ_CHECK(ptx_disasm_insn(m, f, in, line, sizeof line) == n);
    }
    for (uint32_t t = 0; t < f->ntlists; t++)
        for (uint32_t k = 0; k < f->tlists[t].count; k++)
            FZ_CHECK(f->tlists[t].targets[k] <= f->ninsns);
}

static void check_round_trip(const ptx_module_t *m)
{
    size_t len, len2;
    char err[512], why[512];
    char *text = ptx_module_text(m, &len);
    FZ_CHECK(text != NULL);
    ptx_module_t *again = ptx_parse_buffer("reprint", text, len, err, sizeof err);
    if (!again)
        fprintf(stderr, "fuzz_ptx: the printed module does not parse: %s\n", err);
    FZ_CHECK(again != NULL);
    int same = ptx_module_equal(m, again, why, sizeof why);
    if (!same)
        fprintf(stderr, "fuzz_ptx: the printed module parses to other IR: %s\n", why);
    FZ_CHECK(same);
    char *text2 = ptx_module_text(again, &len2);
    FZ_CHECK(text2 && len2 == len && memcmp(text, text2, len) == 0);
    free(text);
    free(text2);
    ptx_module_free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[256];
    memset(err, 0x55, sizeof err);
    ptx_module_t *m = ptx_parse_buffer(FZ_NAME, (const char *)data, size, err, sizeof err);
    if (!m) {
        check_refusal(err);
        return 0;
    }
    for (uint32_t i = 0; i < m->nfuncs; i++)
        check_function(m, &m->funcs[i]);
    check_round_trip(m);
    ptx_module_free(m);
    return 0;
}
