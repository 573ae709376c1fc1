/* libFuzzer target for the ELF loader and the initial stack builder.
 *
 * Properties, beyond "no crash, no out-of-bounds access":
 *   - a refusal leaves the image empty and explains itself in one line that
 *     starts with the file name;
 *   - an accepted image is consistent: page-aligned bases, sizes multiples of
 *     4 within the limits, text inside the read-only image, writable code
 *     (whole pages) inside the window's data, some code, the entry inside the
 *     text or the writable code, the private window above the read-only
 *     image and below the shared region, the break at or above the end of
 *     the data;
 *   - loading is deterministic;
 *   - the initial stack for it can always be built, 16-byte aligned, with
 *     the WARPSIM_CORE field inside it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/elf_load.h"
#include "host/stack_init.h"
#include "device/sim_mem.h"

#define FZ_NAME "fuzz.elf"

#define FZ_CHECK(x)                                                                     \
    do {                                                                                \
        if (!(x)) {                                                                     \
            fprintf(stderr, "fuzz_elf: property failed at line %d: %s\n", __LINE__, #x); \
            abort();                                                                    \
        }                                                                               \
    } while (0)

static void check_refusal(const sim_image_t *img, const char *err)
{
    size_t n = strnlen(err, 256);
    FZ_CHECK(n < 256);
    FZ_CHECK(strncmp(err, FZ_NAME ": ", sizeof FZ_NAME + 1) == 0);
    FZ_CHECK(n > sizeof FZ_NAME + 1);
    FZ_CHECK(strchr(err, '\n') == NULL);
    FZ_CHECK(img->ro == NULL && img->data == NULL && img->ro_size == 0);
}

static void check_image(const sim_image_t *img)
{
    uint64_t ro_end = (uint64_t)img->ro_base + img->ro_size;
    uint64_t text_end = (uint64_t)img->text_lo + img->text_size;
    uint64_t data_end = (uint64_t)img->priv_base + img->data_size;
    uint64_t wx_end = (uint64_t)img->wx_lo + img->wx_size;
    FZ_CHECK(img->isa == SIM_ISA_ARM || img->isa == SIM_ISA_X86);
    FZ_CHECK(img->ro && img->data);
    FZ_CHECK(img->ro_base % 4096 == 0 && img->ro_size % 4 == 0);
    FZ_CHECK(img->ro_size > 0 && img->ro_size <= ELF_MAX_IMAGE);
    /* The text may be empty when all code is writable (the W+X segments):
     * Linux runs such a program, and so does warpsim, from each core's window. */
    FZ_CHECK(img->text_lo % 4 == 0 && img->text_size % 4 == 0 && (img->text_size > 0 || img->wx_size > 0));
    FZ_CHECK(img->text_lo >= img->ro_base && text_end <= ro_end);
    FZ_CHECK(img->wx_lo % 4096 == 0 && img->wx_size % 4096 == 0);
    FZ_CHECK(img->wx_size == 0 || (img->wx_lo >= img->priv_base && wx_end <= img->brk_start));
    uint32_t pc = img->isa == SIM_ISA_ARM ? img->entry & ~1u : img->entry;
    FZ_CHECK((pc >= img->text_lo && pc < text_end) || pc - img->wx_lo < img->wx_size);
    FZ_CHECK(img->priv_base % 4096 == 0 && img->data_size % 4 == 0 && img->data_size <= ELF_MAX_IMAGE);
    FZ_CHECK(img->priv_base >= img->ro_base);
    FZ_CHECK((uint64_t)img->priv_base + 4096u >= ro_end); /* they share one page at most */
    FZ_CHECK(img->brk_start % 4096 == 0 && img->brk_start >= data_end);
    FZ_CHECK(img->brk_start <= SIM_SHARED_BASE && ro_end <= SIM_SHARED_BASE);
    FZ_CHECK(img->phnum > 0 && img->phent == 32);
    /* touch both ends of the buffers: ASan checks their sizes */
    volatile uint8_t sink = img->ro[0] ^ img->ro[img->ro_size - 1];
    if (img->data_size)
        sink ^= img->data[0] ^ img->data[img->data_size - 1];
    (void)sink;
}

static void check_stack(const sim_image_t *img)
{
    static char *argv[] = {"fuzz.elf", "-n", "3", NULL};
    stack_tmpl_t t;
    char err[256];
    uint32_t top = img->brk_start + 0x20000u;
    int rc = stack_build(img, top, 3, argv, 1024, &t, err, sizeof err);
    FZ_CHECK(rc == 0);
    FZ_CHECK(t.sp % 16 == 0 && t.sp + t.size == top && t.size <= STACK_MAX_SIZE);
    FZ_CHECK(t.sp >= img->brk_start);
    FZ_CHECK(t.core_id_off >= 13 && t.core_id_off + STACK_CORE_FIELD < t.size);
    FZ_CHECK(memcmp(t.bytes + t.core_id_off - 13, "WARPSIM_CORE=0", 14) == 0);
    FZ_CHECK(t.bytes[t.core_id_off + STACK_CORE_FIELD] == 0);
    stack_free(&t);
}

static int same_fields(const sim_image_t *a, const sim_image_t *b)
{
    return a->isa == b->isa && a->entry == b->entry && a->ro_base == b->ro_base && a->ro_size == b->ro_size &&
           a->text_lo == b->text_lo && a->text_size == b->text_size && a->priv_base == b->priv_base &&
           a->data_size == b->data_size && a->brk_start == b->brk_start && a->phdr_addr == b->phdr_addr &&
           a->phnum == b->phnum && a->heap_req == b->heap_req && a->stack_req == b->stack_req &&
           a->wx_lo == b->wx_lo && a->wx_size == b->wx_size && a->exec_stack == b->exec_stack;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sim_image_t img, again;
    char err[256], err2[256];
    memset(err, 0x55, sizeof err);
    int rc = elf_load_mem(data, size, FZ_NAME, &img, err, sizeof err);
    int rc2 = elf_load_mem(data, size, FZ_NAME, &again, err2, sizeof err2);
    FZ_CHECK((rc == 0) == (rc2 == 0));
    if (rc) {
        check_refusal(&img, err);
        FZ_CHECK(strcmp(err, err2) == 0);
        return 0;
    }
    check_image(&img);
    FZ_CHECK(same_fields(&img, &again));
    FZ_CHECK(memcmp(img.ro, again.ro, img.ro_size) == 0);
    FZ_CHECK(memcmp(img.data, again.data, img.data_size) == 0);
    if (img.brk_start <= SIM_SHARED_BASE - 0x20000u)
        check_stack(&img);
    elf_free(&img);
    elf_free(&again);
    return 0;
}
