/* GPU configs: the shipped files (the default is h100.cfg's), a GPGPU-Sim
 * style file with options warpsim does not model, and the errors. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <string.h>

#include "host/ptx/gpu_config.h"

static void load_ok(gpu_config_t *c, const char *path)
{
    char err[512];
    gpu_config_defaults(c);
    cr_assert_eq(gpu_config_load(c, path, err, sizeof err), 0, "%s", err);
}

Test(gpu_config, default_is_h100_cfg)
{
    gpu_config_t d, f;
    gpu_config_defaults(&d);
    /* start from zero so every field must come from the file */
    memset(&f, 0, sizeof f);
    char err[512];
    cr_assert_eq(gpu_config_load(&f, "configs/gpu/h100.cfg", err, sizeof err), 0, "%s", err);
    cr_expect_eq(f.nignored, 0);
    cr_expect_eq(memcmp(&d, &f, sizeof d), 0, "configs/gpu/h100.cfg and gpu_config_defaults differ");
    cr_expect_eq(gpu_config_sms(&d), 132);
    gpu_config_free(&f);
}

typedef struct shipped {
    const char *path;
    uint32_t sms, threads, ctas, regs, shmem, block_threads;
    double clock;
} shipped_t;

ParameterizedTestParameters(gpu_config, shipped_files)
{
    static shipped_t s[] = {
        {"configs/gpu/h100.cfg", 132, 2048, 32, 65536, 233472, 1024, 1980},
        {"configs/gpu/a100.cfg", 108, 2048, 32, 65536, 167936, 1024, 1410},
        {"configs/gpu/titanv.cfg", 80, 2048, 32, 65536, 98304, 1024, 1200},
        {"configs/gpu/rtx2070super.cfg", 40, 1024, 16, 65536, 65536, 1024, 1605},
        {"configs/gpu/gtx285.cfg", 30, 1024, 8, 16384, 16384, 512, 1476},
        {"configs/gpu/quadrofx5800.cfg", 30, 1024, 8, 16384, 16384, 512, 1296},
    };
    return cr_make_param_array(shipped_t, s, sizeof s / sizeof s[0]);
}

ParameterizedTest(shipped_t *s, gpu_config, shipped_files)
{
    gpu_config_t c;
    load_ok(&c, s->path);
    cr_expect_eq(gpu_config_sms(&c), s->sms, "%s", s->path);
    cr_expect_eq(c.threads_per_sm, s->threads);
    cr_expect_eq(c.warp_size, 32);
    cr_expect_eq(c.ctas_per_sm, s->ctas);
    cr_expect_eq(c.regs_per_sm, s->regs);
    cr_expect_eq(c.shmem_per_sm, s->shmem);
    cr_expect_eq(gpu_config_block_threads(&c), s->block_threads);
    cr_expect_float_eq(c.clock_mhz[0], s->clock, 0);
    cr_expect_eq(c.nignored, 0);
    gpu_config_free(&c);
}

/* In the manner of GPGPU-Sim's tested-cfgs: comments after values, a
 * quoted value over two lines, options warpsim does not model. */
static const char gpgpusim_style[] =
    "# functional simulator specification\n"
    "-gpgpu_ptx_instruction_classification 0\n"
    "-gpgpu_ptx_sim_mode 0\n"
    "-gpgpu_n_clusters 40\n"
    "-gpgpu_n_cores_per_cluster 2   # two SMs a TPC\n"
    "-gpgpu_clock_domains 1200.0:1200.0:1200.0:850.0\n"
    "-gpgpu_shader_core_pipeline 2048:32 \n"
    "-gpgpu_dram_timing_opt \"nbk=16:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:\n"
    "                        CL=12:WL=2:CDLR=3:WR=10:nbkgrp=4:CCDL=2:RTPL=3\"\n"
    "-gpgpu_cache:dl1  S:4:128:64,L:T:m:L:L,A:512:8,16:0,32\n"
    "-gpgpu_shmem_size 98304\n";

/* fuzz_config's finding: a quoted value may span lines; a refusal quoting it
 * stays one line. */
Test(gpu_config, refusal_quoting_a_multiline_value_is_one_line)
{
    gpu_config_t c;
    char err[256];
    gpu_config_defaults(&c);
    cr_assert_eq(gpu_config_parse(&c, "q.cfg", "-gpgpu_n_mem \"8\n9\" 10\n", err, sizeof err), -1);
    cr_expect_str_eq(err, "q.cfg:2: expected one value for -gpgpu_n_mem, found '10' after '8 9'");
    gpu_config_free(&c);
}

