/* The SM pipeline's options (gpu_config.h): each kind as GPGPU-Sim reads it,
 * the whole-config checks GPGPU-Sim asserts, the shipped cards' sourced
 * values, and an Accel-Sim gpgpusim.config and trace.config as they come. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <string.h>

#include "host/ptx/gpu_config.h"

static char err[512];

/* text on top of the H100 defaults */
static int parse(gpu_config_t *c, const char *text)
{
    gpu_config_defaults(c);
    err[0] = 0;
    return gpu_config_parse(c, "c.cfg", text, err, sizeof err);
}

static uint32_t cache_bytes(uint32_t sets, uint32_t line, uint32_t ways) { return sets * line * ways; }

Test(gpu_config_sm, numbers_bools_and_zero)
{
    gpu_config_t c;
    cr_assert_eq(parse(&c, "-gpgpu_sub_core_model 0\n-gpgpu_num_dp_units 0\n-gpgpu_num_int_units 0\n"
                           "-gpgpu_kernel_launch_latency 0\n-gpgpu_inst_fetch_throughput 2\n-gpgpu_coalesce_arch 70\n"),
                 0, "%s", err);
    cr_expect_eq(c.sub_core_model, 0);
    cr_expect_eq(c.num_dp_units, 0);
    cr_expect_eq(c.num_int_units, 0);
    cr_expect_eq(c.kernel_launch_latency, 0);
    cr_expect_eq(c.inst_fetch_throughput, 2);
    cr_expect_eq(c.coalesce_arch, 70);
    gpu_config_free(&c);
}

/* GPGPU-Sim reads the lists with sscanf("%u,%u,..."): its shipped int
 * lists have 5 values and SHFL keeps what it had. */
Test(gpu_config_sm, latency_lists)
{
    gpu_config_t c;
    cr_assert_eq(parse(&c, "-ptx_opcode_latency_int 1,2,3,4,5\n-ptx_opcode_initiation_int 6,7,8,9,10,11\n"
                           "-ptx_opcode_latency_fp 12,13,14,15,16\n-ptx_opcode_latency_tesnor 17\n"),
                 0, "%s", err);
    uint32_t lat_int[6] = {1, 2, 3, 4, 5, 32}, init_int[6] = {6, 7, 8, 9, 10, 11}, lat_fp[5] = {12, 13, 14, 15, 16};
    cr_expect_arr_eq(c.lat_int, lat_int, sizeof lat_int, "SHFL keeps the default's 32");
    cr_expect_arr_eq(c.init_int, init_int, sizeof init_int);
    cr_expect_arr_eq(c.lat_fp, lat_fp, sizeof lat_fp);
    cr_expect_eq(c.lat_int[GPU_LAT_DIV], 5);
    cr_expect_eq(c.lat_tensor, 17);
    gpu_config_free(&c);
}

