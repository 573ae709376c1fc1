#!/usr/bin/env bash
# System tests of `warpsim report --correlate` and bench/hw/collect.sh (issue
# 34 part 8). Three kernels/ptx workloads run under `warpsim ptx --timing
# --report`; test/system/hw/sample holds ncu raw CSVs written for this
# test in ncu's exact format (not a measurement: header.txt says so). The
# MAPE and correlation are checked against Python's own reading of the same
# files (csv, statistics.correlation); then the SVG, the pair rows, a key the
# report gains, and the error cases; collect.sh against stand-ins for
# nvidia-smi and ncu. WARPSIM=path picks the binary (default build/warpsim).
# Prints "hw-correlate: N passed, M failed".
set -u
W=$(realpath "${WARPSIM:-build/warpsim}")
REF_DIR=${REF_DIR:-$(dirname "$W")/kernels/ptx/ref}
S=test/system/hw/sample
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# The H100 with its memory system off (fixed latencies): reports without
# the memory counters, whose absence the table must say, and the cycles
# the pairs below were written for.
{ cat configs/gpu/h100.cfg; echo "-warpsim_memory_system 0"; } >"$T/h100-fixed.cfg"
R=()
for w in vecadd reduce_smem transpose; do
    "$W" ptx --timing --quiet --config "$T/h100-fixed.cfg" --ref-dir "$REF_DIR" --report "$T/$w.json" \
        kernels/ptx/$w.launch >/dev/null 2>"$T/err" ||
        { echo "hw-correlate: warpsim ptx --timing $w failed: $(head -3 "$T/err")"; exit 1; }
    R+=("$T/$w.json")
done

# --- the figures, against Python's -------------------------------------------
"$W" report --correlate "$S" "${R[@]}" >"$T/table.txt" 2>"$T/err" || bad "correlate: exit $? $(cat "$T/err")"
python3 - "$S" "$T/table.txt" "${R[@]}" <<'PY' && ok || bad "figures (above)"
import csv, glob, json, os, statistics, sys
sample, table, reports = sys.argv[1], sys.argv[2], sys.argv[3:]
# counter: (report key, metrics summed, scale)
counters = {
    "cycles": ("timing.gpu_sim_cycle", ["gpc__cycles_elapsed.avg"]),
    "sm_cycles": ("timing.gpu_sim_cycle", ["sm__cycles_elapsed.avg"]),
    "warp_insts": ("gpgpu_n_tot_w_icount", ["smsp__inst_executed.sum"]),
    "thread_insts": ("gpu_sim_insn", ["smsp__thread_inst_executed.sum"]),
    "shmem_bank_conflicts": ("timing.gpgpu_n_shmem_bkconflict",
                             ["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
                              "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"]),
}
def key(program, kernel, seen):
    seen[(program, kernel)] = seen.get((program, kernel), -1) + 1
    return (program, kernel, seen[(program, kernel)])
hw, seen = {}, {}
for path in sorted(glob.glob(sample + "/*.csv")):
    rows = [r for r in csv.reader(open(path)) if r and not r[0].startswith("==")]
    head, body = rows[0], rows[2:]
    for r in sorted(body, key=lambda r: int(r[0])):
        d = dict(zip(head, r))
        hw[key(os.path.basename(path).split(".")[0], d["Kernel Name"], seen)] = d
sim, seen = {}, {}
for path in reports:
    doc = json.load(open(path))
    for l in doc["launches"]:
        sim[key(os.path.basename(doc["launch"]).split(".")[0], l["kernel"], seen)] = l
def get(launch, k):
    for part in k.split("."):
        launch = launch[part]
    return float(launch)
got = {l.split()[0]: l.split() for l in open(table).read().splitlines()[2:] if l and not l.startswith(" ")}
errs = []
for name, (k, metrics) in counters.items():
    pairs = [(sum(float(hw[p][m].replace(",", "")) for m in metrics), get(sim[p], k)) for p in hw if p in sim]
    nz = [(x, y) for x, y in pairs if x != 0]
    mape = "%.2f" % (100 * statistics.fmean(abs(y - x) / x for x, y in nz)) if nz else "-"
    xs, ys = [x for x, _ in pairs], [y for _, y in pairs]
    r = "%.4f" % statistics.correlation(xs, ys) if len(set(xs)) > 1 and len(set(ys)) > 1 else "-"
    want = [name, str(len(pairs)), mape, r]
    if got.get(name, [])[:4] != want:
        errs.append(f"{name}: warpsim {got.get(name, [])[:4]}, python {want}")
if len([p for p in hw if p in sim]) != 4:
    errs.append("expected 4 launches paired in the sample")
for e in errs:
    print(e)
