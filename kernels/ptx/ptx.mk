# The PTX workloads (kernels/ptx, README.md there). Their PTX (kernels/ptx/gen) is committed, so
# nothing here needs nvcc or clang-19 unless asked to regenerate it:
#   make ptx-workloads-gen   regenerate gen/NAME.{sm_75,sm_90,sm_75.G,clang}.ptx from src/NAME.cu
#                            with the compilers that are installed (test/ptx/ptx.mk finds them)
#   make ptx-workloads       build warpsim and the host references, then run every workload in
#                            every PTX variant (kernels/ptx/run_workloads.sh)
WL_DIR       := kernels/ptx
WL_SRC       := $(wildcard $(WL_DIR)/src/*.cu)
WL_NAMES     := $(notdir $(WL_SRC:.cu=))
WL_HDRS      := $(wildcard $(WL_DIR)/src/*.cuh)
WL_NVCC_OUT  := $(WL_NAMES:%=$(WL_DIR)/gen/%.sm_75.ptx) $(WL_NAMES:%=$(WL_DIR)/gen/%.sm_90.ptx) \
                $(WL_NAMES:%=$(WL_DIR)/gen/%.sm_75.G.ptx)
WL_CLANG_OUT := $(WL_NAMES:%=$(WL_DIR)/gen/%.clang.ptx)
WL_REF_DIR   := $(BUILD)/kernels/ptx/ref
WL_REFS      := $(patsubst $(WL_DIR)/ref/%.c,$(WL_REF_DIR)/%,$(wildcard $(WL_DIR)/ref/*.c))

.PHONY: ptx-workloads-gen ptx-workloads ptx-workloads-refs

ptx-workloads-gen: $(if $(PTX_NVCC),$(WL_NVCC_OUT)) $(if $(PTX_CLANG),$(WL_CLANG_OUT))
	@$(if $(PTX_NVCC),,echo "ptx-workloads-gen: nvcc not found: the nvcc files are left as committed";) \
	 $(if $(PTX_CLANG),,echo "ptx-workloads-gen: clang-19 not found: the clang files are left as committed";) true

$(WL_DIR)/gen/%.sm_75.ptx: $(WL_DIR)/src/%.cu $(WL_HDRS)
	$(PTX_NVCC) -arch=sm_75 -O3 -ptx $< -o $@

$(WL_DIR)/gen/%.sm_90.ptx: $(WL_DIR)/src/%.cu $(WL_HDRS)
	$(PTX_NVCC) -arch=sm_90 -O3 -ptx $< -o $@

$(WL_DIR)/gen/%.sm_75.G.ptx: $(WL_DIR)/src/%.cu $(WL_HDRS)
	$(PTX_NVCC) -arch=sm_75 -G -ptx $< -o $@

# clang's CUDA wrapper wants texture_fetch_functions.h, which CUDA 13 dropped: the empty stand-in
# that test/ptx/ptx.mk makes in $(PTX_GEN_INC)
$(WL_DIR)/gen/%.clang.ptx: $(WL_DIR)/src/%.cu $(WL_HDRS) $(PTX_GEN_INC)/texture_fetch_functions.h
	$(PTX_CLANG) -x cuda --cuda-device-only -S -O2 --cuda-gpu-arch=sm_75 -nocudalib \
		--cuda-path=$(PTX_CUDA_HOME) -I$(PTX_GEN_INC) -I$(PTX_CUDA_HOME)/include/cccl \
		-Wno-unknown-cuda-version $< -o $@

$(WL_REF_DIR)/%: $(WL_DIR)/ref/%.c $(WL_DIR)/ref/ref_io.h
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O2 -Wall -Wextra $< -o $@ -lm

ptx-workloads-refs: $(WL_REFS)

ptx-workloads: $(BUILD)/warpsim $(WL_REFS)
	bash $(WL_DIR)/run_workloads.sh

# The workloads' CUDA sources compiled for the CPU (kernels/ptx/cpu: cuda_cpu.h, cooperative threads,
# libffi for the kernels' parameters) and run against their launch files and references: a check of
# the workloads themselves, with neither a GPU nor warpsim. Needs libffi-dev and g++.
WL_CPU := $(BUILD)/kernels/ptx/cpu
CXX    ?= g++

.PHONY: ptx-workloads-cpu

$(WL_CPU)/cpu_launch: $(WL_DIR)/cpu/cpu_launch.c $(WL_DIR)/cpu/cpu_threads.c $(WL_DIR)/cpu/cpu_threads.h \
                      $(WL_DIR)/host/launch_reader.c $(WL_DIR)/host/launch_reader.h $(WL_DIR)/include/ptx_fill.h
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O2 -Wall -Wextra -Wno-unused-parameter -I$(WL_DIR)/include -I$(WL_DIR)/host $(filter %.c,$^) \
		-o $@ -lffi -ldl -rdynamic -lm

# dynamic shared memory (extern __shared__ T name[]) becomes a pointer to the runner's area
$(WL_CPU)/%.so: $(WL_DIR)/src/%.cu $(WL_DIR)/cpu/cuda_cpu.h $(WL_HDRS)
	@mkdir -p $(@D)
	sed 's/extern __shared__ \([a-z0-9_]*\) \([a-z0-9_]*\)\[\];/\1 *\2 = (\1 *)cpu_dynamic_shared;/' $< >$(@:.so=.cpp)
	$(CXX) -std=c++17 -O2 -Wall -Wno-unused-function -Wno-unknown-pragmas -Wno-sign-compare -include $(WL_DIR)/cpu/cuda_cpu.h -I$(WL_DIR)/src \
		-shared -fPIC $(@:.so=.cpp) -o $@

ptx-workloads-cpu: $(WL_CPU)/cpu_launch $(WL_NAMES:%=$(WL_CPU)/%.so) $(WL_REFS)
	@fail=0; for n in $(WL_NAMES); do \
		$(WL_CPU)/cpu_launch $(WL_CPU)/$$n.so $(WL_DIR)/$$n.launch $(WL_REF_DIR) || fail=1; done; exit $$fail
