# The kernels/ptx workloads as CUDA programs (kernels/ptx/host/cuda_launch.c): src/NAME.cu, with a
# table of its kernels' host stubs generated from NAME.launch (kernel_table.h), linked with the
# generic host driver by `nvcc -cudart shared` for sm_75 and sm_90 (nvcc's default zstd compression), each run under `warpsim cuda` against its launch file and reference
# (test/cuda/ptx_workloads_cuda_test.sh). The builds are cached in build/kernels/ptx/cuda: the first
# takes minutes (46 nvcc runs), later ones only rebuild what changed.
#   make cuda-workloads        build them
#   make cuda-workloads-test   build and run them (make test runs it)
WL_CUDA      := $(BUILD)/kernels/ptx/cuda
WL_CUDA_BINS := $(foreach a,75 90,$(WL_NAMES:%=$(WL_CUDA)/%.sm_$(a)))
WL_CUDA_HOME := $(PATH_CUDA_HOME)
WL_CUDA_OBJ  := $(WL_CUDA)/obj/cuda_launch.o $(WL_CUDA)/obj/launch_reader.o
# -O3 as gen/NAME.sm_XX.ptx
WL_CUDA_NVCC := nvcc -cudart shared -O3 -std=c++17 -I$(WL_DIR)/src -I$(WL_DIR)/host

.PHONY: cuda-workloads cuda-workloads-test
cuda-workloads: $(WL_CUDA_BINS)

$(WL_CUDA)/obj/launch_reader.o: $(WL_DIR)/host/launch_reader.c $(WL_DIR)/host/launch_reader.h $(WL_DIR)/include/ptx_fill.h
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O2 -Wall -Wextra -I$(WL_DIR)/include -c $< -o $@
$(WL_CUDA)/obj/cuda_launch.o: $(WL_DIR)/host/cuda_launch.c $(WL_DIR)/host/launch_reader.h $(WL_DIR)/host/kernel_table.h
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O2 -Wall -Wextra -I$(WL_CUDA_HOME)/include -c $< -o $@

# src/NAME.cu and the table of the kernels NAME.launch names
$(WL_CUDA)/gen/%.table.cu: $(WL_DIR)/%.launch
	@mkdir -p $(@D)
	awk -v src=$*.cu 'BEGIN { print "#include \"" src "\"\n#include \"kernel_table.h\"\nconst wl_kernel_t wl_kernels[] = {" } \
		$$1 == "kernel" && !seen[$$2]++ { printf "    {\"%s\", (const void *)%s},\n", $$2, $$2 } \
		END { print "    {0, 0}};" }' $< >$@
.PRECIOUS: $(WL_CUDA)/gen/%.table.cu

$(WL_CUDA)/%.sm_75: $(WL_CUDA)/gen/%.table.cu $(WL_DIR)/src/%.cu $(WL_HDRS) $(WL_DIR)/host/kernel_table.h $(WL_CUDA_OBJ)
	$(WL_CUDA_NVCC) -arch=sm_75 -o $@ $< $(WL_CUDA_OBJ)
$(WL_CUDA)/%.sm_90: $(WL_CUDA)/gen/%.table.cu $(WL_DIR)/src/%.cu $(WL_HDRS) $(WL_DIR)/host/kernel_table.h $(WL_CUDA_OBJ)
	$(WL_CUDA_NVCC) -arch=sm_90 -o $@ $< $(WL_CUDA_OBJ)

ifeq ($(WL_CUDA_HOME),)
cuda-workloads-test:
	@echo "cuda-workloads-test: no nvcc on the PATH: the workloads cannot be built as CUDA programs (not run)"
else
cuda-workloads-test: $(BUILD)/warpsim $(CUDART_LIB) $(WL_REFS)
	$(MAKE) --no-print-directory -j$(JOBS) cuda-workloads
	WARPSIM=$(BUILD)/warpsim BINS=$(WL_CUDA) REF_DIR=$(WL_REF_DIR) bash test/cuda/ptx_workloads_cuda_test.sh
endif
