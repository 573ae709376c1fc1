# Fuzz targets (libFuzzer): make fuzz [FUZZ_SECONDS=60]
#   fuzz_elf     elf_load_mem + stack_build, with properties (test/fuzz/fuzz_elf.c)
#   fuzz_decode  arm_decode_a32 / arm_decode_t32 / arm_disasm / arm_prepare_records (test/fuzz/fuzz_decode.c)
#   fuzz_x86_decode  x86_decode / x86_disasm / x86_prepare_range (test/fuzz/fuzz_x86_decode.c)
#   fuzz_ptx     the PTX front end: parse, check, disassemble, print and parse again (test/fuzz/fuzz_ptx.c)
#   fuzz_fatbin  the fatbin reader: containers, entries, zstd/LZ4 payloads, -rdc lists (test/fuzz/fuzz_fatbin.c)
#   fuzz_launch  the launch-file reader (test/fuzz/fuzz_launch.c)
#   fuzz_config  the GPU configuration reader (test/fuzz/fuzz_config.c)
# Each target is built with clang straight from the sources it tests and run
# for FUZZ_SECONDS, on a seed corpus of generated static programs when the
# ARM cross compiler is installed (fuzz_ptx: on the committed PTX corpus).
# Findings land in $(FUZZ_DIR)/crash-*.
BUILD        ?= build
HEADERS      ?= $(shell find src kernels/include test/fuzz -name '*.h' -o -name '*.def')
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_ARM_CC  ?= arm-linux-gnueabi-gcc
FUZZ_ARMHF_CC ?= arm-linux-gnueabihf-gcc
FUZZ_X86_CC  ?= i686-linux-gnu-gcc
FUZZ_CFLAGS  := -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
                -Isrc -Ikernels/include -Ikernels/ptx/include
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_RUN     := -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/

# (isa.c names every ISA's host entry: their sources come along)
FUZZ_X86_LIB    := $(addprefix src/device/x86/,x86_host.c x86_decode.c x86_decode_0f.c x86_decode_sse.c x86_disasm.c x86_optab.c \
                   x86_block.c fast/x86_flags_dead.c)
FUZZ_X86_SRC    := test/fuzz/fuzz_x86_decode.c $(filter-out %/x86_host.c,$(FUZZ_X86_LIB))
# every ARM decoder (A32, T32, VFP, NEON and its families) and disassembler
FUZZ_ARM_DECODE := $(wildcard src/device/arm/arm_decode_*.c)
FUZZ_ARM_DISASM := $(wildcard src/device/arm/arm_disasm*.c)
FUZZ_ELF_SRC    := test/fuzz/fuzz_elf.c src/host/elf_load.c src/host/stack_init.c src/host/isa.c $(FUZZ_ARM_DECODE) \
                   $(addprefix src/device/arm/,arm_host.c arm_optab.c arm_block.c fast/arm_flags_dead.c \
                   fast/arm_fast_prepare.c) $(FUZZ_X86_LIB)
FUZZ_DECODE_SRC := test/fuzz/fuzz_decode.c $(FUZZ_ARM_DECODE) $(FUZZ_ARM_DISASM) \
                   $(addprefix src/device/arm/,arm_optab.c arm_block.c fast/arm_flags_dead.c fast/arm_fast_prepare.c)

