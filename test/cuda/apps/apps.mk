# CUDA programs run under `warpsim cuda` (test/cuda/apps/README.md): each a normal
# program with its own check, built with `nvcc -cudart shared` for sm_75 and
# sm_90 (nvcc's default zstd compression), plus the variants the runtime must
# read: -compress-mode=speed (LZ4) and none, -rdc=true, SASS only.
# make cuda-apps-test (in make test): every program for sm_75 (nvcc's default
# architecture), and for sm_90 those whose PTX differs in kind there (they
# test __CUDA_ARCH__, or use sm_90's instructions) and those the script
# checks on both; make cuda-apps-test-full: every program for both (nvcc
# compiles Thrust and CUB slowly; the README has the times).
APPS_DIR   := test/cuda/apps
APPS_OUT   := $(BUILD)/cuda-apps
APPS_NAMES := $(basename $(notdir $(wildcard $(APPS_DIR)/*.cu)))
APPS_SM90  := cp_async cvt_tf32 mbarrier mma_sync stmatrix ldmatrix vote_masks its_flags its_locks \
              memcheck unimplemented abnormal_exit device_assert vecadd
APPS_MORE  := $(APPS_OUT)/vecadd.speed $(APPS_OUT)/vecadd.none $(APPS_OUT)/vecadd.sass $(APPS_OUT)/rdc.sm_75
APPS_BINS  := $(foreach a,75 90,$(patsubst %,$(APPS_OUT)/%.sm_$(a),$(APPS_NAMES))) $(APPS_MORE)
APPS_TEST_BINS := $(patsubst %,$(APPS_OUT)/%.sm_75,$(APPS_NAMES)) $(patsubst %,$(APPS_OUT)/%.sm_90,$(APPS_SM90)) \
                  $(APPS_MORE)
APPS_NVCC  := nvcc -cudart shared -O2 -std=c++17 -I$(APPS_DIR)
# Programs that need relocatable device code (dynamic parallelism).
APPS_RDC   := cdp
$(foreach a,$(APPS_RDC),$(APPS_OUT)/$(a).sm_75 $(APPS_OUT)/$(a).sm_90): APPS_FLAGS := -rdc=true

.PHONY: cuda-apps cuda-apps-some cuda-apps-test cuda-apps-test-full
cuda-apps: $(APPS_BINS)
cuda-apps-some: $(APPS_TEST_BINS)

$(APPS_OUT)/%.sm_75: $(APPS_DIR)/%.cu $(APPS_DIR)/check.h
	@mkdir -p $(@D)
	$(APPS_NVCC) $(APPS_FLAGS) -arch=sm_75 -o $@ $<
$(APPS_OUT)/%.sm_90: $(APPS_DIR)/%.cu $(APPS_DIR)/check.h
	@mkdir -p $(@D)
	$(APPS_NVCC) $(APPS_FLAGS) -arch=sm_90 -o $@ $<
# the texture programs share their host reference
$(APPS_OUT)/texture_filter.sm_75 $(APPS_OUT)/texture_filter.sm_90 $(APPS_OUT)/texture_modes.sm_75 \
$(APPS_OUT)/texture_modes.sm_90: $(APPS_DIR)/texture_ref.h
$(APPS_OUT)/vecadd.speed: $(APPS_DIR)/vecadd.cu $(APPS_DIR)/check.h
	$(APPS_NVCC) -arch=sm_75 -compress-mode=speed -o $@ $<
$(APPS_OUT)/vecadd.none: $(APPS_DIR)/vecadd.cu $(APPS_DIR)/check.h
	$(APPS_NVCC) -arch=sm_75 -compress-mode=none -o $@ $<
# SASS and no PTX: the runtime refuses it with one line.
$(APPS_OUT)/vecadd.sass: $(APPS_DIR)/vecadd.cu $(APPS_DIR)/check.h
	$(APPS_NVCC) -gencode arch=compute_75,code=sm_75 -o $@ $<
$(APPS_OUT)/rdc.sm_75: $(APPS_DIR)/rdc/main.cu $(APPS_DIR)/rdc/lib.cu $(APPS_DIR)/check.h
	@mkdir -p $(@D)
	$(APPS_NVCC) -arch=sm_75 -rdc=true -o $@ $(APPS_DIR)/rdc/main.cu $(APPS_DIR)/rdc/lib.cu

# The script runs what $(APPS_OUT) holds: after a full build, every program.
ifeq ($(PATH_NVCC),)
cuda-apps-test cuda-apps-test-full:
	@echo "$@: no nvcc on the PATH: the CUDA programs cannot be built (not run)"
else
cuda-apps-test: APPS_SET := cuda-apps-some
cuda-apps-test-full: APPS_SET := cuda-apps
cuda-apps-test cuda-apps-test-full: $(BUILD)/warpsim $(CUDART_LIB)
	$(MAKE) --no-print-directory -j$(JOBS) $(APPS_SET)
	WARPSIM=$(BUILD)/warpsim APPS=$(APPS_OUT) CUDA_HOME=$(PATH_CUDA_HOME) bash test/cuda/cuda_apps_test.sh
endif
