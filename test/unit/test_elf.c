/* ELF loader and initial stack: every malformed input refused with a message
 * naming the file and the problem; a synthetic and a real static ARM program
 * accepted with the fields readelf reports. */
#include <criterion/criterion.h>
#include <elf.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/elf_load.h"
#include "host/isa.h"
#include "host/stack_init.h"
#include "device/sim_init.h"

#define TE_NAME "prog.elf"
#define TE_FILE 0x420u
/* Field offsets and sizes from <elf.h>; values are written little-endian. */
#define TE_EH(field) offsetof(Elf32_Ehdr, field)
#define TE_PH(field) offsetof(Elf32_Phdr, field)
#define TE_SH(field) offsetof(Elf32_Shdr, field)
#define TE_EHDR ((uint32_t)sizeof(Elf32_Ehdr))
#define TE_PHDR ((uint32_t)sizeof(Elf32_Phdr))
#define TE_SHDR ((uint32_t)sizeof(Elf32_Shdr))

typedef struct te_ph {
    uint32_t type, offset, vaddr, filesz, memsz, flags;
} te_ph_t;

static void te_w16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static void te_w32(uint8_t *p, uint32_t v) { te_w16(p, v), te_w16(p + 2, v >> 16); }
static uint32_t te_r32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

static void te_header(uint8_t *b, uint32_t machine, uint32_t entry, uint32_t phnum)
{
    memcpy(b, ELFMAG, SELFMAG);
    b[EI_CLASS] = ELFCLASS32, b[EI_DATA] = ELFDATA2LSB, b[EI_VERSION] = EV_CURRENT;
    te_w16(b + TE_EH(e_type), ET_EXEC);
    te_w16(b + TE_EH(e_machine), machine);
    te_w32(b + TE_EH(e_version), EV_CURRENT);
    te_w32(b + TE_EH(e_entry), entry);
    te_w32(b + TE_EH(e_phoff), TE_EHDR);
    te_w16(b + TE_EH(e_ehsize), TE_EHDR);
    te_w16(b + TE_EH(e_phentsize), TE_PHDR);
    te_w16(b + TE_EH(e_phnum), phnum);
    te_w16(b + TE_EH(e_shentsize), TE_SHDR);
}

static void te_phdr(uint8_t *b, uint32_t i, te_ph_t p)
{
    uint8_t *q = b + TE_EHDR + TE_PHDR * i;
    te_w32(q + TE_PH(p_type), p.type), te_w32(q + TE_PH(p_offset), p.offset);
    te_w32(q + TE_PH(p_vaddr), p.vaddr), te_w32(q + TE_PH(p_paddr), p.vaddr);
    te_w32(q + TE_PH(p_filesz), p.filesz), te_w32(q + TE_PH(p_memsz), p.memsz);
    te_w32(q + TE_PH(p_flags), p.flags), te_w32(q + TE_PH(p_align), 4096);
}

/* A good two-segment ARM program: text at 0x10000 (file 0..0x400), data at
 * 0x11400 (file 0x400..0x420, bss to 0x11700). */
static uint8_t te_buf[8192];
static te_ph_t te_seg[3];

static void te_default(void)
{
    te_ph_t text = {PT_LOAD, 0, 0x10000, 0x400, 0x400, PF_R | PF_X};
    te_ph_t data = {PT_LOAD, 0x400, 0x11400, 0x20, 0x300, PF_R | PF_W};
    te_seg[0] = text;
    te_seg[1] = data;
}

static size_t te_make(uint32_t machine, uint32_t entry, uint32_t n)
{
    memset(te_buf, 0, sizeof te_buf);
    for (uint32_t i = 0x100; i < 0x400; i++)
        te_buf[i] = (uint8_t)(i * 7);
    for (uint32_t i = 0x400; i < TE_FILE; i++)
        te_buf[i] = (uint8_t)(0xd0 + i);
    te_header(te_buf, machine, entry, n);
    for (uint32_t i = 0; i < n; i++)
        te_phdr(te_buf, i, te_seg[i]);
    return TE_FILE;
}

static size_t te_good(void)
{
    te_default();
    return te_make(EM_ARM, 0x10100, 2);
}

