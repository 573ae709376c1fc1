/* The checks that need a whole GPU config, made once a text is read so
 * that options come in any order. Most are GPGPU-Sim's own assertions
 * (shader.cc: a sub-core model gives each scheduler one issue slot of every
 * unit's pipe, and an equal share of the banks and collectors), which
 * GPGPU-Sim reports by aborting; here they are "PATH:LINE: expected ...",
 * the line where the last of the options concerned was read. */
#include "host/ptx/gpu_config_read.h"

#include <stddef.h>
#include <stdio.h>

static const char *const pipe_name[GPU_PIPE_COUNT] = {
    "ID_OC_SP", "ID_OC_DP", "ID_OC_INT", "ID_OC_SFU", "ID_OC_MEM", "OC_EX_SP", "OC_EX_DP",
    "OC_EX_INT", "OC_EX_SFU", "OC_EX_MEM", "EX_WB", "ID_OC_TENSOR_CORE", "OC_EX_TENSOR_CORE"};

/* A unit class and the two pipeline stages in front of it. */
typedef struct unit_class {
    const char *what, *opt; /* opt NULL: one unit, always there (the LD/ST unit) */
    size_t count;           /* offsetof the per-SM unit count */
    enum gpu_pipe id_oc, oc_ex;
    int optional;           /* GPGPU-Sim's count is 0 unless a config gives it */
} unit_class_t;

static const unit_class_t unit_classes[] = {
    {"SP", "gpgpu_num_sp_units", offsetof(gpu_config_t, num_sp_units), GPU_PIPE_ID_OC_SP, GPU_PIPE_OC_EX_SP, 0},
    {"DP", "gpgpu_num_dp_units", offsetof(gpu_config_t, num_dp_units), GPU_PIPE_ID_OC_DP, GPU_PIPE_OC_EX_DP, 1},
    {"INT", "gpgpu_num_int_units", offsetof(gpu_config_t, num_int_units), GPU_PIPE_ID_OC_INT, GPU_PIPE_OC_EX_INT, 1},
    {"SFU", "gpgpu_num_sfu_units", offsetof(gpu_config_t, num_sfu_units), GPU_PIPE_ID_OC_SFU, GPU_PIPE_OC_EX_SFU, 0},
    {"tensor", "gpgpu_num_tensor_core_units", offsetof(gpu_config_t, num_tensor_units), GPU_PIPE_ID_OC_TENSOR,
     GPU_PIPE_OC_EX_TENSOR, 1},
    {"MEM", NULL, 0, GPU_PIPE_ID_OC_MEM, GPU_PIPE_OC_EX_MEM, 0},
};

static uint32_t *count_of(gpu_config_t *c, const unit_class_t *u) { return (uint32_t *)((char *)c + u->count); }

static uint32_t units_of(const gpu_config_t *c, const unit_class_t *u)
{
    return u->opt ? *count_of((gpu_config_t *)c, u) : 1;
}

static int given(const cfg_reader_t *r, const char *opt) { return r->set_at[gpu_config_row(opt)] != 0; }

/* A text whose widths close a DP, INT or tensor pipe (both stages 0) and
 * that does not count those units describes a GPU without them, as GPGPU-Sim
 * reads it (SM75_RTX2060_S has no DP, SM6_TITANX no DP, INT or tensor
 * units), whatever the count was before it (the H100 default's 4). */
static void close_units_the_widths_close(const cfg_reader_t *r, gpu_config_t *c)
{
    if (!given(r, "gpgpu_pipeline_widths"))
        return;
    for (size_t i = 0; i < sizeof unit_classes / sizeof unit_classes[0]; i++) {
        const unit_class_t *u = &unit_classes[i];
        if (u->optional && !given(r, u->opt) && !c->pipeline_widths[u->id_oc] && !c->pipeline_widths[u->oc_ex])
            *count_of(c, u) = 0;
    }
}

/* The line of this text where the later of options a and b was read; the
 * text's end when neither was (the value came from before it). */
static int line_of(const cfg_reader_t *r, const char *a, const char *b)
{
    const char *opts[2] = {a, b};
    int line = 0;
    for (int i = 0; i < 2; i++) {
        int k = opts[i] ? gpu_config_row(opts[i]) : -1;
        if (k >= 0 && r->set_at[k] > line)
            line = r->set_at[k];
    }
    return line ? line : r->line;
}

static int check_widths(cfg_reader_t *r, const gpu_config_t *c)
{
    const char *w = "gpgpu_pipeline_widths";
    for (size_t i = 0; i < sizeof unit_classes / sizeof unit_classes[0]; i++) {
        const unit_class_t *u = &unit_classes[i];
        uint32_t n = units_of(c, u);
        enum gpu_pipe stage = !c->pipeline_widths[u->id_oc] ? u->id_oc : u->oc_ex;
        if (n && !c->pipeline_widths[stage])
            return cfg_fail(r, line_of(r, w, u->opt), "expected the %s width of -%s above 0 (%u %s unit%s), found 0",
                            pipe_name[stage], w, n, u->what, n == 1 ? "" : "s");
    }
    if (!c->pipeline_widths[GPU_PIPE_EX_WB])
        return cfg_fail(r, line_of(r, w, NULL), "expected the EX_WB width of -%s above 0, found 0", w);
    return 0;
}

