# The differential suite for IA-32 (included by the top Makefile): every
# test/diff/<name>.c that builds for i386, with i686-linux-gnu-gcc -static at
# -O0, -O2, -Os and -O2 -msse2 -mfpmath=sse (variant sse2: scalar SSE2
# floating point and gcc's vectorised loops) into
# build/diff-x86/<name>.<variant>; `make diff-x86` runs each under qemu-i386
# and build/warpsim (1 core, -O2 and sse2 on 64 too) and compares.
# Programs only for one ISA: test/diff/<name>.c guarded inside, or listed in
# DIFF_X86_SKIP (ARM inline assembly: media_par, media_mul, align_fault, smc_loop).
DIFF_X86_CC       ?= i686-linux-gnu-gcc
DIFF_X86_SKIP     := media_par media_mul align_fault smc_loop
DIFF_X86_NAMES    := $(filter-out $(DIFF_X86_SKIP),$(DIFF_NAMES))
DIFF_X86_VARIANTS := O0 O2 Os sse2
DIFF_X86_FLAGS_sse2 := -O2 -msse2 -mfpmath=sse
DIFF_X86_BINS     := $(foreach v,$(DIFF_X86_VARIANTS),$(DIFF_X86_NAMES:%=$(BUILD)/diff-x86/%.$(v)))

.PHONY: diff-x86 diff-x86-full diff-x86-switch diff-x86-bins

define DIFF_X86_VARIANT_RULE
$(BUILD)/diff-x86/%.$(1): test/diff/%.c
	@mkdir -p $$(dir $$@)
	$$(DIFF_X86_CC) $$(DIFF_CFLAGS) $$(or $$(DIFF_X86_FLAGS_$(1)),-$(1)) $$< -o $$@ $$(DIFF_LDLIBS)
endef
$(foreach v,$(DIFF_X86_VARIANTS),$(eval $(call DIFF_X86_VARIANT_RULE,$(v))))

diff-x86-bins: $(DIFF_X86_BINS)

# make test's: every binary on 1 core, the x87 and SSE2 -O2 builds on 64 too
# (test/diff/diff.mk's diff_wide_narrow); diff-x86-full: all on both.
DIFF_X86_WIDE := $(filter %.O2 %.sse2,$(DIFF_X86_BINS))
diff-x86: $(DIFF_X86_BINS) $(BUILD)/warpsim
	@echo "diff-x86: $(words $(DIFF_X86_BINS)) binaries on qemu-i386 and $(BUILD)/warpsim (1 core; $(words $(DIFF_X86_WIDE)) on 64 too)"
	@$(call diff_wide_narrow,DIFF_ISA=x86 DIFF_JOBS=$(DIFF_JOBS) WARPSIM=$(BUILD)/warpsim,$(DIFF_X86_BINS),$(DIFF_X86_WIDE))
diff-x86-full: $(DIFF_X86_BINS) $(BUILD)/warpsim
	@echo "diff-x86-full: $(words $(DIFF_X86_BINS)) binaries on qemu-i386 and $(BUILD)/warpsim (1 and 64 cores)"
	@DIFF_ISA=x86 DIFF_JOBS=$(DIFF_JOBS) WARPSIM=$(BUILD)/warpsim sh test/diff/run_diff.sh $(DIFF_X86_BINS)

# The same -O2 binaries through the switch path (WARPSIM_X86_SWITCH=1:
# x86_run without the host's chained path, src/device/x86/fast/), so that
# both paths the CPU backend has stay checked against qemu-i386.
diff-x86-switch: $(filter %.O2,$(DIFF_X86_BINS)) $(BUILD)/warpsim
	@echo "diff-x86-switch: the -O2 binaries on the switch path (WARPSIM_X86_SWITCH=1)"
	@WARPSIM_X86_SWITCH=1 DIFF_ISA=x86 DIFF_JOBS=$(DIFF_JOBS) WARPSIM=$(BUILD)/warpsim \
		sh test/diff/run_diff.sh $(filter %.O2,$(DIFF_X86_BINS))