static void te_refused(const uint8_t *buf, size_t len, const char *problem)
{
    sim_image_t img;
    char err[256] = "";
    cr_assert_neq(elf_load_mem(buf, len, TE_NAME, &img, err, sizeof err), 0, "accepted; wanted \"%s\"", problem);
    cr_assert_eq(strncmp(err, TE_NAME ": ", strlen(TE_NAME) + 2), 0, "message does not name the file: %s", err);
    cr_assert_not_null(strstr(err, problem), "message \"%s\" lacks \"%s\"", err, problem);
    cr_assert_null(strchr(err, '\n'), "one line only: %s", err);
    cr_assert_null(img.ro);
    elf_free(&img);
}

Test(elf, accepts_a_two_segment_program)
{
    sim_image_t img;
    char err[256] = "";
    size_t len = te_good();
    cr_assert_eq(elf_load_mem(te_buf, len, TE_NAME, &img, err, sizeof err), 0, "%s", err);
    cr_assert_eq(img.isa, SIM_ISA_ARM);
    cr_assert_eq(img.entry, 0x10100);
    cr_assert_eq(img.ro_base, 0x10000);
    cr_assert_eq(img.ro_size, 0x400);
    cr_assert_eq(memcmp(img.ro, te_buf, 0x400), 0);
    cr_assert_eq(img.text_lo, 0x10000);
    cr_assert_eq(img.text_size, 0x400);
    cr_assert_eq(img.priv_base, 0x11000);
    cr_assert_eq(img.data_size, 0x700);
    cr_assert_eq(img.brk_start, 0x12000);
    for (uint32_t i = 0; i < img.data_size; i++) {
        uint8_t want = i >= 0x400 && i < 0x420 ? te_buf[i] : 0;
        cr_assert_eq(img.data[i], want, "data byte 0x%x", i);
    }
    cr_assert_eq(img.phdr_addr, 0x10034);
    cr_assert_eq(img.phnum, 2);
    cr_assert_eq(img.phent, 32);
    cr_assert_eq(img.heap_req, 0);
    cr_assert_eq(img.stack_req, 0);
    elf_free(&img);
    elf_free(&img);
}

Test(elf, shares_a_page_between_text_and_data)
{
    sim_image_t img;
    char err[256] = "";
    te_default();
    te_seg[1].vaddr = 0x10400;
    size_t len = te_make(EM_ARM, 0x10101, 2); /* Thumb entry */
    cr_assert_eq(elf_load_mem(te_buf, len, TE_NAME, &img, err, sizeof err), 0, "%s", err);
    cr_assert_eq(img.entry, 0x10101);
    cr_assert_eq(img.priv_base, 0x10000);
    cr_assert_eq(img.data_size, 0x700);
    cr_assert_eq(memcmp(img.data, te_buf, 0x420), 0, "the window carries the shared page's bytes");
    elf_free(&img);
}

Test(elf, accepts_ia32_and_text_only_programs)
{
    sim_image_t img;
    char err[256] = "";
    te_default();
    te_seg[0].vaddr = 0x08048000;
    size_t len = te_make(EM_386, 0x08048103, 1);
    cr_assert_eq(elf_load_mem(te_buf, len, TE_NAME, &img, err, sizeof err), 0, "%s", err);
    cr_assert_eq(img.isa, SIM_ISA_X86);
    cr_assert_eq(img.entry, 0x08048103);
    cr_assert_eq(img.priv_base, 0x08049000, "no writable segment: the page after the image");
    cr_assert_eq(img.data_size, 0);
    cr_assert_eq(img.brk_start, 0x08049000);
    elf_free(&img);
}