Test(gpu_config_sm, pipeline_widths)
{
    gpu_config_t c;
    cr_assert_eq(parse(&c, "-gpgpu_pipeline_widths 4,4,4,4,4,4,4,4,4,4,6,4,4\n"), 0, "%s", err);
    cr_expect_eq(c.pipeline_widths[GPU_PIPE_EX_WB], 6);
    cr_expect_eq(c.pipeline_widths[GPU_PIPE_OC_EX_TENSOR], 4);
    gpu_config_free(&c);
    /* GPGPU-Sim's 11 of a GPU without tensor cores (SM6_TITANX's form) */
    cr_assert_eq(parse(&c, "-gpgpu_tensor_core_avail 0\n-gpgpu_pipeline_widths 4,4,4,4,4,4,4,4,4,4,8\n"), 0, "%s", err);
    cr_expect_eq(c.num_tensor_units, 0, "no tensor pipe without tensor cores");
    cr_expect_eq(c.pipeline_widths[GPU_PIPE_ID_OC_TENSOR], 0);
    cr_expect_eq(c.pipeline_widths[GPU_PIPE_EX_WB], 8);
    gpu_config_free(&c);
    /* DP stages of width 0 where there are no DP units */
    cr_assert_eq(parse(&c, "-gpgpu_num_dp_units 0\n-gpgpu_pipeline_widths 4,0,4,4,4,4,0,4,4,4,8,4,4\n"), 0, "%s", err);
    gpu_config_free(&c);
    /* Closed stages and no count: GPGPU-Sim's count, 0, not the H100 default's
     * 4 (SM75_RTX2060_S closes DP so; SM6_TITANX DP, INT and, with 11
     * widths, tensor). */
    cr_assert_eq(parse(&c, "-gpgpu_pipeline_widths 4,0,4,4,4,4,0,4,4,4,8,4,4\n"), 0, "%s", err);
    cr_expect_eq(c.num_dp_units, 0);
    cr_expect_eq(c.num_int_units, 4);
    cr_expect_eq(c.num_tensor_units, 4);
    gpu_config_free(&c);
    cr_assert_eq(parse(&c, "-gpgpu_pipeline_widths 4,0,0,4,4,4,0,0,4,4,8\n"), 0, "%s", err);
    cr_expect_eq(c.num_dp_units + c.num_int_units + c.num_tensor_units, 0);
    cr_expect_eq(c.num_sp_units, 4);
    gpu_config_free(&c);
}

Test(gpu_config_sm, schedulers)
{
    gpu_config_t c;
    cr_assert_eq(parse(&c, "-gpgpu_scheduler gto\n"), 0, "%s", err);
    cr_expect_eq(c.scheduler, GPU_SCHED_GTO);
    cr_assert_eq(gpu_config_parse(&c, "c.cfg", "-gpgpu_scheduler two_level_active:6:0:1\n", err, sizeof err), 0, "%s", err);
    cr_expect_eq(c.scheduler, GPU_SCHED_TWO_LEVEL);
    cr_expect_eq(c.two_level_active, 6);
    cr_assert_eq(gpu_config_parse(&c, "c.cfg", "-gpgpu_scheduler lrr\n", err, sizeof err), 0, "%s", err);
    cr_expect_eq(c.scheduler, GPU_SCHED_LRR);
    cr_expect_eq(c.two_level_active, 0);
    gpu_config_free(&c);
}

/* As Accel-Sim's SM75_RTX2060 trace.config writes them. */
Test(gpu_config_sm, specialized_units)
{
    gpu_config_t c;
    cr_assert_eq(parse(&c, "-specialized_unit_1 1,4,4,4,4,BRA\n-specialized_unit_2 1,4,200,4,4,TEX\n"
                           "-specialized_unit_3 1,4,16,4,4,TENSOR\n-specialized_unit_4 0,4,4,4,4,UDP\n"
                           "-specialized_unit_5 0,4,4,4,4,BRA\n"),
                 0, "%s", err);
    cr_expect_eq(c.spec_unit[1].enabled, 1);
    cr_expect_eq(c.spec_unit[1].units, 4);
    cr_expect_eq(c.spec_unit[1].max_latency, 200);
    cr_expect_eq(c.spec_unit[1].id_oc, 4);
    cr_expect_eq(c.spec_unit[1].oc_ex, 4);
    cr_expect_str_eq(c.spec_unit[1].name, "TEX");
    cr_expect_str_eq(c.spec_unit[2].name, "TENSOR");
    cr_expect_eq(c.spec_unit[3].enabled, 0);
    gpu_config_free(&c);
}

