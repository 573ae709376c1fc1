#!/usr/bin/env bash
# Hardware counters of the CUDA test programs, for correlating warpsim's timing
# model with a real card (issue 31): each program of test/cuda/apps, built here
# for sm_90 (`make cuda-apps`, nvcc -cudart shared), runs under Nsight Compute
# on the lent GPU machine with the metrics Accel-Sim's correlation maps to
# GPGPU-Sim's statistics (../shared/GPU-TIMING-REFERENCE.md 2.3, from
# accel-sim-framework util/plotting/correl_mappings.py), one raw CSV a program.
#
#   here:   bash bench/hw/collect.sh pack        (copies build/cuda-apps/*.sm_90 to .hw/)
#   there:  bash bench/hw/collect.sh run DIR     (carry: .hw; writes DIR/<app>.csv, DIR/env.txt)
#
# ncu is given --clock-control none (the device tool's METHOD.md: leave the
# clocks as they are); env.txt records the clocks nvidia-smi saw.
set -u
METRICS=gpc__cycles_elapsed.avg,gpc__cycles_elapsed.max,sm__cycles_elapsed.avg,sm__cycles_active.avg,\
smsp__inst_executed.sum,smsp__thread_inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,\
lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,\
lts__t_sectors_srcunit_tex_op_write.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,\
dram__sectors_read.sum,dram__sectors_write.sum,gpu__time_duration.sum,\
launch__grid_size,launch__block_size,launch__registers_per_thread
# Programs whose kernels say something about timing (not the refusal and
# fault checks, nor the attribute queries).
SKIP=" faults unimplemented device_query device_attrs profiler "

case ${1:-} in
pack)
    mkdir -p .hw
    grep -qx '/.hw/' .git/info/exclude 2>/dev/null || echo /.hw/ >>.git/info/exclude
    make --no-print-directory cuda-apps >/dev/null
    cp build/cuda-apps/*.sm_90 .hw/
    du -sh .hw
    ;;
run)
    dir=${2:?run DIR}
    mkdir -p "$dir"
    cuda=$(dirname "$(dirname "$(command -v nvcc)")")
    export LD_LIBRARY_PATH=$cuda/lib64:$cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
    {
        nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
        ncu --version
    } >"$dir/env.txt" 2>&1
    for app in .hw/*.sm_90; do
        name=$(basename "$app" .sm_90)
        case $SKIP in *" $name "*) continue ;; esac
        t0=$SECONDS
        timeout -s KILL "${HW_APP_LIMIT:-30}" ncu --clock-control none --csv --page raw --launch-count 40 \
            --target-processes all --metrics "$METRICS" --log-file "$dir/$name.csv" "$app" >"$dir/$name.out" 2>&1
        echo "$name: exit $? after $((SECONDS - t0)) s" | tee -a "$dir/env.txt"
    done
    ;;
*)
    echo "usage: bash bench/hw/collect.sh pack | run DIR" >&2
    exit 2
    ;;
esac