Test(elf, reads_the_warpsim_memory_section)
{
    sim_image_t img;
    char err[256] = "";
    size_t len = te_good();
    /* shstrtab at 0x500, the section's 8 bytes at 0x540, headers at 0x600 */
    static const char names[] = "\0.shstrtab\0.warpsim.memory";
    memcpy(te_buf + 0x500, names, sizeof names);
    te_w32(te_buf + 0x540, 8u << 20);
    te_w32(te_buf + 0x544, 128u << 10);
    uint8_t *sh = te_buf + 0x600;
    uint8_t *strtab = sh + TE_SHDR, *mem = sh + 2 * TE_SHDR;
    te_w32(strtab + TE_SH(sh_name), 1), te_w32(strtab + TE_SH(sh_type), SHT_STRTAB);
    te_w32(strtab + TE_SH(sh_offset), 0x500), te_w32(strtab + TE_SH(sh_size), sizeof names);
    te_w32(mem + TE_SH(sh_name), 11), te_w32(mem + TE_SH(sh_type), SHT_PROGBITS);
    te_w32(mem + TE_SH(sh_offset), 0x540), te_w32(mem + TE_SH(sh_size), 8);
    te_w32(te_buf + TE_EH(e_shoff), 0x600);
    te_w16(te_buf + TE_EH(e_shnum), 3);
    te_w16(te_buf + TE_EH(e_shstrndx), 1);
    len = 0x600 + 3 * TE_SHDR;
    cr_assert_eq(elf_load_mem(te_buf, len, TE_NAME, &img, err, sizeof err), 0, "%s", err);
    cr_assert_eq(img.heap_req, 8u << 20);
    cr_assert_eq(img.stack_req, 128u << 10);
    elf_free(&img);
    /* malformed section headers are ignored, not fatal */
    te_w16(te_buf + TE_EH(e_shstrndx), 7);
    cr_assert_eq(elf_load_mem(te_buf, len, TE_NAME, &img, err, sizeof err), 0, "%s", err);
    cr_assert_eq(img.heap_req, 0);
    elf_free(&img);
    te_w16(te_buf + TE_EH(e_shstrndx), 1);
    te_w32(te_buf + TE_EH(e_shoff), 0xfffffff0u);
    cr_assert_eq(elf_load_mem(te_buf, len, TE_NAME, &img, err, sizeof err), 0, "%s", err);
    elf_free(&img);
    te_w32(te_buf + TE_EH(e_shoff), 0x600);
    te_w32(strtab + TE_SH(sh_size), 0xffffff00u);
    cr_assert_eq(elf_load_mem(te_buf, len, TE_NAME, &img, err, sizeof err), 0, "%s", err);
    elf_free(&img);
}

/* A writable and executable segment is data in every core's window, and
 * its pages are the writable code (DESIGN.md, self-modifying code), which
 * both ISAs run: a NULL code_window hook would refuse the program. */
Test(elf, accepts_a_writable_and_executable_segment)
{
    static const uint32_t machines[] = {EM_ARM, EM_386};
    for (uint32_t k = 0; k < 2; k++) {
        sim_image_t img;
        char err[256] = "";
        te_default();
        te_seg[1].flags = PF_R | PF_W | PF_X;
        size_t len = te_make(machines[k], 0x11400, 2);
        cr_assert_eq(elf_load_mem(te_buf, len, TE_NAME, &img, err, sizeof err), 0, "%s", err);
        cr_expect_eq(img.text_lo, 0x10000);
        cr_expect_eq(img.text_size, 0x400);
        cr_expect_eq(img.priv_base, 0x11000);
        cr_expect_eq(img.wx_lo, 0x11000);
        cr_expect_eq(img.wx_size, 0x1000);
        cr_expect_not_null(isa_host(img.isa)->code_window, "%s runs writable code", sim_isa_name(img.isa));
        elf_free(&img);
        te_default();
        len = te_make(machines[k], 0x10100, 2);
        cr_assert_eq(elf_load_mem(te_buf, len, TE_NAME, &img, err, sizeof err), 0, "%s", err);
        cr_expect_eq(img.wx_size, 0u, "no W+X segment: no writable code");
        elf_free(&img);
    }
}

/* PT_GNU_STACK says whether the stack is executable (GCC's trampolines are
 * written there); without one it is, as Linux's default for ELF32 on ARM
 * and i386 has it. */
