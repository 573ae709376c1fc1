#!/usr/bin/env bash
# Micro-benchmarks of the SM model (`warpsim ptx --timing`, src/device/sm/):
# each expected cycle count follows from the config and the model's
# pipeline (DESIGN.md "The SM model"): issue at t, operands read at t+1,
# dispatch at t+2, the result written at t+2+L, a dependent instruction
# issued in that cycle; so a chain of dependent instructions of latency L
# costs L+2 cycles a link. Slopes (the difference of two chain lengths)
# keep the launch and the store out of the figure. Also: one issue a
# scheduler a cycle, shared-memory bank conflicts, the L0 instruction
# cache, determinism across host threads, and outputs the same with and
# without timing. Prints "N passed, M failed".
. "$(dirname "$0")/lib.sh"

# gen KIND N FILE: a kernel "k" whose threads run N instructions of KIND, then store.
#   iadd / fadd / dadd: a dependent chain (each reads the last's result)
#   indK: K independent chains interleaved (N instructions in all); indKclk: then %clock
#   mad3: a dependent chain of multiply-adds of three registers
#   shmem S: a shared load at word tid*S (N = S)
#   loop L: a loop of L iterations over a body of 30 instructions
gen() {
    python3 - "$@" <<'PY'
import sys
kind, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
body = []
regs = ".reg .b32 %r<8>;\n  .reg .b32 %c<9>;\n  .reg .f32 %f<4>;\n  .reg .f64 %d<4>;\n  .reg .b64 %rd<4>;\n  .reg .pred %p<2>;"
body.append("mov.u32 %r1, %tid.x;")
if kind == "iadd":
    body += ["add.u32 %r1, %r1, 1;"] * n
elif kind == "fadd":
    body.append("cvt.rn.f32.u32 %f1, %r1;")
    body += ["add.f32 %f1, %f1, 0f3F800000;"] * n
    body.append("cvt.rzi.u32.f32 %r1, %f1;")
elif kind == "dadd":
    body.append("cvt.rn.f64.u32 %d1, %r1;")
    body += ["add.f64 %d1, %d1, 0d3FF0000000000000;"] * n
    body.append("cvt.rzi.u32.f64 %r1, %d1;")
elif kind.startswith("ind"):
    # indK: K independent chains in %c1..%cK, summed into %r1; indKclk: %clock instead
    k = int(kind[3:].replace("clk", ""))
    body += ["mov.u32 %%c%d, %%r1;" % (c + 1) for c in range(k)]
    body += ["add.u32 %%c%d, %%c%d, 1;" % (1 + i % k, 1 + i % k) for i in range(n)]
    if kind.endswith("clk"):
        body.append("mov.u32 %r1, %clock;")
    else:
        body += ["add.u32 %%r1, %%r1, %%c%d;" % (c + 1) for c in range(k)]
elif kind == "mad3":
    # a chain of multiply-adds, each reading three registers
    body += ["mov.u32 %c2, %r1;", "mov.u32 %c3, %r1;"]
    body += ["mad.lo.u32 %c1, %c1, %c2, %c3;"] * n
    body.append("mov.u32 %r1, %c1;")
elif kind == "shmem":
    body += ["mul.lo.u32 %%r2, %%r1, %d;" % (4 * n), "mov.u32 %r3, sh;", "add.u32 %r2, %r2, %r3;",
             "ld.shared.u32 %r4, [%r2];", "add.u32 %r1, %r1, %r4;"]
elif kind == "deadlock":
    # warp 0 waits at barrier 0, warp 1 at barrier 1: each for every thread
    body += ["setp.lt.u32 %p1, %r1, 32;", "@%p1 bra W0;", "bar.sync 1;", "bra.uni DONE;", "W0:", "bar.sync 0;", "DONE:"]
elif kind == "wild":
    body += ["mul.wide.u32 %rd3, %r1, 1048576;", "ld.param.u64 %rd1, [k_param_0];", "add.s64 %rd1, %rd1, %rd3;",
             "st.global.u32 [%rd1], %r1;"]
elif kind in ("ld", "ldv4"):
    # a chain of global loads, each's address from the last's value (0: the buffer's first word)
    body += ["ld.param.u64 %rd1, [k_param_0];", "cvta.to.global.u64 %rd1, %rd1;", "mov.u32 %c1, 0;"]
    for i in range(n):
        body += ["mul.wide.u32 %rd2, %c1, 4;", "add.s64 %rd3, %rd1, %rd2;"]
        body.append("ld.global.u32 %c1, [%rd3];" if kind == "ld" else "ld.global.v4.u32 {%c1, %c3, %c5, %c7}, [%rd3];")
    body.append("add.u32 %r1, %r1, %c1;")
elif kind == "loop":
    body += ["mov.u32 %r5, 0;", "LOOP:"]
    body += ["add.u32 %r1, %r1, 1;"] * 28
    body += ["add.u32 %r5, %r5, 1;", "setp.lt.u32 %%p1, %%r5, %d;" % n, "@%p1 bra LOOP;"]
body += ["ld.param.u64 %rd1, [k_param_0];", "cvta.to.global.u64 %rd1, %rd1;", "mov.u32 %r6, %tid.x;",
         "mul.wide.u32 %rd2, %r6, 4;", "add.s64 %rd1, %rd1, %rd2;", "st.global.u32 [%rd1], %r1;", "ret;"]
with open(path, "w") as f:
    f.write(".version 7.0\n.target sm_75\n.address_size 64\n")
    f.write(".shared .align 4 .b8 sh[131072];\n")
    f.write(".visible .entry k(.param .u64 k_param_0)\n{\n  %s\n" % regs)
    for l in body:
        f.write(l + "\n" if l.endswith(":") else "  " + l + "\n")
    f.write("}\n")
PY
}