Test(gpu_config_sm, instruction_caches)
{
    gpu_config_t c;
    cr_assert_eq(parse(&c, "-gpgpu_cache:il1 N:8:128:4,L:R:f:N:L,S:2:48,4\n-warpsim_cache:l0i 16:64:4,L:R:f:N,A:2:32,4\n"),
                 0, "%s", err);
    cr_expect_eq(c.il1_sets, 8);
    cr_expect_eq(c.il1_line, 128);
    cr_expect_eq(c.il1_ways, 4);
    cr_expect_eq(cache_bytes(c.l0i_sets, c.l0i_line, c.l0i_ways), 4096, "GPGPU-Sim 3.x's form, no type letter");
    cr_assert_eq(gpu_config_parse(&c, "c.cfg", "-warpsim_cache:l0i none\n", err, sizeof err), 0, "%s", err);
    cr_expect_eq(c.l0i_sets + c.l0i_line + c.l0i_ways, 0, "no L0: fetch from the L1I as GPGPU-Sim does");
    gpu_config_free(&c);
}

typedef struct bad_sm {
    const char *text, *want;
} bad_sm_t;

#define W13 "4,4,4,4,4,4,4,4,4,4,8,4,4"

ParameterizedTestParameters(gpu_config_sm, bad_values_name_the_line)
{
    static bad_sm_t b[] = {
        {"-gpgpu_sub_core_model 2\n", "c.cfg:1: expected 0 or 1 for -gpgpu_sub_core_model, found '2'"},
        {"-gpgpu_num_sched_per_core 0\n", "c.cfg:1: expected a number above 0 for -gpgpu_num_sched_per_core"},
        {"-gpgpu_num_dp_units x\n", "c.cfg:1: expected a number for -gpgpu_num_dp_units, found 'x'"},
        {"-ptx_opcode_latency_int 4,4,4,4\n",
         "c.cfg:1: expected -ptx_opcode_latency_int ADD,MAX,MUL,MAD,DIV[,SHFL]: 5 or 6 numbers above 0, found '4,4,4,4'"},
        {"-ptx_opcode_initiation_int 1,1,1,1,1,1,1\n",
         "c.cfg:1: expected -ptx_opcode_initiation_int ADD,MAX,MUL,MAD,DIV[,SHFL]: 5 or 6 numbers above 0, found "
         "'1,1,1,1,1,1,1'"},
        {"-ptx_opcode_latency_fp 4,4,4,4,39,1\n",
         "c.cfg:1: expected -ptx_opcode_latency_fp ADD,MAX,MUL,MAD,DIV: 5 numbers above 0, found '4,4,4,4,39,1'"},
        {"-ptx_opcode_latency_dp 8,0,8,8,330\n",
         "c.cfg:1: expected -ptx_opcode_latency_dp ADD,MAX,MUL,MAD,DIV: 5 numbers above 0, found '8,0,8,8,330'"},
        {"-ptx_opcode_initiation_fp 2,,2,2,4\n",
         "c.cfg:1: expected -ptx_opcode_initiation_fp ADD,MAX,MUL,MAD,DIV: 5 numbers above 0, found '2,,2,2,4'"},
        {"-ptx_opcode_latency_tesnor 0\n", "c.cfg:1: expected a number above 0 for -ptx_opcode_latency_tesnor"},
        {"-gpgpu_pipeline_widths 4,4,4,4,4,4,4,4,4,4,8,4\n",
         "c.cfg:1: expected -gpgpu_pipeline_widths 13 widths (11 without the tensor stages), found '4,4,4,4,4,4,4,4,4,4,8,4'"},
        {"-gpgpu_scheduler fifo\n",
         "c.cfg:1: expected -gpgpu_scheduler lrr, gto or two_level_active:<active warps>:0:1, found 'fifo'"},
        {"-gpgpu_scheduler rrr\n",
         "c.cfg:1: GPGPU-Sim's 'rrr' scheduler (strict round robin) is not modelled: expected lrr, gto or two_level_active"},
        {"\n-gpgpu_scheduler old\n",
         "c.cfg:2: GPGPU-Sim's 'old' scheduler (oldest first) is not modelled: expected lrr, gto or two_level_active"},
        {"-gpgpu_scheduler warp_limiting:2:4\n",
         "c.cfg:1: GPGPU-Sim's 'warp_limiting' scheduler (static warp limiting) is not modelled: expected lrr, gto or "
         "two_level_active"},
        {"-gpgpu_scheduler two_level_active:6:2:1\n",
         "c.cfg:1: expected -gpgpu_scheduler two_level_active:<active warps>:0:1 (GPGPU-Sim has inner 0, lrr, and "
         "outer 1, srr, only), found 'two_level_active:6:2:1'"},
        {"-gpgpu_scheduler two_level_active:0:0:1\n",
         "c.cfg:1: expected -gpgpu_scheduler two_level_active:<active warps>:0:1 (GPGPU-Sim has inner 0, lrr, and "
         "outer 1, srr, only), found 'two_level_active:0:0:1'"},
        {"-specialized_unit_1 1,4,4,4,BRA\n",
         "c.cfg:1: expected -specialized_unit_1 <enabled 0|1>,<units>,<max latency>,<ID_OC width>,<OC_EX width>,<name>, "
         "found '1,4,4,4,BRA'"},
        {"-specialized_unit_2 2,4,4,4,4,TEX\n",
         "c.cfg:1: expected -specialized_unit_2 <enabled 0|1>,<units>,<max latency>,<ID_OC width>,<OC_EX width>,<name>, "
         "found '2,4,4,4,4,TEX'"},
        {"-specialized_unit_3 1,4,4,4,4,A_VERY_LONG_UNIT_NAME\n",
         "c.cfg:1: expected a unit name of at most 15 characters for -specialized_unit_3, found 'A_VERY_LONG_UNIT_NAME'"},
        {"-gpgpu_cache:il1 none\n", "c.cfg:1: expected -gpgpu_cache:il1 [N|S:]<sets>:<line bytes>:<ways>,..., found 'none'"},
        {"-gpgpu_cache:il1 N:64:128,L:R\n",
         "c.cfg:1: expected -gpgpu_cache:il1 [N|S:]<sets>:<line bytes>:<ways>,..., found 'N:64:128,L:R'"},
        {"-warpsim_cache:l0i N:32:8:4,L:R:f:N:L,S:1:48,1\n",
         "c.cfg:1: expected -warpsim_cache:l0i lines of 16 bytes or more, a power of two (an instruction is 16 bytes), "
         "found 8"},
        {"-warpsim_cache:l0i N:32:96:4,L:R:f:N:L,S:1:48,1\n",
         "c.cfg:1: expected -warpsim_cache:l0i lines of 16 bytes or more, a power of two (an instruction is 16 bytes), "
         "found 96"},
        /* what needs several options: the line where the last of them was read */
        {"# banks\n-gpgpu_num_reg_banks 6\n",
         "c.cfg:2: expected -gpgpu_num_reg_banks a multiple of -gpgpu_num_sched_per_core (4) under "
         "-gpgpu_sub_core_model 1, warpsim's default (GPGPU-Sim's is 0), found 6"},
        {"-gpgpu_num_reg_banks 6\n-gpgpu_num_sched_per_core 3\n",
         "c.cfg:2: expected -gpgpu_operand_collector_num_units_gen a multiple of -gpgpu_num_sched_per_core (3) under "
         "-gpgpu_sub_core_model 1, warpsim's default (GPGPU-Sim's is 0), found 8"},
        {"-gpgpu_operand_collector_num_units_gen 6\n",
         "c.cfg:1: expected -gpgpu_operand_collector_num_units_gen a multiple of -gpgpu_num_sched_per_core (4) under "
         "-gpgpu_sub_core_model 1, warpsim's default (GPGPU-Sim's is 0), found 6"},
        {"-gpgpu_sub_core_model 1\n-gpgpu_num_sfu_units 2\n",
         "c.cfg:2: expected -gpgpu_num_sfu_units a multiple of -gpgpu_num_sched_per_core (4) under "
         "-gpgpu_sub_core_model 1, found 2"},
        {"-gpgpu_pipeline_widths 2,4,4,4,4,4,4,4,4,4,8,4,4\n",
         "c.cfg:1: expected the ID_OC_SP width of -gpgpu_pipeline_widths to be -gpgpu_num_sched_per_core (4), a slot "
         "per scheduler, under -gpgpu_sub_core_model 1, warpsim's default (GPGPU-Sim's is 0), found 2"},
        {"-gpgpu_pipeline_widths 4,0,4,4,4,4,4,4,4,4,8,4,4\n",
         "c.cfg:1: expected the ID_OC_DP width of -gpgpu_pipeline_widths above 0 (4 DP units), found 0"},
        {"-gpgpu_pipeline_widths 4,4,4,4,4,4,4,4,4,0,8,4,4\n",
         "c.cfg:1: expected the OC_EX_MEM width of -gpgpu_pipeline_widths above 0 (1 MEM unit), found 0"},
        {"-gpgpu_pipeline_widths 4,4,4,4,4,4,4,4,4,4,0,4,4\n",
         "c.cfg:1: expected the EX_WB width of -gpgpu_pipeline_widths above 0, found 0"},
        {"-gpgpu_num_tensor_core_units 4\n-gpgpu_pipeline_widths 4,4,4,4,4,4,4,4,4,4,8\n",
         "c.cfg:2: expected the ID_OC_TENSOR_CORE width of -gpgpu_pipeline_widths above 0 (4 tensor units), found 0"},
        {"-gpgpu_pipeline_widths 4,0,4,4,4,4,0,4,4,4,8,4,4\n-gpgpu_num_dp_units 2\n",
         "c.cfg:2: expected the ID_OC_DP width of -gpgpu_pipeline_widths above 0 (2 DP units), found 0"},
        {"-gpgpu_max_insn_issue_per_warp 3\n", "c.cfg:1: expected -gpgpu_max_insn_issue_per_warp 1 or 2, found 3"},
        {"-gpgpu_scheduler two_level_active:65:0:1\n",
         "c.cfg:1: expected at most 64 active warps (the SM's) in -gpgpu_scheduler two_level_active, found 65"},
        {"-specialized_unit_2 0,4,4,4,4,TEX\n",
         "c.cfg:1: expected -specialized_unit_3 disabled: GPGPU-Sim uses the enabled units up to the first disabled "
         "one, -specialized_unit_2"},
        {"-specialized_unit_6 1,0,4,4,4,X\n",
         "c.cfg:1: expected -specialized_unit_6's units, latency and widths above 0 when enabled"},
        {"-specialized_unit_6 1,4,4,2,4,X\n",
         "c.cfg:1: expected -specialized_unit_6's ID_OC width to be -gpgpu_num_sched_per_core (4) under "
         "-gpgpu_sub_core_model 1, warpsim's default (GPGPU-Sim's is 0), found 2"},
    };
    return cr_make_param_array(bad_sm_t, b, sizeof b / sizeof b[0]);
}