Test(elf, reads_whether_the_stack_is_executable)
{
    static const uint32_t flags[] = {PF_R | PF_W, PF_R | PF_W | PF_X}, want[] = {0, 1};
    sim_image_t img;
    char err[256] = "";
    for (uint32_t k = 0; k < 2; k++) {
        te_default();
        te_ph_t stack = {PT_GNU_STACK, 0, 0, 0, 0, flags[k]};
        te_seg[2] = stack;
        cr_assert_eq(elf_load_mem(te_buf, te_make(EM_ARM, 0x10100, 3), TE_NAME, &img, err, sizeof err), 0, "%s", err);
        cr_expect_eq(img.exec_stack, want[k], "PT_GNU_STACK flags %u", flags[k]);
        elf_free(&img);
    }
    cr_assert_eq(elf_load_mem(te_buf, te_good(), TE_NAME, &img, err, sizeof err), 0, "%s", err);
    cr_expect_eq(img.exec_stack, 1u, "no PT_GNU_STACK");
    elf_free(&img);
}

/* fuzz_elf's finding (issue 33): every executable segment writable, the
 * read-only one holding no code. Linux runs such a program (ld puts code
 * in an "awx" section into a RWE segment), so the loader accepts it: the
 * shared text is empty, at the read-only image's end, and all code is the
 * writable code, entry included, which each core runs from its window. */
Test(elf, accepts_code_only_in_a_writable_segment)
{
    sim_image_t img;
    char err[256] = "";
    te_default();
    te_seg[0].flags = PF_R;
    te_seg[1].flags = PF_R | PF_W | PF_X;
    size_t len = te_make(EM_ARM, 0x11401, 2); /* Thumb entry in the writable code */
    cr_assert_eq(elf_load_mem(te_buf, len, TE_NAME, &img, err, sizeof err), 0, "%s", err);
    cr_expect_eq(img.text_size, 0u, "no read-only code");
    cr_expect_eq(img.text_lo, 0x10400, "the empty text sits at the image's end");
    cr_expect_eq(img.wx_lo, 0x11000);
    cr_expect_eq(img.wx_size, 0x1000);
    cr_expect(img.wx_lo >= img.priv_base && img.wx_lo + img.wx_size <= img.brk_start, "inside the window");
    cr_expect(img.entry - 1u - img.wx_lo < img.wx_size, "the entry lies in the writable code");
    elf_free(&img);
}

Test(elf, refuses_non_elf_input)
{
    te_refused(te_buf, 0, "empty file");
    te_refused((const uint8_t *)"\177EL", 3, "bad magic");
    te_refused((const uint8_t *)"#!/bin/sh\necho hi\n", 18, "not an ELF file (bad magic)");
    size_t len = te_good();
    te_refused(te_buf, 10, "truncated");
    te_refused(te_buf, 40, "truncated");
    te_buf[0] = 0x7e;
    te_refused(te_buf, len, "bad magic");
}

Test(elf, refuses_random_bytes)
{
    uint32_t x = 12345;
    for (int t = 0; t < 2000; t++) {
        size_t len = (size_t)(t * 7 % 700);
        for (size_t i = 0; i < len; i++) {
            x = x * 1103515245u + 12345u;
            te_buf[i] = (uint8_t)(x >> 16);
        }
        if (t & 1)
            memcpy(te_buf, "\177ELF\1\1\1", len < 7 ? len : 7);
        te_refused(te_buf, len, "");
    }
}

Test(elf, refuses_wrong_class_encoding_type_machine)
{
    size_t len = te_good();
    te_buf[EI_CLASS] = ELFCLASS64;
    te_refused(te_buf, len, "ELF64 is not supported: warpsim runs 32-bit ARM and IA-32 programs");
    te_good();
    te_buf[EI_DATA] = ELFDATA2MSB;
    te_refused(te_buf, len, "big-endian ELF is not supported");
    te_good();
    te_buf[EI_VERSION] = EV_NONE;
    te_refused(te_buf, len, "ELF version");
    te_good();
    te_w16(te_buf + TE_EH(e_type), ET_DYN);
    te_refused(te_buf, len, "not an executable (ET_DYN");
    te_w16(te_buf + TE_EH(e_type), ET_REL);
    te_refused(te_buf, len, "not an executable (ET_REL");
    te_w16(te_buf + TE_EH(e_type), ET_CORE);
    te_refused(te_buf, len, "ET_CORE");
    te_good();
    te_w16(te_buf + TE_EH(e_machine), EM_X86_64);
    te_refused(te_buf, len, "machine x86-64 (62) is not supported");
    te_w16(te_buf + TE_EH(e_machine), EM_AARCH64);
    te_refused(te_buf, len, "machine AArch64 (183)");
    te_w16(te_buf + TE_EH(e_machine), 9999);
    te_refused(te_buf, len, "machine 9999 is not supported");
}

