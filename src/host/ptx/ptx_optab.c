/* The host's view of ptx_ops.def (ptx_optab.h). */
#include <string.h>

#include "host/ptx/ptx_optab.h"

static const ptx_opinfo_t op_info[PTX_OP_COUNT] = {
#define PTX_OP(name, unit, ex, lat, mnem, props, types, mods, shape) {mnem, props, types, mods, shape},
#include "device/ptx/ptx_ops.def"
};

typedef struct {
    const char *spelling;
    ptx_sreg_form_t form;
    unsigned count;
} sreg_info_t;

static const sreg_info_t sreg_info[PTX_SREG_COUNT] = {
#define PTX_SREG(name, spelling, form, bits, count) {spelling, PTX_SREG_##form, count},
#include "device/ptx/ptx_ops.def"
};

const ptx_opinfo_t *ptx_opinfo(ptx_op_t op) { return &op_info[op < PTX_OP_COUNT ? op : 0]; }

const char *ptx_op_name(ptx_op_t op) { return ptx_opinfo(op)->mnem; }

/* Does mnem equal w[0] w[1] .. w[k-1] joined? */
static int words_match(const char *mnem, const char *const *w, const uint32_t *wlen, unsigned k)
{
    size_t at = 0, mlen = strlen(mnem);
    for (unsigned j = 0; j < k; j++) {
        if (at + wlen[j] > mlen || memcmp(mnem + at, w[j], wlen[j]) != 0)
            return 0;
        at += wlen[j];
    }
    return at == mlen;
}

/* The most words a mnemonic has: cp.async.mbarrier.arrive.noinc. */
#define MNEM_WORDS 5

int ptx_op_lookup(const char *const *w, const uint32_t *wlen, unsigned n, unsigned *used)
{
    for (unsigned k = n < MNEM_WORDS ? n : MNEM_WORDS; k >= 1; k--)
        for (int op = 0; op < PTX_OP_COUNT; op++)
            if (words_match(op_info[op].mnem, w, wlen, k)) {
                *used = k;
                return op;
            }
    return -1;
}

unsigned ptx_shape_len(const char *shape, unsigned *mandatory)
{
    unsigned n = 0, m = 0;
    for (const char *s = shape; *s; s++) {
        if (*s == '?')
            continue;
        n++;
        if (s[1] != '?')
            m++;
    }
    *mandatory = m;
    return n;
}

char ptx_shape_letter(const char *shape, unsigned n, unsigned i)
{
    unsigned mand, total = ptx_shape_len(shape, &mand);
    unsigned optional_left = n > mand ? n - mand : 0, at = 0;
    (void)total;
    for (const char *s = shape; *s; s++) {
        if (*s == '?')
            continue;
        if (s[1] == '?') {
            if (!optional_left)
                continue;
            optional_left--;
        }
        if (at++ == i)
            return *s;
    }
    return 0;
}

int ptx_sreg_lookup(const char *s, size_t len, unsigned *index)
{
    for (unsigned r = 0; r < PTX_SREG_COUNT; r++) {
        size_t n = strlen(sreg_info[r].spelling);
        if (memcmp(s, sreg_info[r].spelling, n < len ? n : len) != 0 || len < n)
            continue;
        if (len == n && sreg_info[r].form != PTX_SREG_INDEXED) {
            *index = 0;
            return (int)r;
        }
        if (sreg_info[r].form != PTX_SREG_INDEXED || len == n || len > n + 2)
            continue;
        unsigned v = 0;
        for (size_t k = n; k < len; k++) {
            if (s[k] < '0' || s[k] > '9' || (k == n && s[k] == '0' && len > n + 1))
                return -1;
            v = v * 10 + (unsigned)(s[k] - '0');
        }
        if (v >= sreg_info[r].count)
            return -1;
        *index = v;
        return (int)r;
    }
    return -1;
}

const char *ptx_sreg_name(ptx_sreg_t s) { return sreg_info[s < PTX_SREG_COUNT ? s : 0].spelling; }
ptx_sreg_form_t ptx_sreg_form(ptx_sreg_t s) { return sreg_info[s < PTX_SREG_COUNT ? s : 0].form; }
unsigned ptx_sreg_count(ptx_sreg_t s) { return sreg_info[s < PTX_SREG_COUNT ? s : 0].count; }