Test(gpu_config, gpgpusim_options_not_modelled_are_named)
{
    gpu_config_t c;
    char err[512];
    gpu_config_defaults(&c);
    cr_assert_eq(gpu_config_parse(&c, "x/gpgpusim.config", gpgpusim_style, err, sizeof err),
                 0, "%s", err);
    cr_expect_eq(gpu_config_sms(&c), 80);
    cr_expect_eq(c.shmem_per_sm, 98304);
    cr_expect_float_eq(c.clock_mhz[3], 850.0, 0);
    cr_expect_eq(c.nignored, 2, "-gpgpu_cache:dl1 and -gpgpu_dram_timing_opt are modelled");
    cr_expect_str_eq(c.ignored, "gpgpu_ptx_instruction_classification, gpgpu_ptx_sim_mode");
    cr_expect_str_eq(c.name, "gpgpusim");
    /* a second file on top: a name already listed is not listed again */
    cr_assert_eq(gpu_config_parse(&c, "y.config", "-gpgpu_ptx_sim_mode 0\n-gpgpu_flush_l1_cache 1\n", err, sizeof err),
                 0, "%s", err);
    cr_expect_eq(c.nignored, 3);
    cr_expect_str_eq(c.ignored, "gpgpu_ptx_instruction_classification, gpgpu_ptx_sim_mode, "
                                "gpgpu_flush_l1_cache");
    gpu_config_free(&c);
}

/* The memory system as GPGPU-Sim builds it from its options: TITAN V's
 * shipped config gives the whitepaper's 4.5 MB L2 and 3072-bit bus, the
 * H100's its 50 MB and 5120 bits (deviceQuery's); the defaults (h100.cfg's)
 * fill what a config does not give. */
Test(gpu_config, l2_and_bus_from_the_memory_options)
{
    gpu_config_t c;
    load_ok(&c, "configs/gpu/titanv.cfg");
    cr_expect_eq(gpu_config_l2_bytes(&c), 4718592);
    cr_expect_eq(gpu_config_bus_bits(&c), 3072);
    gpu_config_free(&c);
    load_ok(&c, "configs/gpu/h100.cfg");
    cr_expect_eq(gpu_config_l2_bytes(&c), 52428800);
    cr_expect_eq(gpu_config_bus_bits(&c), 5120);
    gpu_config_free(&c);
    char err[512];
    gpu_config_defaults(&c);
    cr_assert_eq(gpu_config_parse(&c, "m.cfg",
                                  "-gpgpu_cache:dl2 64:128:8,L:B:m:N,A:16:4,4\n-gpgpu_n_mem 6\n"
                                  "-gpgpu_n_sub_partition_per_mchannel 1\n",
                                  err, sizeof err), 0, "%s", err);
    cr_expect_eq(gpu_config_l2_bytes(&c), 64 * 128 * 8 * 6, "old format, one slice a controller");
    cr_expect_eq(gpu_config_bus_bits(&c), 6 * 16 * 8, "the default H100's 16-byte channels");
    cr_assert_eq(gpu_config_parse(&c, "m.cfg", "-gpgpu_cache:dl2 none\n", err, sizeof err), 0, "%s", err);
    cr_expect_eq(gpu_config_l2_bytes(&c), 0);
    cr_expect_eq(c.nignored, 0);
    gpu_config_free(&c);
}

typedef struct bad_cfg {
    const char *text, *want;
} bad_cfg_t;

