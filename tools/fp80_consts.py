#!/usr/bin/env python3
"""Prints the constants of src/device/x86/fp80_const.h and fp80_xf.h (mpmath,
400 bits): 128-bit significands as hi, lo words, the lo word with a sticky
bit ORed in (every constant is irrational), and 2/pi to 384 bits."""
from mpmath import mp, mpf, pi, log, atan, sqrt, floor

mp.prec = 600


def sig128(x):
    """(exponent e, hi, lo) with x = (hi:lo / 2^127) * 2^e, lo jammed."""
    e = int(floor(log(x, 2)))
    m = x / mpf(2) ** e
    if m >= 2:
        e, m = e + 1, m / 2
    if m < 1:
        e, m = e - 1, m * 2
    v = int(floor(m * mpf(2) ** 127))
    return e, v >> 64, (v & (2**64 - 1)) | 1


consts = [("pi", pi), ("ln2", log(2)), ("log2e", 1 / log(2)), ("l2t", log(10, 2)),
          ("lg2", log(2, 10))] + [("atan%d_8" % j, atan(mpf(j) / 8)) for j in range(1, 9)]
for name, x in consts:
    e, hi, lo = sig128(x)
    print("%-8s exp %3d  0x%016xull, 0x%016xull" % (name, e, hi, lo))
t = int(floor(2 / pi * mpf(2) ** 384))
print("2/pi*2^384, least significant word first:")
print(", ".join("0x%016xull" % ((t >> (64 * i)) & (2**64 - 1)) for i in range(6)))
print("sqrt2 sig 0x%016x" % int(floor(sqrt(2) * mpf(2) ** 63)))
