# VFP against qemu-arm (included by the top Makefile): test/vfp/vfp_ops.c
# runs every VFP operation on special and random operands under every
# rounding mode, FZ and DN, built for armhf in A32 and in T32; `make
# vfp-diff` compares its hashes (and, on a difference, its lines) from
# qemu-arm and from build/warpsim.
VFP_CC    ?= arm-linux-gnueabihf-gcc
VFP_FLAGS := -O1 -static -march=armv7-a+vfpv4 -mfpu=vfpv4 -mfloat-abi=hard
VFP_BINS  := $(BUILD)/vfp/vfp_ops.arm $(BUILD)/vfp/vfp_ops.thumb

.PHONY: vfp-diff

$(BUILD)/vfp/vfp_ops.arm: test/vfp/vfp_ops.c
	@mkdir -p $(dir $@)
	$(VFP_CC) $(VFP_FLAGS) -marm $< -o $@
$(BUILD)/vfp/vfp_ops.thumb: test/vfp/vfp_ops.c
	@mkdir -p $(dir $@)
	$(VFP_CC) $(VFP_FLAGS) -mthumb $< -o $@

vfp-diff: $(VFP_BINS) $(BUILD)/warpsim
	@WARPSIM=$(BUILD)/warpsim sh test/vfp/vfp_diff.sh $(VFP_BINS)
