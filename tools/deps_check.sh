#!/bin/sh
# Check that what tools/deps.sh installed works: a static hello for each
# cross toolchain, run under qemu-user; a host program linked with each
# library. On the first failure, one line naming the package to install,
# and exit 1.
set -u
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
printf '#include <stdio.h>\nint main(void) { puts("hello"); return 0; }\n' >"$T/hello.c"
fail() { echo "deps: $1 failed: install $2 (sudo apt-get install $2)" >&2; exit 1; }

cross() { # compiler, its C library's package, qemu
    "$1" -static -O2 "$T/hello.c" -o "$T/hello" 2>"$T/err" || { cat "$T/err" >&2; fail "linking a static hello with $1" "$2"; }
    [ "$("$3" "$T/hello" 2>&1)" = hello ] || fail "running $1's hello under $3" qemu-user
}
cross arm-linux-gnueabi-gcc libc6-dev-armel-cross qemu-arm
cross arm-linux-gnueabihf-gcc libc6-dev-armhf-cross qemu-arm
cross i686-linux-gnu-gcc libc6-dev-i386-cross qemu-i386

host_lib() { # header, library, package
    printf '#include <%s>\nint main(void) { return 0; }\n' "$1" >"$T/lib.c"
    cc "$T/lib.c" -o "$T/lib" "$2" 2>"$T/err" || { cat "$T/err" >&2; fail "linking a host program with $2" "$3"; }
}
host_lib criterion/criterion.h -lcriterion libcriterion-dev
host_lib jansson.h -ljansson libjansson-dev
host_lib mpfr.h -lmpfr libmpfr-dev
command -v gnuplot >/dev/null || fail "finding gnuplot" gnuplot-nox
command -v valgrind >/dev/null || fail "finding valgrind" valgrind
exit 0