ParameterizedTestParameters(gpu_config, errors_name_the_line)
{
    static bad_cfg_t b[] = {
        {"-gpgpu_n_clusters 4\n-gpgpu_frobnicate 1\n", "c.cfg:2: expected an option of GPGPU-Sim's, found '-gpgpu_frobnicate'"},
        {"\n-gpgpu_n_clusters\n", "c.cfg:2: expected a value after -gpgpu_n_clusters"},
        {"-gpgpu_n_clusters 4 5\n", "c.cfg:1: expected one value for -gpgpu_n_clusters, found '5' after '4'"},
        {"-gpgpu_n_clusters four\n", "c.cfg:1: expected a number for -gpgpu_n_clusters, found 'four'"},
        {"-gpgpu_shader_cta 0\n", "c.cfg:1: expected a number above 0 for -gpgpu_shader_cta"},
        {"-gpgpu_shader_core_pipeline 2048\n", "c.cfg:1: expected <threads per SM>:<warp size>, found '2048'"},
        {"-gpgpu_shader_core_pipeline 2048:16\n",
         "c.cfg:1: expected warp size 32 (warpsim's warps have 32 lanes), found 16"},
        {"-gpgpu_shader_core_pipeline 100:32\n",
         "c.cfg:1: expected threads per SM a multiple of the warp size, found 100"},
        {"-gpgpu_clock_domains 1200:1200\n",
         "c.cfg:1: expected <core>:<interconnect>:<L2>:<DRAM> clocks in MHz, found '1200:1200'"},
        {"#x\n-gpgpu_dram_timing_opt \"nbk=16\n", "c.cfg:2: expected a closing '\"'"},
        {"gpgpu_n_clusters 4\n", "c.cfg:1: expected an option (-name value), found 'gpgpu_n_clusters'"},
        {"-gpgpu_cache:dl2 S:32:128,L:B\n",
         "c.cfg:1: expected -gpgpu_cache:dl2 field 4 (ways) after ':' in 'S:32:128,L:B', found ','"},
        {"-gpgpu_cache:dl2 X:32:128:24,L\n",
         "c.cfg:1: expected -gpgpu_cache:dl2 field 6 (write policy) after 'L' (a field of 5 in this group), found the end of 'X:32:128:24,L'"},
        {"-gpgpu_n_mem 0\n", "c.cfg:1: expected a number above 0 for -gpgpu_n_mem"},
        {"-gpgpu_n_chiplet_partition 3\n",
         "c.cfg:1: expected -gpgpu_n_chiplet_partition 1 or 2 (an L2 in halves), found 3"},
        {"-gpgpu_n_mem 5\n", "c.cfg:1: expected an even -gpgpu_n_mem for an L2 in two halves, found 5"},
        {"#\n-warpsim_chiplet_latency 0\n",
         "c.cfg:2: expected -warpsim_chiplet_latency of at least a cycle for an L2 in two halves"},
    };
    return cr_make_param_array(bad_cfg_t, b, sizeof b / sizeof b[0]);
}

ParameterizedTest(bad_cfg_t *b, gpu_config, errors_name_the_line)
{
    gpu_config_t c;
    char err[512];
    gpu_config_defaults(&c);
    cr_expect_eq(gpu_config_parse(&c, "c.cfg", b->text, err, sizeof err), -1);
    cr_expect_str_eq(err, b->want);
    gpu_config_free(&c);
}

Test(gpu_config, missing_file)
{
    gpu_config_t c;
    char err[512];
    gpu_config_defaults(&c);
    cr_expect_eq(gpu_config_load(&c, "/nonexistent/x.cfg", err, sizeof err), -1);
    cr_expect_str_eq(err, "/nonexistent/x.cfg: No such file or directory");
}

/* GPGPU-Sim 4.x's own (dev 667834cf), Accel-Sim's trace mode and its newer
 * tested configs are known; -gpgpu_dram_timing_opt's fields and
 * option_parser.cc's test options are not top-level options. */
Test(gpu_config, knows_gpgpusim_options)
{
    static const char *const known[] = {"gpgpu_shader_cta", "specialized_unit_8", "gpgpu_shmem_option",
                                        "gpgpu_unified_l1d_size", "gpgpu_l1_cache_write_ratio",
                                        "accelwattch_xml_file", "gpuwattch_xml_file", "gpgpu_opndcoll_model",
                                        "trace", "trace_opcode_latency_initiation_tensor",
                                        "trace_opcode_latency_initiation_spec_op_8"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        cr_expect(gpu_config_gpgpusim_option(known[i]), "%s", known[i]);
    static const char *const unknown[] = {"gpgpu_frobnicate", "nbk", "CCD", "idata", "coption",
                                          "specialized_unit_9", "option_parser_register("};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        cr_expect(!gpu_config_gpgpusim_option(unknown[i]), "%s", unknown[i]);
}

/* The list has each name once, spelt as GPGPU-Sim's parser can meet it. */
Test(gpu_config, gpgpusim_option_list_is_clean)
{
    static const char *const names[] = {
#define GPGPUSIM_OPT(name) name,
#include "host/ptx/gpgpusim_options.def"
#undef GPGPUSIM_OPT
    };
    size_t n = sizeof names / sizeof names[0];
    cr_expect_eq(n, 246);
    for (size_t i = 0; i < n; i++) {
        cr_expect_eq(strspn(names[i], "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_:"),
                     strlen(names[i]), "%s", names[i]);
        for (size_t j = i + 1; j < n; j++)
            cr_expect(strcmp(names[i], names[j]), "%s twice", names[i]);
    }
}
