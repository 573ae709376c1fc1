/* The encoding tables as the tester sees them: each row's op, fixed bits
 * (match under mask) and free bits, read from the same .def files the
 * decoders expand, so a new row is tested with no new tester code. */
#include <string.h>

#include "risu.h"
#include "risu_rows.h"
#include "device/arm/arm_a32.def"
#include "device/arm/arm_vfp_enc.def"
#include "device/arm/arm_neon_enc.def"

#define RISU_A32_ROW(op, form, match, mask) {(match), (mask), ARM_OP_##op},
static const risu_row_t risu_a32_rows[] = {ARM_A32_COND_ROWS(RISU_A32_ROW) ARM_A32_UNCOND_ROWS(RISU_A32_ROW)};
#undef RISU_A32_ROW
#define RISU_A32_COND_COUNT (sizeof (risu_row_t[]){ARM_A32_COND_ROWS(RISU_COUNT_ROW)} / sizeof(risu_row_t))

static const risu_row_t risu_t16_rows[] = {
#define T16(op, match, mask, form, fl) {(match), (mask), ARM_OP_##op},
#include "device/arm/arm_t16.def"
#undef T16
};

static const risu_row_t risu_t32_rows[] = {
#define T32(op, match, mask, form, fl) {(match), (mask), ARM_OP_##op},
#include "device/arm/arm_t32.def"
#undef T32
};

/* Bits 27..0; the top four are the A32 condition or T32's 1110. */
#define RISU_VFP_ROW(op, form, match, mask) {(match), (mask), ARM_OP_##op},
static const risu_row_t risu_vfp_rows[] = {ARM_VFP_ENC_ROWS(RISU_VFP_ROW)};
#undef RISU_VFP_ROW

/* A32 words; the T32 class rewrites them (risu_pick.c: risu_word). The
 * last row is none: the tables may be empty. */
#define RISU_NEON_ROW(op, form, match, mask) {(match), (mask), ARM_OP_##op},
static const risu_row_t risu_neon_rows[] = {ARM_NEON_ENC_ROWS(RISU_NEON_ROW){0u, 0u, ARM_OP_UNDEF}};
#undef RISU_NEON_ROW

#define RISU_N(a) ((uint32_t)(sizeof(a) / sizeof((a)[0])))

const risu_row_t *risu_row(risu_class_t cls, uint32_t i, int *cond_row)
{
    *cond_row = 0;
    switch (cls) {
    case RISU_A32:
        *cond_row = i < RISU_A32_COND_COUNT;
        return &risu_a32_rows[i];
    case RISU_T16:
        return &risu_t16_rows[i];
    case RISU_VFP:
        *cond_row = 1;
        return &risu_vfp_rows[i];
    case RISU_TVFP:
        return &risu_vfp_rows[i];
    case RISU_NEON:
    case RISU_TNEON:
        return &risu_neon_rows[i];
    default:
        return &risu_t32_rows[i];
    }
}

uint32_t risu_rows(risu_class_t cls)
{
    switch (cls) {
    case RISU_A32: return RISU_N(risu_a32_rows);
    case RISU_T16: return RISU_N(risu_t16_rows);
    case RISU_T32: return RISU_N(risu_t32_rows);
    case RISU_NEON: case RISU_TNEON: return RISU_N(risu_neon_rows) - 1u;
    default: return RISU_N(risu_vfp_rows);
    }
}

static const char *const risu_names[RISU_CLASSES] = {"a32", "t16", "t32", "vfp", "tvfp", "neon",
                                                          "tneon"};

const char *risu_class_name(risu_class_t cls) { return risu_names[cls]; }

int risu_class_of(const char *name, risu_class_t *cls)
{
    for (uint32_t i = 0; i < RISU_CLASSES; i++)
        if (!strcmp(name, risu_names[i])) {
            *cls = (risu_class_t)i;
            return 1;
        }
    return 0;
}
