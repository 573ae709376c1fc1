/* ELF32 executable loader (System V gABI, "ELF-32 Object File Format").
 *
 * The whole file is read into memory, the header and every program header
 * are checked against the file and against warpsim's address map (kuser page
 * at 0xffff0000, shared region from 0xc0000000), then the non-writable
 * PT_LOADs become the shared read-only image and the writable ones the
 * template of each core's private window. */
#include "host/elf_load.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "device/sim_mem.h"
#include "host/isa.h"

#define EHDR_SIZE ((uint32_t)sizeof(Elf32_Ehdr))
#define PHDR_SIZE ((uint32_t)sizeof(Elf32_Phdr))
#define SHDR_SIZE ((uint32_t)sizeof(Elf32_Shdr))
/* Byte offsets of header fields: the file is little-endian whatever the host. */
#define EH(field) offsetof(Elf32_Ehdr, field)
#define PH(field) offsetof(Elf32_Phdr, field)
#define SH(field) offsetof(Elf32_Shdr, field)
#define PAGE 4096u
#define KUSER_PAGE 0xffff0000u
#define MAX_FILE (1u << 30)

typedef struct elf_seg {
    uint32_t index, offset, vaddr, filesz, memsz, flags;
} elf_seg_t;

/* What the checks need, in host form. */
typedef struct elf_file {
    const uint8_t *buf;
    size_t len;
    const char *name;
    char *err;
    size_t errlen;
    uint32_t machine, entry, phoff, phnum, shoff, shnum, shentsize, shstrndx;
    elf_seg_t *loads;
    uint32_t nloads, phdr_vaddr, has_phdr;
    uint32_t stack_flags; /* PT_GNU_STACK's p_flags; PF_X when there is none */
} elf_file_t;

static uint32_t rd16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t rd32(const uint8_t *p) { return rd16(p) | rd16(p + 2) << 16; }
static uint64_t page_up(uint64_t v) { return (v + PAGE - 1) & ~(uint64_t)(PAGE - 1); }

