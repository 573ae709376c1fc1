# The random instruction tester (test/risu/README.md), against qemu-arm:
#   make risu       the fixed seed: 10,000 instructions a class (a32, t16, t32, vfp, tvfp, neon, tneon); in make test
#   make risu-long  10 million: 20 programs of 100,000 for each of the 7 classes, seeds from
#                   RISU_SEED; the programs that matched are removed as it goes
RISU_SEED  ?= 1
RISU_DIR   := $(BUILD)/risu
RISU_GEN_SRC := $(filter-out test/risu/risu_main.c,$(wildcard test/risu/risu_*.c))

.PHONY: risu risu-long

RISU_HARNESS := test/risu/risu_main.c test/risu/risu_entry.S

$(RISU_DIR)/risu_gen: $(RISU_GEN_SRC) $(wildcard test/risu/*.h) $(RISU_HARNESS) $(BUILD)/libwarpsim.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itest/risu $(RISU_GEN_SRC) $(BUILD)/libwarpsim.a -o $@ $(LDLIBS)
	@rm -f $(RISU_DIR)/*-*-*[0-9]   # programs of an older generator, harness or table

risu: $(RISU_DIR)/risu_gen $(BUILD)/warpsim
	BUILD=$(BUILD) sh test/risu/risu_run.sh $(RISU_SEED) 10000 1

risu-long: $(RISU_DIR)/risu_gen $(BUILD)/warpsim
	BUILD=$(BUILD) RISU_CLEAN=1 sh test/risu/risu_run.sh $(RISU_SEED) 100000 20
