/* A fixed list of x87 operations on fixed (seeded) operands, run by
 * whatever x87 executes this i686 program: the real FPU natively, or
 * qemu-i386's softfloat, the oracle the project will compare the
 * simulator with. One line a case: the instruction, the operands, what the
 * executing FPU left and what the fp80 core computes. qemu_x87.sh runs it
 * both ways and counts where qemu differs from the hardware.
 *
 * Line: name cw sw_in a b | host st0 st1 sw | fp80 st0 st1 sw, values as
 * sexp:mant (stores: the stored bits), sw masked to flags and C0-C3.
 * "qemu_x87 compare NATIVE QEMU" reads two such outputs and prints, per
 * instruction, how often fp80 differs from the native host and qemu from
 * it, with the status bits qemu sets beyond the host's and short of them.
 *
 * Found with qemu-i386 7.2 (Debian 12) on an AMD EPYC host, where fp80
 * equals the host in all but the transcendentals' last bits:
 * - C1 is never set for a result rounded up, nor cleared: it keeps its
 *   value through arithmetic, loads, stores, compares, FABS, FCHS, FXTRACT
 *   and the constants (FXAM and FPREM's quotient bit are right);
 * - DE is never raised;
 * - precision control rounds FPREM and FPREM1 remainders, FRNDINT (with
 *   PE, UE, even OE) and the values FLD m64 and FBLD load, which the
 *   hardware keeps exact;
 * - FSQRT of a negative sets C2 and clears C0 C1 C3; FPREM and FPREM1 on a
 *   NaN or an invalid operand clear C0 and C3 (the hardware keeps them);
 * - FSCALE, FYL2X, FYL2XP1, FPATAN pass a pseudo-NaN on as a NaN instead of
 *   the indefinite; FSCALE returns ST1's NaN where the hardware's rule
 *   picks ST0's;
 * - F2XM1 beyond +-1 and FYL2XP1 beyond its range give IE and the
 *   indefinite (the hardware returns x, or computes);
 * - FSIN FCOS FSINCOS FPTAN go through a double: 53 good bits, no PE or
 *   UE, an infinity gives C2 = 1 instead of IE, an SNaN raises no IE and
 *   loses the low bits of its payload; unsupported formats raise no IE;
 * - F2XM1, FYL2X, FYL2XP1, FPATAN differ in the last bit in 3% to 40% of
 *   results; FYL2X raises no PE for its exact results. */
#include <stdio.h>
#include <string.h>

#include "x87_emu.h"

#define N_CASES 4000u

static void put(fp80_t v) { printf(" %04x:%016llx", v.sexp, (unsigned long long)v.mant); }

static void line(const char *name, uint16_t cw, uint16_t sw, fp80_t a, fp80_t b, fp80_t h0, fp80_t h1,
                 uint16_t hsw, fp80_t r0, fp80_t r1, uint16_t rsw)
{
    printf("%s %04x %04x", name, cw, sw);
    put(a);
    put(b);
    printf(" |");
    put(h0);
    put(h1);
    printf(" %04x |", hsw & X87_SW_MASK);
    put(r0);
    put(r1);
    printf(" %04x\n", rsw & X87_SW_MASK);
}

/* Operands of op k of x87_ops: for the transcendentals (k >= 18) half of
 * them near 1, positive for FYL2X (k = 19). */
static void gen(uint64_t *s, unsigned k, fp80_t *a, fp80_t *b)
{
    x87_gen_any(s, a, b);
    if (k >= 18 && x87_below(s, 2)) {
        *a = x87_normal_near(s, 0x3fff - 2, 6);
        if (k == 19)
            a->sexp &= 0x7fff;
    }
}

static void two_register_ops(void)
{
    for (unsigned k = 0; k < sizeof x87_ops / sizeof *x87_ops; k++) {
        const x87_op_t *op = &x87_ops[k];
        uint64_t s = 0x5eed9000u + k;
        for (uint32_t i = 0; i < N_CASES; i++) {
            fp80_t a, b;
            uint16_t cw = x87_cw(i);
            gen(&s, k, &a, &b);
            uint16_t sw = x87_sw_in(&s);
            hw_out_t h = op->hw(cw, sw, a, b);
            fp80_env_t env = {cw, sw};
            fp80_pair_t r;
            op->emu(&env, a, b, &r);
            line(op->name, cw, sw, a, b, h.st0, h.st1, h.sw, r.st0, r.st1, env.sw);
        }
    }
}

/* FIST, FISTTP, FST m32/m64, FBSTP: a store of ST0 (the bits as st0). */
static void stores(void)
{
    static const char *names[] = {"fist16", "fist32", "fist64", "fisttp16", "fisttp32", "fisttp64", "fst32",
                                  "fst64", "fbstp"};
    static hw_out_t (*const hw[])(uint16_t, uint16_t, fp80_t) = {
        hw_fist16, hw_fist32, hw_fist64, hw_fisttp16, hw_fisttp32, hw_fisttp64, hw_fst32, hw_fst64, hw_fbstp};
    for (unsigned k = 0; k < 9; k++) {
        uint64_t s = 0x5eed9100u + k;
        for (uint32_t i = 0; i < N_CASES; i++) {
            uint16_t cw = x87_cw(i);
            fp80_t a = x87_below(&s, 2) ? x87_operand(&s) : x87_normal_near(&s, 0x3fff + 20, 40);
            uint16_t sw = x87_sw_in(&s);
            hw_out_t h = hw[k](cw, sw, a);
            fp80_env_t env = {cw, sw};
            fp80_t v = fp80_zero(0), hv = fp80_make(0, 0, h.i);
            if (k < 6) {
                uint32_t bits = 16u << (k % 3);
                uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
                v.mant = (uint64_t)fp80_to_int(&env, a, bits, k >= 3) & mask;
                hv.mant &= mask;
            } else if (k == 6) {
                v.mant = fp80_to_f32(&env, a);
                hv.mant &= 0xffffffffu;
            } else if (k == 7) {
                v.mant = fp80_to_f64(&env, a);
            } else {
                fp80_bcd_t d = fp80_to_bcd(&env, a);
                v = fp80_make(0, 0, d.lo);
                v.sexp = d.hi;
                hv.sexp = h.ih;
            }
            line(names[k], cw, sw, a, a, hv, hv, h.sw, v, v, env.sw);
        }
    }
}

