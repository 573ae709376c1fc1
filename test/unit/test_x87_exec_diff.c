/* Every encoding of x86_x87_ops.def through the executor and through this
 * host's x87 (x87_exec_fixture.h), on random states: 400 cases for each
 * ModRM byte of the register forms and 3000 for each memory form, every RC
 * and PC, some exceptions unmasked, empty and full registers (stack
 * overflow and underflow), operands rich in edge cases. Whole FNSAVE
 * images, memory, EAX and EFLAGS compared bit for bit. The transcendentals
 * are compared with their cases recorded once on hardware
 * (x87_exec_record.h), not with this host, whose vendor decides their
 * results; their values approximately (see x87_case_same). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <time.h>

#include "x87_exec_record.h"

#ifndef X87_SEED
#define X87_SEED 0x87e8ec00u
#endif
#define SEED X87_SEED

static int is_trans(const x87_enc_t *e)
{
    static const char *const names[] = {"f2xm1", "fyl2x", "fptan", "fpatan", "fyl2xp1", "fsincos", "fsin", "fcos"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (!strcmp(e->name, names[k]))
            return 1;
    return 0;
}

/* The encodings of opcode op (memory forms: mem = 1) against the host. */
static void diff_family(uint32_t op, int mem)
{
#if !X87_HOST
    cr_skip_test("no x87 on this host");
#endif
    unsigned bad = 0, total = 0;
    for (size_t k = 0; k < X87_N_ENCS; k++) {
        const x87_enc_t *e = &x87_encs[k];
        if (e->op != op || e->mem != mem || is_trans(e))
            continue;
        unsigned n = mem ? 3000u : 400u, b = x87_diff_enc(e, n, SEED, X87_CMP_ALL);
        if (b)
            fprintf(stderr, "%s: %u of %u differ\n", e->name, b, n * (e->last - e->first + 1u));
        bad += b;
        total += n * (e->last - e->first + 1u);
    }
    cr_assert_eq(bad, 0, "%02x %s: %u of %u cases differ from the host", op, mem ? "mem" : "reg", bad, total);
}

/* More cases of the stores to memory: with OE or UE unmasked a store
 * that overflows or underflows writes nothing, and UE comes even for an
 * exact tiny result. */
Test(x87_exec_diff, stores)
{
#if !X87_HOST
    cr_skip_test("no x87 on this host");
#endif
    static const char *const names[] = {"fst_m32", "fstp_m32", "fst_m64", "fstp_m64", "fstp_m80", "fist_m16",
                                        "fistp_m32", "fistp_m64", "fisttp_m32", "fbstp"};
    unsigned bad = 0;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        const x87_enc_t *e = x87_enc(names[k]);
        cr_assert(e, "%s", names[k]);
        unsigned b = x87_diff_enc(e, 20000u, SEED + 1u, X87_CMP_ALL);
        if (b)
            fprintf(stderr, "%s: %u of 20000 differ\n", e->name, b);
        bad += b;
    }
    cr_assert_eq(bad, 0, "%u cases differ from the host", bad);
}

#define FAMILY(op)                                                                                  \
    Test(x87_exec_diff, reg_##op) { diff_family(0x##op, 0); }                                        \
    Test(x87_exec_diff, mem_##op) { diff_family(0x##op, 1); }
FAMILY(d8)
FAMILY(d9)
FAMILY(da)
FAMILY(db)
FAMILY(dc)
FAMILY(dd)
FAMILY(de)
FAMILY(df)

/* ---- the transcendentals against the recorded hardware ------------------- */

/* The transcendentals' cases one after another, in the record's order:
 * e, modrm and i name the one trans_case_next made. */
typedef struct {
    size_t k;
    int started;
    x87_gen_t g;
    const x87_enc_t *e;
    uint32_t modrm;
    unsigned i;
} trans_cases_t;

static int trans_case_next(trans_cases_t *c, x87_case_t *in)
{
    for (; c->k < X87_N_ENCS; c->k++, c->started = 0) {
        const x87_enc_t *e = &x87_encs[c->k];
        if (!is_trans(e))
            continue;
        if (!c->started) {
            c->started = 1;
            c->g = x87_gen_start(e, SEED);
            c->e = e;
            c->modrm = e->first;
            c->i = 0;
        } else if (++c->i == X87_RECORD_N) {
            c->i = 0;
            c->modrm++;
        }
        if (c->modrm > e->last)
            continue;
        x87_gen_next(&c->g, in);
        return 1;
    }
    return 0;
}

/* One line of /proc/cpuinfo's first CPU ("vendor_id", "model name", ...). */
static void cpuinfo(const char *key, char *out, size_t len)
{
    char line[512];
    FILE *f = fopen("/proc/cpuinfo", "r");
    snprintf(out, len, "?");
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!colon || strncmp(line, key, strlen(key)) || (line[strlen(key)] != ' ' && line[strlen(key)] != '\t'))
            continue;
        snprintf(out, len, "%s", colon + 2);
        out[strcspn(out, "\n")] = 0;
        break;
    }
    if (f)
        fclose(f);
}

