#!/bin/sh
# One step of `make test`, then how long it took, so that a log (CI's, a
# clean-state run's) shows where the suite's minutes go: the 40-minute budget
# for `make run` plus `make test` is kept by moving the slowest steps to their
# own targets.
#
#   sh tools/timed.sh NAME COMMAND [ARG...]
name=$1
shift
start=$(date +%s)
"$@"
rc=$?
echo "time: $name: $(($(date +%s) - start)) s (exit $rc)"
exit $rc