sys.exit(1 if errs else 0)
PY
grep -q "^l2_rd_sectors .*not in the report: timing.L2_cache_stats_breakdown\[GLOBAL_ACC_R\]\[TOTAL_ACCESS\]" "$T/table.txt" &&
    [ "$(grep -c 'not in the report' "$T/table.txt")" = 10 ] && ok || bad "memory counters listed as not in the report"
grep -q "^measured, not simulated: $S/vecadd.csv:7: vecadd, launch 1 of it in vecadd" "$T/table.txt" &&
    grep -q "^measured, not simulated: $S/bitonic.csv:6: void tiles<64, 128>(const unsigned int \*, unsigned int \*)," \
        "$T/table.txt" && [ "$(grep -c '^measured, not simulated' "$T/table.txt")" = 3 ] && ok ||
    bad "unpaired measured launches: $(grep -c '^measured, not' "$T/table.txt")"
# vecadd's report again pairs with its second launch on the card; a third time, with none
"$W" report --correlate "$S" "${R[@]}" "$T/vecadd.json" "$T/vecadd.json" >"$T/twice.txt" 2>&1 &&
    grep -q "^measured: $S, 4 files, 7 launches; simulated: 5 reports, 6 launches; 5 launches paired" "$T/twice.txt" &&
    grep -q "^simulated, not measured: $T/vecadd.json: launches\[0\]: vecadd, launch 2 of it in vecadd" "$T/twice.txt" &&
    ok || bad "unpaired simulated launch: $(grep simulated, "$T/twice.txt")"