ParameterizedTest(bad_sm_t *b, gpu_config_sm, bad_values_name_the_line)
{
    gpu_config_t c;
    cr_expect_eq(parse(&c, b->text), -1, "%s", b->text);
    cr_expect_str_eq(err, b->want);
    gpu_config_free(&c);
}

/* Without the sub-core model the shares need not divide evenly. */
Test(gpu_config_sm, one_pool_without_sub_cores)
{
    gpu_config_t c;
    cr_expect_eq(parse(&c, "-gpgpu_sub_core_model 0\n-gpgpu_num_reg_banks 6\n-gpgpu_num_sfu_units 2\n"
                           "-gpgpu_pipeline_widths 2,4,4,1,4,4,4,4,4,4,8,4,4\n"),
                 0, "%s", err);
    gpu_config_free(&c);
}

/* Spot checks of the shipped cards against their sources (the comments in
 * each file): seed 003 Table 1 for the RTX 2070 SUPER, seed 004 Table II for
 * the TITAN V, Accel-Sim's SM80_A100 and SM90_H100 for A100 and H100. */
Test(gpu_config_sm, rtx2070super_follows_seed_003)
{
    gpu_config_t c;
    gpu_config_defaults(&c);
    cr_assert_eq(gpu_config_load(&c, "configs/gpu/rtx2070super.cfg", err, sizeof err), 0, "%s", err);
    cr_expect_eq(c.scheduler, GPU_SCHED_GTO, "Table 1: GTO (GPGPU-Sim's file: lrr)");
    cr_expect_eq(c.sched_per_sm, 4);
    cr_expect_eq(c.sub_core_model, 1);
    cr_expect_eq(gpu_config_max_warps_per_sm(&c), 32, "Table 1: 32 warps");
    cr_expect_eq(c.num_sp_units / c.sched_per_sm, 1, "Table 1: 1 SP a sub-core");
    cr_expect_eq(c.num_tensor_units / c.sched_per_sm, 1);
    cr_expect_eq(c.oc_units / c.sched_per_sm, 2, "Table 1: 2 collector units a sub-core");
    cr_expect_eq(c.reg_port_throughput, 2, "Table 1: 2 ports a bank");
    cr_expect_eq(cache_bytes(c.il1_sets, c.il1_line, c.il1_ways), 32 * 1024, "Table 1: 32 KB L1I");
    cr_expect_eq(cache_bytes(c.l0i_sets, c.l0i_line, c.l0i_ways), 16 * 1024, "Table 1: 16 KB L0I");
    cr_expect_eq(c.perfect_inst_const_cache, 0);
    cr_expect_eq(c.reg_banks, 8, "SM75_RTX2060 (dev)");
    cr_expect_eq(c.lat_fp[GPU_LAT_DIV], 39);
    cr_expect_eq(c.lat_dp[GPU_LAT_ADD], 64);
    cr_expect_eq(c.smem_latency, 30);
    cr_expect_eq(c.coalesce_arch, 75);
    cr_expect_str_eq(c.spec_unit[3].name, "UDP");
    cr_expect_eq(c.spec_unit[4].enabled, 0);
    cr_expect_float_eq(c.clock_mhz[0], 1605.0, 0, "Table 1: 1605 MHz");
    gpu_config_free(&c);
}