/* WARPSIM_X87_RECORD=FILE: the host's results of every transcendental's
 * cases into FILE (make x87-record). */
static void record_transcendentals(const char *path)
{
#if X87_HOST
    char vendor[128], model[256], family[16], modelno[16], stepping[16], date[32];
    time_t now = time(NULL);
    FILE *f = fopen(path, "w");
    cr_assert(f, "%s: cannot write", path);
    cpuinfo("vendor_id", vendor, sizeof vendor);
    cpuinfo("model name", model, sizeof model);
    cpuinfo("cpu family", family, sizeof family);
    cpuinfo("model", modelno, sizeof modelno);
    cpuinfo("stepping", stepping, sizeof stepping);
    strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
    fprintf(f, "# The x87 transcendentals' cases of test/unit/test_x87_exec_diff.c as one CPU ran them:\n"
               "# the x87_case_t bytes each instruction changed (x87_exec_record.h has the format).\n"
               "# Written by `make x87-record`; a different CPU gives different results (issue 33).\n");
    fprintf(f, "# recorded on: %s (%s, family %s, model %s, stepping %s), %s\n", model, vendor, family, modelno,
            stepping, date);
    fprintf(f, "seed %llx %u\n", (unsigned long long)SEED, X87_RECORD_N);
    trans_cases_t c = {0};
    x87_case_t in, hw;
    while (trans_case_next(&c, &in)) {
        hw = in;
        x87_host_run(&hw, c.e->op, c.modrm);
        x87_record_mask(&in, &hw);
        x87_record_line(f, c.e, c.modrm, c.i, &in, &hw);
    }
    cr_assert(fclose(f) == 0, "%s: write failed", path);
    fprintf(stderr, "recorded %s on %s\n", path, model);
#else
    cr_assert_fail("WARPSIM_X87_RECORD: this host has no x87 to record");
#endif
}

Test(x87_exec_diff, transcendentals)
{
    const char *rec = getenv("WARPSIM_X87_RECORD");
    if (rec && *rec) {
        record_transcendentals(rec);
        return;
    }
    char why[512];
    x87_record_t r;
    cr_assert(x87_record_open(&r, X87_RECORD_FILE, SEED, X87_RECORD_N, why, sizeof why), "%s", why);
    unsigned bad = 0, total = 0;
    trans_cases_t c = {0};
    x87_case_t in, hw, sim;
    while (trans_case_next(&c, &in)) {
        cr_assert(x87_record_next(&r, c.e, c.modrm, c.i, &in, &hw, why, sizeof why), "%s", why);
        sim = in;
        uint32_t rc = x87_sim_run(&sim, c.e->op, c.modrm);
        total++;
        if (rc == X87_OK && x87_case_same(&hw, &sim, X87_CMP_APPROX))
            continue;
        if (bad++ < 4) {
            fprintf(stderr, "%s (%02x %02x) case %u rc=%u, against %s:\n", c.e->name, c.e->op, c.modrm, c.i, rc,
                    r.hw);
            x87_dump("in ", &in);
            x87_dump("hw ", &hw);
            x87_dump("sim", &sim);
        }
    }
    fclose(r.f);
    cr_assert_eq(bad, 0, "%u of %u transcendental cases differ from the hardware recorded on %s", bad, total,
                 r.hw);
}
