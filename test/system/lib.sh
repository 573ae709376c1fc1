# The system suites' common start (sourced): the binary under test, a
# scratch folder removed at exit, and the pass/fail counters with their
# helpers; a suite ends with `echo "NAME: $pass passed, $fail failed"`.
set -u
W=${WARPSIM:-build/warpsim}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# expect WHAT GOT WANT
expect() { [ "$2" = "$3" ] && ok || bad "$1: got $2, want $3"; }
