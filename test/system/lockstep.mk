# The lockstep engines against the per-core ones (test/system/lockstep_test.sh),
# included by the top Makefile after the differential suites and the
# benchmark kernels: the same final state on 1, 64 and 1024 cores. `make
# test` runs, for ARM, the A32 (-O2), Thumb-2 (IT blocks) and NEON with
# VFPv4 (hard-float libc: its atomics' LDREX, the FP bodies in the
# x86-64-v3 build) builds; for IA-32 the -O0 (the stack: PUSH, POP, LEAVE,
# memory operands), -O2 and SSE2 builds; and the seed's best and worst
# cases of both (groups that split and merge); the generic build of the
# lockstep engine (what a host without AVX2 runs) at 64 cores only, where
# it meets every binary on the contiguous layout: about 4 minutes on 2 cores.
# lockstep-test-full: every variant of both, the generic build at every size.
.PHONY: lockstep-test lockstep-test-full

LOCKSTEP_BINS := $(foreach v,O2 thumb hf_neon_v4,$(DIFF_ARM_NAMES:%=$(BUILD)/diff/%.$(v))) \
                 $(foreach v,O0 O2 sse2,$(DIFF_X86_NAMES:%=$(BUILD)/diff-x86/%.$(v))) \
                 $(foreach p,best.arm worst.arm worst.thumb.arm best.x86 worst.x86,$(BUILD)/kernels/bench/$(p))
lockstep-test: $(LOCKSTEP_BINS) $(BUILD)/warpsim
	@echo "lockstep: $(words $(LOCKSTEP_BINS)) binaries, per-core and lockstep engines (1, 64, 1024 cores)"
	@LOCKSTEP_JOBS=$(DIFF_JOBS) LOCKSTEP_GENERIC_CORES=64 WARPSIM=$(BUILD)/warpsim sh test/system/lockstep_test.sh $(LOCKSTEP_BINS)
lockstep-test-full: $(DIFF_BINS) $(DIFF_X86_BINS) $(BUILD)/warpsim
	@LOCKSTEP_JOBS=$(DIFF_JOBS) WARPSIM=$(BUILD)/warpsim sh test/system/lockstep_test.sh $(DIFF_BINS) $(DIFF_X86_BINS)
