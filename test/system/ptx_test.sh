#!/usr/bin/env bash
# System tests of `warpsim ptx`: a launch file whose check passes against its
# reference; a wrong check, a fault, bad launch files and configs, each with
# its exit status and a one-line message naming the file and line; printf
# in CTA order; %smid from the block scheduler. Prints "N passed, M failed".
set -u
W=${WARPSIM:-build/warpsim}
D=test/system/ptx
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect_error NAME STATUS PATTERN ARGS...: exit STATUS, one line on stderr matching PATTERN.
expect_error() {
    local name=$1 want=$2 pattern=$3
    shift 3
    "$W" ptx --quiet "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ $rc -ne "$want" ]; then bad "$name: exit $rc, want $want: $(head -c 300 "$T/err")"; return; fi
    if [ "$(wc -l <"$T/err")" -ne 1 ]; then bad "$name: want one line on stderr:"; cat "$T/err"; return; fi
    grep -qE -- "$pattern" "$T/err" && ok || bad "$name: stderr '$(cat "$T/err")' does not match '$pattern'"
}

# A launch file in $T (next to a copy of the module) from stdin.
launch() { cp "$D/vecadd.ptx" "$T/vecadd.ptx"; cat >"$T/$1"; }

mkdir -p "$T/ref"
cc -O2 -o "$T/ref/ref_vecadd" "$D/ref_vecadd.c" || bad "cannot build the reference"

# The launch file passes its check; the table and the report say so.
"$W" ptx --ref-dir "$T/ref" --report "$T/r.json" "$D/vecadd.launch" >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 0 ] && ok || bad "vecadd.launch: exit $rc: $(cat "$T/err")"
grep -q 'check c .*pass' "$T/err" && grep -q '^  MIPS (thread)' "$T/err" && ok || bad "no table: $(cat "$T/err")"
grep -q '"gpu_tot_sim_insn"' "$T/r.json" && grep -q '"gpgpu_n_tot_w_icount"' "$T/r.json" &&
    grep -q '"pass": true' "$T/r.json" && ok || bad "report: $(head -c 300 "$T/r.json")"
[ -s "$T/out" ] && bad "stdout should be empty: $(head -c 200 "$T/out")" || ok

# The same on one host thread and on a TITAN V config: the same instructions.
"$W" ptx --quiet --threads 1 --config configs/gpu/titanv.cfg --ref-dir "$T/ref" --report "$T/r1.json" \
    "$D/vecadd.launch" 2>"$T/err" && ok || bad "--threads 1 --config titanv: $(cat "$T/err")"
a=$(grep -m1 gpu_tot_sim_insn "$T/r.json") b=$(grep -m1 gpu_tot_sim_insn "$T/r1.json")
[ -n "$a" ] && [ "$a" = "$b" ] && ok || bad "instruction counts differ: '$a' and '$b'"

# With a GPU: the same launch file on the CUDA backend, the same instructions counted.
if nvidia-smi -L >/dev/null 2>&1; then
    "$W" ptx --quiet --backend cuda --ref-dir "$T/ref" --report "$T/rc.json" "$D/vecadd.launch" 2>"$T/err" &&
        ok || bad "--backend cuda: $(cat "$T/err")"
    b=$(grep -m1 gpu_tot_sim_insn "$T/rc.json")
    [ "$a" = "$b" ] && ok || bad "cuda counts '$b', cpu '$a'"
fi

# A check against the wrong bytes fails with status 1 and names the element.
head -c 4000 /dev/zero >"$T/zeros.bin"
sed -e 's/^check c tol 1e-6/check c exact file zeros.bin/' -e '/^reference/d' "$D/vecadd.launch" | launch wrong.launch
expect_error "wrong check" 1 "wrong.launch:16: check c failed: [0-9]+ of 1000 elements differ; the first, \[0\]" \
    "$T/wrong.launch"

# A kernel that writes far outside its buffer: a fault, with its CTA and PTX line, status 1.
launch wild.launch <<'EOF'
module vecadd.ptx
buffer p f32 1024 zero
kernel wild grid 4 block 32
param ptr p
EOF
line=$(grep -n 'st.global.u32\|st.global.f32' "$D/vecadd.ptx" | tail -1 | cut -d: -f1)
expect_error "fault" 1 "wild.launch:3: kernel wild faulted: CTA 2 warp 0 lane 0: bad address at .*vecadd.ptx:$line:" \
    "$T/wild.launch"
"$W" ptx --report "$T/f.json" "$T/wild.launch" >/dev/null 2>&1
grep -q '"status": "fault"' "$T/f.json" && ok || bad "the report of a fault: $(head -c 300 "$T/f.json")"