Test(gpu_config_sm, titanv_follows_seed_004)
{
    gpu_config_t c;
    gpu_config_defaults(&c);
    cr_assert_eq(gpu_config_load(&c, "configs/gpu/titanv.cfg", err, sizeof err), 0, "%s", err);
    cr_expect_eq(c.sched_per_sm, 4, "Table II: 4 schedulers");
    cr_expect_eq(gpu_config_max_warps_per_sm(&c) / c.sched_per_sm, 16, "Table II: 16 warps a scheduler");
    cr_expect_eq(c.num_dp_units, 4, "Table II: 4 DPs");
    cr_expect_eq(c.num_int_units, 4, "Table II: 4 INTs");
    cr_expect_eq(c.l1_latency, 28, "Table II: L1 latency 28 (SM7_TITANV: 20)");
    cr_expect_eq(c.scheduler, GPU_SCHED_LRR);
    uint32_t lat_int[6] = {4, 13, 4, 5, 145, 32}, init_int[6] = {2, 2, 2, 2, 8, 4};
    cr_expect_arr_eq(c.lat_int, lat_int, sizeof lat_int);
    cr_expect_arr_eq(c.init_int, init_int, sizeof init_int);
    cr_expect_eq(c.lat_sfu, 100);
    cr_expect_eq(c.reg_banks, 8);
    cr_expect_eq(c.coalesce_arch, 60);
    cr_expect_eq(c.kernel_launch_latency, 0);
    cr_expect_str_eq(c.spec_unit[2].name, "TENSOR");
    cr_expect_eq(c.spec_unit[2].max_latency, 8);
    cr_expect_eq(c.spec_unit[3].enabled, 0, "Volta: no UDP");
    gpu_config_free(&c);
}

