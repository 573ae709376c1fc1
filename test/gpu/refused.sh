# What the CUDA backend refuses by design (DESIGN.md, code written at run
# time), for the scripts that compare it with the CPU backend (gpu_test.sh,
# wow_test.sh): a program with writable code in its image (a W+X segment,
# an executable stack) before it runs, with exit status 2 and one line; and
# PROT_EXEC at run time, which mmap and mprotect answer with EACCES and a
# note, the program going on as it will. Sourced.

# writable_code PROG: PROG's image has a W+X segment or an executable stack
# (PT_GNU_STACK RWE, or none, which Linux takes as executable).
writable_code() {
    command -v readelf >/dev/null || return 1
    readelf -lW "$1" 2>/dev/null | grep -q ' RWE ' || ! readelf -lW "$1" 2>/dev/null | grep -q GNU_STACK
}

# refused_at_start ERR RC: the CUDA run (stderr ERR, exit status RC) refused a program with writable code.
refused_at_start() { [ "$2" = 2 ] && grep -q 'writable code (.*) runs on the CPU backend only' "$1"; }

# refused_exec ERR: the CUDA run refused PROT_EXEC at run time.
refused_exec() { grep -q 'PROT_EXEC: refused: code written at run time runs on the CPU backend only (EACCES)' "$1"; }