# printf: each CTA's lines, in CTA order, on stdout.
launch hello.launch <<'EOF'
module vecadd.ptx
kernel hello grid 5 block 64
param s32 5
EOF
"$W" ptx --quiet --threads 2 "$T/hello.launch" >"$T/out" 2>"$T/err" || bad "hello: $(cat "$T/err")"
printf 'block %d of 5\n' 0 1 2 3 4 | cmp -s - "$T/out" && ok || bad "printf: $(head -c 200 "$T/out")"

# %smid: CTA i on SM i mod 132 (H100), i mod 30 (GTX 285).
for cfg in h100:132 gtx285:30; do
    n=${cfg#*:}
    python3 -c "import struct,sys; sys.stdout.buffer.write(b''.join(struct.pack('<I', i % $n) for i in range(300)))" \
        >"$T/smid$n.bin"
    launch smid$n.launch <<EOF
module vecadd.ptx
buffer s u32 300 const 77
kernel smid grid 300 block 32
param ptr s
check s exact file smid$n.bin
EOF
    "$W" ptx --quiet --config configs/gpu/${cfg%:*}.cfg "$T/smid$n.launch" 2>"$T/err" && ok || bad "smid $cfg: $(cat "$T/err")"
done

# Bad launch files: FILE:LINE: expected ..., status 1.
launch badparam.launch <<'EOF'
module vecadd.ptx
buffer c f32 16 zero
kernel scale grid 1 block 16
param ptr c
param f64 2
param u32 16
EOF
expect_error "parameter size" 1 "badparam.launch:5: expected a parameter of 4 bytes for scale_param_1 \(.param .f32\), found f64" \
    "$T/badparam.launch"
launch fewparams.launch <<'EOF'
module vecadd.ptx
buffer c f32 16 zero
kernel scale grid 1 block 16
param ptr c
EOF
expect_error "parameter count" 1 "fewparams.launch:3: expected 3 'param' lines after this kernel line" "$T/fewparams.launch"
launch nokernel.launch <<'EOF'
module vecadd.ptx
kernel nosuch grid 1 block 1
EOF
expect_error "no such kernel" 1 "nokernel.launch:2: expected a kernel \(.entry\) of .*vecadd.ptx, found 'nosuch'" \
    "$T/nokernel.launch"
launch big.launch <<'EOF'
module vecadd.ptx
kernel hello grid 1 block 2048
param s32 1
EOF
expect_error "block too large" 1 "big.launch:2: kernel hello cannot run on h100: a block of 2048 threads" "$T/big.launch"
launch typo.launch <<'EOF'
module vecadd.ptx
bufer c f32 16 zero
EOF
expect_error "unknown directive" 1 "typo.launch:2: expected a directive" "$T/typo.launch"
launch nomodule.launch <<'EOF'
module missing.ptx
kernel k grid 1 block 1
EOF
expect_error "missing module" 1 "missing.ptx" "$T/nomodule.launch"
expect_error "missing launch file" 1 "$T/none.launch: No such file" "$T/none.launch"
launch noref.launch <<'EOF'
module vecadd.ptx
buffer c f32 16 zero
kernel hello grid 1 block 1
param s32 1
check c exact
reference ref_nosuch
EOF
expect_error "missing reference" 1 "noref.launch:6: reference .*ref_nosuch: No such file" --ref-dir "$T/ref" "$T/noref.launch"

# GPU configs: GPGPU-Sim options not modelled are named; others are errors.
printf -- '-gpgpu_n_clusters 2\n-gpgpu_ptx_sim_mode 0\n-gpgpu_flush_l1_cache 1\n' >"$T/g.cfg"
"$W" ptx --config "$T/g.cfg" --ref-dir "$T/ref" "$D/vecadd.launch" 2>"$T/err" >/dev/null &&
    grep -q "g.cfg: 2 GPGPU-Sim options not modelled, ignored" "$T/err" && grep -q 'on g (4 SMs)' "$T/err" && ok ||
    bad "ignored options: $(cat "$T/err")"
"$W" ptx --quiet --config "$T/g.cfg" --ref-dir "$T/ref" "$D/vecadd.launch" 2>"$T/err" >/dev/null
[ ! -s "$T/err" ] && ok || bad "--quiet should silence the note: $(cat "$T/err")"
# An Accel-Sim gpgpusim.config of a modern card (test/gpu/accelsim_sm86.config) runs a
# kernel; what warpsim does not model is one line, the count, or with --verbose the names.
A=test/gpu/accelsim_sm86.config
"$W" ptx --config $A --ref-dir "$T/ref" "$D/vecadd.launch" 2>"$T/err" >/dev/null &&
    [ "$(grep -c 'not modelled' "$T/err")" -eq 1 ] &&
    grep -q "accelsim_sm86.config: 28 GPGPU-Sim options not modelled, ignored" "$T/err" &&
    grep -q 'on accelsim_sm86 (46 SMs)' "$T/err" && grep -q 'check c .*pass' "$T/err" && ok ||
    bad "accel-sim config: $(cat "$T/err")"
"$W" ptx --verbose --config $A --ref-dir "$T/ref" "$D/vecadd.launch" 2>"$T/err" >/dev/null &&
    [ "$(grep -c 'not modelled' "$T/err")" -eq 1 ] &&
    grep -q "not modelled, ignored: gpgpu_ptx_instruction_classification, .*power_simulation_enabled$" "$T/err" &&
    ok || bad "accel-sim config, --verbose: $(cat "$T/err")"
printf -- '-gpgpu_num_sched_per_core 4\n-gpgpu_scheduler rrr\n' >"$T/rrr.cfg"
expect_error "unmodelled scheduler" 1 "rrr.cfg:2: GPGPU-Sim's 'rrr' scheduler \(strict round robin\) is not modelled" \
    --config "$T/rrr.cfg" "$D/vecadd.launch"
printf -- '-gpgpu_n_clusters 2\n\n-gpgpu_warp_drive 9\n' >"$T/bad.cfg"
expect_error "unknown config option" 1 "bad.cfg:3: expected an option of GPGPU-Sim's, found '-gpgpu_warp_drive'" \
    --config "$T/bad.cfg" "$D/vecadd.launch"
printf -- '-gpgpu_shader_core_pipeline 1024\n' >"$T/bad2.cfg"
expect_error "bad config value" 1 "bad2.cfg:1: expected <threads per SM>:<warp size>" --config "$T/bad2.cfg" "$D/vecadd.launch"

# --racecheck: issue 31's reproducer (unsync_sum.ptx): the 32 words warp 1 wrote and
# thread 0 of warp 0 read with no barrier, on stderr and in the report; the sum
# they give, 2080 (warps interleave), unchanged by the check.
cp "$D/unsync_sum.ptx" "$T/"
cat >"$T/race.launch" <<'EOF2'
module unsync_sum.ptx
buffer out u32 65 seq 0 1
kernel k grid 1 block 64
param ptr out
EOF2
"$W" ptx --quiet --racecheck --report "$T/race.json" --dump-dir "$T/rd" "$T/race.launch" >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 0 ] && grep -q '^warpsim racecheck: k: 32 words' "$T/err" &&
    grep -q 'global 0x100000080 (CTA 0): warp 1 wrote it at .*unsync_sum.ptx:15, warp 0 read it at .*unsync_sum.ptx:20' "$T/err" &&
    python3 -c 'import json,sys,struct; r=json.load(open(sys.argv[1]))["launches"][0]["racecheck"]; assert r["racing_words"] == 32, r
