# warpsim on warpsim (issue 21 part 6; DESIGN.md "warpsim on warpsim"): a
# warpsim whose CUDA backend is linked against the shared CUDA runtime, so
# that `build/warpsim cuda -- build/wow/warpsim run --backend cuda ...` runs
# the persistent kernel on warpsim's PTX simulator, through
# build/lib/libcudart.so.13. build/wow/warpsim is the normal build's objects
# relinked where they carry compute_75 PTX (the default NVCC_ARCH), else a
# build of its own with compute_75 PTX only (no ptxas runs).
#   make wow-test       a few programs, CUDA backend vs CPU backend (in make test)
#   make gpu-test-sim   every diff program (ARM, IA-32 -O2) the same way (hours here)
WOW_BUILD := $(BUILD)/wow
WOW_BIN   := $(WOW_BUILD)/warpsim
WOW_NVCC  := $(PATH_NVCC)
WOW_ARCH  := -gencode arch=compute_75,code=compute_75
# make wow-test's diff programs (test/gpu/wow_test.sh: NAME.VARIANT:CORES[:option...])
WOW_DIFF  := stderr_mix.O2:64 argv_test.thumb:33 abort_test.O2:64 align_fault.thumb:64 setjmp.hf_O2:64 \
             tls_vars.O2:64:--block-size:256
WOW_KERNS := $(patsubst %,$(BUILD)/kernels/tiny.%,free.arm free.thumb.arm free.x86)
# programs that ask for PROT_EXEC at run time, which the CUDA backend refuses
WOW_EXEC  := $(BUILD)/diff/jit_loop.O2 $(BUILD)/diff-x86/jit_loop.O2

.PHONY: wow wow-test gpu-test-sim

ifeq ($(WOW_NVCC),)
wow wow-test gpu-test-sim:
	@echo "$@: SKIPPED: no nvcc on the PATH: warpsim's CUDA backend cannot be built"
else
ifneq ($(and $(NVCC),$(findstring code=compute_75,$(NVCC_ARCH))),)
# The normal build's objects carry the CUDA backend with compute_75 PTX
# (NVCC_ARCH): the same objects linked against the shared runtime are the
# wow warpsim, with no second build (it took 12 of make test's minutes).
# Its fatbinary holds compute_90 PTX too, which the H100 of the default
# config takes (cudart_fatbin.c: the highest up to the card's).
wow: $(WOW_BIN)
$(WOW_BIN): $(BUILD)/obj/src/host/main.o $(BUILD)/libwarpsim.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $^ -o $@ $(subst -l$(CUDA_RT),-lcudart,$(LDLIBS))
else
# A CPU-only outer build (`make NVCC=`), or one without compute_75 PTX: a
# build of its own. The sub-make tracks its own dependencies; NVCC and
# CUDA_HOME are named again so that the outer NVCC= does not reach it.
wow:
	$(MAKE) --no-print-directory BUILD=$(WOW_BUILD) NVCC=$(WOW_NVCC) \
		CUDA_HOME=$(PATH_CUDA_HOME) NVCC_ARCH='$(WOW_ARCH)' CUDA_RT=cudart $(WOW_BIN)
endif

WOW_ENV := WARPSIM=$(BUILD)/warpsim WOW=$(WOW_BIN) KERNELS=$(BUILD)/kernels DIFF=$(BUILD)/diff \
           DIFF_X86=$(BUILD)/diff-x86 WOW_DIFF='$(WOW_DIFF)' WOW_EXEC='$(WOW_EXEC)'
WOW_DIFF_BINS := $(foreach w,$(WOW_DIFF),$(BUILD)/diff/$(firstword $(subst :, ,$(w))))

wow-test: wow $(BUILD)/warpsim $(CUDART_LIB) $(WOW_KERNS) $(WOW_DIFF_BINS) $(WOW_EXEC)
	$(WOW_ENV) bash test/gpu/wow_test.sh

gpu-test-sim: wow $(BUILD)/warpsim $(CUDART_LIB) $(WOW_KERNS) $(DIFF_BINS) $(filter %.O2,$(DIFF_X86_BINS))
	$(WOW_ENV) WOW_SET=all \
		bash test/gpu/wow_test.sh
endif
