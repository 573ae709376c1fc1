#!/usr/bin/env python3
"""Turn bench.sh's rows into JSON, CSV and a text table (MIPS and ratios)."""
import csv
import json
import sys

rows_path, stem, device, commit, iters = sys.argv[1:6]
rows = []
for name, backend, threads, cores, insns, secs in csv.reader(open(rows_path)):
    insns, secs = int(insns), float(secs)
    rows.append({"name": name, "backend": backend, "threads": int(threads), "cores": int(cores),
                 "instructions": insns, "seconds": secs, "mips": insns / secs / 1e6 if secs > 0 else 0.0})
qemu1 = next((r["mips"] for r in rows if r["name"] == "qemu-arm, 1 process"), None)
for r in rows:
    r["mips_per_thread"] = r["mips"] / r["threads"] if r["backend"] != "cuda" else None
    r["vs_qemu_1_process"] = r["mips"] / qemu1 if qemu1 else None
doc = {"device": device, "commit": commit, "program": "bench/programs/compute.c",
       "iterations": int(iters), "rows": rows}
json.dump(doc, open(stem + ".json", "w"), indent=2)
with open(stem + ".csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
    w.writeheader()
    w.writerows(rows)
print(f"device: {device}   commit: {commit}   program: compute.c x {iters}")
print(f"{'configuration':42} {'cores':>6} {'MIPS':>10} {'MIPS/thread':>12} {'x qemu-1':>9}")
for r in rows:
    mpt = f"{r['mips_per_thread']:.1f}" if r["mips_per_thread"] is not None else "-"
    print(f"{r['name']:42} {r['cores']:>6} {r['mips']:>10.1f} {mpt:>12} {r['vs_qemu_1_process'] or 0:>9.2f}")
print(f"wrote {stem}.json and {stem}.csv")