/* GPGPU-Sim takes units 1.. up to the first disabled one. */
static int check_spec_units(cfg_reader_t *r, const gpu_config_t *c)
{
    char opt[32], first_off[32] = "";
    for (int i = 0; i < GPU_SPEC_UNITS; i++) {
        const gpu_spec_unit_t *u = &c->spec_unit[i];
        snprintf(opt, sizeof opt, "specialized_unit_%d", i + 1);
        if (!u->enabled) {
            if (!first_off[0])
                snprintf(first_off, sizeof first_off, "%s", opt);
            continue;
        }
        if (first_off[0])
            return cfg_fail(r, line_of(r, opt, first_off),
                            "expected -%s disabled: GPGPU-Sim uses the enabled units up to the first disabled one, "
                            "-%s", opt, first_off);
        if (!u->units || !u->max_latency || !u->id_oc || !u->oc_ex)
            return cfg_fail(r, line_of(r, opt, NULL), "expected -%s's units, latency and widths above 0 when enabled", opt);
    }
    return 0;
}

/* Whose the sub-core model is, for a text that never mentions it (GPGPU-Sim's
 * own SM2_GTX480, say, written for GPGPU-Sim's default of 0). */
static const char *sub_core_origin(const cfg_reader_t *r)
{
    return given(r, "gpgpu_sub_core_model") ? "" : ", warpsim's default (GPGPU-Sim's is 0)";
}

static int sub_core_multiple(cfg_reader_t *r, const char *opt, uint32_t n, uint32_t sched)
{
    if (n % sched == 0)
        return 0;
    return cfg_fail(r, line_of(r, opt, "gpgpu_num_sched_per_core"),
                    "expected -%s a multiple of -gpgpu_num_sched_per_core (%u) under -gpgpu_sub_core_model 1%s, found %u",
                    opt, sched, sub_core_origin(r), n);
}

/* A scheduler of the sub-core model owns one issue slot of each unit's
 * ID_OC stage and an equal share of banks, collectors and units. */
static int check_sub_cores(cfg_reader_t *r, const gpu_config_t *c)
{
    uint32_t s = c->sched_per_sm;
    if (!c->sub_core_model)
        return 0;
    if (sub_core_multiple(r, "gpgpu_num_reg_banks", c->reg_banks, s) ||
        sub_core_multiple(r, "gpgpu_operand_collector_num_units_gen", c->oc_units, s))
        return -1;
    for (size_t i = 0; i < sizeof unit_classes / sizeof unit_classes[0]; i++) {
        const unit_class_t *u = &unit_classes[i];
        uint32_t n = units_of(c, u), w = c->pipeline_widths[u->id_oc];
        if (!n || !u->opt)
            continue;
        if (sub_core_multiple(r, u->opt, n, s))
            return -1;
        if (w != s)
            return cfg_fail(r, line_of(r, "gpgpu_pipeline_widths", "gpgpu_num_sched_per_core"),
                            "expected the %s width of -gpgpu_pipeline_widths to be -gpgpu_num_sched_per_core (%u), a "
                            "slot per scheduler, under -gpgpu_sub_core_model 1%s, found %u", pipe_name[u->id_oc], s,
                            sub_core_origin(r), w);
    }
    for (int i = 0; i < GPU_SPEC_UNITS && c->spec_unit[i].enabled; i++) {
        char opt[32];
        snprintf(opt, sizeof opt, "specialized_unit_%d", i + 1);
        if (c->spec_unit[i].id_oc != s)
            return cfg_fail(r, line_of(r, opt, "gpgpu_num_sched_per_core"),
                            "expected -%s's ID_OC width to be -gpgpu_num_sched_per_core (%u) under "
                            "-gpgpu_sub_core_model 1%s, found %u", opt, s, sub_core_origin(r), c->spec_unit[i].id_oc);
    }
    return 0;
}

int gpu_config_check(cfg_reader_t *r, gpu_config_t *c)
{
    if ((uint64_t)c->n_clusters * c->cores_per_cluster > 1u << 20)
        return cfg_fail(r, line_of(r, "gpgpu_n_clusters", "gpgpu_n_cores_per_cluster"),
                        "expected at most 1M SMs (clusters x cores per cluster)");
    /* GPGPU-Sim builds no tensor pipe without tensor cores (shader.cc). */
    if (!c->tensor_core_avail) {
        c->num_tensor_units = 0;
        c->pipeline_widths[GPU_PIPE_ID_OC_TENSOR] = c->pipeline_widths[GPU_PIPE_OC_EX_TENSOR] = 0;
    }
    close_units_the_widths_close(r, c);
    if (c->max_insn_issue_per_warp > 2)
        return cfg_fail(r, line_of(r, "gpgpu_max_insn_issue_per_warp", NULL),
                        "expected -gpgpu_max_insn_issue_per_warp 1 or 2, found %u", c->max_insn_issue_per_warp);
    if (c->scheduler == GPU_SCHED_TWO_LEVEL && c->two_level_active > gpu_config_max_warps_per_sm(c))
        return cfg_fail(r, line_of(r, "gpgpu_scheduler", "gpgpu_shader_core_pipeline"),
                        "expected at most %u active warps (the SM's) in -gpgpu_scheduler two_level_active, found %u",
                        gpu_config_max_warps_per_sm(c), c->two_level_active);
    return check_widths(r, c) || check_spec_units(r, c) || check_sub_cores(r, c) || gpu_config_check_dram(r, c) ||
           gpu_config_check_caches(r, c)
               ? -1
               : 0;
}
