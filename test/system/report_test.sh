#!/usr/bin/env bash
# System tests of `warpsim report`: runs an ARM program at a few core counts
# with --report, then reads the reports back in every format and checks rows
# and values against the JSON, the SVG plot, and the error cases.
# WARPSIM=path picks the binary. Prints "report: N passed, M failed".
set -u
W=$(realpath "${WARPSIM:-build/warpsim}")
BACKEND=${REPORT_TEST_BACKEND:-cpu}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# check NAME COMMAND...: pass when the command succeeds.
check() { local name=$1; shift; if "$@"; then ok; else bad "$name"; fi; }

if ! command -v arm-linux-gnueabi-gcc >/dev/null; then
    echo "report: SKIPPED: arm-linux-gnueabi-gcc missing (make deps)"; exit 1
fi
# Fixed total work split by core id, so more cores mean a shorter busiest core.
cat >"$T/split.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    const char *n = getenv("WARPSIM_NCORES"), *c = getenv("WARPSIM_CORE");
    long nc = n ? atol(n) : 1, id = c ? atol(c) : 0, total = 200000;
    unsigned s = 0;
    for (long i = total * id / nc; i < total * (id + 1) / nc; i++)
        s += (unsigned)i * 2654435761u >> 7;
    printf("core %ld: %u\n", id, s);
    return 0;
}
EOF
arm-linux-gnueabi-gcc -static -O2 "$T/split.c" -o "$T/split.elf" || { echo "report: cannot build the program"; exit 1; }
R=()
for n in 1 4 16; do
    "$W" run --quiet --backend "$BACKEND" --cores $n --heap 256K --stack 64K --report "$T/r$n.json" \
        "$T/split.elf" >/dev/null || bad "run on $n cores"
    R+=("$T/r$n.json")
done

# Every format from the same three reports, checked against them by Python.
"$W" report "${R[@]}" >"$T/table.txt" 2>"$T/err" || bad "table: exit $? $(cat "$T/err")"
"$W" report --format csv --output "$T/rows.csv" "${R[@]}" 2>"$T/err" || bad "csv: exit $? $(cat "$T/err")"
"$W" report --format json --baseline "$T/r1.json" "${R[@]}" >"$T/rows.json" 2>"$T/err" || bad "json: $(cat "$T/err")"
"$W" report --baseline "$T/r1.json" "${R[@]}" >"$T/table_b.txt" 2>"$T/err" || bad "table --baseline: $(cat "$T/err")"
python3 - "$T" "${R[@]}" <<'PY' && ok || bad "rows and values (see above)"
import csv, json, sys
t, paths = sys.argv[1], sys.argv[2:]
runs = [json.load(open(p)) for p in paths]
maxc = [max(c["instructions"] for c in r["per_core"]) for r in runs]
errs = []
def want(cond, what):
    if not cond: errs.append(what)

lines = open(t + "/table.txt").read().splitlines()
want(len(lines) == 4, f"table: {len(lines)} lines, want header + 3")
head = lines[0].split()
want(head[:4] == ["program", "isa", "backend", "mode"], f"table header {head}")
for line, r, m in zip(lines[1:], runs, maxc):
    f = line.split()
    want(f[0] == "split.elf" and f[1] == "arm" and f[2] == r["backend"], f"table row {f[:3]}")
    want(int(f[5]) == r["cores"] and int(f[6]) == r["total_instructions"], f"table cores/insns {f}")
    want(int(f[9]) == m, f"table max core insns {f[9]} != {m}")
    want(abs(float(f[8]) - r["mips"]) <= 0.05 + 1e-9, f"table MIPS {f[8]} != {r['mips']}")

rows = list(csv.DictReader(open(t + "/rows.csv")))
want(len(rows) == 3, f"csv: {len(rows)} rows")
for row, r, m, p in zip(rows, runs, maxc, paths):
    want(row["file"] == p and row["program"] == "split.elf", f"csv file/program {row['file']}")
    for k in ("cores", "total_instructions", "halted", "faulted", "threads"):
        want(int(row[k]) == r[k], f"csv {k}: {row[k]} != {r[k]}")
    want(float(row["wall_seconds"]) == r["wall_seconds"], f"csv wall {row['wall_seconds']}")
    want(float(row["mips"]) == r["mips"], f"csv mips {row['mips']}")
    want(int(row["max_core_insns"]) == m, "csv max_core_insns")
    want(row.get("mode", "") == r.get("mode", ""), "csv mode")

