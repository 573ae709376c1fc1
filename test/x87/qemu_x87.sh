#!/bin/sh
# The x87 instructions natively and under qemu-i386 (test/x87/qemu_x87.c):
# per instruction, how often the fp80 core differs from this host's FPU and
# qemu from it. A check to read, not a pass/fail test: qemu differs.
set -e
out=${BUILD:-build}/x87
mkdir -p "$out"
i686-linux-gnu-gcc -std=gnu11 -static -O2 -Wall -Isrc -Itest/unit test/x87/qemu_x87.c -o "$out/qemu_x87"
"$out/qemu_x87" > "$out/native.txt"
${QEMU_I386:-qemu-i386} "$out/qemu_x87" > "$out/qemu.txt"
"$out/qemu_x87" compare "$out/native.txt" "$out/qemu.txt"
