#!/usr/bin/env python3
"""Prints the constants of src/device/softfloat/fp80_const.h and fp80_xf.h (mpmath,
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


def xf_entry(x):
    """{hi, lo, exp, 0} of fp80_xf_t for x > 0; lo jammed when inexact."""
    e = int(floor(log(x, 2)))
    while x / mpf(2) ** e >= 2:
        e += 1
    while x / mpf(2) ** e < 1:
        e -= 1
    m = x / mpf(2) ** e * mpf(2) ** 127
    v = int(floor(m))
    if v != m:
        v |= 1
    return "{0x%016xull, 0x%016xull, %d, 0}" % (v >> 64, v & (2**64 - 1), e)


def fact(n):
    r = mpf(1)
    for i in range(2, n + 1):
        r *= i
    return r


series = [("sin", [1 / fact(2 * k + 1) for k in range(17)]),
          ("cos", [1 / fact(2 * k) for k in range(18)]),
          ("expm1", [1 / fact(k + 1) for k in range(32)]),
          ("odd", [1 / mpf(2 * k + 1) for k in range(26)])]
print("series coefficients (fp80_series.h):")
at = 0
for name, cs in series:
    print("    /* %s, from %d */" % (name, at))
    for c in cs:
        print("    " + xf_entry(c) + ",")
    at += len(cs)
