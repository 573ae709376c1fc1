#!/usr/bin/env python3
"""Checks the layout of the instruction-mix ring (mix_arm.S) in ARM binaries,
from objdump: 32 blocks mix_block0..31 at distinct addresses, each executing
the same number of instructions, and, at every step of the block body, the 32
blocks at 32 different operations (mnemonic without condition or width, and
operand form: register, shifted register or immediate). That is the worst
case's promise: cores entering at blocks 0..31 of a warp never fetch the same
instruction nor execute the same operation, except for the two ring-step
instructions that end every block.

    python3 kernels/bench/mix_lanes.py build/kernels/bench/worst.arm ...

Prints one line per binary; exits 1 when a binary breaks the promise."""
import re
import subprocess
import sys

OBJDUMP = 'arm-linux-gnueabi-objdump'


def blocks_of(path):
    """{k: [(mnemonic, operands)]} for each mix_block<k> symbol, and their addresses."""
    out = subprocess.run([OBJDUMP, '-d', path], capture_output=True, text=True, check=True).stdout
    blocks, addrs, cur = {}, {}, None
    for line in out.splitlines():
        m = re.match(r'^([0-9a-f]+) <(.*)>:', line)
        if m:
            cur = int(m.group(2)[9:]) if re.fullmatch(r'mix_block\d+', m.group(2)) else None
            if cur is not None:
                blocks[cur], addrs[cur] = [], m.group(1)
            continue
        m = re.match(r'^\s+[0-9a-f]+:\t[0-9a-f ]+\t(\S+)\s*([^@;]*)', line)
        if m and cur is not None:
            blocks[cur].append((m.group(1), m.group(2).strip()))
    return blocks, addrs


def executed(insns):
    """The operations a block executes, up to its ring step (subs, bne)."""
    seq, skip = [], False
    for mnemonic, operands in insns:
        if skip:  # the nop that the taken branch jumps over
            skip = False
            continue
        base = re.sub(r'\.(w|n)$', '', mnemonic)
        if base == 'b' and seq and seq[-1].startswith('bne'):
            break  # the way out after the last block
        skip = base == 'b'
        if base in ('movhi', 'rorhi'):
            base = base[:-2]
        if re.search(r',\s*(lsl|lsr|asr|ror)\s+#', operands):
            form = 'shifted'
        elif re.search(r',\s*#', operands) and not base.startswith(('ldr', 'str')):
            form = 'imm'
        else:
            form = 'reg'
        seq.append(base + '/' + form)
    return seq


def check(path):
    blocks, addrs = blocks_of(path)
    seqs = {k: executed(v) for k, v in blocks.items()}
    problems = []
    if sorted(seqs) != list(range(32)) or len(set(addrs.values())) != 32:
        return ['not 32 mix_block symbols at distinct addresses']
    length = len(seqs[0])
    if any(len(s) != length for s in seqs.values()):
        problems.append('blocks of different lengths')
        length = min(len(s) for s in seqs.values())
    shared = sum(32 - len({seqs[k][i] for k in range(32)}) for i in range(length - 2))
    if shared:
        problems.append('%d lane-steps share an operation' % shared)
    print('%s: blocks at 0x%s..0x%s, %d instructions executed per block, %d distinct operations;'
          ' lane-steps sharing an operation: %d of %d'
          % (path, addrs[0], addrs[31], length, len(set(seqs[0])), shared, 32 * (length - 2)))
    return problems


def main(paths):
    failed = 0
    for path in paths:
        for problem in check(path):
            print('FAIL %s: %s' % (path, problem))
            failed = 1
    return failed


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