Test(gpu_config_sm, a100_and_h100_follow_accel_sim)
{
    gpu_config_t c;
    gpu_config_defaults(&c);
    cr_assert_eq(gpu_config_load(&c, "configs/gpu/a100.cfg", err, sizeof err), 0, "%s", err);
    cr_expect_eq(c.reg_banks, 32);
    cr_expect_eq(c.lat_dp[GPU_LAT_ADD], 6);
    cr_expect_eq(c.lat_tensor, 25);
    cr_expect_eq(c.init_tensor, 16);
    cr_expect_eq(c.l1_latency, 34);
    cr_expect_eq(c.l2_rop_latency, 200);
    cr_expect_eq(c.dram_latency, 190);
    cr_expect_eq(c.kernel_launch_latency, 5000);
    cr_expect_eq(c.spec_unit[4].enabled, 0);
    gpu_config_free(&c);
    gpu_config_defaults(&c);
    cr_assert_eq(gpu_config_load(&c, "configs/gpu/h100.cfg", err, sizeof err), 0, "%s", err);
    cr_expect_eq(c.reg_banks, 64);
    cr_expect_eq(c.lat_dp[GPU_LAT_ADD], 8);
    cr_expect_eq(c.init_dp[GPU_LAT_ADD], 2);
    cr_expect_eq(c.lat_tensor, 24);
    cr_expect_eq(c.l1_latency, 41);
    cr_expect_eq(c.smem_latency, 29);
    cr_expect_eq(c.l2_rop_latency, 237);
    cr_expect_eq(c.dram_latency, 194);
    cr_expect_eq(c.kernel_launch_latency, 3000);
    cr_expect_eq(c.coalesce_arch, 90);
    cr_expect_str_eq(c.spec_unit[4].name, "GMMA");
    cr_expect_eq(c.spec_unit[4].max_latency, 128);
    cr_expect_eq(cache_bytes(c.il1_sets, c.il1_line, c.il1_ways), 128 * 1024);
    gpu_config_free(&c);
}

