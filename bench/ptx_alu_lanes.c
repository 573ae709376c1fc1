/* Lane-operations per second of the PTX ALU on the CPU: ptx_alu_warp (a
 * form's vectorisable 32-lane loop, or the generic one) against
 * ptx_alu_eval called lane by lane, for the hot forms and a few slow ones.
 *   make bench-ptx-alu          (build/ptx_alu_lanes [seconds-per-row]) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "device/ptx/ptx_alu.h"

#define SETS 16 /* distinct register arrays, cycled */

typedef struct {
    const char *name;
    unsigned op, type, type2, round, flags, mul, cmp;
    int nsrc;
} row_t;

static const row_t rows[] = {
    {"add.f32", PTX_OP_ADD, PTX_T_F32, 0, 0, 0, 0, 0, 2},
    {"fma.rn.f32", PTX_OP_FMA, PTX_T_F32, 0, PTX_RND_RN, 0, 0, 0, 3},
    {"add.s32", PTX_OP_ADD, PTX_T_S32, 0, 0, 0, 0, 0, 2},
    {"mad.lo.s32", PTX_OP_MAD, PTX_T_S32, 0, 0, 0, PTX_MUL_LO, 0, 3},
    {"mul.wide.s32", PTX_OP_MUL, PTX_T_S32, 0, 0, 0, PTX_MUL_WIDE, 0, 2},
    {"shl.b32", PTX_OP_SHL, PTX_T_B32, 0, 0, 0, 0, 0, 2},
    {"add.s64", PTX_OP_ADD, PTX_T_S64, 0, 0, 0, 0, 0, 2},
    {"setp.lt.s32", PTX_OP_SETP, PTX_T_S32, 0, 0, 0, 0, PTX_CMP_LT, 2},
    {"setp.gtu.f32", PTX_OP_SETP, PTX_T_F32, 0, 0, 0, 0, PTX_CMP_GTU, 2},
    {"selp.b32", PTX_OP_SELP, PTX_T_B32, 0, 0, 0, 0, 0, 3},
    {"mov.b32", PTX_OP_MOV, PTX_T_B32, 0, 0, 0, 0, 0, 1},
    {"cvt.rn.f32.s32", PTX_OP_CVT, PTX_T_F32, PTX_T_S32, PTX_RND_RN, 0, 0, 0, 1},
    {"cvt.rzi.s32.f32", PTX_OP_CVT, PTX_T_S32, PTX_T_F32, PTX_RND_RZI, 0, 0, 0, 1},
    {"rcp.approx.f32", PTX_OP_RCP, PTX_T_F32, 0, 0, PTX_MF_APPROX, 0, 0, 1},
    {"sqrt.rn.f32", PTX_OP_SQRT, PTX_T_F32, 0, PTX_RND_RN, 0, 0, 0, 1},
    {"ex2.approx.ftz.f32", PTX_OP_EX2, PTX_T_F32, 0, 0, PTX_MF_APPROX | PTX_MF_FTZ, 0, 0, 1},
    {"add.rz.f32 (soft)", PTX_OP_ADD, PTX_T_F32, 0, PTX_RND_RZ, 0, 0, 0, 2},
    {"min.f32 (generic)", PTX_OP_MIN, PTX_T_F32, 0, 0, 0, 0, 0, 2},
    {"cvt.rn.f16.f32 (soft)", PTX_OP_CVT, PTX_T_F16, PTX_T_F32, PTX_RND_RN, 0, 0, 0, 1},
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t src[SETS][4][32], dst[SETS][32], dst2[SETS][32];
static uint8_t cc[SETS][32];

/* Lane operations per second through ptx_alu_warp (a full mask). */
static double rate_warp(const ptx_alu_t *d, double secs)
{
    long lanes = 0;
    double t0 = now(), t;
    do {
        for (int rep = 0; rep < 256; rep++)
            for (int k = 0; k < SETS; k++) {
                const uint64_t *s[4] = {src[k][0], src[k][1], src[k][2], src[k][3]};
                ptx_alu_warp(d, dst[k], dst2[k], s, ~0u, cc[k]);
            }
        lanes += 256L * SETS * 32;
    } while ((t = now()) - t0 < secs);
    return (double)lanes / (t - t0);
}

/* The same through ptx_alu_eval, one call a lane (the GPU's shape). */
static double rate_eval(const ptx_alu_t *d, double secs)
{
    long lanes = 0;
    double t0 = now(), t;
    do {
        for (int rep = 0; rep < 256; rep++)
            for (int k = 0; k < SETS; k++)
                for (int l = 0; l < 32; l++) {
                    uint32_t c = cc[k][l];
                    dst[k][l] = ptx_alu_eval(d, src[k][0][l], src[k][1][l], src[k][2][l], 0, &c, &dst2[k][l]);
                    cc[k][l] = (uint8_t)c;
                }
        lanes += 256L * SETS * 32;
    } while ((t = now()) - t0 < secs);
    return (double)lanes / (t - t0);
}

int main(int argc, char **argv)
{
    double secs = argc > 1 ? atof(argv[1]) : 0.2;
    srand(1);
    for (int k = 0; k < SETS; k++)
        for (int i = 0; i < 4; i++)
            for (int l = 0; l < 32; l++) {
                float f = (float)rand() / RAND_MAX * 64.0f - 32.0f;
                uint32_t u;
                memcpy(&u, &f, 4);
                src[k][i][l] = (k & 1) ? u : (uint64_t)rand() * (uint64_t)rand();
            }
    printf("%-24s %5s %14s %14s %8s\n", "instruction", "form", "warp Mlane/s", "eval Mlane/s", "ratio");
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const row_t *r = &rows[i];
        ptx_alu_t d;
        memset(&d, 0, sizeof d);
        d.op = (uint16_t)r->op, d.type = (uint8_t)r->type, d.type2 = (uint8_t)r->type2, d.round = (uint8_t)r->round;
        d.flags = r->flags, d.mul = (uint8_t)r->mul, d.cmp = (uint8_t)r->cmp;
        ptx_alu_prepare(&d);
        double w = rate_warp(&d, secs), e = rate_eval(&d, secs);
        printf("%-24s %5u %14.0f %14.0f %7.1fx\n", r->name, d.form, w / 1e6, e / 1e6, w / e);
    }
    return 0;
}
