# The memory micro-benchmarks as CUDA programs (test/cuda/ubench/README.md):
# one thread's pointer chases and whole-GPU streams timed with clock64(),
# each printing its figures; make cuda-ubench-test runs them under
# `warpsim cuda --timing` on the TITAN V against its published figures
# (test/cuda/ubench_test.sh; make test runs it). Built as apps.mk builds its
# programs: -cudart shared, PTX and SASS for UBENCH_ARCH (sm_75: CUDA 13's
# nvcc has no sm_70; for a TITAN V or V100, an older toolkit and
# UBENCH_ARCH=sm_70).
UBENCH_DIR   := test/cuda/ubench
UBENCH_OUT   := $(BUILD)/cuda-ubench
UBENCH_NAMES := $(basename $(notdir $(wildcard $(UBENCH_DIR)/*.cu)))
UBENCH_BINS  := $(UBENCH_NAMES:%=$(UBENCH_OUT)/%)
UBENCH_ARCH  ?= sm_75
UBENCH_NVCC  := nvcc -cudart shared -O2 -std=c++17 -arch=$(UBENCH_ARCH)

.PHONY: cuda-ubench cuda-ubench-test
cuda-ubench: $(UBENCH_BINS)

$(UBENCH_OUT)/%: $(UBENCH_DIR)/%.cu $(wildcard $(UBENCH_DIR)/*.h)
	@mkdir -p $(@D)
	$(UBENCH_NVCC) -o $@ $<

ifeq ($(PATH_NVCC),)
cuda-ubench-test:
	@echo "cuda-ubench-test: no nvcc on the PATH: the micro-benchmark programs cannot be built (not run)"
else
cuda-ubench-test: $(BUILD)/warpsim $(CUDART_LIB)
	$(MAKE) --no-print-directory -j$(JOBS) cuda-ubench
	WARPSIM=$(BUILD)/warpsim UBENCH=$(UBENCH_OUT) CUDA_HOME=$(PATH_CUDA_HOME) bash test/cuda/ubench_test.sh
endif