Test(elf, refuses_bad_program_header_tables)
{
    size_t len = te_good();
    te_refused(te_buf, 60, "program header 0 lies outside the file");
    te_refused(te_buf, TE_EHDR + TE_PHDR + 10, "program header 1 lies outside the file");
    te_w32(te_buf + TE_EH(e_phoff), 0xffffffe0u);
    te_refused(te_buf, len, "program header 0 lies outside the file");
    te_good();
    te_w16(te_buf + TE_EH(e_phentsize), sizeof(Elf64_Phdr));
    te_refused(te_buf, len, "program header size 56");
    te_good();
    te_w16(te_buf + TE_EH(e_phnum), 0);
    te_refused(te_buf, len, "no program headers");
    te_w16(te_buf + TE_EH(e_phnum), PN_XNUM);
    te_refused(te_buf, len, "too many program headers");
    te_default();
    te_seg[0].type = te_seg[1].type = PT_NULL;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 2), "no loadable segments");
    te_default();
    te_seg[2] = te_seg[1];
    te_seg[2].type = PT_INTERP;
    size_t len3 = te_make(EM_ARM, 0x10100, 3);
    te_refused(te_buf, len3, "dynamically linked programs are not supported: link with -static");
    te_w16(te_buf + TE_EH(e_type), ET_DYN); /* a dynamically linked PIE */
    te_refused(te_buf, len3, "dynamically linked programs are not supported: link with -static");
}

Test(elf, refuses_bad_segments)
{
    te_default();
    te_seg[1].offset = 0x1000;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 2), "segment 1: file bytes [0x1000, 0x1020) lie outside the file");
    te_default();
    te_seg[1].offset = 0xfffffff0u;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 2), "lie outside the file");
    te_default();
    te_seg[1].filesz = 0x400;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 2), "lie outside the file");
    te_default();
    te_seg[1].memsz = 0x10;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 2), "file size 0x20 exceeds its memory size 0x10");
    te_default();
    te_seg[1].vaddr = 0xfffff000u;
    te_seg[1].memsz = 0x2000;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 2), "overflows the 32-bit address space");
    te_default();
    te_seg[1].vaddr = 0xffff0100u;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 2), "kuser helper page");
    te_default();
    te_seg[1].vaddr = 0xbfffff00u;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 2), "shared region");
    te_default();
    te_seg[1].vaddr = 0x10200;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 2), "segments 0 and 1 overlap");
    te_default();
    te_seg[0].flags = PF_R | PF_W | PF_X;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 1), "every segment is writable");
    te_default();
    te_seg[0].flags = PF_R;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 2), "no executable segment");
    te_default();
    te_seg[1].vaddr = 0x8000;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 2), "lies below read-only segment");
    te_default();
    te_seg[0].memsz = 300u << 20;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 1), "exceeds the 256 MiB limit");
    te_default();
    te_seg[1].memsz = 300u << 20;
    te_refused(te_buf, te_make(EM_ARM, 0x10100, 2), "exceed the 256 MiB limit");
}

Test(elf, refuses_bad_entry_points)
{
    te_default();
    te_refused(te_buf, te_make(EM_ARM, 0x11400, 2), "entry point 0x11400 lies outside the executable segments");
    te_refused(te_buf, te_make(EM_ARM, 0x10400, 2), "entry point");
    te_refused(te_buf, te_make(EM_ARM, 0x0fffc, 2), "entry point");
    te_refused(te_buf, te_make(EM_ARM, 0x10102, 2), "misaligned for its instruction set");
}