__attribute__((format(printf, 2, 3))) static int fail(elf_file_t *f, const char *fmt, ...)
{
    if (!f->err || f->errlen == 0)
        return -1;
    int n = snprintf(f->err, f->errlen, "%s: ", f->name);
    if (n >= 0 && (size_t)n < f->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(f->err + n, f->errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int check_ident(elf_file_t *f)
{
    const uint8_t *b = f->buf;
    if (f->len == 0)
        return fail(f, "empty file, not an ELF program");
    if (f->len < SELFMAG || memcmp(b, ELFMAG, SELFMAG) != 0)
        return fail(f, "not an ELF file (bad magic)");
    if (f->len < EI_NIDENT)
        return fail(f, "truncated: %zu bytes, shorter than the ELF identification", f->len);
    if (b[EI_CLASS] == ELFCLASS64)
        return fail(f, "ELF64 is not supported: warpsim runs %s", isa_elf_supported());
    if (b[EI_CLASS] != ELFCLASS32)
        return fail(f, "bad ELF class %u", b[EI_CLASS]);
    if (b[EI_DATA] == ELFDATA2MSB)
        return fail(f, "big-endian ELF is not supported");
    if (b[EI_DATA] != ELFDATA2LSB)
        return fail(f, "bad ELF data encoding %u", b[EI_DATA]);
    if (b[EI_VERSION] != EV_CURRENT)
        return fail(f, "unknown ELF version %u", b[EI_VERSION]);
    if (f->len < EHDR_SIZE)
        return fail(f, "truncated: %zu bytes, shorter than the %u-byte ELF header", f->len, EHDR_SIZE);
    return 0;
}

/* A dynamically linked PIE is ET_DYN too: say what the user must change. */
static int has_interp(const elf_file_t *f)
{
    uint32_t phoff = rd32(f->buf + EH(e_phoff)), phnum = rd16(f->buf + EH(e_phnum));
    if (rd16(f->buf + EH(e_phentsize)) != PHDR_SIZE)
        return 0;
    for (uint32_t i = 0; i < phnum; i++) {
        uint64_t at = (uint64_t)phoff + (uint64_t)i * PHDR_SIZE;
        if (at + PHDR_SIZE > f->len)
            return 0;
        if (rd32(f->buf + at + PH(p_type)) == PT_INTERP)
            return 1;
    }
    return 0;
}

static int check_type_machine(elf_file_t *f)
{
    const uint8_t *b = f->buf;
    uint32_t type = rd16(b + EH(e_type)), machine = rd16(b + EH(e_machine));
    if (rd32(b + EH(e_version)) != EV_CURRENT)
        return fail(f, "unknown ELF version %u", rd32(b + EH(e_version)));
    if (type == ET_REL)
        return fail(f, "not an executable (ET_REL: an object file): link it with -static");
    if (type == ET_DYN)
        return has_interp(f) ? fail(f, "dynamically linked programs are not supported: link with -static")
                             : fail(f, "not an executable (ET_DYN: a shared object or PIE): link with -static -no-pie");
    if (type == ET_CORE)
        return fail(f, "not an executable (ET_CORE: a core dump)");
    if (type != ET_EXEC)
        return fail(f, "not an executable (ELF type %u)", type);
    if (isa_of_elf_machine(machine) == SIM_ISA_NONE) {
        const char *mn = isa_elf_machine_name(machine);
        if (mn)
            return fail(f, "machine %s (%u) is not supported: warpsim runs %s", mn, machine, isa_elf_supported());
        return fail(f, "machine %u is not supported: warpsim runs %s", machine, isa_elf_supported());
    }
    f->machine = machine;
    f->entry = rd32(b + EH(e_entry));
    f->phoff = rd32(b + EH(e_phoff));
    f->shoff = rd32(b + EH(e_shoff));
    f->shentsize = rd16(b + EH(e_shentsize));
    f->shnum = rd16(b + EH(e_shnum));
    f->shstrndx = rd16(b + EH(e_shstrndx));
    uint32_t phentsize = rd16(b + EH(e_phentsize));
    f->phnum = rd16(b + EH(e_phnum));
    if (f->phnum == 0)
        return fail(f, "no program headers");
    if (f->phnum == PN_XNUM)
        return fail(f, "too many program headers (extended numbering is not supported)");
    if (phentsize != PHDR_SIZE)
        return fail(f, "program header size %u, expected %u", phentsize, PHDR_SIZE);
    for (uint32_t i = 0; i < f->phnum; i++)
        if ((uint64_t)f->phoff + (uint64_t)(i + 1) * PHDR_SIZE > f->len)
            return fail(f, "program header %u lies outside the file (offset 0x%llx, file size %zu)", i,
                        (unsigned long long)f->phoff + (uint64_t)i * PHDR_SIZE, f->len);
    return 0;
}

/* One PT_LOAD against the file and the address map. */
static int check_load(elf_file_t *f, const elf_seg_t *s)
{
    uint64_t fend = (uint64_t)s->offset + s->filesz, vend = (uint64_t)s->vaddr + s->memsz;
    if (fend > f->len)
        return fail(f, "segment %u: file bytes [0x%x, 0x%llx) lie outside the file (size %zu): truncated?",
                    s->index, s->offset, (unsigned long long)fend, f->len);
    if (s->filesz > s->memsz)
        return fail(f, "segment %u: file size 0x%x exceeds its memory size 0x%x", s->index, s->filesz,
                    s->memsz);
    if (vend > 0x100000000ull)
        return fail(f, "segment %u: 0x%x + 0x%x overflows the 32-bit address space", s->index, s->vaddr,
                    s->memsz);
    if (vend > KUSER_PAGE)
        return fail(f, "segment %u [0x%x, 0x%llx) overlaps the kuser helper page at 0x%x", s->index,
                    s->vaddr, (unsigned long long)vend, KUSER_PAGE);
    if (vend > SIM_SHARED_BASE)
        return fail(f, "segment %u [0x%x, 0x%llx) reaches into the shared region at 0x%x", s->index,
                    s->vaddr, (unsigned long long)vend, SIM_SHARED_BASE);
    return 0;
}

static int cmp_seg(const void *a, const void *b)
{
    const elf_seg_t *x = (const elf_seg_t *)a, *y = (const elf_seg_t *)b;
    return x->vaddr < y->vaddr ? -1 : x->vaddr > y->vaddr;
}

static int read_phdrs(elf_file_t *f)
{
    f->loads = (elf_seg_t *)calloc(f->phnum, sizeof(elf_seg_t));
    if (!f->loads)
        return fail(f, "out of memory");
    f->stack_flags = PF_R | PF_W | PF_X;
    for (uint32_t i = 0; i < f->phnum; i++) {
        const uint8_t *p = f->buf + f->phoff + (size_t)i * PHDR_SIZE;
        uint32_t type = rd32(p + PH(p_type));
        if (type == PT_INTERP)
            return fail(f, "dynamically linked programs are not supported: link with -static");
        if (type == PT_GNU_STACK)
            f->stack_flags = rd32(p + PH(p_flags));
        if (type == PT_PHDR) {
            f->has_phdr = 1;
            f->phdr_vaddr = rd32(p + PH(p_vaddr));
        }
        if (type != PT_LOAD)
            continue;
        elf_seg_t s = {i, rd32(p + PH(p_offset)), rd32(p + PH(p_vaddr)), rd32(p + PH(p_filesz)),
                       rd32(p + PH(p_memsz)), rd32(p + PH(p_flags))};
        if (check_load(f, &s))
            return -1;
        if (s.memsz)
            f->loads[f->nloads++] = s;
    }
    if (f->nloads == 0)
        return fail(f, "no loadable segments");
    qsort(f->loads, f->nloads, sizeof(elf_seg_t), cmp_seg);
    for (uint32_t i = 1; i < f->nloads; i++) {
        const elf_seg_t *a = &f->loads[i - 1], *b = &f->loads[i];
        if ((uint64_t)a->vaddr + a->memsz > b->vaddr)
            return fail(f, "segments %u and %u overlap at 0x%x", a->index, b->index, b->vaddr);
    }
    return 0;
}

/* Bounds of the read-only, executable, writable and writable-executable
 * parts. */
typedef struct elf_span {
    uint64_t ro_lo, ro_hi, x_lo, x_hi, w_lo, w_hi, wx_lo, wx_hi;
    const elf_seg_t *ro_last, *w_first;
} elf_span_t;

static int measure(elf_file_t *f, elf_span_t *sp)
{
    sp->ro_lo = sp->x_lo = sp->w_lo = sp->wx_lo = ~0ull;
    sp->ro_hi = sp->x_hi = sp->w_hi = sp->wx_hi = 0;
    sp->ro_last = sp->w_first = NULL;
    for (uint32_t i = 0; i < f->nloads; i++) {
        const elf_seg_t *s = &f->loads[i];
        uint64_t end = (uint64_t)s->vaddr + s->memsz;
        if (s->flags & PF_W) {
            if (!sp->w_first)
                sp->w_first = s;
            sp->w_lo = sp->w_lo < s->vaddr ? sp->w_lo : s->vaddr;
            sp->w_hi = sp->w_hi > end ? sp->w_hi : end;
            if (s->flags & PF_X) { /* code each core may rewrite: in its window */
                sp->wx_lo = sp->wx_lo < s->vaddr ? sp->wx_lo : s->vaddr;
                sp->wx_hi = sp->wx_hi > end ? sp->wx_hi : end;
            }
            continue;
        }
        sp->ro_last = s;
        sp->ro_lo = sp->ro_lo < s->vaddr ? sp->ro_lo : s->vaddr;
        sp->ro_hi = sp->ro_hi > end ? sp->ro_hi : end;
        if (s->flags & PF_X) {
            sp->x_lo = sp->x_lo < s->vaddr ? sp->x_lo : s->vaddr;
            sp->x_hi = sp->x_hi > end ? sp->x_hi : end;
        }
    }
    if (sp->x_hi == 0 && sp->wx_hi == 0)
        return fail(f, "no executable segment");
    if (!sp->ro_last)
        return fail(f, "every segment is writable (linked with -N?): the read-only image would be empty");
    if (sp->x_hi == 0) /* all code writable: the shared text is empty, at the image's end */
        sp->x_lo = sp->x_hi = sp->ro_hi;
    if (sp->w_first && sp->w_lo < sp->ro_hi)
        return fail(f, "writable segment %u at 0x%x lies below read-only segment %u (ends 0x%llx): unsupported layout",
                    sp->w_first->index, sp->w_first->vaddr, sp->ro_last->index, (unsigned long long)sp->ro_hi);
    return 0;
}

/* The entry must sit inside one executable segment, aligned for its
 * instruction set. */
static int check_entry(elf_file_t *f)
{
    int misaligned;
    uint32_t pc = isa_entry_address(isa_of_elf_machine(f->machine), f->entry, &misaligned);
    int inside = 0;
    for (uint32_t i = 0; i < f->nloads; i++) {
        const elf_seg_t *s = &f->loads[i];
        if ((s->flags & PF_X) && pc - s->vaddr < s->memsz)
            inside = 1;
    }
    if (!inside)
        return fail(f, "entry point 0x%x lies outside the executable segments", f->entry);
    if (misaligned)
        return fail(f, "entry point 0x%x is misaligned for its instruction set", f->entry);
    return 0;
}

static void copy_seg(const elf_file_t *f, const elf_seg_t *s, uint8_t *dst, uint32_t base)
{
    memcpy(dst + (s->vaddr - base), f->buf + s->offset, s->filesz);
}

static int build_ro(elf_file_t *f, const elf_span_t *sp, sim_image_t *img)
{
    img->ro_base = (uint32_t)(sp->ro_lo & ~(uint64_t)(PAGE - 1));
    uint64_t size = (sp->ro_hi - img->ro_base + 3) & ~3ull;
    if (size > ELF_MAX_IMAGE)
        return fail(f, "read-only image of %llu MiB exceeds the %u MiB limit", (unsigned long long)(size >> 20),
                    ELF_MAX_IMAGE >> 20);
    img->ro_size = (uint32_t)size;
    img->ro = (uint8_t *)calloc(1, img->ro_size);
    if (!img->ro)
        return fail(f, "out of memory for a %u-byte read-only image", img->ro_size);
    for (uint32_t i = 0; i < f->nloads; i++)
        if (!(f->loads[i].flags & PF_W))
            copy_seg(f, &f->loads[i], img->ro, img->ro_base);
    img->text_lo = (uint32_t)(sp->x_lo & ~3ull);
    img->text_size = (uint32_t)(((sp->x_hi + 3) & ~3ull) - img->text_lo);
    if (sp->wx_hi) {
        img->wx_lo = (uint32_t)(sp->wx_lo & ~(uint64_t)(PAGE - 1));
        img->wx_size = (uint32_t)(page_up(sp->wx_hi) - img->wx_lo);
    }
    return 0;
}

/* The window starts on the page of the first writable byte; when that page
 * also holds the tail of the read-only image (both segments in one page, as
 * Linux maps it), the window carries a copy of those read-only bytes. */
static int build_data(elf_file_t *f, const elf_span_t *sp, sim_image_t *img)
{
    uint64_t ro_end = (uint64_t)img->ro_base + img->ro_size;
    if (!sp->w_first) {
        img->priv_base = (uint32_t)page_up(sp->ro_hi);
        img->brk_start = img->priv_base;
        img->data_size = 0;
        img->data = (uint8_t *)calloc(1, 4);
        return img->data ? 0 : fail(f, "out of memory");
    }
    img->priv_base = (uint32_t)(sp->w_lo & ~(uint64_t)(PAGE - 1));
    uint64_t size = (sp->w_hi - img->priv_base + 3) & ~3ull;
    if (size > ELF_MAX_IMAGE)
        return fail(f, "data and bss of %llu MiB exceed the %u MiB limit", (unsigned long long)(size >> 20),
                    ELF_MAX_IMAGE >> 20);
    img->data_size = (uint32_t)size;
    img->brk_start = (uint32_t)page_up(sp->w_hi);
    img->data = (uint8_t *)calloc(1, img->data_size);
    if (!img->data)
        return fail(f, "out of memory for %u bytes of data", img->data_size);
    if (img->priv_base < ro_end)
        memcpy(img->data, img->ro + (img->priv_base - img->ro_base), (size_t)(ro_end - img->priv_base));
    for (uint32_t i = 0; i < f->nloads; i++)
        if (f->loads[i].flags & PF_W)
            copy_seg(f, &f->loads[i], img->data, img->priv_base);
    return 0;
}

/* AT_PHDR: PT_PHDR if present, else the PT_LOAD whose file bytes hold them. */
static uint32_t phdr_address(const elf_file_t *f)
{
    if (f->has_phdr)
        return f->phdr_vaddr;
    uint64_t lo = f->phoff, hi = lo + (uint64_t)f->phnum * PHDR_SIZE;
    for (uint32_t i = 0; i < f->nloads; i++) {
        const elf_seg_t *s = &f->loads[i];
        if (s->offset <= lo && hi <= (uint64_t)s->offset + s->filesz)
            return s->vaddr + (f->phoff - s->offset);
    }
    return 0;
}

/* ".warpsim.memory": any inconsistency in the section headers just means
 * the section is not there. */
static void read_memory_section(const elf_file_t *f, sim_image_t *img)
{
    static const char want[] = ".warpsim.memory";
    if (f->shentsize != SHDR_SIZE || f->shnum == 0 || f->shstrndx >= f->shnum)
        return;
    if ((uint64_t)f->shoff + (uint64_t)f->shnum * SHDR_SIZE > f->len)
        return;
    const uint8_t *sh = f->buf + f->shoff;
    const uint8_t *strs = sh + (size_t)f->shstrndx * SHDR_SIZE;
    uint64_t str_off = rd32(strs + SH(sh_offset)), str_size = rd32(strs + SH(sh_size));
    if (str_off + str_size > f->len)
        return;
    for (uint32_t i = 0; i < f->shnum; i++) {
        const uint8_t *s = sh + (size_t)i * SHDR_SIZE;
        uint64_t name = rd32(s + SH(sh_name));
        if (name + sizeof want > str_size || memcmp(f->buf + str_off + name, want, sizeof want) != 0)
            continue;
        uint64_t off = rd32(s + SH(sh_offset)), size = rd32(s + SH(sh_size));
        if (rd32(s + SH(sh_type)) == SHT_NOBITS || size < 8 || off + 8 > f->len)
            return;
        img->heap_req = rd32(f->buf + off);
        img->stack_req = rd32(f->buf + off + 4);
        return;
    }
}

static int load(elf_file_t *f, sim_image_t *img)
{
    elf_span_t sp;
    if (check_ident(f) || check_type_machine(f) || read_phdrs(f) || measure(f, &sp) || check_entry(f))
        return -1;
    if (build_ro(f, &sp, img) || build_data(f, &sp, img))
        return -1;
    img->isa = isa_of_elf_machine(f->machine);
    img->entry = f->entry;
    img->phdr_addr = phdr_address(f);
    img->phnum = f->phnum;
    img->phent = PHDR_SIZE;
    img->exec_stack = (f->stack_flags & PF_X) != 0;
    read_memory_section(f, img);
    return 0;
}

int elf_load_mem(const uint8_t *buf, size_t len, const char *name, sim_image_t *img, char *err,
                 size_t errlen)
{
    elf_file_t f;
    memset(&f, 0, sizeof f);
    memset(img, 0, sizeof *img);
    f.buf = buf;
    f.len = buf ? len : 0;
    f.name = name ? name : "<memory>";
    f.err = err;
    f.errlen = errlen;
    int rc = load(&f, img);
    free(f.loads);
    if (rc)
        elf_free(img);
    return rc;
}

static int read_all(int fd, uint8_t *buf, size_t len)
{
    size_t got = 0;
    while (got < len) {
        ssize_t n = read(fd, buf + got, len - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return n < 0 ? errno : EIO;
        got += (size_t)n;
    }
    return 0;
}

int elf_load(const char *path, sim_image_t *img, char *err, size_t errlen)
{
    elf_file_t f;
    memset(&f, 0, sizeof f);
    memset(img, 0, sizeof *img);
    f.name = path ? path : "(null)";
    f.err = err;
    f.errlen = errlen;
    int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
    if (fd < 0)
        return fail(&f, "%s", strerror(path ? errno : EINVAL));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return fail(&f, "%s", strerror(e));
    }
    if (S_ISDIR(st.st_mode) || !S_ISREG(st.st_mode)) {
        close(fd);
        return fail(&f, "%s", S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
    }
    if ((uint64_t)st.st_size > MAX_FILE) {
        close(fd);
        return fail(&f, "file of %llu MiB is too large for a program", (unsigned long long)st.st_size >> 20);
    }
    size_t len = (size_t)st.st_size;
    uint8_t *buf = (uint8_t *)malloc(len ? len : 1);
    if (!buf) {
        close(fd);
        return fail(&f, "out of memory reading %zu bytes", len);
    }
    int e = read_all(fd, buf, len);
    close(fd);
    int rc = e ? fail(&f, "read error: %s", strerror(e)) : elf_load_mem(buf, len, path, img, err, errlen);
    free(buf);
    return rc;
}

void elf_free(sim_image_t *img)
{
    if (!img)
        return;
    free(img->ro);
    free(img->data);
    memset(img, 0, sizeof *img);
}
