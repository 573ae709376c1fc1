/* The eight rows, opcodes 0xD8..0xDF, of one of x86_x87_defined's tables
 * (no include guard: included once per table). */
#define X87_DEF_OP 0xd8
#include "x86_x87_def_row.h"
#undef X87_DEF_OP
#define X87_DEF_OP 0xd9
#include "x86_x87_def_row.h"
#undef X87_DEF_OP
#define X87_DEF_OP 0xda
#include "x86_x87_def_row.h"
#undef X87_DEF_OP
#define X87_DEF_OP 0xdb
#include "x86_x87_def_row.h"
#undef X87_DEF_OP
#define X87_DEF_OP 0xdc
#include "x86_x87_def_row.h"
#undef X87_DEF_OP
#define X87_DEF_OP 0xdd
#include "x86_x87_def_row.h"
#undef X87_DEF_OP
#define X87_DEF_OP 0xde
#include "x86_x87_def_row.h"
#undef X87_DEF_OP
#define X87_DEF_OP 0xdf
#include "x86_x87_def_row.h"
#undef X87_DEF_OP
