/* A launch file (kernels/ptx/README.md): the module, the buffers and how
 * they start, the kernels with their grids and parameters, and what to
 * check afterwards. ptx_launch_parse_* reads one; the other ptx_launch_*
 * files lay it out in memory, fill it, run it and check it.
 *
 *   char err[512];
 *   ptx_launch_t *l = ptx_launch_parse_file("kernels/ptx/vecadd.launch", err, sizeof err);
 *   if (!l) { fprintf(stderr, "%s\n", err); return 1; }   // "vecadd.launch:7: expected ..."
 *   ...
 *   ptx_launch_free(l);
 */
#ifndef PTX_LAUNCH_H
#define PTX_LAUNCH_H

#include <stddef.h>
#include <stdint.h>

/* The element types of buffers and scalar parameters: name, bytes, kind
 * (U unsigned, S signed, F float). */
#define PTX_ELEM_LIST(X) \
    X(U8, "u8", 1, 'U')   \
    X(S8, "s8", 1, 'S')   \
    X(U16, "u16", 2, 'U') \
    X(S16, "s16", 2, 'S') \
    X(U32, "u32", 4, 'U') \
    X(S32, "s32", 4, 'S') \
    X(U64, "u64", 8, 'U') \
    X(S64, "s64", 8, 'S') \
    X(F32, "f32", 4, 'F') \
    X(F64, "f64", 8, 'F')

typedef enum {
#define PTX_ELEM_ENUM(id, name, size, kind) PTX_E_##id,
    PTX_ELEM_LIST(PTX_ELEM_ENUM)
#undef PTX_ELEM_ENUM
    PTX_E_COUNT
} ptx_elem_t;

const char *ptx_elem_name(ptx_elem_t t);
uint32_t ptx_elem_size(ptx_elem_t t);
int ptx_elem_is_float(ptx_elem_t t);
int ptx_elem_is_signed(ptx_elem_t t);
/* The type by name, or -1. */
int ptx_elem_by_name(const char *name);

/* A number as the launch file wrote it, read for a type: floats in f,
 * integers in u (two's complement for signed ones). */
typedef struct ptx_value {
    uint64_t u;
    double f;
} ptx_value_t;

/* v converted to an element of type t, written little-endian at dst. */
void ptx_value_store(ptx_elem_t t, ptx_value_t v, uint8_t *dst);

typedef enum { PTX_FILL_ZERO, PTX_FILL_CONST, PTX_FILL_SEQ, PTX_FILL_RANDOM, PTX_FILL_FILE } ptx_fill_t;

typedef struct ptx_buffer_decl {
    char *name;
    ptx_elem_t type;
    uint64_t count;
    ptx_fill_t fill;
    ptx_value_t a, b;       /* const V; seq START STEP; random LO HI */
    uint64_t seed;          /* random */
    char *path;             /* file: resolved against the launch file's folder */
    int line;
} ptx_buffer_decl_t;

typedef enum { PTX_PARAM_SCALAR, PTX_PARAM_PTR } ptx_param_kind_t;

typedef struct ptx_param_decl {
    ptx_param_kind_t kind;
    ptx_elem_t type;        /* scalar */
    ptx_value_t value;      /* scalar */
    uint32_t buffer;        /* ptr: index into buffers */
    uint64_t offset;        /* ptr: NAME+BYTES */
    int line;
} ptx_param_decl_t;

typedef struct ptx_kernel_decl {
    char *name;
    uint32_t grid[3], block[3];
    uint32_t shared;        /* dynamic shared memory, bytes */
    uint32_t repeat;        /* runs in a row, 1 without `repeat` */
    ptx_param_decl_t *params;
    uint32_t nparams;
    int line;
} ptx_kernel_decl_t;

typedef struct ptx_check_decl {
    uint32_t buffer;
    int exact;              /* else tol: |got - want| <= abs + rel * |want| */
    double abs, rel;
    char *file;             /* the expected bytes; NULL: the reference's DIR/NAME.ref */
    int line;
} ptx_check_decl_t;

typedef struct ptx_dump_decl {
    uint32_t buffer;
    char *path;
    int line;
} ptx_dump_decl_t;

typedef struct ptx_launch {
    char *path;             /* the launch file, as given */
    char *module;           /* resolved against the launch file's folder */
    int module_line;
    ptx_buffer_decl_t *buffers;
    uint32_t nbuffers;
    ptx_kernel_decl_t *kernels;
    uint32_t nkernels;
    ptx_check_decl_t *checks;
    uint32_t nchecks;
    ptx_dump_decl_t *dumps;
    uint32_t ndumps;
    char *reference;        /* the reference program's name, NULL if none */
    int reference_line;
} ptx_launch_t;

/* NULL on an error, with one line "NAME:LINE: expected ..." in err. dir is
 * the folder relative paths are taken from ("" or NULL: as written). */
ptx_launch_t *ptx_launch_parse_buffer(const char *name, const char *dir, const char *text, char *err, size_t n);
/* The same for a file; relative paths are taken from the file's folder. */
ptx_launch_t *ptx_launch_parse_file(const char *path, char *err, size_t n);
void ptx_launch_free(ptx_launch_t *l);
/* The buffer's index by name, or -1. */
int ptx_launch_buffer(const ptx_launch_t *l, const char *name);
/* A buffer's bytes (count x element size). */
uint64_t ptx_buffer_bytes(const ptx_buffer_decl_t *b);

#endif
