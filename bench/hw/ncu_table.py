#!/usr/bin/env python3
"""One table of the Nsight Compute counters bench/hw/collect.sh gathered.

    python3 bench/hw/ncu_table.py DIR > bench/hw/<card>-<commit>.csv

DIR holds one raw CSV a program (`ncu --csv --page raw`); each kernel launch
becomes one row: the program, the launch's index in it, the kernel, its shape
and resources, and the counters Accel-Sim's correlation maps to GPGPU-Sim's
statistics (../shared/GPU-TIMING-REFERENCE.md 2.3): gpc__cycles_elapsed.avg
is gpu_tot_sim_cycle's, smsp__inst_executed.sum gpgpu_n_tot_w_icount's (SASS
instructions, not PTX: compare their ratio, not the counts)."""
import csv
import os
import sys

KEEP = [
    ("Kernel Name", "kernel"), ("Grid Size", "grid"), ("Block Size", "block"),
    ("launch__registers_per_thread", "regs"), ("launch__shared_mem_per_block", "smem_bytes"),
    ("gpc__cycles_elapsed.avg", "gpc_cycles_avg"), ("gpc__cycles_elapsed.max", "gpc_cycles_max"),
    ("sm__cycles_elapsed.avg", "sm_cycles_avg"), ("sm__cycles_active.avg", "sm_cycles_active_avg"),
    ("gpu__time_duration.sum", "duration_ns"),
    ("smsp__inst_executed.sum", "warp_insts"), ("smsp__thread_inst_executed.sum", "thread_insts"),
    ("sm__warps_active.avg.pct_of_peak_sustained_active", "occupancy_pct"),
    ("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "l1_ld_sectors"),
    ("l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum", "l1_ld_hit_sectors"),
    ("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", "l1_st_sectors"),
    ("lts__t_sectors_srcunit_tex_op_read.sum", "l2_rd_sectors"),
    ("lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum", "l2_rd_hit_sectors"),
    ("lts__t_sectors_srcunit_tex_op_write.sum", "l2_wr_sectors"),
    ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "smem_ld_bank_conflicts"),
    ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", "smem_st_bank_conflicts"),
    ("dram__sectors_read.sum", "dram_rd_sectors"), ("dram__sectors_write.sum", "dram_wr_sectors"),
]


def rows(path):
    lines = open(path, errors="replace").read().splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith('"ID"')), None)
    if start is None:
        return []
    table = list(csv.reader(lines[start:]))
    head, body = table[0], table[2:]  # table[1] holds the units
    return [dict(zip(head, r)) for r in body if len(r) == len(head)]


def main():
    d = sys.argv[1]
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["program", "launch"] + [name for _, name in KEEP])
    for f in sorted(os.listdir(d)):
        if f.endswith(".csv"):
            for i, r in enumerate(rows(os.path.join(d, f))):
                out.writerow([f[:-4], i] + [r.get(k, "").replace(",", "") for k, _ in KEEP])


if __name__ == "__main__":
    main()
