# warpsim: make · make test · make run · make bench · make gpu-test · make gpu-kit · make deps · make fuzz
CC      ?= gcc
OPT     ?= -O2
# -fno-pie -no-pie: position-dependent code reaches the interpreter's label
# tables and condition rows by absolute address, which frees a register in
# its threaded loop (1-2% fewer host instructions per simulated one,
# callgrind; bench/RESULTS.md).
# -fno-var-tracking-assignments: the same machine code (objdump, checked), line
# tables and variables for gdb, less exact locations of variables in optimised
# code; GCC 12's location tracking on the executors' large functions took a
# quarter of the C build (1,212 -> 922 CPU seconds here; backend_cpu.c 145 -> 48).
CFLAGS  := -std=gnu11 $(OPT) -g -fno-var-tracking-assignments -Wall -Wextra -Wno-unused-parameter \
           -fno-strict-aliasing -fno-pie -no-pie -Isrc -Ikernels/include -Ikernels/ptx/include -pthread \
           $(EXTRA_CFLAGS)
# JSON is read and written by jansson (Debian's libjansson-dev).
LDLIBS  := -ljansson -pthread -lm
BUILD   := build

# The toolkit an nvcc belongs to, from the directory nvcc says it runs from:
# the nvcc on the PATH may be a wrapper script (/usr/local/bin/nvcc exec'ing
# /usr/local/cuda-13.0/bin/nvcc), whose own directory says nothing of it.
cuda_home_of = $(patsubst %/bin,%,$(shell $(1) --dryrun -c -x cu /dev/null -o /dev/null 2>&1 | sed -n 's/^.*_HERE_=//p'))
# The nvcc on the PATH and its toolkit, whatever NVCC says: `make NVCC=`
# builds a CPU-only warpsim, but the CUDA test programs (apps.mk, host.mk,
# wow.mk) are still built by this one.
PATH_NVCC      := $(shell command -v nvcc 2>/dev/null)
PATH_CUDA_HOME := $(if $(PATH_NVCC),$(call cuda_home_of,$(PATH_NVCC)))
NVCC    ?= $(PATH_NVCC)
ifeq ($(origin CUDA_HOME),undefined)
  CUDA_HOME := $(if $(NVCC),$(call cuda_home_of,$(NVCC)))
endif
# SASS for sm_90 (Hopper: the H100 and H200 this project measures on), and PTX
# for compute_75, which the driver JITs on every card from 7.5 on (V100 is
# 7.0: not supported) -- T4, A100, L4, RTX 20/30/40 and later included -- once,
# then takes from its cache (~/.nv/ComputeCache), and for compute_90, which it
# prefers on cards newer than Hopper. The PTX comes from the same front-end pass
# as the SASS beside it (nvcc runs one per virtual architecture). No sm_75 SASS:
# ptxas on the persistent kernel took 257 of backend_cuda.cu's 674 CPU seconds
# here, a target; a card of another architecture that wants its own SASS:
# NVCC_ARCH='... -gencode arch=compute_86,code=sm_86'. No [a,b]
# lists: the flags stamp below quotes them for sh.
# `--backend auto` checks the card can load the kernel (backend_cuda_probe)
# and otherwise runs on the CPU with a note.
NVCC_ARCH ?= -gencode arch=compute_75,code=compute_75 \
             -gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90
# NVCC_EXTRA: e.g. -maxrregcount=64 (the persistent kernel takes 80 registers
# a thread at sm_90 since the reshaped core, 96 before; -Xptxas -v; a block of 128 then fits 6 times per SM);
# flags are not tracked: build into a fresh BUILD= to compare.
NVCC_EXTRA ?=
# --threads 0: the targets' front ends and ptxas runs in parallel, one a
# core (ptxas on the persistent kernel takes minutes a target).
NVCCFLAGS := -O3 -std=c++17 -Isrc -Ikernels/include $(NVCC_ARCH) --threads 0 -Xcompiler -fno-strict-aliasing $(NVCC_EXTRA)

DEV_SRC  := $(shell find src/device -name '*.c' | sort)
# src/host/cudart/ is a shared library of its own (cudart.mk), not part of warpsim.
HOST_SRC := $(filter-out src/host/main.c src/host/cudart/%,$(shell find src/host -name '*.c' | sort))
LIB_OBJ  := $(patsubst %.c,$(BUILD)/obj/%.o,$(DEV_SRC) $(HOST_SRC))
HEADERS  := $(shell find src kernels/include kernels/ptx/include -name '*.h' -o -name '*.def' -o -name '*.cuh')