# mk NAME KIND N THREADS: NAME.ptx and NAME.launch (one CTA).
mk() {
    gen "$2" "$3" "$T/$1.ptx"
    printf 'module %s.ptx\nbuffer o u32 %s zero\nkernel k grid 1 block %s\nparam ptr o\n' "$1" "$4" "$4" >"$T/$1.launch"
}

# timed NAME FIELD [ARGS...]: the launch's timing figure FIELD (e.g. gpu_sim_cycle).
timed() {
    local name=$1 field=$2
    shift 2
    "$W" ptx --quiet --timing --backend cpu --report "$T/$name.json" "$@" "$T/$name.launch" >/dev/null 2>"$T/err" ||
        { echo "warpsim failed on $name: $(head -c 300 "$T/err")" >&2; echo -1; return; }
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["launches"][0]["timing"][sys.argv[2]])' \
        "$T/$name.json" "$field"
}

# slope NAME KIND THREADS N1 N2 [ARGS...]: cycles per instruction between chains of N1 and N2.
slope() {
    local name=$1 kind=$2 threads=$3 n1=$4 n2=$5
    shift 5
    mk "${name}_a" "$kind" "$n1" "$threads"
    mk "${name}_b" "$kind" "$n2" "$threads"
    local a b
    a=$(timed "${name}_a" gpu_sim_cycle "$@")
    b=$(timed "${name}_b" gpu_sim_cycle "$@")
    python3 -c "print(($b - $a) / ($n2 - $n1))"
}


# cfg_with NAME CARD LINES...: configs/gpu/CARD.cfg with LINES appended (a later option overrides an earlier one).
cfg_with() {
    local name=$1 base=$2
    shift 2
    { cat "configs/gpu/$base.cfg"; printf '%s\n' "$@"; } >"$T/$name.cfg"
}

# 1. Dependent chains: L + 2 cycles a link, L from the config (h100.cfg:
#    -ptx_opcode_latency_int 4,..., _fp 4,..., _dp 8,...).
lat() { sed -n "s/^-ptx_opcode_latency_$1 \([0-9]*\),.*/\1/p" configs/gpu/h100.cfg; }
L_INT=$(lat int) L_FP=$(lat fp) L_DP=$(lat dp)
expect "int add chain" "$(slope iadd iadd 32 64 128)" "$(python3 -c "print(float($L_INT + 2))")"
expect "fp32 add chain" "$(slope fadd fadd 32 64 128)" "$(python3 -c "print(float($L_FP + 2))")"
expect "fp64 add chain" "$(slope dadd dadd 32 64 128)" "$(python3 -c "print(float($L_DP + 2))")"
cfg_with lat9 h100 "-ptx_opcode_latency_int 9,4,4,4,21,32"
expect "int add chain, latency 9 from the config" "$(slope iadd9 iadd 32 64 128 --config "$T/lat9.cfg")" 11.0

