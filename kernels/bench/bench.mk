# Benchmark workloads (kernels/bench/README.md), included by the top Makefile.
#   build/kernels/bench/<name>.arm         freestanding, -marm (ARMv5TE)
#   build/kernels/bench/<name>.thumb.arm   freestanding, -mthumb -march=armv7-a
#   build/kernels/bench/<name>.x86         freestanding IA-32 (qemu-i386 only, for now)
# `make bench-kernels` builds them; `make bench-kernels-check` checks the
# worst case's layout (mix_lanes.py) and runs each program on warpsim at 1, 32
# and 256 cores and under qemu. `make bench-kernels-table` prints instruction
# counts and MIPS at 1, 32, 256 and 1024 cores.
BENCHK_CC_ARM ?= arm-linux-gnueabi-gcc
BENCHK_CC_X86 ?= i686-linux-gnu-gcc
BENCHK_CFLAGS ?= -O2 -g0 -Wall -Wextra -Ikernels/include
BENCHK_FREE   := -ffreestanding -nostdlib -static -fno-pie -no-pie -fno-stack-protector \
                 -fno-tree-loop-distribute-patterns -fno-unwind-tables -fno-asynchronous-unwind-tables
BENCHK_PROGS  := best worst imatmul fmatmul idct fft
BENCHK_MIXED  := best worst
BENCHK_DIR    := $(BUILD)/kernels/bench
BENCHK_RT     := kernels/runtime/ws_io.c kernels/runtime/ws_libc.c
BENCHK_DEPS   := $(wildcard kernels/include/*.h) $(BENCHK_RT) kernels/bench/bench.h kernels/bench/mix.h \
                 kernels/bench/bench.mk
# the assembly file a program links besides its .c: $(call BENCHK_ASM,arm|i386), in a recipe
BENCHK_ASM     = $(if $(filter $(BENCHK_MIXED),$(basename $(notdir $<))),kernels/bench/mix_$(1).S)

BENCHK_ARM   := $(BENCHK_PROGS:%=$(BENCHK_DIR)/%.arm)
BENCHK_THUMB := $(BENCHK_PROGS:%=$(BENCHK_DIR)/%.thumb.arm)
BENCHK_X86   := $(BENCHK_PROGS:%=$(BENCHK_DIR)/%.x86)
BENCHK_BINS  := $(BENCHK_ARM) $(BENCHK_THUMB) $(BENCHK_X86)

.PHONY: bench-kernels bench-kernels-check bench-kernels-table

bench-kernels: $(BENCHK_BINS)

$(BENCHK_ARM): $(BENCHK_DIR)/%.arm: kernels/bench/%.c kernels/bench/mix_arm.S kernels/runtime/crt0_arm.S \
		$(BENCHK_DEPS)
	@mkdir -p $(dir $@)
	$(BENCHK_CC_ARM) -marm $(BENCHK_FREE) $(BENCHK_CFLAGS) kernels/runtime/crt0_arm.S $< \
		$(call BENCHK_ASM,arm) $(BENCHK_RT) -lgcc -o $@

$(BENCHK_THUMB): $(BENCHK_DIR)/%.thumb.arm: kernels/bench/%.c kernels/bench/mix_arm.S \
		kernels/runtime/crt0_arm.S $(BENCHK_DEPS)
	@mkdir -p $(dir $@)
	$(BENCHK_CC_ARM) -mthumb -march=armv7-a $(BENCHK_FREE) $(BENCHK_CFLAGS) kernels/runtime/crt0_arm.S \
		$< $(call BENCHK_ASM,arm) $(BENCHK_RT) -lgcc -o $@

$(BENCHK_X86): $(BENCHK_DIR)/%.x86: kernels/bench/%.c kernels/bench/mix_i386.S kernels/runtime/crt0_i386.S \
		$(BENCHK_DEPS)
	@mkdir -p $(dir $@)
	$(BENCHK_CC_X86) $(BENCHK_FREE) $(BENCHK_CFLAGS) kernels/runtime/crt0_i386.S $< \
		$(call BENCHK_ASM,i386) $(BENCHK_RT) -lgcc -o $@

bench-kernels-check: $(BENCHK_BINS) $(BUILD)/warpsim
	@python3 kernels/bench/mix_lanes.py $(BENCHK_DIR)/worst.arm $(BENCHK_DIR)/worst.thumb.arm
	@WARPSIM=$(BUILD)/warpsim sh kernels/bench/run_bench.sh $(BENCHK_BINS)

bench-kernels-table: $(BENCHK_ARM) $(BENCHK_THUMB) $(BUILD)/warpsim
	@WARPSIM=$(BUILD)/warpsim sh kernels/bench/bench_table.sh $(BENCHK_ARM) $(BENCHK_THUMB)