# CUDA_RT=cudart links NVIDIA's runtime as a shared library (test/gpu/wow.mk).
CUDA_RT ?= cudart_static
# The PTX executor's CUDA backend and the SM model's (their rule: test/ptx/ptx.mk;
# ptx_backend_nocuda.c and sm_backend_nocuda.c stand in without nvcc).
PTX_CUDA_OBJ := $(BUILD)/obj/src/host/ptx/ptx_backend_cuda.o $(BUILD)/obj/src/host/sm/sm_backend_cuda.o
ifneq ($(NVCC),)
  CFLAGS   += -DWARPSIM_HAVE_CUDA
  # the three CUDA backends
  CUDA_OBJ := $(BUILD)/obj/src/host/backend_cuda.o $(PTX_CUDA_OBJ)
  LDLIBS   += -L$(CUDA_HOME)/lib64 -l$(CUDA_RT) -ldl -lrt -lstdc++
endif

# Objects depend on the flags they were built with, so that a build without
# nvcc never links objects built with it (or the other way round).
FLAGS_STAMP := $(BUILD)/flags.stamp
# And on the headers they include, as the compilers list them (gcc and nvcc
# -MMD -MP, a .d beside each object), so that a change to one ISA's headers
# rebuilds that ISA's objects, not the whole tree and both CUDA backends.
DEPFLAGS := -MMD -MP
FLAGS_NOW := $(CC) $(CFLAGS) $(DEPFLAGS) | $(NVCC) $(NVCCFLAGS) | $(LDLIBS)
$(shell mkdir -p $(BUILD); [ "$$(cat $(FLAGS_STAMP) 2>/dev/null)" = '$(FLAGS_NOW)' ] || echo '$(FLAGS_NOW)' >$(FLAGS_STAMP))

.PHONY: all test unit x87-record system diff busybox-test run bench bench-ptx bench-full bench-programs gpu-test gpu-kit deps clean fuzz hw-collect

all: $(BUILD)/warpsim

$(BUILD)/obj/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c $< -o $@

# The CTA runner again for x86-64-v3 (AVX2, FMA), chosen at run time
# (src/host/ptx/ptx_cta_dispatch.c): no contraction, so the same bits.
ifeq ($(shell uname -m),x86_64)
$(BUILD)/obj/src/host/ptx/ptx_cta_x86_64_v3.o: CFLAGS += -march=x86-64-v3 -ffp-contract=off -fno-math-errno
# The lockstep engines' lane loops (arm/fast/arm_lockstep.c): -O3 unswitches
# their loop-invariant tests (shift type, amount) so that they vectorise.
$(BUILD)/obj/src/device/arm/fast/arm_lockstep.o: CFLAGS += -O3
# and again for x86-64-v3, chosen at run time (its file's head)
$(BUILD)/obj/src/device/arm/fast/arm_lockstep_x86_64_v3.o: CFLAGS += -O3 -march=x86-64-v3 -ffp-contract=off
# the IA-32 one likewise (fast/x86_lockstep.c)
$(BUILD)/obj/src/device/x86/fast/x86_lockstep.o: CFLAGS += -O3
$(BUILD)/obj/src/device/x86/fast/x86_lockstep_x86_64_v3.o: CFLAGS += -O3 -march=x86-64-v3 -ffp-contract=off
endif

$(BUILD)/obj/src/host/backend_cuda.o: src/host/backend_cuda.cu $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) $(DEPFLAGS) -MF $(@:.o=.d) -c $< -o $@

# The x87 core (src/device/softfloat/fp80*.h), the PTX ALU (src/device/ptx/ptx_alu*.h),
# the SM model, the memory system's models (DRAM, caches) and the ARM executor (NEON, VFP)
# compiled for the GPU: compile checks.
ifneq ($(NVCC),)
all: $(BUILD)/obj/test/cuda/fp80_device_check.o $(BUILD)/obj/test/cuda/ptx_alu_device_check.o \
     $(BUILD)/obj/test/cuda/dram_device_check.o $(BUILD)/obj/test/cuda/mem_device_check.o \
     $(BUILD)/obj/test/cuda/arm_device_check.o
endif
$(BUILD)/obj/test/cuda/%_device_check.o: test/cuda/%_device_check.cu $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(NVCC) -c -std=c++17 -Isrc -Ikernels/include -arch=sm_75 -Werror all-warnings $(DEPFLAGS) -MF $(@:.o=.d) $< -o $@

# The CUDA objects first: nvcc's targets are the longest jobs of a fresh build
# (backend_cuda.o alone 11 CPU minutes here, ptxas most of it), so make -j
# starts them before the C files.
$(BUILD)/libwarpsim.a: $(CUDA_OBJ) $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/warpsim: $(BUILD)/obj/src/host/main.o $(BUILD)/libwarpsim.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)
ifeq ($(NVCC),)
	@echo "note: nvcc not found: built a CPU-only warpsim (no cuda backend)"