FUZZ_PTX_LIB    := $(wildcard src/host/ptx/*.c) $(wildcard src/host/sm/*.c) $(wildcard src/host/mem/*.c) src/host/report_json.c \
                   src/host/options.c
FUZZ_PTX_SRC    := test/fuzz/fuzz_ptx.c $(FUZZ_PTX_LIB)
FUZZ_FATBIN_SRC := test/fuzz/fuzz_fatbin.c src/host/cudart/cudart_fatbin.c src/host/cudart/cudart_rdc.c

.PHONY: fuzz fuzz-build fuzz-elf fuzz-decode fuzz-x86-decode fuzz-ptx fuzz-fatbin fuzz-launch fuzz-config

fuzz: fuzz-elf fuzz-decode fuzz-x86-decode fuzz-ptx fuzz-fatbin fuzz-launch fuzz-config

fuzz-build: $(FUZZ_DIR)/fuzz_elf $(FUZZ_DIR)/fuzz_decode $(FUZZ_DIR)/fuzz_x86_decode $(FUZZ_DIR)/fuzz_ptx \
            $(FUZZ_DIR)/fuzz_fatbin $(FUZZ_DIR)/fuzz_launch $(FUZZ_DIR)/fuzz_config

$(FUZZ_DIR)/fuzz_x86_decode: $(FUZZ_X86_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_X86_SRC) -o $@

# Seeds: the text of a static i386 glibc program in 256-byte pieces.
fuzz-x86-decode: $(FUZZ_DIR)/fuzz_x86_decode $(FUZZ_DIR)/seeds.stamp
	$(FUZZ_DIR)/fuzz_x86_decode $(FUZZ_RUN) $(FUZZ_DIR)/corpus_x86_decode

$(FUZZ_DIR)/fuzz_elf: $(FUZZ_ELF_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_ELF_SRC) -o $@

$(FUZZ_DIR)/fuzz_decode: $(FUZZ_DECODE_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_DECODE_SRC) -o $@

$(FUZZ_DIR)/fuzz_ptx: $(FUZZ_PTX_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_PTX_SRC) -o $@ -ljansson -lm

# Seeds: small static programs for fuzz_elf; the text of a glibc program, in
# 256-byte pieces, for fuzz_decode (armel, Thumb, and armhf with NEON: its
# glibc has NEON string routines).
$(FUZZ_DIR)/seeds.stamp: test/fuzz/seed_hello.c test/fuzz/seed_tiny.c
	@mkdir -p $(FUZZ_DIR)/corpus_elf $(FUZZ_DIR)/corpus_decode $(FUZZ_DIR)/seed
	@if command -v $(FUZZ_ARM_CC) >/dev/null 2>&1; then \
	  set -e; s=$(FUZZ_DIR)/seed; \
	  $(FUZZ_ARM_CC) -static -O2 -s test/fuzz/seed_hello.c -o $$s/hello_arm; \
	  $(FUZZ_ARM_CC) -static -O2 -s -mthumb test/fuzz/seed_hello.c -o $$s/hello_thumb; \
	  $(FUZZ_ARM_CC) -static -nostdlib -O2 test/fuzz/seed_tiny.c -o $(FUZZ_DIR)/corpus_elf/tiny_arm; \
	  $(FUZZ_ARM_CC) -static -nostdlib -O2 -mthumb test/fuzz/seed_tiny.c -o $(FUZZ_DIR)/corpus_elf/tiny_thumb; \
	  for v in arm thumb; do \
	    $(FUZZ_ARM_CC:gcc=objcopy) -O binary --only-section=.text $$s/hello_$$v $$s/text_$$v; \
	    split -b 256 -a 4 $$s/text_$$v $(FUZZ_DIR)/corpus_decode/$${v}_; \
	  done; \
	else echo "fuzz: $(FUZZ_ARM_CC) not found: no ARM seed corpus"; fi
	@if command -v $(FUZZ_ARMHF_CC) >/dev/null 2>&1; then \
	  set -e; s=$(FUZZ_DIR)/seed; \
	  $(FUZZ_ARMHF_CC) -static -O3 -s -marm -mfpu=neon -mfloat-abi=hard test/fuzz/seed_hello.c -o $$s/hello_neon; \
	  $(FUZZ_ARMHF_CC:gcc=objcopy) -O binary --only-section=.text $$s/hello_neon $$s/text_neon; \
	  split -b 256 -a 4 $$s/text_neon $(FUZZ_DIR)/corpus_decode/neon_; fi
	@if command -v $(FUZZ_X86_CC) >/dev/null 2>&1; then \
	  set -e; mkdir -p $(FUZZ_DIR)/corpus_x86_decode; \
	  $(FUZZ_X86_CC) -static -nostdlib -O2 test/fuzz/seed_tiny.c -o $(FUZZ_DIR)/corpus_elf/tiny_x86; \
	  $(FUZZ_X86_CC) -static -O2 -s test/fuzz/seed_hello.c -o $(FUZZ_DIR)/seed/hello_x86; \
	  $(FUZZ_X86_CC:gcc=objcopy) -O binary --only-section=.text $(FUZZ_DIR)/seed/hello_x86 $(FUZZ_DIR)/seed/text_x86; \
	  split -b 256 -a 4 $(FUZZ_DIR)/seed/text_x86 $(FUZZ_DIR)/corpus_x86_decode/x86_; fi
	@touch $@

fuzz-elf: $(FUZZ_DIR)/fuzz_elf $(FUZZ_DIR)/seeds.stamp
	$(FUZZ_DIR)/fuzz_elf $(FUZZ_RUN) -dict=test/fuzz/elf.dict $(FUZZ_DIR)/corpus_elf

fuzz-decode: $(FUZZ_DIR)/fuzz_decode $(FUZZ_DIR)/seeds.stamp
	$(FUZZ_DIR)/fuzz_decode $(FUZZ_RUN) $(FUZZ_DIR)/corpus_decode

# Seeds: small modules that use many constructs each (test/fuzz/ptx_seeds),
# and the committed PTX corpus (the -G files left out: their debug sections,
# long runs of numbers, slow every run down); a dictionary of PTX words.
$(FUZZ_DIR)/corpus_ptx.stamp: $(wildcard test/fuzz/ptx_seeds/*.ptx test/ptx/gen/*.ptx)
	@mkdir -p $(FUZZ_DIR)/corpus_ptx
	cp $(filter-out %.G.ptx,$^) $(FUZZ_DIR)/corpus_ptx/
	@touch $@

fuzz-ptx: $(FUZZ_DIR)/fuzz_ptx $(FUZZ_DIR)/corpus_ptx.stamp
	$(FUZZ_DIR)/fuzz_ptx $(FUZZ_RUN) -dict=test/fuzz/ptx.dict $(FUZZ_DIR)/corpus_ptx

$(FUZZ_DIR)/fuzz_fatbin: $(FUZZ_FATBIN_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_FATBIN_SRC) -o $@ -lzstd -llz4

$(FUZZ_DIR)/fuzz_launch $(FUZZ_DIR)/fuzz_config: $(FUZZ_DIR)/fuzz_%: test/fuzz/fuzz_%.c $(FUZZ_PTX_LIB) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $< $(FUZZ_PTX_LIB) -o $@ -ljansson -lm

# Seeds: the containers nvcc makes of a small kernel (test/fuzz/seed_kernel.cu)
# in each compression mode, as version 1 and as -rdc lists (the first byte is
# the harness's mode), when nvcc is on the PATH; else a hand-made empty one.
$(FUZZ_DIR)/corpus_fatbin.stamp: test/fuzz/seed_kernel.cu
	@mkdir -p $(FUZZ_DIR)/corpus_fatbin $(FUZZ_DIR)/seed
	@printf '\000\120\355\125\272\001\000\020\000\000\000\000\000\000\000\000\000' > $(FUZZ_DIR)/corpus_fatbin/empty
	@if command -v nvcc >/dev/null 2>&1; then \
	  set -e; s=$(FUZZ_DIR)/seed; \
	  for m in default none speed size; do \
	    nvcc -arch=sm_75 --compress-mode=$$m -c $< -o $$s/kernel_$$m.o; \
	    objcopy -O binary --only-section=.nv_fatbin $$s/kernel_$$m.o $$s/fatbin_$$m; \
	    { printf '\000'; cat $$s/fatbin_$$m; } > $(FUZZ_DIR)/corpus_fatbin/$$m; \
	    { printf '\025'; cat $$s/fatbin_$$m $$s/fatbin_$$m; } > $(FUZZ_DIR)/corpus_fatbin/rdc_$$m; \
	  done; \
	else echo "fuzz: nvcc not found: the fatbin corpus is one empty container"; fi
	@touch $@

fuzz-fatbin: $(FUZZ_DIR)/fuzz_fatbin $(FUZZ_DIR)/corpus_fatbin.stamp
	$(FUZZ_DIR)/fuzz_fatbin $(FUZZ_RUN) $(FUZZ_DIR)/corpus_fatbin

# Seeds: the committed launch files and GPU configurations.
$(FUZZ_DIR)/corpus_launch.stamp: $(wildcard kernels/ptx/*.launch)
	@mkdir -p $(FUZZ_DIR)/corpus_launch
	cp $^ $(FUZZ_DIR)/corpus_launch/
	@touch $@

$(FUZZ_DIR)/corpus_config.stamp: $(wildcard configs/gpu/*.cfg)
	@mkdir -p $(FUZZ_DIR)/corpus_config
	cp $^ $(FUZZ_DIR)/corpus_config/
	@touch $@

fuzz-launch: $(FUZZ_DIR)/fuzz_launch $(FUZZ_DIR)/corpus_launch.stamp
	$(FUZZ_DIR)/fuzz_launch $(FUZZ_RUN) $(FUZZ_DIR)/corpus_launch

fuzz-config: $(FUZZ_DIR)/fuzz_config $(FUZZ_DIR)/corpus_config.stamp
	$(FUZZ_DIR)/fuzz_config $(FUZZ_RUN) $(FUZZ_DIR)/corpus_config
