# Target programs for many simulated cores (included by the top Makefile).
#   build/kernels/<name>.arm              glibc, -static, -marm (ARMv5TE: kuser atomics)
#   build/kernels/<name>.free.arm         freestanding (kernels/runtime), -marm
#   build/kernels/<name>.free.thumb.arm   freestanding, -mthumb -march=armv7-a (ldrex/strex)
#   build/kernels/<name>.x86 / .free.x86  the same for IA-32
# `make kernels` builds them; `make kernels-check` runs them (qemu, and warpsim when built).
KERN_CC_ARM   ?= arm-linux-gnueabi-gcc
KERN_CC_X86   ?= i686-linux-gnu-gcc
KERN_CFLAGS   ?= -O2 -g0 -Wall -Wextra -Ikernels/include
KERN_FREE     := -ffreestanding -nostdlib -static -fno-pie -no-pie -fno-stack-protector \
                 -fno-tree-loop-distribute-patterns -fno-unwind-tables -fno-asynchronous-unwind-tables
KERN_HDRS     := $(wildcard kernels/include/*.h)
KERN_GLIBC    := reduce matmul
KERN_FREESTANDING := reduce matmul tiny
KERN_RT       := kernels/runtime/ws_io.c
KERN_FREE_RT  := kernels/runtime/ws_io.c kernels/runtime/ws_libc.c

KERN_BINS := $(KERN_GLIBC:%=$(BUILD)/kernels/%.arm) \
             $(KERN_FREESTANDING:%=$(BUILD)/kernels/%.free.arm) \
             $(KERN_FREESTANDING:%=$(BUILD)/kernels/%.free.thumb.arm) \
             $(KERN_GLIBC:%=$(BUILD)/kernels/%.x86) \
             $(KERN_FREESTANDING:%=$(BUILD)/kernels/%.free.x86)

.PHONY: kernels kernels-check

kernels: $(KERN_BINS)

$(KERN_GLIBC:%=$(BUILD)/kernels/%.arm): $(BUILD)/kernels/%.arm: kernels/%.c $(KERN_RT) $(KERN_HDRS)
	@mkdir -p $(dir $@)
	$(KERN_CC_ARM) -static -marm $(KERN_CFLAGS) $< $(KERN_RT) -o $@

$(KERN_FREESTANDING:%=$(BUILD)/kernels/%.free.arm): $(BUILD)/kernels/%.free.arm: kernels/%.c \
		kernels/runtime/crt0_arm.S $(KERN_FREE_RT) $(KERN_HDRS)
	@mkdir -p $(dir $@)
	$(KERN_CC_ARM) -marm $(KERN_FREE) $(KERN_CFLAGS) kernels/runtime/crt0_arm.S $< $(KERN_FREE_RT) -lgcc -o $@

$(KERN_FREESTANDING:%=$(BUILD)/kernels/%.free.thumb.arm): $(BUILD)/kernels/%.free.thumb.arm: kernels/%.c \
		kernels/runtime/crt0_arm.S $(KERN_FREE_RT) $(KERN_HDRS)
	@mkdir -p $(dir $@)
	$(KERN_CC_ARM) -mthumb -march=armv7-a $(KERN_FREE) $(KERN_CFLAGS) kernels/runtime/crt0_arm.S $< \
		$(KERN_FREE_RT) -lgcc -o $@

$(KERN_GLIBC:%=$(BUILD)/kernels/%.x86): $(BUILD)/kernels/%.x86: kernels/%.c $(KERN_RT) $(KERN_HDRS)
	@mkdir -p $(dir $@)
	$(KERN_CC_X86) -static $(KERN_CFLAGS) $< $(KERN_RT) -o $@

$(KERN_FREESTANDING:%=$(BUILD)/kernels/%.free.x86): $(BUILD)/kernels/%.free.x86: kernels/%.c \
		kernels/runtime/crt0_i386.S $(KERN_FREE_RT) $(KERN_HDRS)
	@mkdir -p $(dir $@)
	$(KERN_CC_X86) $(KERN_FREE) $(KERN_CFLAGS) kernels/runtime/crt0_i386.S $< $(KERN_FREE_RT) -lgcc -o $@

kernels-check: $(KERN_BINS)
	@WARPSIM=$(BUILD)/warpsim sh kernels/run_kernels.sh $(KERN_BINS)