# 2. Four warps run on four sub-cores side by side: the same slope.
expect "4 warps, one a sub-core" "$(slope w4 iadd 128 64 128)" "$(python3 -c "print(float($L_INT + 2))")"
# 3. 32 warps, 8 a sub-core, dependent chains: more than L+2 cycles a
#    link, so the sub-core's INT unit bounds it: a link of all 8 warps takes
#    8 x its initiation interval (h100.cfg -ptx_opcode_initiation_int 2,...:
#    16 INT32 lanes a sub-core take a warp in 2 cycles); with an interval of
#    1, the scheduler does: one issue a cycle, 8 cycles.
II_INT=$(sed -n 's/^-ptx_opcode_initiation_int \([0-9]*\),.*/\1/p' configs/gpu/h100.cfg)
cfg_with ii1 h100 "-ptx_opcode_initiation_int 1,1,1,1,1,1"
expect "8 warps a sub-core: the INT unit's interval" "$(slope w32 iadd 1024 64 128)" "$(python3 -c "print(8.0 * $II_INT)")"
expect "8 warps a sub-core: one issue a cycle" "$(slope w32i iadd 1024 64 128 --config "$T/ii1.cfg")" 8.0
# 4. Four independent chains in one warp: a link of 4 instructions takes
#    L+2 cycles, or 4 x the interval if that is more.
expect "four independent chains" "$(slope ind4 ind4 32 256 512)" \
    "$(python3 -c "print(max(($L_INT + 2) / 4, float($II_INT)))")"
expect "four independent chains, interval 1" "$(slope ind4i ind4 32 256 512 --config "$T/ii1.cfg")" \
    "$(python3 -c "print(max(($L_INT + 2) / 4, 1.0))")"

# 4b. Register banks: a multiply-add reads three registers. With one bank a
#     sub-core (-gpgpu_num_reg_banks 4) they all queue for its ports: two
#     ports (h100.cfg) read them in 2 cycles, one port in 3, so a link costs
#     L+2 plus 1 or 2 (L: h100.cfg's -ptx_opcode_latency_int MAD, 4).
L_MAD=$(sed -n 's/^-ptx_opcode_latency_int [0-9]*,[0-9]*,[0-9]*,\([0-9]*\),.*/\1/p' configs/gpu/h100.cfg)
cfg_with bank1p2 h100 "-gpgpu_num_reg_banks 4"
cfg_with bank1p1 h100 "-gpgpu_num_reg_banks 4" "-gpgpu_reg_file_port_throughput 1"
expect "3 operands, 1 bank, 2 ports" "$(slope mb2 mad3 32 64 128 --config "$T/bank1p2.cfg")" "$(python3 -c "print(float($L_MAD + 3))")"
expect "3 operands, 1 bank, 1 port" "$(slope mb1 mad3 32 64 128 --config "$T/bank1p1.cfg")" "$(python3 -c "print(float($L_MAD + 4))")"

# 4c. The schedulers' order: warps 0 and 4 of a CTA share sub-core 0; each
#     runs 512 instructions of eight independent chains (an interval of 1
#     and L+2 <= 8: never a stall), then reads %clock. GTO issues the warp
#     it issued last while it can, so one warp's 512 go before the other's
#     and their clocks differ by about 512; LRR alternates, so they read it
#     within a few cycles of each other.
mk order ind8clk 512 160
d() { python3 -c 'import struct,sys; v=struct.unpack("<160I",open(sys.argv[1],"rb").read()); print(abs(v[128]-v[0]))' "$1"; }
for sched in gto lrr; do
    cfg_with "s_$sched" h100 "-gpgpu_scheduler $sched" "-ptx_opcode_initiation_int 1,1,1,1,1,1"
    "$W" ptx --quiet --backend cpu --timing --config "$T/s_$sched.cfg" --dump-dir "$T/d_$sched" "$T/order.launch" \
        >/dev/null 2>&1 || bad "order under $sched did not run"