/* FLD m32/m64 and FBLD (the operand's bits as a), the constants. */
static void loads(void)
{
    static const char *names[] = {"fld32", "fld64", "fbld", "fldconst"};
    static const x87_hw2_t consts[7] = {hw_ld1, hw_ldl2t, hw_ldl2e, hw_ldpi, hw_ldlg2, hw_ldln2, hw_ldz};
    for (unsigned k = 0; k < 4; k++) {
        uint64_t s = 0x5eed9200u + k;
        for (uint32_t i = 0; i < (k == 3 ? 7u * 48u : N_CASES); i++) {
            uint16_t cw = x87_cw(i), sw = x87_sw_in(&s);
            fp80_t a = x87_operand(&s), r;
            fp80_env_t env = {cw, sw};
            hw_out_t h;
            if (k == 0) {
                uint32_t v = fp80_to_f32(&env, a);
                env.sw = sw;
                h = hw_fld32(cw, sw, v);
                r = fp80_from_f32(&env, v);
            } else if (k == 1) {
                uint64_t v = fp80_to_f64(&env, a);
                env.sw = sw;
                h = hw_fld64(cw, sw, v);
                r = fp80_from_f64(&env, v);
            } else if (k == 2) {
                fp80_bcd_t d = fp80_to_bcd(&env, a);
                if (x87_below(&s, 4) == 0)
                    d.lo ^= x87_rand(&s); /* nibbles above 9 */
                env.sw = sw;
                h = hw_fbld(cw, sw, d);
                r = fp80_from_bcd(&env, d);
            } else {
                h = consts[i / 48](cw, sw, a, a);
                r = fp80_ld_const(&env, i / 48);
            }
            line(names[k], cw, sw, a, a, h.st0, h.st0, h.sw, r, r, env.sw);
        }
    }
}

typedef struct {
    char name[16];
    unsigned cw, sw, hsw, rsw;
    char a[32], b[32], h0[32], h1[32], r0[32], r1[32];
} rec_t;

static int get(FILE *f, rec_t *r)
{
    return fscanf(f, "%15s %x %x %31s %31s | %31s %31s %x | %31s %31s %x", r->name, &r->cw, &r->sw, r->a, r->b,
                  r->h0, r->h1, &r->hsw, r->r0, r->r1, &r->rsw) == 11;
}

/* Only these leave a second result worth comparing. */
static int two_results(const char *name)
{
    return !strcmp(name, "fxtract") || !strcmp(name, "fsincos") || !strcmp(name, "fptan") ||
           !strcmp(name, "fcomi") || !strcmp(name, "fucomi");
}

static void report(const char *name, unsigned n, unsigned fp_res, unsigned fp_sw, unsigned q_res, unsigned q_sw,
                   unsigned more, unsigned less)
{
    printf("%-8s %5u cases | fp80 vs host: %5u results %5u status | qemu vs host: %5u results %5u status "
           "(qemu sets %04x more, %04x less)\n", name, n, fp_res, fp_sw, q_res, q_sw, more, less);
}

static int compare(const char *native, const char *qemu)
{
    FILE *fn = fopen(native, "r"), *fq = fopen(qemu, "r");
    if (!fn || !fq) {
        perror("qemu_x87 compare");
        return 2;
    }
    rec_t n, q;
    char cur[16] = "";
    unsigned cases = 0, fp_res = 0, fp_sw = 0, q_res = 0, q_sw = 0, more = 0, less = 0, shown = 0;
    while (get(fn, &n) && get(fq, &q)) {
        if (strcmp(n.name, cur)) {
            if (cases)
                report(cur, cases, fp_res, fp_sw, q_res, q_sw, more, less);
            strcpy(cur, n.name);
            cases = fp_res = fp_sw = q_res = q_sw = more = less = shown = 0;
        }
        int both = two_results(n.name);
        int qd = strcmp(n.h0, q.h0) || (both && strcmp(n.h1, q.h1));
        cases++;
        fp_res += strcmp(n.h0, n.r0) || (both && strcmp(n.h1, n.r1));
        fp_sw += n.hsw != n.rsw;
        q_res += qd;
        q_sw += n.hsw != q.hsw;
        more |= q.hsw & ~n.hsw;
        less |= n.hsw & ~q.hsw;
        if ((qd || n.hsw != q.hsw) && shown++ < 2)
            printf("  %-8s cw=%04x sw=%04x a=%s b=%s: host %s %s %04x, qemu %s %s %04x\n", n.name, n.cw, n.sw,
                   n.a, n.b, n.h0, both ? n.h1 : "", n.hsw, q.h0, both ? q.h1 : "", q.hsw);
    }
    if (cases)
        report(cur, cases, fp_res, fp_sw, q_res, q_sw, more, less);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "compare"))
        return compare(argv[2], argv[3]);
    two_register_ops();
    stores();
    loads();
    return 0;
}