js = json.load(open(t + "/rows.json"))
want(isinstance(js, list) and len(js) == 3, "json: not a 3-row array")
b = runs[0]
for row, r, m in zip(js, runs, maxc):
    want(row["total_instructions"] == r["total_instructions"], "json total_instructions")
    want(row["max_core_insns"] == m and row["cores"] == r["cores"], "json max_core_insns/cores")
    sim = (r["total_instructions"] / r["wall_seconds"]) / (b["total_instructions"] / b["wall_seconds"])
    want(abs(row["sim_speedup"] - sim) < 1e-4 * max(1, sim), f"sim_speedup {row['sim_speedup']} != {sim}")
    app = maxc[0] / m
    want(abs(row["app_speedup"] - app) < 1e-4, f"app_speedup {row['app_speedup']} != {app}")
want(js[0]["sim_speedup"] == 1 and js[0]["app_speedup"] == 1, "baseline against itself is 1")
want(js[2]["app_speedup"] > 8, f"16 cores: app_speedup {js[2]['app_speedup']} (work is split)")
tb = open(t + "/table_b.txt").read().splitlines()
want(tb[0].endswith("sim speedup  app speedup") and len(tb) == 4, "table with --baseline")
for e in errs:
    print("  " + e)
sys.exit(1 if errs else 0)
PY

# Rows written with every column (--format json) read back as the same rows.
ALL=$("$W" report --help | sed -n 's/^keys: //p' | tr ' ' ',')
"$W" report --format json --columns "$ALL" --baseline "$T/r1.json" --versus "$T/r4.json" "${R[@]}" \
    >"$T/all.json" 2>"$T/err" || bad "json --columns: $(cat "$T/err")"
"$W" report --format csv --columns "$ALL" --baseline "$T/r1.json" --versus "$T/r4.json" "${R[@]}" >"$T/direct.csv"
"$W" report --format csv --columns "$ALL" "$T/all.json" >"$T/back.csv" 2>"$T/err" || bad "read back: $(cat "$T/err")"
check "rows read back from --format json" cmp -s "$T/direct.csv" "$T/back.csv"

# A baseline per workload (the program's name unless a report names one);
# --versus the same way; --columns picks and orders the table's columns.
cp "$T/split.elf" "$T/other.elf"
"$W" run --quiet --backend "$BACKEND" --cores 4 --heap 256K --stack 64K --report "$T/o4.json" "$T/other.elf" \
    >/dev/null || bad "run other.elf"
"$W" report --baseline "$T/r4.json" --baseline "$T/o4.json" --versus "$T/r1.json" \
    --columns workload,cores,app_speedup,versus "$T/r16.json" "$T/o4.json" >"$T/two.txt" 2>"$T/err" \
    || bad "two baselines: $(cat "$T/err")"
python3 - "$T" <<'PY' && ok || bad "baseline per workload, versus, --columns (see above)"
import json, sys
t = sys.argv[1]
r1, r4, r16, o4 = (json.load(open(f"{t}/{n}.json")) for n in ("r1", "r4", "r16", "o4"))
top = lambda r: max(c["instructions"] for c in r["per_core"])
lines = open(t + "/two.txt").read().splitlines()
errs = []
if lines[0].split() != ["workload", "cores", "app", "speedup", "x", "versus"]:
    errs.append(f"header {lines[0]}")
f16, fo = lines[1].split(), lines[2].split()
if f16[0] != "split.elf" or abs(float(f16[2]) - top(r4) / top(r16)) > 0.006:
    errs.append(f"split.elf against r4: {f16}")
if fo[0] != "other.elf" or fo[2] != "1.00":
    errs.append(f"other.elf against itself: {fo}")
if abs(float(f16[3]) - r16["mips"] / r1["mips"]) > 0.006 * max(1, r16["mips"] / r1["mips"]):
    errs.append(f"versus {f16[3]}")
if abs(float(fo[3]) - o4["mips"] / r1["mips"]) > 0.006 * max(1, o4["mips"] / r1["mips"]):
    errs.append(f"one --versus run serves every row: {fo}")
for e in errs:
    print("  " + e)
sys.exit(1 if errs else 0)
PY

