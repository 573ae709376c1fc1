#!/usr/bin/env python3
"""Compare two runs of one program (issue 21 part 7): what must agree between
backends, and what may not.

  state_cmp.py full|contended|results A B

A and B are run prefixes: A.state (--dump-state), A.json (--report), A.out
(stdout), A.rc (exit status), the same for B.

full: programs whose cores share no contended atomic. Every core's every
  register and OS word, instruction count and memory digest, and stdout byte
  for byte, must agree.
contended: programs where cores race on atomics (kernels/tiny.c, reduce.c,
  and the workloads of kernels/bench, whose cores add to one tally). Which
  core wins each LDREX/STREX or cmpxchg round depends on arrival order, so
  retry counts (instruction counts, registers) and the old values each core
  saw differ from run to run (six CPU runs at 256 cores gave
  six different dumps). What the program computes does not: each core's
  status, exit code and fault, its private memory digest, and the lines of
  stdout (compared sorted: cores finish in a different order).
results: contended programs whose stacks keep what a retry loop left in a
  register: the kernels/bench workloads. In idct.thumb.arm the last STREX's
  status is still in r4 when ws_barrier() calls ws__init(), which pushes r4:
  that stack word, so the private memory digest, is 0 or 1 by arrival order
  (an H200 gave core 70 a different digest in 1 of 6 runs, the CPU backend
  never did). So only the outcome is compared: each core's status, exit code
  and fault, and stdout's lines; these programs check their own results
  (bench.h: each core checks another's slice, core 0 the tally, and prints
  the checksum; a mismatch is a non-zero exit).
All: the exit status. Prints the first differences; exit 1 if any."""
import json
import sys


def load(prefix):
    with open(prefix + ".json") as f:
        cores = json.load(f)["per_core"]
    with open(prefix + ".state") as f:
        state = [line.split() for line in f]
    with open(prefix + ".out", "rb") as f:
        out = f.read()
    with open(prefix + ".rc") as f:
        rc = f.read().strip()
    return cores, state, out, rc


OUTCOME = ("status", "exit_code", "fault", "fault_pc", "fault_addr")


def differences(mode, a, b):
    (ca, sa, oa, ra), (cb, sb, ob, rb) = a, b
    if ra != rb:
        yield "exit status %s vs %s" % (ra, rb)
    if len(sa) != len(sb) or len(ca) != len(cb):
        yield "core counts differ: %d vs %d" % (len(sa), len(sb))
        return
    if mode == "full":
        if oa != ob:
            yield "stdout differs"
        for la, lb in zip(sa, sb):
            if la != lb:
                diff = [i for i, (x, y) in enumerate(zip(la, lb)) if x != y]
                yield "%s %s: words %s differ" % (la[0], la[1], diff[:8])
        return
    if sorted(oa.splitlines()) != sorted(ob.splitlines()):
        yield "stdout lines differ"
    for ja, jb in zip(ca, cb):
        got = [(k, ja.get(k), jb.get(k)) for k in OUTCOME if ja.get(k) != jb.get(k)]
        if got:
            yield "core %d: %s" % (ja["core"], ", ".join("%s %s vs %s" % g for g in got))
    if mode == "results":
        return
    for la, lb in zip(sa, sb):
        if la[-1] != lb[-1]:
            yield "%s %s: memory digest %s vs %s" % (la[0], la[1], la[-1], lb[-1])


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("full", "contended", "results"):
        sys.exit("usage: state_cmp.py full|contended|results A B")
    found = list(differences(sys.argv[1], load(sys.argv[2]), load(sys.argv[3])))
    for line in found[:4]:
        print("  " + line)
    if len(found) > 4:
        print("  ... %d differences in all" % len(found))
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