/* test/gpu/accelsim_sm86.config: a whole Accel-Sim gpgpusim.config of a
 * modern card. Every option is known; those not modelled are listed once. */
Test(gpu_config_sm, accel_sim_config_reads)
{
    gpu_config_t c;
    gpu_config_defaults(&c);
    cr_assert_eq(gpu_config_load(&c, "test/gpu/accelsim_sm86.config", err, sizeof err), 0, "%s", err);
    cr_expect_str_eq(c.name, "accelsim_sm86");
    cr_expect_eq(gpu_config_sms(&c), 46);
    cr_expect_eq(gpu_config_max_warps_per_sm(&c), 48);
    cr_expect_eq(c.scheduler, GPU_SCHED_LRR);
    cr_expect_eq(c.reg_banks, 8);
    cr_expect_eq(c.init_fp[GPU_LAT_ADD], 1);
    cr_expect_eq(c.lat_int[GPU_LAT_DIV], 21);
    cr_expect_eq(c.lat_int[GPU_LAT_SHFL], 32, "5 values: SHFL as before");
    cr_expect_eq(c.l1_latency, 39);
    cr_expect_eq(c.smem_latency, 29);
    cr_expect_eq(c.l2_rop_latency, 187);
    cr_expect_eq(c.dram_latency, 254);
    cr_expect_eq(c.coalesce_arch, 86);
    cr_expect_eq(gpu_config_l2_bytes(&c), 4 * 1024 * 1024);
    cr_expect_eq(c.nignored, 28,
                 "the 10 DRAM and 8 cache options, the crossbar's six options, the channel hash and the copy "
                 "engine's L2 fill it gives are modelled");
    cr_expect_eq(c.icnt_in_limit, 512);
    cr_expect_eq(c.icnt_out_limit, 512);
    cr_expect_eq(c.icnt_arbiter, 1);
    cr_expect_eq(c.icnt_subnets, 2);
    cr_expect_eq(c.network_mode, 2);
    cr_expect_str_eq(
        c.ignored,
        "gpgpu_ptx_instruction_classification, gpgpu_ptx_sim_mode, gpgpu_ptx_force_max_capability, "
        "gpgpu_stack_size_limit, gpgpu_heap_size_limit, gpgpu_runtime_sync_depth_limit, "
        "gpgpu_runtime_pending_launch_count_limit, gpgpu_TB_launch_latency, gpgpu_max_concurrent_kernel, "
        "gpgpu_ptx_convert_to_ptxplus, gpgpu_ptx_save_converted_ptxplus, gpgpu_occupancy_sm_number, gpgpu_simd_model, "
        "gpgpu_enable_specialized_operand_collector, gpgpu_flush_l1_cache, "
        "gpgpu_n_cluster_ejection_buffer_size, gpgpu_shmem_sizeDefault, "
        "gpgpu_shmem_limited_broadcast, gpgpu_shmem_warp_parts, "
        "gpgpu_dram_partition_queues, gpgpu_tex_cache:l1, "
        "gpgpu_const_cache:l1, gpgpu_mem_address_mask, gpgpu_memlatency_stat, gpgpu_runtime_stat, "
        "enable_ptx_file_line_stats, visualizer_enabled, power_simulation_enabled");
    gpu_config_free(&c);
}