Test(elf, refuses_missing_files_and_directories)
{
    sim_image_t img;
    char err[256];
    cr_assert_neq(elf_load("/nonexistent/prog", &img, err, sizeof err), 0);
    cr_assert_str_eq(err, "/nonexistent/prog: No such file or directory");
    cr_assert_neq(elf_load("/tmp", &img, err, sizeof err), 0);
    cr_assert_str_eq(err, "/tmp: is a directory");
    cr_assert_neq(elf_load("/dev/null", &img, err, sizeof err), 0);
    cr_assert_str_eq(err, "/dev/null: not a regular file");
    char small[12];
    cr_assert_neq(elf_load("/nonexistent/prog", &img, small, sizeof small), 0);
    cr_assert_eq(strlen(small), sizeof small - 1, "truncated to the buffer");
    cr_assert_neq(elf_load("/nonexistent/prog", &img, NULL, 0), 0);
}

/* ---- a real static ARM program ------------------------------------------ */

static int te_run(const char *cmd) { return system(cmd) == 0; }

/* Builds a static ARM program with a .warpsim.memory section into dir. */
static int te_build_arm(char *dir, char *exe, size_t n)
{
    if (!te_run("command -v arm-linux-gnueabi-gcc >/dev/null 2>&1"))
        return 0;
    strcpy(dir, "/tmp/warpsim_elf_XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    char src[256], cmd[1024];
    snprintf(src, sizeof src, "%s/p.c", dir);
    snprintf(exe, n, "%s/p", dir);
    FILE *f = fopen(src, "w");
    cr_assert_not_null(f);
    fputs("#include <stdio.h>\n"
          "__attribute__((section(\".warpsim.memory\"), used))\n"
          "static const unsigned ws_mem[2] = {3u << 20, 96u << 10};\n"
          "int counter = 5; char big[10000];\n"
          "int main(void) { printf(\"%d\\n\", counter + big[9]); return 0; }\n", f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "arm-linux-gnueabi-gcc -static -O2 %s -o %s", src, exe);
    cr_assert(te_run(cmd), "%s failed", cmd);
    return 1;
}

typedef struct te_load {
    uint32_t offset, vaddr, filesz, memsz, flags;
} te_load_t;

/* `readelf -lW` LOAD lines and the entry point. */
static int te_readelf(const char *exe, uint32_t *entry, uint32_t *phnum, te_load_t *loads, int max)
{
    char cmd[512], line[512];
    snprintf(cmd, sizeof cmd, "readelf -lW %s", exe);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    int n = 0;
    while (fgets(line, sizeof line, p)) {
        char fl[8] = "";
        te_load_t l;
        if (sscanf(line, "Entry point 0x%x", entry) == 1)
            continue;
        if (sscanf(line, "There are %u program headers", phnum) == 1)
            continue;
        if (sscanf(line, " LOAD 0x%x 0x%x 0x%*x 0x%x 0x%x %7[RWE ]", &l.offset, &l.vaddr, &l.filesz, &l.memsz,
                   fl) == 5 && n < max) {
            l.flags = (strchr(fl, 'W') ? PF_W : 0u) | (strchr(fl, 'E') ? PF_X : 0u);
            loads[n++] = l;
        }
    }
    pclose(p);
    return n;
}

Test(elf, loads_a_real_static_arm_program)
{
    char dir[64], exe[128], err[256] = "";
    if (!te_build_arm(dir, exe, sizeof exe))
        cr_skip_test("arm-linux-gnueabi-gcc not installed: no real program to load");
    sim_image_t img;
    cr_assert_eq(elf_load(exe, &img, err, sizeof err), 0, "%s", err);
    uint32_t entry = 0, phnum = 0;
    te_load_t l[8];
    int n = te_readelf(exe, &entry, &phnum, l, 8);
    cr_assert_geq(n, 2);
    cr_assert_eq(img.isa, SIM_ISA_ARM);
    cr_assert_eq(img.entry, entry);
    cr_assert_eq(img.phnum, phnum);
    FILE *f = fopen(exe, "rb");
    cr_assert_not_null(f);
    static uint8_t file[4 << 20];
    size_t flen = fread(file, 1, sizeof file, f);
    fclose(f);
    for (int i = 0; i < n; i++) {
        const uint8_t *mem = l[i].flags & PF_W ? img.data + (l[i].vaddr - img.priv_base)
                                            : img.ro + (l[i].vaddr - img.ro_base);
        cr_assert_leq(l[i].offset + l[i].filesz, flen);
        cr_assert_eq(memcmp(mem, file + l[i].offset, l[i].filesz), 0, "LOAD %d bytes", i);
        for (uint32_t b = l[i].filesz; b < l[i].memsz; b += 97)
            cr_assert_eq(mem[b], 0, "bss byte of LOAD %d", i);
        if (l[i].flags & PF_X) {
            cr_assert_eq(img.text_lo, l[i].vaddr & ~3u);
            cr_assert_geq(img.text_lo + img.text_size, l[i].vaddr + l[i].memsz);
        }
        if (l[i].flags & PF_W) {
            cr_assert_eq(img.priv_base, l[i].vaddr & ~4095u);
            cr_assert_eq(img.brk_start, (l[i].vaddr + l[i].memsz + 4095) & ~4095u);
        } else {
            cr_assert_eq(img.ro_base, l[i].vaddr & ~4095u);
        }
    }
    cr_assert_geq(img.text_lo, img.ro_base);
    cr_assert_leq(img.text_lo + img.text_size, img.ro_base + img.ro_size);
    cr_assert_eq(img.heap_req, 3u << 20);
    cr_assert_eq(img.stack_req, 96u << 10);
    /* AT_PHDR: the program headers' bytes sit at phdr_addr in the image */
    cr_assert_eq(memcmp(img.ro + (img.phdr_addr - img.ro_base), file + te_r32(file + TE_EH(e_phoff)), phnum * TE_PHDR), 0);
    elf_free(&img);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    te_run(cmd);
}

/* ---- initial stack ------------------------------------------------------- */

static uint32_t te_sw(const stack_tmpl_t *t, uint32_t addr)
{
    cr_assert(addr >= t->sp && addr + 4 <= t->sp + t->size, "0x%x outside the stack", addr);
    return te_r32(t->bytes + (addr - t->sp));
}

static const char *te_str(const stack_tmpl_t *t, uint32_t addr)
{
    cr_assert(addr >= t->sp && addr < t->sp + t->size, "string 0x%x outside the stack", addr);
    const char *s = (const char *)t->bytes + (addr - t->sp);
    cr_assert_not_null(memchr(s, 0, t->sp + t->size - addr));
    return s;
}

static uint32_t te_aux(const stack_tmpl_t *t, uint32_t auxv, uint32_t type)
{
    for (uint32_t a = auxv;; a += 8) {
        uint32_t k = te_sw(t, a);
        if (k == type)
            return te_sw(t, a + 4);
        cr_assert_neq(k, 0, "auxv lacks type %u", type);
    }
}

Test(stack, linux_layout_for_arm)
{
    sim_image_t img;
    char err[256] = "";
    cr_assert_eq(elf_load_mem(te_buf, te_good(), TE_NAME, &img, err, sizeof err), 0, "%s", err);
    char *argv[] = {"prog", "a b", "-x", NULL};
    stack_tmpl_t t;
    uint32_t top = 0x80000;
    cr_assert_eq(stack_build(&img, top, 3, argv, 8, &t, err, sizeof err), 0, "%s", err);
    cr_assert_eq(t.sp % 16, 0);
    cr_assert_eq(t.sp + t.size, top);
    cr_assert_eq(te_sw(&t, t.sp), 3);
    for (int i = 0; i < 3; i++)
        cr_assert_str_eq(te_str(&t, te_sw(&t, t.sp + 4 + 4 * i)), argv[i]);
    cr_assert_eq(te_sw(&t, t.sp + 16), 0);
    uint32_t envp = t.sp + 20;
    cr_assert_str_eq(te_str(&t, te_sw(&t, envp)), "WARPSIM_CORE=0");
    cr_assert_str_eq(te_str(&t, te_sw(&t, envp + 4)), "WARPSIM_NCORES=8");
    cr_assert_eq(te_sw(&t, envp + 8), 0);
    uint32_t auxv = envp + 12;
    cr_assert_eq(te_aux(&t, auxv, AT_PAGESZ), 4096);
    cr_assert_eq(te_aux(&t, auxv, AT_HWCAP), 0x9b0d7,
                 "AT_HWCAP: SWP HALF THUMB FAST_MULT EDSP TLS VFP NEON VFPv3 VFPv4 VFPD32 (a Cortex-A15's)");
    cr_assert_eq(te_aux(&t, auxv, AT_HWCAP2), 0);
    cr_assert_eq(te_aux(&t, auxv, AT_PHDR), img.phdr_addr);
    cr_assert_eq(te_aux(&t, auxv, AT_PHENT), TE_PHDR);
    cr_assert_eq(te_aux(&t, auxv, AT_PHNUM), 2);
    cr_assert_eq(te_aux(&t, auxv, AT_ENTRY), img.entry);
    cr_assert_eq(te_aux(&t, auxv, AT_BASE), 0);
    cr_assert_eq(te_aux(&t, auxv, AT_CLKTCK), 100);
    cr_assert_eq(te_aux(&t, auxv, AT_SECURE), 0);
    cr_assert_str_eq(te_str(&t, te_aux(&t, auxv, AT_PLATFORM)), "v7l");
    cr_assert_eq(te_aux(&t, auxv, AT_EXECFN), te_sw(&t, t.sp + 4), "AT_EXECFN is argv[0]");
    uint32_t rnd = te_aux(&t, auxv, AT_RANDOM);
    cr_assert(rnd >= t.sp && rnd + 16 <= top);
    /* the core id field: digits then NUL padding, then a terminating NUL */
    uint8_t *field = t.bytes + t.core_id_off;
    cr_assert_eq(memcmp(field - 13, "WARPSIM_CORE=0", 14), 0);
    cr_assert_eq(memcmp(field + 1, "\0\0\0\0\0\0\0\0\0\0", 10), 0);
    sim_format_core_id(field, 4294967295u);
    cr_assert_str_eq(te_str(&t, te_sw(&t, envp)), "WARPSIM_CORE=4294967295");
    sim_format_core_id(field, 42);
    cr_assert_str_eq(te_str(&t, te_sw(&t, envp)), "WARPSIM_CORE=42");
    stack_free(&t);
    stack_free(&t);
    elf_free(&img);
}

Test(stack, ia32_platform_and_hwcap)
{
    sim_image_t img;
    char err[256] = "";
    te_default();
    cr_assert_eq(elf_load_mem(te_buf, te_make(EM_386, 0x10100, 2), TE_NAME, &img, err, sizeof err), 0, "%s", err);
    char *argv[] = {"x86prog", NULL};
    stack_tmpl_t t;
    cr_assert_eq(stack_build(&img, 0x40000, 1, argv, 1, &t, err, sizeof err), 0, "%s", err);
    uint32_t auxv = t.sp + 4 + 8 + 12;
    cr_assert_str_eq(te_str(&t, te_aux(&t, auxv, AT_PLATFORM)), "i686");
    cr_assert_eq(te_aux(&t, auxv, AT_HWCAP), 0x07808111u, "CPUID.1:EDX of the IA-32 core: FPU, TSC, CX8, CMOV, MMX, FXSR, SSE, SSE2");
    stack_free(&t);
    elf_free(&img);
}

Test(stack, refuses_what_does_not_fit)
{
    sim_image_t img;
    char err[256] = "";
    cr_assert_eq(elf_load_mem(te_buf, te_good(), TE_NAME, &img, err, sizeof err), 0, "%s", err);
    stack_tmpl_t t;
    static char huge[70000];
    memset(huge, 'x', sizeof huge - 1);
    char *argv[] = {"prog", huge, NULL};
    cr_assert_neq(stack_build(&img, 0x80000, 2, argv, 1, &t, err, sizeof err), 0);
    cr_assert_not_null(strstr(err, "64 KiB"), "%s", err);
    cr_assert_null(t.bytes);
    cr_assert_neq(stack_build(&img, img.brk_start + 64, 1, argv, 1, &t, err, sizeof err), 0);
    cr_assert_not_null(strstr(err, "collides"), "%s", err);
    cr_assert_neq(stack_build(&img, 0x100, 1, argv, 1, &t, err, sizeof err), 0);
    cr_assert_neq(stack_build(&img, 0x80000, 0, argv, 1, &t, err, sizeof err), 0);
    cr_assert_not_null(strstr(err, "argv[0]"), "%s", err);
    elf_free(&img);
}