done
g=$(d "$T/d_gto/o.bin") l=$(d "$T/d_lrr/o.bin")
[ "$g" -ge 448 ] && [ "$g" -le 576 ] && ok || bad "GTO: warps 0 and 4 read %clock $g cycles apart, want 448..576"
[ "$l" -le 8 ] && ok || bad "LRR: warps 0 and 4 read %clock $l cycles apart, want at most 8"

# 5. Shared memory: a warp's load at word tid*S conflicts gcd(S, 32) ways
#    on 32 banks (h100.cfg -gpgpu_shmem_num_banks 32): ways - 1 extra
#    passes a warp (gpgpu_n_shmem_bkconflict), one warp of each of 4.
for s in 1 2 4 8 32 3; do
    mk "sh$s" shmem "$s" 128
    want=$(python3 -c "import math; print(4 * (math.gcd($s, 32) - 1))")
    expect "shared stride $s" "$(timed "sh$s" gpgpu_n_shmem_bkconflict)" "$want"
done

# 5b. A vector load writes its four registers back in one cycle, as a
#     scalar load its one, even where they fall on one register bank with
#     fewer ports (titanv: 2 banks a sub-core of 2 ports; %c1 %c3 %c5 %c7
#     on one of them): a chain of ld.v4 costs what a chain of ld.u32 does
#     (fixed latencies: the memory system off). Until 2026-11-28 such a write-back never found a cycle
#     and waited SM_RING cycles.
cfg_with tvfixed titanv "-warpsim_memory_system 0"
expect "a chain of ld.v4 as one of ld.u32" "$(slope ldv4 ldv4 1 4 8 --config "$T/tvfixed.cfg")" \
    "$(slope ldu32 ld 1 4 8 --config "$T/tvfixed.cfg")"

# 6. The L0 instruction cache (rtx2070super.cfg: no perfect instruction
#    cache): one set of one 128-byte line (8 records) misses on every line
#    of the 31-record loop (records 2 to 32: lines 0 to 4), 5 lines an
#    iteration; the card's own 16 KB L0 holds it after its first iteration.
cfg_with l0tiny rtx2070super "-warpsim_cache:l0i N:1:128:1,L:R:f:N:L,S:1:48,1"
mk loop loop 100 32
m=$(timed loop l0i_misses --config "$T/l0tiny.cfg")
python3 -c "import sys; sys.exit(0 if 500 <= $m <= 510 else 1)" && ok || bad "L0 misses of a 5-line loop, 100 times: $m, want 500..510"
m=$(timed loop l0i_misses --config configs/gpu/rtx2070super.cfg)
python3 -c "import sys; sys.exit(0 if $m <= 10 else 1)" && ok || bad "L0 misses of a loop that fits h100's L0: $m, want at most 10"

# 7. Timing never changes an output: every buffer of each workload the
#    same with and without --timing (but those a launch file calls
#    unordered: their bytes depend on the order of atomics, which timing
#    changes), and the same instruction counts. 8. The same cycles on 1, 2
#    and 4 host threads, for every workload. Not for a workload whose CTAs
#    race through global memory (a launch file's "# unordered" line: bfs
#    relaxes levels with atomics, so its work depends on which CTA gets
#    there first; the functional runs' counts vary with --threads too).
counts() {
    python3 -c 'import json,sys; L=json.load(open(sys.argv[1]))["launches"]; print([(l["gpu_sim_insn"], l["gpgpu_n_tot_w_icount"]) for l in L], [l.get("timing", {}).get("gpu_sim_cycle") for l in L])' "$1"
}
timed_like_plain() {
    local l=$1 n tc th
    n=$(basename "$l" .launch)
    like_plain "$l"
    grep -q "^# unordered" "$l" && return
    tc=$(counts "$T/t1.json")
    for th in 2 4; do
        "$W" ptx --quiet --backend cpu --timing --threads $th --report "$T/tn.json" "$l" >/dev/null 2>&1
        [ "$(counts "$T/tn.json")" = "$tc" ] && ok || bad "$n: cycles on $th threads $(counts "$T/tn.json"), on 1 $tc"
    done
}
each_launch timed_like_plain