/* The options of GPGPU-Sim's SM75_RTX2060 that warpsim once refused (now
 * the L1D's, modelled, with its 64 KB of shared memory), then an Accel-Sim
 * trace.config (SM75_RTX2060's form) on top. */
Test(gpu_config_sm, rtx2060_options_and_trace_config)
{
    gpu_config_t c;
    cr_assert_eq(parse(&c, "-gpgpu_adaptive_cache_config 1\n-gpgpu_shmem_option 32,64\n-gpgpu_unified_l1d_size 96\n"
                           "-gpgpu_l1_cache_write_ratio 25\n-gpgpu_shmem_size 65536\n"),
                 0, "%s", err);
    cr_expect_eq(c.nignored, 0);
    cr_expect(c.adaptive_cache == 1 && c.n_shmem_options == 2 && c.shmem_options[1] == 64);
    cr_expect(c.unified_l1d_kb == 96 && c.l1d.max_ways == 3 * 64 && c.l1d.write_ratio == 25);
    cr_assert_eq(gpu_config_parse(&c, "trace.config",
                                  "-trace_opcode_latency_initiation_int 2,2\n-trace_opcode_latency_initiation_sp 2,2\n"
                                  "-trace_opcode_latency_initiation_dp 64,64\n-trace_opcode_latency_initiation_sfu 21,8\n"
                                  "-trace_opcode_latency_initiation_tensor 16,16\n"
                                  "#<enabled>,<num_units>,<max_latency>,<ID_OC_SPEC>,<OC_EX_SPEC>,<NAME>\n"
                                  "-specialized_unit_1 1,4,4,4,4,BRA\n-trace_opcode_latency_initiation_spec_op_1 4,4\n"
                                  "-specialized_unit_5 0,4,4,4,4,BRA\n",
                                  err, sizeof err),
                 0, "%s", err);
    cr_expect_eq(c.nignored, 6, "the trace.config's own");
    cr_expect(strstr(c.ignored, "trace_opcode_latency_initiation_spec_op_1"));
    cr_expect_eq(c.spec_unit[4].enabled, 0);
    gpu_config_free(&c);
}
