#!/bin/sh
# One step of `make test`, then how long it took, wall and CPU (user plus
# system, of the step's processes), so that a log (CI's, a clean-state run's)
# shows where the suite's minutes go and which steps leave a core idle: the
# 40-minute budget for `make run` plus `make test` is kept by moving the
# slowest steps to their own targets.
#
#   sh tools/timed.sh NAME COMMAND [ARG...]
name=$1
shift
start=$(date +%s)
"$@"
rc=$?
# `times`' second line: the children's user and system time, as "1m2.5s 0m3.25s"
# (run in this shell: in a $(...) it would count that subshell's children)
t=$(mktemp)
times >"$t"
cpu=$(sed -n 2p "$t" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); s += p[1] * 60 + p[2] } printf "%d", s + 0.5 }')
rm -f "$t"
echo "time: $name: $(($(date +%s) - start)) s, CPU $cpu s (exit $rc)"
exit $rc
