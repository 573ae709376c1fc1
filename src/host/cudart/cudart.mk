# warpsim's CUDA runtime: build/lib/libcudart.so.13 (src/host/cudart/, DESIGN.md
# "The CUDA runtime"). Its sources, and the PTX simulator's host side it runs
# kernels on, compiled again position-independent into build/pic/; every
# symbol but the CUDA 13 runtime's (cudart_exports.def) is local, under the
# version node libcudart.so.13 as NVIDIA's library has it. Needs the
# toolkit's headers (cuda_runtime_api.h) for the API's types.
CUDART_INC   ?= $(or $(CUDA_HOME),$(PATH_CUDA_HOME),/usr/local/cuda)/include
CUDART_LIB   := $(BUILD)/lib/libcudart.so.13
CUDART_SRC   := $(sort $(wildcard src/host/cudart/*.c src/host/cudart/graph/*.c)) \
                $(filter-out src/host/ptx/ptx_cmd.c,$(sort $(wildcard src/host/ptx/*.c))) src/host/report_json.c \
                $(sort $(wildcard src/host/sm/*.c src/host/mem/*.c))
CUDART_OBJ   := $(patsubst %.c,$(BUILD)/pic/%.o,$(CUDART_SRC)) $(BUILD)/pic/gen/cudart_devlib_text.o
# The device library's PTX (src/host/cudart/devlib/), as C strings.
CUDART_DEVLIB_PTX := $(sort $(wildcard src/host/cudart/devlib/*.ptx))
CUDART_CFLAGS := $(filter-out -fno-pie -no-pie -DWARPSIM_HAVE_CUDA,$(CFLAGS)) -fPIC -I$(CUDART_INC)

.PHONY: cudart
cudart: $(CUDART_LIB)
ifneq ($(wildcard $(CUDART_INC)/cuda_runtime_api.h),)
all: $(CUDART_LIB)
endif

$(BUILD)/pic/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CUDART_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/gen/cudart_devlib_text.c: $(CUDART_DEVLIB_PTX) src/host/cudart/devlib/embed.awk
	@mkdir -p $(dir $@)
	awk -f src/host/cudart/devlib/embed.awk $(CUDART_DEVLIB_PTX) >$@

$(BUILD)/pic/gen/%.o: $(BUILD)/gen/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CUDART_CFLAGS) -c $< -o $@

ifeq ($(shell uname -m),x86_64)
$(BUILD)/pic/src/host/ptx/ptx_cta_x86_64_v3.o: CUDART_CFLAGS += -march=x86-64-v3 -ffp-contract=off -fno-math-errno
endif

# The version script: the export table's names, nothing else.
$(BUILD)/lib/cudart.map: src/host/cudart/cudart_exports.def
	@mkdir -p $(dir $@)
	{ echo 'libcudart.so.13 {'; echo ' global:'; \
	  sed -n 's/^CUDART_EXPORT(\(.*\))$$/  \1;/p' $<; echo ' local: *;'; echo '};'; } >$@

$(CUDART_LIB): $(CUDART_OBJ) $(BUILD)/lib/cudart.map
	$(CC) -shared -Wl,-soname,libcudart.so.13 -Wl,--version-script,$(BUILD)/lib/cudart.map -Wl,--no-undefined \
		$(CUDART_OBJ) -o $@ -ljansson -lzstd -llz4 -pthread -lm