# 8b. GPGPU-Sim's statistics, read with the regular expressions of
#     Accel-Sim's stats file (util/job_launching/stats/example_stats.yml,
#     ../shared/GPU-TIMING-REFERENCE.md section 2.2) and its kernel split.
"$W" ptx --quiet --backend cpu --timing --stats "$T/stats.txt" --report "$T/s.json" kernels/ptx/reduce_smem.launch \
    >/dev/null 2>&1
python3 - "$T/stats.txt" "$T/s.json" <<'PY' && ok || bad "GPGPU-Sim's statistics do not parse as Accel-Sim reads them"
import json, re, sys
text = open(sys.argv[1]).read()
launches = json.load(open(sys.argv[2]))["launches"]
assert "GPGPU-Sim: *** exit detected ***" in text
kernels = re.split(r"(?m)^(?=kernel_name\s+=\s+)", text)[1:]
assert len(kernels) == len(launches), (len(kernels), len(launches))
tot = 0
for k, l in zip(kernels, launches):
    one = lambda rx: re.search(rx, k, re.M).group(1).strip()
    assert int(one(r"gpu_sim_cycle\s*=\s*(.*)")) == l["timing"]["gpu_sim_cycle"]
    assert int(one(r"gpu_sim_insn\s*=\s*(.*)")) == l["gpu_sim_insn"]
    assert abs(float(one(r"gpu_ipc\s*=\s*(.*)")) - l["gpu_sim_insn"] / l["timing"]["gpu_sim_cycle"]) < 1e-3
    tot += l["timing"]["gpu_sim_cycle"]
    assert int(one(r"gpu_tot_sim_cycle\s*=\s*(.*)")) == tot
    assert int(one(r"gpgpu_n_tot_w_icount\s*=\s*(.*)")) == l["gpgpu_n_tot_w_icount"]
assert re.search(r"gpgpu_simulation_rate\s+=\s+(.*)\s+\(inst\/sec\)", text)
assert re.search(r"gpgpu_simulation_rate\s+=\s+(.*)\s+\(cycle\/sec\)", text)
PY

# 8c. The timeline: a sample every 256 cycles from the kernel's launch
#     latency on (h100.cfg: 3000 cycles), taken where every SM is at that
#     cycle (in the default work-group mode, a top point every 256 cycles),
#     the last at the first launch's end (the next launch's samples go on
#     from there); warpsim report reads it and plots it over cycles.
for mode in "--quantum 32" ""; do
    # shellcheck disable=SC2086
    "$W" ptx --quiet --backend cpu --timing $mode --timeline "$T/tl.csv" --timeline-every 256 --report "$T/tl.json" \
        kernels/ptx/reduce_smem.launch >/dev/null 2>&1
    [ -n "$mode" ] && cp "$T/tl.csv" "$T/tlq.csv"
    python3 - "$T/tl.csv" "$T/tl.json" <<'PY' && ok || bad "timeline samples ${mode:-default mode}: $(head -3 "$T/tl.csv")"
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
first = json.load(open(sys.argv[2]))["launches"][0]
end = first["timing"]["gpu_sim_cycle"]
cyc = [int(r["cycle"]) for r in rows if int(r["cycle"]) < end + 32]  # the first launch's
assert cyc[0] == 3000 + 256 and all(b - a == 256 for a, b in zip(cyc, cyc[1:-1])), cyc[:4]
assert end <= cyc[-1] < end + 32, (end, cyc[-1])
for r in rows:
    shares = sum(float(r[k]) for k in r if k.startswith("sched_"))
    assert float(r["ipc"]) >= 0 and abs(shares - 1) < 0.01, r