v=struct.unpack("65I", open(sys.argv[2] + "/out.bin","rb").read()); assert v[64] == 2080, v[64]' "$T/race.json" "$T/rd" &&
    ok || bad "racecheck: exit $rc: $(head -c 400 "$T/err")"
expect_error "racecheck on the cuda backend" 2 "--racecheck runs on the CPU backend" --racecheck --backend cuda "$T/race.launch"

# Usage errors: status 2.
expect_error "no launch file" 2 "no launch file given"
if ! nvidia-smi -L >/dev/null 2>&1; then
    expect_error "cuda backend without a GPU" 2 "--backend cuda: (this warpsim was built without nvcc|no usable CUDA device found)" \
        --backend cuda "$D/vecadd.launch"
fi
expect_error "report name" 2 "must end in .json" --report "$T/r.csv" "$D/vecadd.launch"
"$W" --help | grep -q -- '--ref-dir DIR' && ok || bad "--help does not list ptx's options"

# A shared address in a 32-bit register wraps modulo 2^32 with the offset
# added, as nvcc relies on: [%r2+68] with %r2 = 0 - 64 reads word 1.
cat >"$T/wrap.ptx" <<'PTX'
.version 7.0
.target sm_75
.address_size 64
.visible .entry wrap(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .shared .align 4 .b32 sh[4];
  mov.u32 %r1, sh;
  st.shared.u32 [%r1], 10;
  st.shared.u32 [%r1+4], 11;
  add.s32 %r2, %r1, -64;
  ld.shared.u32 %r3, [%r2+68];
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  st.global.u32 [%rd1], %r3;
  ret;
}
PTX
printf 'module wrap.ptx\nbuffer o u32 1 zero\nkernel wrap grid 1 block 1\nparam ptr o\n' >"$T/wrap.launch"
"$W" ptx --quiet --backend cpu --dump-dir "$T/wrapd" "$T/wrap.launch" 2>"$T/err" &&
    [ "$(od -An -tu4 "$T/wrapd/o.bin" | tr -d ' ')" = 11 ] && ok ||
    bad "a wrapped 32-bit shared address: $(cat "$T/err") $(od -An -tu4 "$T/wrapd/o.bin" 2>/dev/null)"

echo "ptx_test: $pass passed, $fail failed"
[ $fail -eq 0 ]
