#!/usr/bin/env bash
# SVG plots of a benchmark results file (bench/tables.py's JSON), as in seed
# 002's figures 6 and 7:
#   STEM-mips-ISA.svg          MIPS versus simulated cores, best and worst case
#                              (SIMD, MIMD) under SK and MK, one file per ISA;
#                              without best/worst rows, one line per
#                              configuration (backend, threads, mode)
#   STEM-speedup-WORKLOAD.svg  application and simulation speedup versus cores
#                              for each real workload (fft, idct, matmul, ...)
#
#   bash bench/plot.sh [RESULTS.json [OUTDIR]]
#
# RESULTS defaults to the newest bench/results/*.json, OUTDIR to its folder.
# PLOT_PNG=1 also renders each SVG to PNG (rsvg-convert). Needs python3 and
# gnuplot (make deps). Says which plots the results have no rows for.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
RESULTS=${1:-$(ls -t "$HERE"/results/*.json 2>/dev/null | head -1)}
[ -n "$RESULTS" ] && [ -f "$RESULTS" ] || { echo "plot.sh: no results file (run make bench, or name one)" >&2; exit 2; }
OUTDIR=${2:-$(dirname "$RESULTS")}
command -v gnuplot >/dev/null || { echo "plot.sh: gnuplot is not installed (make deps: gnuplot-nox)" >&2; exit 1; }
mkdir -p "$OUTDIR"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# Data and parameter files for each plot; plots.txt lists "SCRIPT PARAMS SVG".
python3 - "$RESULTS" "$OUTDIR" "$T" <<'PY'
import json, math, os, sys

results, outdir, tmp = sys.argv[1:4]
doc = json.load(open(results))
rows = doc.get("rows") or sys.exit(f"plot.sh: {results}: no rows")
stem = os.path.join(outdir, os.path.splitext(os.path.basename(results))[0])
where = f"{doc.get('device', '?')}, commit {doc.get('commit', '?')}"
ISA = {"arm": "ARM", "x86": "x86"}
CASE = {"best": "best case (SIMD)", "worst": "worst case (MIMD)"}
WORKLOAD = {"fft": "FFT", "idct": "IDCT", "matmul": "matrix multiplication",
            "imatmul": "integer matrix multiplication", "fmatmul": "floating-point matrix multiplication"}
plots = []

def q(s):  # a gnuplot single-quoted string
    return "'" + str(s).replace("'", "''").replace("\n", " ") + "'"

def spread(vals):
    vals = [v for v in vals if v and v > 0]
    return len(vals) > 1 and max(vals) / min(vals) > 30

def write_series(path, series, key):
    """series: [(title, dashed, rows)]; a block per series, cores ascending."""
    with open(path, "w") as f:
        for i, (title, _, rs) in enumerate(series):
            f.write(f"{chr(10) * 2 if i else ''}# {title}\n")
            pts = sorted((r["cores"], r[key]) for r in rs if r.get(key) is not None and r["cores"] > 0)
            for x, y in pts or [(1, float("nan"))]:
                f.write(f"{x} {y!r}\n")

def params(name, series, colours, **kv):
    """t<i>: title, d<i>: 1 for a dashed (MK) line, c<i>: line type."""
    path = os.path.join(tmp, name + ".gp")
    with open(path, "w") as f:
        f.write(f"nseries = {len(series)}\n")
        for i, (title, dashed, _) in enumerate(series):
            f.write(f"t{i} = {q(title)}\nd{i} = {int(dashed)}\nc{i} = {colours[i]}\n")
        for k, v in kv.items():
            f.write(f"{k} = {v}\n")
    return path

def mode_of(r):
    return (r.get("mode") or "").upper()

def config_label(r):
    if r["backend"] == "qemu":
        return f"{r['name'].split(',')[0]} (a process per core)"
    if r["backend"] == "cpu":
        t = r["threads"]
        label = f"warpsim cpu, {t} thread{'s' if t != 1 else ''}"
    else:
        label = f"warpsim {r['backend']}"
    return label + (f", {mode_of(r)}" if r.get("mode") else "")

def groups(rs, key):
    out = {}
    for r in rs:
        out.setdefault(key(r), []).append(r)
    return out

def most_threads(rs):
    """A cpu line keeps the thread count it has the most runs of."""
    counts = {}
    for r in rs:
        counts[r["threads"]] = counts.get(r["threads"], 0) + 1
    best = max(counts, key=lambda t: (counts[t], t))
    return [r for r in rs if r["backend"] != "cpu" or r["threads"] == best]

def mips_plots():
    for isa in sorted({r.get("isa") or "arm" for r in rows}):
        mine = [r for r in rows if (r.get("isa") or "arm") == isa and r["cores"] > 0]
        cases = [r for r in mine if r.get("case") in CASE]
        if cases:
            backends = {r["backend"] for r in cases}
            def label(r):
                if r["backend"] == "qemu":  # qemu-user has no SK/MK: processes side by side
                    return f"qemu-arm, {CASE[r['case']]}"
                b = f"{r['backend']} " if len(backends) > 1 else ""
                return f"{b}{mode_of(r) or 'SK'}, {CASE[r['case']]}"
            g = {k: most_threads(rs) for k, rs in groups(cases, label).items()}
            title = f"{ISA.get(isa, isa)}: MIPS in the best and worst case, SK and MK ({where})"
            threads = sorted({(r["backend"], r["threads"]) for rs in g.values() for r in rs if r["backend"] == "cpu"})
            if threads:
                title += "; cpu: " + ", ".join(f"{t} threads" for _, t in threads)
            colour = lambda rs: 1 + list(CASE).index(rs[0]["case"]) + 2 * sorted(backends).index(rs[0]["backend"])
        else:
            print(f"plot.sh: no best/worst-case rows for {isa}: MIPS per configuration instead")
            g = groups(mine, config_label)
            title = f"{ISA.get(isa, isa)}: MIPS of {doc.get('program', 'the benchmark')} ({where})"
            colour = None
        order = sorted(g, key=lambda k: (mode_of(g[k][0]) == "MK", "worst" in k, k))
        series = [(k, mode_of(g[k][0]) == "MK", g[k]) for k in order]
        colours = [colour(g[k]) if colour else i + 1 for i, k in enumerate(order)]
        data = os.path.join(tmp, f"mips-{isa}.dat")
        write_series(data, series, "mips")
        p = params(f"mips-{isa}", series, colours, datafile=q(data), outfile=q(f"{stem}-mips-{isa}.svg"),
                   plottitle=q(title), logy=int(spread(r["mips"] for r in mine)))
        plots.append(("mips.gp", p, f"{stem}-mips-{isa}.svg"))

def speedup_plots():
    real = sorted({r["workload"] for r in rows if r.get("workload") and r["workload"] not in CASE})
    if not real:
        print("plot.sh: no real-workload rows (fft, idct, matmul): no speedup plots")
    for w in real:
        mine = [r for r in rows if r.get("workload") == w and r["cores"] > 0 and r["backend"] != "qemu"]
        if len({r["cores"] for r in mine}) < 2:
            continue  # a per-thread speed row (compute), not a scaling experiment
        if not any(r.get("sim_speedup") is not None for r in mine):
            print(f"plot.sh: {w}: no 1-core, 1-thread CPU baseline run: no speedup plot")
            continue
        # the baseline itself is 1 by definition
        mine = [r for r in mine if not (r["cores"] == 1 and r["backend"] == "cpu" and r["threads"] == 1)]
        isas = {r.get("isa") or "arm" for r in mine}
        def label(r):
            i = f"{ISA.get(r.get('isa'), r.get('isa'))} " if len(isas) > 1 else ""
            return i + config_label(r).replace("warpsim ", "")
        g = groups(mine, label)
        order = sorted(g, key=lambda k: (mode_of(g[k][0]) == "MK", k))
        series = [(k, mode_of(g[k][0]) == "MK", g[k]) for k in order]
        app, sim = os.path.join(tmp, f"app-{w}.dat"), os.path.join(tmp, f"sim-{w}.dat")
        write_series(app, series, "app_speedup")
        write_series(sim, series, "sim_speedup")
        name = WORKLOAD.get(w, w)
        p = params(f"speedup-{w}", series, [i + 1 for i in range(len(series))], appfile=q(app), simfile=q(sim),
                   outfile=q(f"{stem}-speedup-{w}.svg"), plottitle=q(f"{name}: speedup ({where})"),
                   simlog=int(spread(r.get("sim_speedup") for r in mine)),
                   baseline=q("1-core, 1-thread CPU"))
        plots.append(("speedup.gp", p, f"{stem}-speedup-{w}.svg"))

mips_plots()
speedup_plots()
with open(os.path.join(tmp, "plots.txt"), "w") as f:
    for script, p, svg in plots:
        f.write(f"{script}\t{p}\t{svg}\n")
PY

while IFS=$'\t' read -r script params svg; do
    gnuplot -e "benchdir='$HERE'" "$params" "$HERE/$script"
    echo "wrote $svg"
    if [ "${PLOT_PNG:-0}" = 1 ]; then
        if command -v rsvg-convert >/dev/null; then
            rsvg-convert -b white "$svg" -o "${svg%.svg}.png" && echo "wrote ${svg%.svg}.png"
        else
            echo "plot.sh: PLOT_PNG=1 needs rsvg-convert (apt-get install librsvg2-bin)" >&2
        fi
    fi
done <"$T/plots.txt"
