#!/usr/bin/env python3
"""Turn bench.sh's rows into JSON, CSV and a text table (MIPS and ratios).

A row is NAME,BACKEND,THREADS,CORES,INSTRUCTIONS,SECONDS (NAME may hold
commas), optionally followed by KEY=VALUE columns that bench/plot.sh reads:
  isa=arm|x86          target ISA (default arm: bench.sh runs ARM binaries)
  mode=sk|mk           one persistent kernel or one launch per step (default sk
                       for warpsim rows, none for qemu)
  workload=NAME        best, worst (seed 002's SIMD and MIMD corner cases),
                       fft, idct, imatmul, fmatmul, matmul, ...
  case=best|worst      defaults to the workload's name when that is best or worst
  max_core_insns=N     the busiest core's instructions (from the run's report)
Rows with a workload get sim_speedup and app_speedup (seed 002, section 3)
against that workload's 1-core run on the CPU backend with 1 thread, same ISA:
sim_speedup = MIPS / baseline MIPS, app_speedup = baseline max_core_insns /
max_core_insns.
"""
import csv
import json
import re
import sys

INT_KEYS = {"max_core_insns"}


def parse_row(fields):
    """bench.sh writes names with commas unquoted: the name is what lies
    before the last five plain columns."""
    n = len(fields)
    while n > 0 and re.match(r"^[a-z_]+=", fields[n - 1]):
        n -= 1
    if n < 6:
        sys.exit(f"tables.py: short row {fields}")
    name = ",".join(fields[:n - 5])
    backend, threads, cores, insns, secs = fields[n - 5:n]
    insns, secs = int(insns), float(secs)
    row = {"name": name, "backend": backend, "threads": int(threads), "cores": int(cores),
           "instructions": insns, "seconds": secs, "mips": insns / secs / 1e6 if secs > 0 else 0.0}
    extra = {}
    for kv in fields[n:]:
        key, _, value = kv.partition("=")
        extra[key] = int(value) if key in INT_KEYS else value
    return row, extra


def add_fields(row, extra):
    row["isa"] = extra.pop("isa", "arm")
    row["mode"] = extra.pop("mode", None if row["backend"] == "qemu" else "sk")
    row["workload"] = extra.pop("workload", None)
    case = extra.pop("case", None)
    row["case"] = case or (row["workload"] if row["workload"] in ("best", "worst") else None)
    row["max_core_insns"] = extra.pop("max_core_insns", None)
    row.update(extra)


def add_speedups(rows):
    def is_base(b, r):
        return (b["workload"] == r["workload"] and b["isa"] == r["isa"] and b.get("args") == r.get("args")
                and b["cores"] == 1
                and b["backend"] == "cpu" and b["threads"] == 1 and b["seconds"] > 0)
    for r in rows:
        r["sim_speedup"] = r["app_speedup"] = None
        base = next((b for b in rows if r["workload"] and is_base(b, r)), None)
        if not base:
            continue
        if r["seconds"] > 0 and base["instructions"] > 0:
            r["sim_speedup"] = r["mips"] / base["mips"]
        if r["max_core_insns"] and base["max_core_insns"]:
            r["app_speedup"] = base["max_core_insns"] / r["max_core_insns"]


rows_path, stem, device, commit, iters = sys.argv[1:6]
rows = []
for fields in csv.reader(open(rows_path)):
    row, extra = parse_row(fields)
    rows.append(row)
    rows[-1]["_extra"] = extra
for r in rows:
    add_fields(r, r.pop("_extra"))
# Ratios against qemu-arm running the same workload as one process.
qemu1 = {(r["workload"], r.get("args")): r["mips"] for r in rows if r["backend"] == "qemu" and r["threads"] == 1}
for r in rows:
    r["mips_per_thread"] = r["mips"] / r["threads"] if r["backend"] != "cuda" else None
    q = qemu1.get((r["workload"], r.get("args")))
    r["vs_qemu_1_process"] = r["mips"] / q if q else None
add_speedups(rows)
# Seed 002's published figures (GTX 295, ARM ISS, 1024 cores) as a reference.
SEED = [("seed 002 (GTX 295): SK best", "best", "sk", 1000.0), ("seed 002 (GTX 295): SK worst", "worst", "sk", 140.0),
        ("seed 002 (GTX 295): MK best", "best", "mk", 50.0), ("seed 002 (GTX 295): MK worst", "worst", "mk", 25.0)]
reference = [{"name": n, "backend": "published", "cores": 1024, "workload": w, "case": w, "mode": m, "mips": v}
             for n, w, m, v in SEED]
doc = {"device": device, "commit": commit, "command": "make bench" if iters == "0" else "bench.sh",
       "rows": rows, "reference": reference}
json.dump(doc, open(stem + ".json", "w"), indent=2)
keys = list(dict.fromkeys(k for r in rows for k in r))
with open(stem + ".csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=keys, restval="")
    w.writeheader()
    w.writerows(rows)
print(f"device: {device}   commit: {commit}")
print(f"{'configuration':44} {'mode':>4} {'cores':>6} {'MIPS':>10} {'MIPS/thread':>12} {'x qemu-1':>9}")
for r in rows:
    mpt = f"{r['mips_per_thread']:.1f}" if r["mips_per_thread"] is not None else "-"
    vq = f"{r['vs_qemu_1_process']:.2f}" if r["vs_qemu_1_process"] is not None else "-"
    print(f"{r['name']:44} {r['mode'] or '-':>4} {r['cores']:>6} {r['mips']:>10.1f} {mpt:>12} {vq:>9}")
for r in reference:
    print(f"{r['name']:44} {r['mode']:>4} {r['cores']:>6} {r['mips']:>10.1f} {'(published)':>12}")
if any(r["sim_speedup"] is not None for r in rows):
    print(f"\n{'workload run':42} {'cores':>6} {'sim speedup':>12} {'app speedup':>12}")
    for r in rows:
        if r["sim_speedup"] is not None:
            app = f"{r['app_speedup']:.2f}" if r["app_speedup"] is not None else "-"
            print(f"{r['name']:42} {r['cores']:>6} {r['sim_speedup']:>12.2f} {app:>12}")
print(f"wrote {stem}.json and {stem}.csv")