PY
done
# The work-group mode's samples are whole snapshots: those of --quantum 32
# (exact on reduce_smem), but for each launch's last, at its end rather
# than at a window's.
python3 - "$T/tl.csv" "$T/tlq.csv" <<'PY' && ok || bad "the default mode's timeline is not --quantum 32's"
import sys
a, b = (open(p).read().splitlines() for p in sys.argv[1:3])
differ = [(x, y) for x, y in zip(a, b) if x != y]
assert len(a) == len(b) > 10 and len(differ) == 2, (len(a), len(b), differ[:3])
assert all(x.split(",")[1:] == y.split(",")[1:] for x, y in differ), differ
PY
"$W" report --columns cycle,ipc,sched_memory "$T/tl.csv" >"$T/tl.txt" 2>&1 && grep -q "^ *3256 " "$T/tl.txt" && ok ||
    bad "warpsim report on the timeline: $(head -3 "$T/tl.txt")"
"$W" report --format svg --output "$T/tl.svg" --x cycle --y ipc "$T/tl.csv" && grep -q "<svg" "$T/tl.svg" && ok ||
    bad "warpsim report could not plot the timeline"
cfg_with longlat h100 "-ptx_opcode_latency_int 4,4,4,4,3000,32"
for args in "--timeline x.csv" "--timing --timeline-every 100" "--stats x.txt" "--timing --timeline x.csv --backend cuda" \
    "--timing --stats /nonexistent/x.txt" "--timing --config $T/longlat.cfg"; do
    "$W" ptx --quiet $args kernels/ptx/vecadd.launch >/dev/null 2>"$T/err"
    [ $? = 2 ] && [ "$(wc -l <"$T/err")" = 1 ] && ok || bad "ptx $args: $(cat "$T/err")"
done

# 8d. A design sweep: two configs in one run give each its own report,
#     with the cycles the same configs give run alone.
"$W" ptx --quiet --backend cpu --timing --report "$T/sw.json" --config configs/gpu/titanv.cfg \
    --config configs/gpu/rtx2070super.cfg kernels/ptx/matmul.launch >/dev/null 2>&1
for i in 0 1; do
    c=$([ $i = 0 ] && echo titanv || echo rtx2070super)
    "$W" ptx --quiet --backend cpu --timing --report "$T/one.json" --config "configs/gpu/$c.cfg" kernels/ptx/matmul.launch \
        >/dev/null 2>&1
    [ -f "$T/sw.$i.json" ] && [ "$(counts "$T/sw.$i.json")" = "$(counts "$T/one.json")" ] && ok ||
        bad "sweep's $c: $(counts "$T/sw.$i.json" 2>&1) against $(counts "$T/one.json")"
done

# 8e. The sweep's configs run side by side on the host threads: the
#     kernels' printf output still comes config by config, in order.
"$W" ptx --quiet --backend cpu --timing --threads 2 --config configs/gpu/titanv.cfg --config configs/gpu/h100.cfg \
    kernels/ptx/clock_f64.launch >"$T/sw.out" 2>/dev/null
for c in titanv h100; do
    "$W" ptx --quiet --backend cpu --timing --config "configs/gpu/$c.cfg" kernels/ptx/clock_f64.launch 2>/dev/null
done >"$T/seq.out"
[ -s "$T/sw.out" ] && cmp -s "$T/sw.out" "$T/seq.out" && ok ||
    bad "a sweep's printf output is not the configs' runs in order: $(diff "$T/sw.out" "$T/seq.out" | head -3)"

# 9. A fault (in a one-warp CTA: which of several warps faults first is
#    up to the schedule) and a barrier that never completes: the same
#    message, the same status, with and without timing.
for k in wild:32 deadlock:64; do
    n=${k#*:} k=${k%:*}
    mk "$k" "$k" 0 "$n"
    "$W" ptx --quiet --backend cpu "$T/$k.launch" >/dev/null 2>"$T/plain.err"
    a=$?
    "$W" ptx --quiet --backend cpu --timing "$T/$k.launch" >/dev/null 2>"$T/timed.err"
    b=$?
    if [ $a -eq 1 ] && [ $b -eq 1 ] && cmp -s "$T/plain.err" "$T/timed.err"; then ok; else
        bad "$k: exit $a / $b with --timing: $(cat "$T/plain.err") / $(cat "$T/timed.err")"
    fi
done

echo "sm timing: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
