/* The transcendentals' cases of test_x87_exec_diff.c, recorded once on
 * hardware (test/x87/trans_exec.ref) instead of run on this host's x87:
 * Intel and AMD compute different results and, in corners, different
 * flags (issue 33), so a build machine's own x87 is no reference for them.
 * `make x87-record` (WARPSIM_X87_RECORD=FILE) writes the file on an
 * x86-64 host, naming the CPU it ran on.
 *
 * The file: '#' comments, a `seed S N` line, then one line a case, in the
 * generator's order: `OPMODRM K DIGEST [OFFSET:BYTES]...`, the case's
 * input digest (so that a changed generator is caught, not compared with
 * the wrong outputs) and the bytes of the x87_case_t that differ from the
 * input after the instruction, in hex; the image's reserved upper halves
 * of the control, status and tag words count as ffff in the input (FNSAVE
 * writes them so), and the instruction and data pointers and the EFLAGS
 * bits the cases do not vary are left out. */
#ifndef X87_EXEC_RECORD_H
#define X87_EXEC_RECORD_H

#include <stdlib.h>

#include "x87_exec_fixture.h"

#define X87_RECORD_FILE "test/x87/trans_exec.ref"
#define X87_RECORD_N 400u /* cases per encoding */

static inline uint32_t x87_case_digest(const x87_case_t *c)
{
    const uint8_t *p = (const uint8_t *)c;
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < sizeof *c; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

/* The case k of the generator for encoding e (x87_diff_enc's sequence),
 * with its padding cleared so that its digest is defined. */
typedef struct {
    uint64_t s;
    const x87_enc_t *e;
} x87_gen_t;

static inline x87_gen_t x87_gen_start(const x87_enc_t *e, uint64_t seed)
{
    x87_gen_t g = {seed ^ ((uint64_t)e->op << 8 | e->first) * 0x9e3779b97f4a7c15ull, e};
    return g;
}

static inline void x87_gen_next(x87_gen_t *g, x87_case_t *c)
{
    memset(c, 0, sizeof *c);
    x87_random_case(&g->s, g->e, c);
}

/* What of the output is recorded: the pointers (image bytes 12..27) and
 * the EFLAGS bits the cases do not set are taken from the input. */
static inline void x87_record_mask(const x87_case_t *in, x87_case_t *out)
{
    memcpy(out->img + 12, in->img + 12, 16);
    out->eflags = (out->eflags & X87_EFLAGS_IN) | (in->eflags & ~(uint64_t)X87_EFLAGS_IN);
    out->eax = (uint32_t)out->eax | (in->eax & ~0xffffffffull);
}

/* What the recorded bytes are changes to: the input, with the reserved
 * halves as FNSAVE writes them. */
static inline x87_case_t x87_record_base(const x87_case_t *in)
{
    x87_case_t b = *in;
    for (int i = 2; i < 12; i += 4)
        b.img[i] = b.img[i + 1] = 0xff;
    return b;
}

static inline void x87_record_line(FILE *f, const x87_enc_t *e, uint32_t modrm, unsigned k, const x87_case_t *in,
                                   const x87_case_t *out)
{
    x87_case_t base = x87_record_base(in);
    const uint8_t *a = (const uint8_t *)&base, *b = (const uint8_t *)out;
    fprintf(f, "%02x%02x %u %08x", e->op, modrm, k, x87_case_digest(in));
    for (size_t i = 0; i < sizeof *in;) {
        if (a[i] == b[i]) {
            i++;
            continue;
        }
        fprintf(f, " %zu:", i);
        for (; i < sizeof *in && a[i] != b[i]; i++)
            fprintf(f, "%02x", b[i]);
    }
    fprintf(f, "\n");
}

/* The recorded output of a case: 1 with *out (the input with the recorded
 * changes), 0 with a message in why. Reads the file's lines in order. */
typedef struct {
    FILE *f;
    char line[2048];
    char hw[256]; /* the `# recorded on:` line */
} x87_record_t;

static inline int x87_record_open(x87_record_t *r, const char *path, uint64_t seed, unsigned n, char *why,
                                  size_t whylen)
{
    unsigned long long s = 0;
    unsigned nn = 0;
    memset(r, 0, sizeof *r);
    r->f = fopen(path, "r");
    if (!r->f) {
        snprintf(why, whylen, "%s: cannot open (make x87-record writes it on an x86-64 host)", path);
        return 0;
    }
    while (fgets(r->line, sizeof r->line, r->f)) {
        if (!strncmp(r->line, "# recorded on: ", 15))
            snprintf(r->hw, sizeof r->hw, "%s", r->line + 15);
        if (r->line[0] != '#')
            break;
    }
    r->hw[strcspn(r->hw, "\n")] = 0;
    if (sscanf(r->line, "seed %llx %u", &s, &nn) != 2 || s != seed || nn != n) {
        snprintf(why, whylen, "%s: recorded for another seed or count than %llx %u", path,
                 (unsigned long long)seed, n);
        return 0;
    }
    return 1;
}

static inline int x87_record_next(x87_record_t *r, const x87_enc_t *e, uint32_t modrm, unsigned k,
                                  const x87_case_t *in, x87_case_t *out, char *why, size_t whylen)
{
    unsigned opm = 0, kk = 0, digest = 0;
    int used = 0;
    if (!fgets(r->line, sizeof r->line, r->f) ||
        sscanf(r->line, "%4x %u %8x%n", &opm, &kk, &digest, &used) != 3 || opm != (e->op << 8 | modrm) ||
        kk != k) {
        snprintf(why, whylen, "%s: no line for %02x %02x case %u", X87_RECORD_FILE, e->op, modrm, k);
        return 0;
    }
    if (digest != x87_case_digest(in)) {
        snprintf(why, whylen, "%s: %02x %02x case %u was recorded for other inputs (the generator changed: "
                 "record again with make x87-record)", X87_RECORD_FILE, e->op, modrm, k);
        return 0;
    }
    *out = x87_record_base(in);
    uint8_t *b = (uint8_t *)out;
    for (const char *p = r->line + used; *p && *p != '\n';) {
        char *end;
        unsigned long off = strtoul(p + 1, &end, 10);
        if (*p != ' ' || *end != ':') {
            snprintf(why, whylen, "%s: bad line: %.200s", X87_RECORD_FILE, r->line);
            return 0;
        }
        for (p = end + 1; off < sizeof *out && p[0] && p[1] && p[0] != ' ' && p[0] != '\n'; p += 2) {
            char hex[3] = {p[0], p[1], 0};
            b[off++] = (uint8_t)strtoul(hex, NULL, 16);
        }
    }
    return 1;
}

#endif