# SVG: well-formed, axis labels with units, a legend entry per group.
svg_ok() { # FILE TEXT...
    local f=$1; shift
    if command -v xmllint >/dev/null; then xmllint --noout "$f" || return 1
    else python3 -c "import sys, xml.dom.minidom as m; m.parse(sys.argv[1])" "$f" || return 1; fi
    for s in "$@"; do grep -qF -- "$s" "$f" || { echo "  $f lacks '$s'"; return 1; }; done
}
if command -v gnuplot >/dev/null; then
    "$W" report --format svg --output "$T/mips.svg" --group backend,mode --title "report test" "${R[@]}" 2>"$T/err" \
        || bad "svg: $(cat "$T/err")"
    check "svg: labels and legend" svg_ok "$T/mips.svg" "<svg" "simulated cores" \
        "MIPS (million target instructions per second)" "report test" "$BACKEND sk"
    "$W" report --format svg --baseline "$T/r1.json" --y app_speedup "${R[@]}" >"$T/app.svg" 2>"$T/err" \
        || bad "svg on stdout: $(cat "$T/err")"
    check "svg: speedup plot on stdout" svg_ok "$T/app.svg" "application speedup" "app speedup versus simulated cores"
else
    bad "gnuplot is not installed (make deps): svg not tested"
fi
PATH=/nonexistent "$W" report --format svg --output "$T/x.svg" "${R[@]}" 2>"$T/err"
rc=$?
check "svg without gnuplot: exit $rc, $(cat "$T/err")" test $rc -eq 1 -a ! -e "$T/x.svg"
check "svg without gnuplot: says so" grep -q "gnuplot" "$T/err"

# expect_error NAME RC FILE-PATTERN ARGS...: exit RC, one line on stderr matching the pattern.
expect_error() {
    local name=$1 want=$2 pat=$3
    shift 3
    "$W" report "$@" >"$T/out" 2>"$T/err"
    local rc=$? lines
    lines=$(wc -l <"$T/err")
    if [ $rc -ne "$want" ]; then bad "$name: exit $rc, want $want"; return; fi
    if [ "$lines" -ne 1 ]; then bad "$name: $lines lines on stderr, want 1"; cat "$T/err"; return; fi
    if ! grep -qE -- "$pat" "$T/err"; then bad "$name: '$(cat "$T/err")' does not match '$pat'"; return; fi
    ok
}
head -c 300 "$T/r4.json" >"$T/cut.json"
printf '{"cores": 4,\n "total_instructions": 12 34}\n' >"$T/syntax.json"
printf '[1, 2]\n' >"$T/array.json"
printf '{"cores": 4, "wall_seconds": 1}\n' >"$T/missing.json"
printf '{"cores": 4, "total_instructions": "many", "wall_seconds": 1}\n' >"$T/type.json"
: >"$T/empty.json"
mkdir "$T/dir.json"
expect_error "missing file" 1 "^$T/nope.json: No such file" "$T/nope.json"
expect_error "missing among good" 1 "^$T/nope.json: " "$T/r1.json" "$T/nope.json"
expect_error "truncated report" 1 "^$T/cut.json:[0-9]+:[0-9]+: " "$T/cut.json"
expect_error "syntax error" 1 "^$T/syntax.json:2:28: '}' expected near '34'\$" "$T/syntax.json"
expect_error "not an object" 1 "^$T/array.json: .*array" "$T/array.json"
expect_error "missing field" 1 "^$T/missing.json: no 'total_instructions'" "$T/missing.json"
expect_error "wrong type" 1 "^$T/type.json: field 'total_instructions'" "$T/type.json"
expect_error "empty file" 1 "^$T/empty.json: empty file\$" "$T/empty.json"
expect_error "directory" 1 "^$T/dir.json: " "$T/dir.json"
expect_error "bad baseline" 1 "^$T/syntax.json:2:" --baseline "$T/syntax.json" "$T/r1.json"
expect_error "unknown option" 2 "--bogus" --bogus "$T/r1.json"
expect_error "bad format" 2 "xml" --format xml "$T/r1.json"
expect_error "unknown key" 2 "nope" --x nope "$T/r1.json"
expect_error "string key as axis" 2 "backend" --y backend "$T/r1.json"
expect_error "bad group" 2 "zz" --group backend,zz "$T/r1.json"
expect_error "speedup without baseline" 2 "baseline" --format svg --y sim_speedup "$T/r1.json"
expect_error "no files" 2 "no report files" --format csv
expect_error "unknown column" 2 "nope" --columns cores,nope "$T/r1.json"
expect_error "versus without a run" 2 "versus" --format svg --y versus "$T/r1.json"
expect_error "array of non-objects" 1 "^$T/array.json: item 0 of the array" "$T/array.json"
expect_error "option without value" 2 "--output" --output
"$W" report --help >"$T/out" 2>&1 && grep -q "usage: warpsim report" "$T/out" && ok || bad "--help"

echo "report: $pass passed, $fail failed"
[ $fail -eq 0 ]
