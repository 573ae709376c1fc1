# The IA-32 random instruction tester (test/risu/README.md), against qemu-i386:
#   make risu-x86       the fixed seed: 10,000 blocks a class (int, int16, x87, sse); in make test
#   make risu-x86-long  about 1.4 million: 17 seeds (RISU_SEED on) x 4 classes x 20,000 blocks
RISU_X86_DIR     := $(BUILD)/risu/x86
RISU_X86_GEN_SRC := $(filter-out test/risu/x86/risu_x86_main.c,$(wildcard test/risu/x86/*.c))

.PHONY: risu-x86 risu-x86-long

$(RISU_X86_DIR)/risu_x86_gen: $(RISU_X86_GEN_SRC) $(wildcard test/risu/x86/*.h) $(BUILD)/libwarpsim.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itest/risu/x86 $(RISU_X86_GEN_SRC) $(BUILD)/libwarpsim.a -o $@ $(LDLIBS)
	@rm -f $(RISU_X86_DIR)/*-*-*[0-9]   # programs of an older generator or table

risu-x86: $(RISU_X86_DIR)/risu_x86_gen $(BUILD)/warpsim
	BUILD=$(BUILD) RISU_ISA=x86 sh test/risu/risu_run.sh $(RISU_SEED) 10000 1

risu-x86-long: $(RISU_X86_DIR)/risu_x86_gen $(BUILD)/warpsim
	BUILD=$(BUILD) RISU_ISA=x86 sh test/risu/risu_run.sh $(RISU_SEED) 20000 17
