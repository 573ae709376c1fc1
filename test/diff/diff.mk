# Differential tests against qemu-arm (included by the top Makefile).
# Every test/diff/<name>.c is built in ten variants into build/diff/<name>.<variant>:
# four armel (soft-float ABI), three armhf (hard-float, VFPv3-D16, Thumb-2),
# hf_d32 (armhf with VFPv3-D32: the compiler may keep doubles in D16-D31 too),
# and two with Advanced SIMD and the auto-vectoriser (-O3): hf_neon (A32,
# -mfpu=neon) and hf_neon_v4 (Thumb-2, -mfpu=neon-vfpv4, and
# -funsafe-math-optimizations, without which GCC vectorises no float loop:
# NEON's float is not IEEE's, it flushes denormals);
# `make diff` runs each under qemu-arm and build/warpsim (1 core, two variants on 64
# cores too; `make diff-full` every variant on 1 and 64) and compares.
DIFF_CC       ?= arm-linux-gnueabi-gcc
DIFF_CFLAGS   ?= -static -g0 -Wall -Wextra -Wno-unused-parameter -Wno-format-truncation \
                 -Wno-stringop-truncation -Wno-infinite-recursion -Wl,--no-warn-rwx-segments -Wl,--no-warn-execstack
DIFF_LDLIBS   := -lm
DIFF_SRC      := $(sort $(wildcard test/diff/*.c))
DIFF_NAMES    := $(notdir $(DIFF_SRC:.c=))
# IA-32 inline assembly only (diff_x86.mk runs it)
DIFF_ARM_SKIP := smc_loop_x86 seg_regs_x86 far_x86
DIFF_ARM_NAMES := $(filter-out $(DIFF_ARM_SKIP),$(DIFF_NAMES))
DIFF_VARIANTS := O0 O2 Os thumb hf_O0 hf_O2 hf_Os hf_d32 hf_neon hf_neon_v4
DIFF_FLAGS_O0    := -O0 -marm
DIFF_FLAGS_O2    := -O2 -marm
DIFF_FLAGS_Os    := -Os -marm
DIFF_FLAGS_thumb := -O2 -mthumb -march=armv7-a
# armhf as Debian builds it: the compiler's defaults are -march=armv7-a+fp
# -mfpu=vfpv3-d16 -mthumb -mfloat-abi=hard (said again, so that they hold)
DIFF_HF_CC       ?= arm-linux-gnueabihf-gcc
DIFF_HF_FLAGS    := -march=armv7-a+fp -mfpu=vfpv3-d16 -mthumb -mfloat-abi=hard
DIFF_FLAGS_hf_O0 := -O0 $(DIFF_HF_FLAGS)
DIFF_FLAGS_hf_O2 := -O2 $(DIFF_HF_FLAGS)
DIFF_FLAGS_hf_Os := -Os $(DIFF_HF_FLAGS)
DIFF_CC_hf_O0    := $(DIFF_HF_CC)
DIFF_CC_hf_O2    := $(DIFF_HF_CC)
DIFF_CC_hf_Os    := $(DIFF_HF_CC)
# the libraries stay Debian's (D16); the program's own code uses D0-D31 (fir_live.c)
DIFF_FLAGS_hf_d32 := -O2 -march=armv7-a+fp -mfpu=vfpv3 -mthumb -mfloat-abi=hard
DIFF_CC_hf_d32    := $(DIFF_HF_CC)
DIFF_FLAGS_hf_neon    := -O3 -march=armv7-a+simd -mfpu=neon -marm -mfloat-abi=hard
DIFF_CC_hf_neon       := $(DIFF_HF_CC)
DIFF_FLAGS_hf_neon_v4 := -O3 -march=armv7-a+simd -mfpu=neon-vfpv4 -mthumb -mfloat-abi=hard \
                         -funsafe-math-optimizations
DIFF_CC_hf_neon_v4    := $(DIFF_HF_CC)
DIFF_BINS     := $(foreach v,$(DIFF_VARIANTS),$(DIFF_ARM_NAMES:%=$(BUILD)/diff/%.$(v)))
DIFF_JOBS     ?= 2

.PHONY: diff diff-full diff-bins diff-list

define DIFF_VARIANT_RULE
$(BUILD)/diff/%.$(1): test/diff/%.c
	@mkdir -p $$(dir $$@)
	$$(or $$(DIFF_CC_$(1)),$$(DIFF_CC)) $$(DIFF_CFLAGS) $$(DIFF_FLAGS_$(1)) $$< -o $$@ $$(DIFF_LDLIBS)
endef
$(foreach v,$(DIFF_VARIANTS),$(eval $(call DIFF_VARIANT_RULE,$(v))))

diff-bins: $(DIFF_BINS)

# The suite's binaries, one a line, for the scripts that carry or run them
# elsewhere (tools/gpu_kit.sh, test/gpu/gpu_test.sh).
diff-list:
	@printf '%s\n' $(DIFF_BINS)

# make test's diff: every binary on 1 core, where each variant's instructions
# are checked; on 64 cores too (every core's output, stderr and exit in the
# report: the multi-core machinery) A32 (O2) and Thumb-2 with hard-float VFPv4
# and NEON (hf_neon_v4). The 64-core runs were two thirds of the suite's time;
# diff-full runs every variant on both.
DIFF_WIDE_VARIANTS := O2 hf_neon_v4
DIFF_WIDE_BINS     := $(filter $(foreach v,$(DIFF_WIDE_VARIANTS),%.$(v)),$(DIFF_BINS))
# $(call diff_wide_narrow,ENV,BINS,WIDE): BINS on 1 core, WIDE (some of them) on 64 too; fails if either run does
diff_wide_narrow = $(1) sh test/diff/run_diff.sh $(3); a=$$?; \
                   $(1) DIFF_CORES=1 sh test/diff/run_diff.sh $(filter-out $(3),$(2)); b=$$?; [ $$a = 0 ] && [ $$b = 0 ]
diff: $(DIFF_BINS) $(BUILD)/warpsim
	@echo "diff: $(words $(DIFF_BINS)) binaries on qemu-arm and $(BUILD)/warpsim (1 core; $(words $(DIFF_WIDE_BINS)) on 64 too)"
	@$(call diff_wide_narrow,DIFF_JOBS=$(DIFF_JOBS) WARPSIM=$(BUILD)/warpsim,$(DIFF_BINS),$(DIFF_WIDE_BINS))
diff-full: $(DIFF_BINS) $(BUILD)/warpsim
	@echo "diff-full: $(words $(DIFF_BINS)) binaries on qemu-arm and $(BUILD)/warpsim (1 and 64 cores)"
	@DIFF_JOBS=$(DIFF_JOBS) WARPSIM=$(BUILD)/warpsim sh test/diff/run_diff.sh $(DIFF_BINS)

# The lockstep engines against the per-core ones: test/system/lockstep.mk.
