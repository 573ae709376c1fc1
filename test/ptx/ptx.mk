# The PTX corpus (test/ptx/gen/*.ptx), generated from test/ptx/src/*.cu and committed, so that
# the front end's tests run where nvcc and clang-19 are absent. `make ptx-corpus` regenerates
# what the installed compilers can make:
#   NAME.sm_75.ptx NAME.sm_80.ptx NAME.sm_86.ptx NAME.sm_90.ptx   nvcc -O3
#   NAME.sm_75.G.ptx                                              nvcc -G (debug: .loc, .section .debug_*)
#   NAME.clang.ptx                                                clang-19 -O2, sm_75, no libdevice
# clang's CUDA wrapper still includes texture_fetch_functions.h, which CUDA 13 dropped: an
# empty one in $(PTX_GEN_INC) stands in. Its warning about the CUDA version is expected.
PTX_NVCC      ?= $(NVCC)
PTX_CLANG     ?= $(shell command -v clang-19 2>/dev/null)
PTX_CUDA_HOME ?= $(if $(PTX_NVCC),$(call cuda_home_of,$(PTX_NVCC)),/usr/local/cuda)
PTX_SRC       := $(wildcard test/ptx/src/*.cu)
PTX_NAMES     := $(notdir $(PTX_SRC:.cu=))
PTX_ARCHS     := 75 80 86 90
PTX_GEN_INC   := $(BUILD)/ptx-inc
PTX_NVCC_OUT  := $(foreach a,$(PTX_ARCHS),$(PTX_NAMES:%=test/ptx/gen/%.sm_$(a).ptx)) \
                 $(PTX_NAMES:%=test/ptx/gen/%.sm_75.G.ptx)
PTX_CLANG_OUT := $(PTX_NAMES:%=test/ptx/gen/%.clang.ptx)

.PHONY: ptx-corpus

ptx-corpus: $(if $(PTX_NVCC),$(PTX_NVCC_OUT)) $(if $(PTX_CLANG),$(PTX_CLANG_OUT))
	@$(if $(PTX_NVCC),,echo "ptx-corpus: nvcc not found: the nvcc files are left as committed";) \
	 $(if $(PTX_CLANG),,echo "ptx-corpus: clang-19 not found: the clang files are left as committed";) true

define PTX_NVCC_RULE
test/ptx/gen/%.sm_$(1).ptx: test/ptx/src/%.cu
	$$(PTX_NVCC) -arch=sm_$(1) -O3 -ptx $$< -o $$@
endef
$(foreach a,$(PTX_ARCHS),$(eval $(call PTX_NVCC_RULE,$(a))))

test/ptx/gen/%.sm_75.G.ptx: test/ptx/src/%.cu
	$(PTX_NVCC) -arch=sm_75 -G -ptx $< -o $@

$(PTX_GEN_INC)/texture_fetch_functions.h:
	@mkdir -p $(@D)
	touch $@

test/ptx/gen/%.clang.ptx: test/ptx/src/%.cu $(PTX_GEN_INC)/texture_fetch_functions.h
	$(PTX_CLANG) -x cuda --cuda-device-only -S -O2 --cuda-gpu-arch=sm_75 -nocudalib \
		--cuda-path=$(PTX_CUDA_HOME) -I$(PTX_GEN_INC) -I$(PTX_CUDA_HOME)/include/cccl \
		-Wno-unknown-cuda-version $< -o $@

# The executor's speed on one host thread (bench/ptx_exec_bench.c): SIMD warps against lane-by-lane.
.PHONY: bench-ptx-exec
$(BUILD)/ptx_exec_bench: bench/ptx_exec_bench.c $(BUILD)/libwarpsim.a
	$(CC) $(CFLAGS) $< $(BUILD)/libwarpsim.a -o $@ $(LDLIBS)

bench-ptx-exec: $(BUILD)/ptx_exec_bench
	$(BUILD)/ptx_exec_bench $(PTX_BENCH_ARGS)

# The PTX executor's CUDA backend (src/host/ptx/ptx_backend_cuda.cu) and the SM model's
# (src/host/sm/sm_backend_cuda.cu), the Makefile's PTX_CUDA_OBJ: built into the library
# (CUDA_OBJ) when nvcc is there.
$(PTX_CUDA_OBJ): $(BUILD)/obj/%.o: %.cu $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) $(DEPFLAGS) -MF $(@:.o=.d) -c $< -o $@
# The SM model's kernel is one thread's serial code, minutes of ptxas a target: SASS for the lent
# cards' sm_90 only, and compute_75 PTX that any other card JITs (and wow-test runs), unless
# NVCC_ARCH is given.
ifeq ($(origin NVCC_ARCH),file)
SM_CUDA_ARCH := -gencode arch=compute_75,code=compute_75 -gencode arch=compute_90,code=sm_90
$(BUILD)/obj/src/host/sm/sm_backend_cuda.o: NVCCFLAGS := $(filter-out -gencode arch=%,$(NVCCFLAGS)) $(SM_CUDA_ARCH)
endif

# The PTX ALU's random differential tester: every form against an independent reference
# (C under fesetround, MPFR), through ptx_alu_eval and ptx_alu_warp. Under a minute here.
# PTX_ALU_DIFF_ARGS: cases per form, seed, a name filter (e.g. `20000 7 cvt.rz`).
PTX_ALU_DIFF_SRC  := test/ptx/alu_diff.c test/ptx/alu_diff_forms.c test/ptx/alu_ref.c test/ptx/alu_ref_float.c
PTX_ALU_DIFF_ARGS ?= 40000
.PHONY: ptx-alu-diff bench-ptx-alu

$(BUILD)/ptx_alu_diff: $(PTX_ALU_DIFF_SRC) test/ptx/alu_diff.h test/ptx/alu_ref.h test/ptx/alu_ref_internal.h $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -frounding-math -Itest/ptx $(PTX_ALU_DIFF_SRC) -o $@ -lmpfr -lgmp -lm

ptx-alu-diff: $(BUILD)/ptx_alu_diff
	$(BUILD)/ptx_alu_diff $(PTX_ALU_DIFF_ARGS)

# Lane-operations per second of ptx_alu_warp against ptx_alu_eval lane by lane (bench/ptx_alu_lanes.c).
$(BUILD)/ptx_alu_lanes: bench/ptx_alu_lanes.c $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $< -o $@ -lm

bench-ptx-alu: $(BUILD)/ptx_alu_lanes
	$(BUILD)/ptx_alu_lanes