endif

# ---- tests ------------------------------------------------------------------
UNIT_SRC := $(wildcard test/unit/*.c)
UNIT_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(UNIT_SRC))
# One object per test file, so that make -j compiles them side by side. At
# -O1: a test file that includes an executor compiles its own copy of it
# (test_arm_exec.c: 86 s at -O2, 24 at -O1), and the tests' code is not what
# is measured; all of them took 18.7 CPU minutes at -O2, 6.9 at -O1, and run
# in 18 s rather than 12-16. GCC's maybe-uninitialized false alarms come
# with -O1 (the library, at -O2, keeps the warning).
$(UNIT_OBJ): CFLAGS += -O1 -Wno-maybe-uninitialized
$(UNIT_OBJ): $(BUILD)/obj/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) -Itest -c $< -o $@
$(BUILD)/unit_tests: $(UNIT_OBJ) $(BUILD)/libwarpsim.a
	$(CC) $(CFLAGS) $(UNIT_OBJ) $(BUILD)/libwarpsim.a -o $@ -lcriterion -lmpfr -lgmp $(LDLIBS)

unit: $(BUILD)/unit_tests
	$(BUILD)/unit_tests --jobs 2

# The x87 transcendentals' reference for test_x87_exec_diff.c, from this
# host's FPU (x86-64 only; the file names the CPU): Intel and AMD differ, so
# the unit tests compare with this record, never with the build machine.
x87-record: $(BUILD)/unit_tests
	WARPSIM_X87_RECORD=test/x87/trans_exec.ref $(BUILD)/unit_tests --filter 'x87_exec_diff/transcendentals'

include test/diff/diff.mk
include test/diff/diff_x86.mk
include kernels/kernels.mk
include test/fuzz/fuzz.mk
include test/risu/risu.mk
include test/risu/x86/risu_x86.mk
include kernels/bench/bench.mk
include test/system/lockstep.mk
include test/ptx/ptx.mk
include kernels/ptx/ptx.mk
include src/host/cudart/cudart.mk
include test/cuda/apps/apps.mk
include test/cuda/ubench/ubench.mk
include kernels/ptx/host/host.mk
include test/vfp/vfp.mk
include test/gpu/wow.mk

# The python3 that recipes and the suites they run start, thousands of times
# in make test: on this project's build machines `python3` on the PATH is
# pyenv's shim, a bash script that costs about 0.25 s a start before the
# interpreter it picks starts (0.05 s); sm_timing_test.sh took 100 s with it
# and 43 s without. Recipes find a one-line wrapper of that interpreter first
# (its sys.executable, so a virtual environment stays itself), written once a
# build folder: remove $(PYTHON_DIR) after changing interpreters.
PYTHON_DIR  := $(abspath $(BUILD))/python
export PATH := $(PYTHON_DIR):$(PATH)
$(PYTHON_DIR)/python3:
	@mkdir -p $(@D)
	@exe=$$(python3 -c 'import sys; print(sys.executable)') && [ -x "$$exe" ] && \
	    printf '#!/bin/sh\nexec '"'"'%s'"'"' "$$@"\n' "$$exe" >$@.tmp && chmod +x $@.tmp && mv $@.tmp $@ || \
	    { rm -f $@.tmp; echo "note: no python3 found; the suites that need it will fail" >&2; }

# Order matters: deps first (a fresh machine has no Criterion or cross compilers).
JOBS ?= 2
TIMED = sh tools/timed.sh
test: deps $(PYTHON_DIR)/python3
	$(TIMED) all $(MAKE) --no-print-directory -j$(JOBS) all $(BUILD)/unit_tests kernels bench-kernels
	$(TIMED) unit_tests $(BUILD)/unit_tests --jobs 2
	$(TIMED) one-core-steps $(MAKE) --no-print-directory -k -j$(JOBS) -Otarget test-pool
	$(TIMED) cuda-apps-test $(MAKE) --no-print-directory cuda-apps-test
	$(TIMED) cuda-workloads-test $(MAKE) --no-print-directory cuda-workloads-test
	$(TIMED) cuda-ubench-test $(MAKE) --no-print-directory cuda-ubench-test
	$(TIMED) diff $(MAKE) --no-print-directory -j$(JOBS) diff
	$(TIMED) lockstep-test $(MAKE) --no-print-directory -j$(JOBS) lockstep-test
	$(TIMED) diff-x86 $(MAKE) --no-print-directory -j$(JOBS) diff-x86
	$(TIMED) diff-x86-switch $(MAKE) --no-print-directory -j$(JOBS) diff-x86-switch

# make test's steps that keep one core busy (the timing suites two: their
# launches run in pairs), run side by side as a pool of JOBS rather than one
# after the other, which left a core idle for about 300 s. Longest first. They
# write nothing another of them writes: their one shared prerequisite that
# `all` has not built, the PTX workloads' references, is built once here
# before any step starts; the sub-makes find the rest up to date. -k:
# a failure does not stop the others (make test still fails). The two scripts
# that run make themselves do so without the pool's MAKEFLAGS (its jobserver).
TEST_POOL := test-wow test-sm-timing test-mem-timing test-busybox test-cli test-risu-x86 test-gpu \
             test-kernels-check test-ptx-workloads test-atomic test-risu test-hw-correlate \
             test-input test-files test-cub-sort test-report test-ptx test-vfp-diff
.PHONY: test-pool $(TEST_POOL)
test-pool: $(TEST_POOL)
$(TEST_POOL): ptx-workloads-refs
test-wow:;           $(TIMED) wow-test $(MAKE) --no-print-directory wow-test
test-sm-timing:;     $(TIMED) sm_timing_test bash test/system/sm_timing_test.sh
test-mem-timing:;    $(TIMED) mem_timing_test bash test/system/mem_timing_test.sh
test-busybox:;       $(TIMED) busybox-test $(MAKE) --no-print-directory busybox-test
test-cli:;           $(TIMED) cli_test bash test/system/cli_test.sh
test-risu-x86:;      $(TIMED) risu-x86 $(MAKE) --no-print-directory risu-x86
test-gpu:
	$(TIMED) gpu_test env -u MAKEFLAGS GPU_TEST_MODE=cpu bash test/gpu/gpu_test.sh
test-kernels-check:; $(TIMED) kernels-check $(MAKE) --no-print-directory kernels-check bench-kernels-check
test-ptx-workloads:
	$(TIMED) ptx-workloads $(MAKE) --no-print-directory ptx-workloads ptx-alu-diff
test-atomic:;        $(TIMED) atomic_test bash test/system/atomic_test.sh
test-risu:;          $(TIMED) risu $(MAKE) --no-print-directory risu
test-hw-correlate:
	$(TIMED) hw_correlate env -u MAKEFLAGS WARPSIM=$(BUILD)/warpsim bash test/system/hw_correlate_test.sh
test-input:;         $(TIMED) input_test bash test/system/input_test.sh
test-files:;         $(TIMED) files_test bash test/system/files_test.sh
test-cub-sort:;      $(TIMED) cub_sort_test bash test/gpu/cub_sort_test.sh
test-report:;        $(TIMED) report_test bash test/system/report_test.sh
test-ptx:;           $(TIMED) ptx_test bash test/system/ptx_test.sh
test-vfp-diff:;      $(TIMED) vfp-diff $(MAKE) --no-print-directory vfp-diff

# Debian's busybox-static for armel (fetched by make deps: tools/busybox.sh)
# against qemu-arm, 1 and 64 cores: test/busybox/cases.txt.
busybox-test: $(BUILD)/warpsim
	@BUILD=$(BUILD) sh tools/busybox.sh
	BUSYBOX=$(BUILD)/busybox/bin/busybox WARPSIM=$(BUILD)/warpsim bash test/busybox/busybox_test.sh

system: all
	bash test/system/cli_test.sh
	bash test/system/report_test.sh
	bash test/system/ptx_test.sh
	bash test/system/sm_timing_test.sh
	bash test/system/mem_timing_test.sh
	$(MAKE) --no-print-directory ptx-workloads-refs >/dev/null && WARPSIM=$(BUILD)/warpsim bash test/system/hw_correlate_test.sh
	bash test/system/input_test.sh
	bash test/system/files_test.sh
	bash test/system/atomic_test.sh

# Needs a GPU and nvcc: without a CUDA backend or a card that runs it, it
# fails (test/gpu/gpu_test.sh; GPU_TEST_MODE=cpu runs its logic without one).
# KIT=1: on a GPU machine without network, cross compilers, qemu or Criterion
# (the device tool's): the ARM binaries, qemu's recorded results and a static
# qemu-arm come from build/gpu-kit.tar.xz (make gpu-kit here; unpacked there
# by the first KIT=1 target); only warpsim is built. README, "GPU sessions".
ifeq ($(KIT),1)
KIT_DEPS := $(BUILD)/kit/unpacked
KIT_BINS :=
export QEMU_ARM := $(CURDIR)/$(BUILD)/kit/qemu-arm-static
# jansson's headers and static library come in the kit too (no apt there).
CFLAGS   += -I$(BUILD)/kit/jansson/include
LDLIBS   += -L$(BUILD)/kit/jansson/lib
$(BUILD)/gpu-kit.tar.xz:
	@echo "make: KIT=1 needs $@: run make gpu-kit where the toolchains are, and carry it here" >&2
	@exit 2
else
KIT_DEPS := deps
KIT_BINS = $(1)
endif

# Python's tarfile, not tar: that machine may have no xz.
$(BUILD)/kit/unpacked: $(BUILD)/gpu-kit.tar.xz
	python3 -c 'import sys, tarfile; f = {"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}; \
		tarfile.open(sys.argv[1]).extractall(**f)' $<
	touch $@

gpu-test: $(KIT_DEPS)
	$(MAKE) --no-print-directory all $(call KIT_BINS,kernels diff-bins diff-x86-bins)
	bash test/gpu/gpu_test.sh

gpu-kit: deps
	BUILD=$(BUILD) bash tools/gpu_kit.sh

# 1024 cores of the matrix-product kernel (256x256, rows split by core), the MIPS table on stderr.
run: deps
	$(TIMED) build $(MAKE) --no-print-directory -j$(JOBS) all kernels
	$(BUILD)/warpsim run --config configs/manycore-arm-1024.cfg $(BUILD)/kernels/matmul.arm 256
	$(BUILD)/warpsim run --config configs/manycore-x86-1024.cfg $(BUILD)/kernels/matmul.x86 256

deps:
	@$(TIMED) deps sh tools/deps.sh

clean:
	rm -rf $(BUILD)

# Speed, side by side with qemu-arm (bench/RESULTS.md says what was measured where).
# The per-thread programs (bench/programs), A32 and Thumb-2.
BENCH_PROGS := $(foreach p,compute calls,$(BUILD)/bench/$(p).arm $(BUILD)/bench/$(p).thumb.arm $(BUILD)/bench/$(p).x86) \
               $(BUILD)/bench/dmatmul.hf.arm
# armhf (hard-float VFP, Thumb-2 by default): the float row
$(BUILD)/bench/%.hf.arm: bench/programs/%.c
	@mkdir -p $(dir $@)
	arm-linux-gnueabihf-gcc -static -O2 $< -o $@
$(BUILD)/bench/%.x86: bench/programs/%.c
	@mkdir -p $(dir $@)
	i686-linux-gnu-gcc -static -O2 $< -o $@
$(BUILD)/bench/%.thumb.arm: bench/programs/%.c
	@mkdir -p $(dir $@)
	arm-linux-gnueabi-gcc -static -O2 -mthumb -march=armv7-a $< -o $@
$(BUILD)/bench/%.arm: bench/programs/%.c
	@mkdir -p $(dir $@)
	arm-linux-gnueabi-gcc -static -O2 $< -o $@
bench-programs: $(BENCH_PROGS)

bench: deps $(PYTHON_DIR)/python3
	$(MAKE) --no-print-directory all bench-kernels bench-programs
	bash bench/bench.sh
	bash bench/x86_vs_arm.sh
	bash bench/lockstep.sh
	bash bench/sm_timing_bench.sh
	bash bench/sm_quantum_bench.sh

# More core counts (and, with a GPU, everything up to 65536 cores).
# PTX kernels on the CPU backend: one thread, all threads, lane by lane.
bench-ptx: $(BUILD)/warpsim
	bash bench/ptx_bench.sh

# The SM model's speed (warpsim ptx --timing) on the PTX workloads, and
# seed 000's parallel timing modes (--quantum) against cycle by cycle.
bench-timing: $(BUILD)/warpsim kernels
	bash bench/sm_timing_bench.sh
	bash bench/sm_quantum_bench.sh

# Nsight Compute's counters of the PTX workloads on this machine's GPU, into
# bench/hw/<card>/ (HW_DIR= elsewhere) for warpsim report --correlate; without
# a GPU it says so and does nothing.
hw-collect:
	@if nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then bash bench/hw/collect.sh $(HW_DIR); \
	else echo "hw-collect: no NVIDIA GPU here (nvidia-smi lists none): nothing collected (skipped)"; fi

bench-full: $(KIT_DEPS)
	$(MAKE) --no-print-directory all $(call KIT_BINS,bench-kernels bench-programs)
	BENCH_FULL=1 bash bench/bench.sh

# The headers each object was built from (DEPFLAGS).
-include $(shell find $(BUILD)/obj $(BUILD)/pic -name '*.d' 2>/dev/null)