# ncu's launch order is its ID, not the row's place
mkdir -p "$T/swapped" && cp "$S"/*.csv "$T/swapped/"
awk '/^"0",/ { held = $0; next } { print } /^"1",/ && held { print held; held = "" }' "$S/reduce_smem.csv" >"$T/swapped/reduce_smem.csv"
"$W" report --correlate "$T/swapped" "${R[@]}" | sed 1d >"$T/swapped.txt"
sed 1d "$T/table.txt" | sed "s|$S|$T/swapped|" | cmp -s - "$T/swapped.txt" && ok || bad "rows out of ID order"
# ncu's unit prefixes (--print-units auto): 5.21025 Kcycle is 5,210.25 cycles
mkdir -p "$T/kilo" && cp "$S"/*.csv "$T/kilo/"
python3 - "$S/vecadd.csv" "$T/kilo/vecadd.csv" <<'PY'
import csv, sys
lines = open(sys.argv[1]).read().splitlines()
at = next(i for i, l in enumerate(lines) if l.startswith('"ID"'))
col = next(csv.reader([lines[at]])).index("gpc__cycles_elapsed.avg")
for i, unit, value in [(at + 1, "Kcycle", None), (at + 2, None, "5.21025"), (at + 3, None, "4.98775")]:
    row = next(csv.reader([lines[i]]))
    row[col] = unit or value
    lines[i] = ",".join('"%s"' % f for f in row)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
"$W" report --correlate "$T/kilo" "${R[@]}" | sed 1d >"$T/kilo.txt"
sed 1d "$T/table.txt" | sed "s|$S|$T/kilo|" | cmp -s - "$T/kilo.txt" && ok || bad "Kcycle: $(diff <(sed 1d "$T/table.txt") "$T/kilo.txt" | head -4)"

# --- a key the report gains (the memory system's) is picked up ---------------
python3 - "$T/vecadd.json" "$T/gained.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["launches"][0]["timing"]["total_dram_reads"] = 61000
json.dump(d, open(sys.argv[2], "w"))
PY
"$W" report --correlate "$S" "$T/gained.json" >"$T/gained.txt" 2>&1
# |61000 - 61024| / 61024
grep -q "^dram_rd_sectors  *1  *0.04  *-  *dram__sectors_read.sum <- timing.total_dram_reads" "$T/gained.txt" && ok ||
    bad "gained key: $(grep dram_rd "$T/gained.txt")"
# n/a on the card: no pair, and said so
grep -q "^dram_wr_sectors  *0 .*not in the report" "$T/gained.txt" && ok || bad "dram writes: $(grep dram_wr "$T/gained.txt")"

# --- the pairs as rows and as a plot ------------------------------------------
"$W" report --correlate "$S" --format csv "${R[@]}" >"$T/pairs.csv" 2>"$T/err" &&
    [ "$(head -1 "$T/pairs.csv")" = "workload,kernel,counter,measured,simulated" ] &&
    grep -qx "reduce_smem,reduce_smem,cycles,3120.5000,4419.0000" "$T/pairs.csv" &&
    [ "$(grep -c ',cycles,' "$T/pairs.csv")" = 4 ] && [ "$(wc -l <"$T/pairs.csv")" = 21 ] && ok ||
    bad "csv pairs: $(head -3 "$T/pairs.csv") $(cat "$T/err")"
"$W" report --correlate "$S" --format json "${R[@]}" | python3 -c '
import json, sys
rows = json.load(sys.stdin)
assert len(rows) == 20 and rows[0]["counter"] == "cycles", rows[:1]' && ok || bad "json pairs"
if command -v gnuplot >/dev/null; then
    "$W" report --correlate "$S" --format svg --output "$T/c.svg" "${R[@]}" 2>"$T/err" || bad "svg: $(cat "$T/err")"
    python3 - "$T/c.svg" <<'PY' && ok || bad "svg: series, axes (above)"
import math, re, sys
svg = open(sys.argv[1]).read()
errs = []
for text in ["measured (Nsight Compute)", "simulated (warpsim)", "y = x", "cycles", "warp_insts", "thread_insts"]:
    if text not in svg:
        errs.append("no " + text)
# log axes: every tick label a power of ten, several decades
ticks = [float(t) for t in re.findall(r">([0-9.e+]+)</tspan>", svg)]
decades = {round(math.log10(t)) for t in ticks if t > 0}
if not ticks or any(t <= 0 or abs(math.log10(t) - round(math.log10(t))) > 1e-9 for t in ticks) or len(decades) < 3:
    errs.append(f"tick labels not log decades: {ticks}")
if errs:
    print("\n".join(errs))
sys.exit(1 if errs else 0)
PY
else
    echo "hw-correlate: no gnuplot: the SVG is not checked"
fi

# --- bad input ------------------------------------------------------------------
# expect NAME STATUS PATTERN COMMAND...: exit STATUS and PATTERN on stderr
expect() {
    local name=$1 want=$2 pattern=$3 rc
    shift 3
    "$@" >/dev/null 2>"$T/err"
    rc=$?
    if [ $rc = "$want" ] && grep -qE -- "$pattern" "$T/err"; then ok; else bad "$name: exit $rc: $(head -3 "$T/err")"; fi
}
mkdir -p "$T/notncu" "$T/nokernel" "$T/fields" "$T/number" "$T/nounits" "$T/empty" "$T/nocol"
"$W" report --format csv "${R[@]}" >"$T/notncu/vecadd.csv" 2>/dev/null || printf 'file,program\nx,y\n' >"$T/notncu/vecadd.csv"
expect "not ncu's CSV" 1 "^$T/notncu/vecadd.csv:1: expected the header row of ncu --csv --page raw" \
    "$W" report --correlate "$T/notncu" "${R[@]}"
sed 's/"Kernel Name"/"Kernel"/' "$S/vecadd.csv" >"$T/nokernel/vecadd.csv"
expect "no Kernel Name column" 1 "^$T/nokernel/vecadd.csv:4: no \"Kernel Name\" column" \
    "$W" report --correlate "$T/nokernel" "${R[@]}"
sed '7s/"7",/"7","extra",/' "$S/vecadd.csv" >"$T/fields/vecadd.csv"
expect "a row of other width" 1 "^$T/fields/vecadd.csv:7: 28 fields, the header has 27" \
    "$W" report --correlate "$T/fields" "${R[@]}"
sed '6s/"5,210.25"/"5,2x0"/' "$S/vecadd.csv" >"$T/number/vecadd.csv"
expect "not a number" 1 "^$T/number/vecadd.csv:6: gpc__cycles_elapsed.avg: '5,2x0' is not a number" \
    "$W" report --correlate "$T/number" "${R[@]}"
sed '5d' "$S/vecadd.csv" >"$T/nounits/vecadd.csv"
expect "no units row" 1 "^$T/nounits/vecadd.csv:5: expected ncu's row of units" \
    "$W" report --correlate "$T/nounits" "${R[@]}"
expect "no CSV in DIR" 1 "^$T/empty: no .csv files" "$W" report --correlate "$T/empty" "${R[@]}"
expect "missing DIR" 1 "^$T/none: No such file" "$W" report --correlate "$T/none" "${R[@]}"
expect "a kernel in neither" 1 "no launch measured in $S/bitonic.csv has a simulated partner" \
    "$W" report --correlate "$S/bitonic.csv" "${R[@]}"
expect "not JSON" 1 "^$T/notncu/vecadd.csv:1:[0-9]+: invalid token" \
    "$W" report --correlate "$S" "$T/notncu/vecadd.csv"
echo '[{"program": "x"}]' >"$T/rows.json"
expect "rows, not a report" 1 "^$T/rows.json: not a report of warpsim ptx or warpsim cuda" \
    "$W" report --correlate "$S" "$T/rows.json"
expect "no reports" 2 "no report files given" "$W" report --correlate "$S"
expect "bad format" 2 "--format is table, csv, json or svg" "$W" report --correlate "$S" --format html "${R[@]}"
# a metric the CSVs lack: said, not dropped
for f in "$S"/*.csv; do
    python3 - "$f" "$T/nocol/$(basename "$f")" <<'PY'
import csv, sys
rows = list(csv.reader(l for l in open(sys.argv[1]) if not l.startswith("==")))
drop = rows[0].index("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum")
with open(sys.argv[2], "w") as f:
    csv.writer(f, quoting=csv.QUOTE_ALL, lineterminator="\n").writerows([r[:drop] + r[drop + 1:] for r in rows])
PY
done
"$W" report --correlate "$T/nocol" "${R[@]}" 2>&1 | grep -q "^shmem_bank_conflicts  *0 .*not measured: no column l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum + l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum" &&
    ok || bad "missing metric column not said"

# --- collect.sh: never pretends -------------------------------------------------
# a copy of the tree's parts it reads, with two workloads "packed" in .hw/
mkdir -p "$T/bin" "$T/w/kernels/ptx" "$T/w/.hw/cuda" "$T/w/.hw/ref" && ln -s "$PWD/src" "$T/w/src"
cp kernels/ptx/vecadd.launch kernels/ptx/transpose.launch "$T/w/kernels/ptx/"
PATH_NOGPU=$T/bin:/usr/bin:/bin
C=$PWD/bench/hw/collect.sh
expect "collect without a GPU" 1 "no nvidia-smi" env -C "$T/w" PATH="$PATH_NOGPU" bash "$C"
make --no-print-directory hw-collect PATH="$PATH_NOGPU" >"$T/make.txt" 2>&1 && grep -q "^hw-collect: no NVIDIA GPU here" "$T/make.txt" &&
    ok || bad "make hw-collect without a GPU: $(cat "$T/make.txt")"
cat >"$T/bin/nvidia-smi" <<'EOF'
#!/bin/sh
case "$*" in
*name*) echo "NVIDIA H200" ;;
*compute_cap*) echo "9.0" ;;
*driver_version*) echo "driver_version, clocks.current.sm [MHz]"; echo "580.159.04, 1980 MHz" ;;
*) echo "CUDA Version: 13.0" ;;
esac
EOF
chmod +x "$T/bin/nvidia-smi"
expect "collect without ncu" 1 "no ncu" env -C "$T/w" PATH="$PATH_NOGPU" bash "$C"
# a stand-in ncu: the sample's CSV for vecadd, LibraryNotLoaded for the others (as on gVisor)
cat >"$T/bin/ncu" <<EOF
#!/bin/sh
[ "\$1" = --version ] && { echo "Version 2025.3.1.0"; exit 0; }
while [ \$# -gt 0 ]; do
    case \$1 in
    --log-file) log=\$2; shift ;;
    --metrics) echo "\$2" >"$T/metrics.txt"; shift ;;
    --page | --clock-control | --print-units | --print-kernel-base) shift ;;
    --*) ;;
    *) break ;;
    esac
    shift
done
case \$1 in
*/vecadd.sm_90) cp $PWD/$S/vecadd.csv "\$log" ;;
*) echo "==ERROR== Failed to initialize the profiler: LibraryNotLoaded" >"\$log"; exit 1 ;;
esac
EOF
chmod +x "$T/bin/ncu"
(cd "$T/w" && HW_COMMIT=abc1234 PATH="$PATH_NOGPU" bash "$C") >"$T/collect.txt" 2>&1
rc=$?
H=$T/w/bench/hw/h200
[ $rc = 1 ] && grep -q "1 of 2 workloads gave no counters" "$T/collect.txt" && [ -f "$H/vecadd.csv" ] &&
    [ ! -f "$H/transpose.csv" ] && grep -q LibraryNotLoaded "$H/transpose.out" && ok ||
    bad "collect with a failing ncu: exit $rc: $(cat "$T/collect.txt") $(ls "$H" 2>&1)"
grep -q "^gpu: NVIDIA H200" "$H/header.txt" && grep -q "^warpsim commit: abc1234" "$H/header.txt" &&
    grep -q "^580.159.04, 1980 MHz" "$H/header.txt" && grep -q "^vecadd: exit 0 after .* 2 launches measured" "$H/header.txt" &&
    ok || bad "collect's header: $(cat "$H/header.txt")"
python3 - "$T/metrics.txt" src/host/hw/hw_counters.def <<'PY' && ok || bad "collect's metrics are not the table's"
import re, sys
asked = set(open(sys.argv[1]).read().strip().split(","))
table = set(re.findall(r'"([a-z0-9_]+__[a-z0-9_.]+)"', open(sys.argv[2]).read()))
sys.exit(0 if len(table) == 16 and table <= asked else 1)
PY

echo "hw-correlate: $pass passed, $fail failed"
[ $fail = 0 ]
