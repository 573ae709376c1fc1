/* PTX front end, malformed input: each broken snippet is refused with one
 * line, "FILE:LINE:COL: message", at the first error in the text. */
#include "test_ptx_fixture.h"

typedef struct {
    const char *text, *error; /* the error without the "t.ptx:" prefix */
} te_case_t;

static const te_case_t cases[] = {
    {"",
     "1:1: expected '.version', found end of file"},
    {".version 10.0\n",
     "1:10: unsupported PTX version 10.0 (warpsim reads 1.0 to 9.x)"},
    {".version 9.0\n.target foo\n",
     "2:9: expected a target such as sm_75, found 'foo'"},
    {".version 9.0\n.target sm_90, map_f64_to_f32\n",
     "2:16: unsupported target option 'map_f64_to_f32'"},
    {".version 9.0\n.address_size 64\n",
     "2:1: expected '.target', found '.address_size'"},
    {".version 9.0\n.target sm_90\n.address_size 48\n",
     "3:15: address size must be 32 or 64"},
    {TP_HEADER ".alias a, b;\n",
     "4:1: unknown or unsupported directive '.alias' at module scope"},
    {TP_HEADER "ret;\n",
     "4:1: expected a directive, found 'ret'"},
    {TP_HEADER "#include\n",
     "4:1: unexpected character: '#'"},
    {TP_HEADER "/* open comment\n",
     "4:1: unterminated comment: '/*'"},
    {TP_HEADER ".file 1 \"abc\n",
     "4:9: unterminated string: '\"'"},
    {TP_HEADER ".file 1 \"a\"\n.file 1 \"b\"\n",
     "5:7: file 1 declared twice"},
    {TP_HEADER ".global .u32 x;\n.global .u32 x;\n",
     "5:14: redefinition of 'x'"},
    {TP_HEADER ".global .align 3 .u32 x;\n",
     "4:16: alignment must be a power of two up to 65536"},
    {TP_HEADER ".global .u32 x[2] = {1, 2, 3};\n",
     "4:14: too many initializers for 'x' (3 for 2)"},
    {TP_HEADER ".shared .u32 x = 1;\n",
     "4:16: this variable cannot have an initializer"},
    {TP_HEADER ".global .u32 x[0];\n",
     "4:16: array size out of range"},
    {TP_HEADER ".global .u32 x[];\n",
     "4:14: an array without a size needs an initializer or .extern"},
    {TP_HEADER ".local .u32 x;\n",
     "4:1: module-scope .local variables are not supported"},
    {TP_HEADER ".global .u32 x = 1/0;\n",
     "4:19: division by zero in a constant expression"},
    {TP_HEADER ".global .u32 x[1] = {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{1}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}};\n",
     "4:86: initializer nested too deeply"},
    {TP_HEADER ".global .u32 x = ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))));\n",
     "4:82: expression nested too deeply"},
    {TP_HEADER ".func f() { ret; }\n.func f() { ret; }\n",
     "5:7: redefinition of 'f'"},
    {TP_HEADER ".func f(.param .b32 a);\n.func f(.param .b64 a) { ret; }\n",
     "5:7: 'f' declared again with another signature"},
    {TP_HEADER ".extern .func f() { ret; }\n",
     "4:19: an .extern function has no body"},
    {TP_HEADER ".entry k(.param .u32 a, .param .u32 a) { ret; }\n",
     "4:8: parameter 'a' declared twice"},
    {TP_HEADER ".entry k() {\nret;\n",
     "6:1: expected '}', found end of file"},
    {TP_HEADER ".entry e() { ret; }\n.entry k() {\ncall e;\n}\n",
     "6:1: 'e' is a kernel (.entry) and cannot be called"},
    {TP_HEADER ".func f(.param .b32 a) { ret; }\n.entry k() {\n.reg .b32 %r<2>;\ncall f, (%r1, %r1);\n}\n",
     "7:1: call passes 2 arguments where 1 are declared"},
    {TP_HEADER ".entry k() {\n" "foo.bar %r1;" "\n}\n",
     "5:1: unknown instruction 'foo.bar'"},
    {TP_HEADER ".entry k() {\n" "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0}, {%r0}, {%r1}, {%f1};" "\n}\n",
     "5:1: unsupported instruction 'mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32' (not implemented by warpsim)"},
    {TP_HEADER ".entry k() {\n" ".reg .f32 %f<4>;\n.reg .b32 %r<4>;\n"
     "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r0}, "
     "{%f0, %f1, %f2, %f3};" "\n}\n",
     "7:95: 'mma': the b fragment is a vector of 2 registers"},
    {TP_HEADER ".entry k() {\n" ".reg .f32 %f<4>;\n.reg .b32 %r<4>;\n"
     "mma.sync.aligned.m16n8k16.col.row.f32.f16.f16.f32 {%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r0, %r1}, "
     "{%f0, %f1, %f2, %f3};" "\n}\n",
     "7:1: 'mma' takes the layouts .row.col only"},
    {TP_HEADER ".entry k() {\n" ".reg .f32 %f<8>;\n.reg .b32 %r<8>;\n"
     "mma.sync.aligned.m16n16k16.row.col.f32.f16.f16.f32 {%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r0, %r1}, "
     "{%f0, %f1, %f2, %f3};" "\n}\n",
     "7:1: 'mma' does not take this shape"},
    {TP_HEADER ".entry k() {\n" ".reg .f32 %f<4>;\n.reg .b32 %r<4>;\n"
     "mma.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 {%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r0, %r1}, "
     "{%f0, %f1, %f2, %f3};" "\n}\n",
     "7:1: 'mma' has no such combination of shape and types"},
    {TP_HEADER ".entry k() {\n" ".reg .f32 %f<4>;\n.reg .b32 %r<4>;\n"
     "mma.sync.aligned.m16n8k8.row.col.f32.f16.f32 {%f0, %f1, %f2, %f3}, {%r0, %r1}, {%r0}, {%f0, %f1, %f2, %f3};"
     "\n}\n",
     "7:1: 'mma' takes .dtype.atype.btype.ctype"},
    {TP_HEADER ".entry k() {\n" ".reg .f32 %f<8>;\n.reg .b32 %r<4>;\n"
     "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, {%r0, %r1}, "
     "{%r0, %r1}, {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7};" "\n}\n",
     "7:1: 'mma' with .m8n8k4 .f16 (Volta's quad-pair fragments) is not implemented by warpsim"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\n"
     "mma.sync.aligned.m8n8k16.row.col.rn.s32.s8.u8.s32 {%r0, %r1}, {%r2}, {%r3}, {%r0, %r1};" "\n}\n",
     "6:1: 'mma' takes a rounding mode (.rn) with f64 only"},
    {TP_HEADER ".entry k() {\n" "tex.level.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}], %f7;" "\n}\n",
     "5:1: unsupported instruction 'tex.level.2d.v4.f32.f32' (not implemented by warpsim)"},
    {TP_HEADER ".entry k() {\n.reg .f32 %f<8>;\n" "tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex, {%f5, %f6}];" "\n}\n",
     "6:42: a texture or surface is a 64-bit register holding its object (texture references are not supported)"},
    {TP_HEADER ".entry k() {\n.reg .f32 %f<8>; .reg .b64 %rd<2>;\n"
               "tex.3d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];" "\n}\n",
     "6:41: 'tex' of this geometry takes 3 coordinates, found 2"},
    {TP_HEADER ".entry k() {\n.reg .b32 %r<8>; .reg .b64 %rd<2>;\n" "suld.b.cube.b32.trap {%r1}, [%rd1, {%r2, %r3, %r4, %r4}];" "\n}\n",
     "6:1: 'suld.b' needs a geometry (.1d .2d .3d .a1d .a2d)"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\n.reg .b64 %rd<2>;\n"
     "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r0, %r1}, [%rd1], %r2;" "\n}\n",
     "7:51: 'wmma.load': the a fragment is a vector of 8 registers"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\n.reg .b64 %rd<2>;\n"
     "wmma.load.a.sync.aligned.row.m16n16k8.global.f16 {%r0}, [%rd1], %r2;" "\n}\n",
     "7:1: 'wmma.load' has no such fragment of this shape and type"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\n.reg .b64 %rd<2>;\n"
     "wmma.load.c.row.m16n16k16.f32 {%r0}, [%rd1], %r2;" "\n}\n",
     "7:1: 'wmma.load' needs .sync.aligned"},
    {TP_HEADER ".entry k() {\n" ".reg .f32 %f<9>;\n.reg .b32 %r<9>;\n"
     "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32.satfinite {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, "
     "{%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, {%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, "
     "{%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7};" "\n}\n",
     "7:1: 'wmma.mma' takes .satfinite with integer types only"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .f32 %f<2>;\ncvt.rm.tf32.f32 %r1, %f1;" "\n}\n",
     "7:1: 'cvt' to .tf32 needs .rna, .rn or .rz"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .f32 %f<2>;\ncvt.rna.relu.tf32.f32 %r1, %f1;" "\n}\n",
     "7:1: 'cvt' to .tf32 takes .relu with .rn or .rz only"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .f32 %f<2>;\ncvt.rn.f32.tf32 %f1, %r1;" "\n}\n",
     "7:1: 'cvt' converts .f32 to .tf32 only"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .f32 %f<2>;\nadd.tf32 %r1, %r1, %r1;" "\n}\n",
     "7:1: 'add' does not take type .tf32"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\ncp.async.ca.shared.global [%r1], [%rd1], 12;" "\n}\n",
     "7:1: 'cp.async' copies 4, 8 or 16 bytes"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\ncp.async.cg.shared.global [%r1], [%rd1], 8;" "\n}\n",
     "7:1: 'cp.async' copies 16 bytes"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\ncp.async.ca.shared.global [%r1], [%rd1], 8, 9;" "\n}\n",
     "7:1: 'cp.async': src-size 9 is more than cp-size 8"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\ncp.async.ca.shared.global [%r1], [%rd1], %r1;" "\n}\n",
     "7:42: expected an integer immediate"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\ncp.async.wait_group %r1;" "\n}\n",
     "6:21: expected an integer immediate"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\ncp.async.bulk.shared::cluster.global [%r1], [%rd1], 16, [%r1];" "\n}\n",
     "7:1: unsupported instruction 'cp.async.bulk.shared::cluster.global' (not implemented by warpsim)"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\nmbarrier.arrive.shared.b32 %rd1, [%r1];" "\n}\n",
     "7:1: 'mbarrier.arrive' needs .b64, and .shared or no space"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\nmbarrier.init.global.b64 [%rd1], 2;" "\n}\n",
     "7:1: 'mbarrier.init' needs .b64, and .shared or no space"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\nmbarrier.arrive.noComplete.shared.b64 %rd1, [%r1];" "\n}\n",
     "7:1: 'mbarrier.arrive.noComplete' takes 3 operands, found 2"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\nmbarrier.test_wait.shared.b64 %r1, [%r1], %rd1;" "\n}\n",
     "7:31: expected a predicate, found a .b32 register"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\nmbarrier.try_wait.parity.foo.shared.b64 %p1, [%r1], 0;" "\n}\n",
     "7:25: unknown modifier '.foo' for 'mbarrier.try_wait.parity'"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\ncp.async.ca.shared.local [%r1], [%rd1], 4;" "\n}\n",
     "7:1: 'cp.async' needs .ca or .cg, and .shared.global"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r1, %r2, %r3}, [%r1];" "\n}\n",
     "6:42: a vector of 3 where 'ldmatrix' takes another number"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nldmatrix.sync.aligned.m8n8.shared.b16 {%r1}, [%r1];" "\n}\n",
     "6:1: 'ldmatrix' needs .sync.aligned.m8n8, .x1, .x2 or .x4, .shared (or none) and .b16"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nldmatrix.sync.aligned.m8n8.x1.shared.b32 {%r1}, [%r1];" "\n}\n",
     "6:1: 'ldmatrix' needs .sync.aligned.m8n8, .x1, .x2 or .x4, .shared (or none) and .b16"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nldmatrix.sync.aligned.m8n8.x1.global.b16 {%r1}, [%r1];" "\n}\n",
     "6:1: 'ldmatrix' needs .sync.aligned.m8n8, .x1, .x2 or .x4, .shared (or none) and .b16"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nldmatrix.sync.aligned.m8n8.x1.x2.shared.b16 {%r1}, [%r1];" "\n}\n",
     "6:30: modifier '.x2' repeats or contradicts an earlier one"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nstmatrix.sync.aligned.m8n8.x4.shared.b16 [%r1], {%r1, %r2};" "\n}\n",
     "6:49: a vector of 2 where 'stmatrix' takes another number"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nstmatrix.sync.aligned.x2.shared.b16 [%r1], {%r1, %r2};" "\n}\n",
     "6:1: 'stmatrix' needs .sync.aligned.m8n8, .x1, .x2 or .x4, .shared (or none) and .b16"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nstmatrix.aligned.m8n8.x1.shared.b16 [%r1], {%r1};" "\n}\n",
     "6:1: 'stmatrix' needs .sync.aligned.m8n8, .x1, .x2 or .x4, .shared (or none) and .b16"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nstmatrix.sync.aligned.m8n8.x1.global.b16 [%r1], {%r1};" "\n}\n",
     "6:1: 'stmatrix' needs .sync.aligned.m8n8, .x1, .x2 or .x4, .shared (or none) and .b16"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nstmatrix.sync.aligned.m8n8.x1.shared.b8 [%r1], {%r1};" "\n}\n",
     "6:1: 'stmatrix' needs .sync.aligned.m8n8, .x1, .x2 or .x4, .shared (or none) and .b16"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nstmatrix.sync.aligned.m8n8.x1.trans.trans.shared.b16 [%r1], {%r1};" "\n}\n",
     "6:36: modifier '.trans' repeats or contradicts an earlier one"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nstmatrix.sync.aligned.m8n8.x1.shared.b16 [%r1], {%r1}, %r2;" "\n}\n",
     "6:1: 'stmatrix' takes 2 operands, found 3"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nmovmatrix.sync.aligned.m8n8.b16 %r1, %r2;" "\n}\n",
     "6:1: 'movmatrix' needs .sync.aligned.m8n8.trans and .b16"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nmovmatrix.sync.aligned.m8n8.x1.trans.b16 %r1, %r2;" "\n}\n",
     "6:1: 'movmatrix' needs .sync.aligned.m8n8.trans and .b16"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nmovmatrix.sync.aligned.m8n8.trans.b32 %r1, %r2;" "\n}\n",
     "6:1: 'movmatrix' needs .sync.aligned.m8n8.trans and .b16"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nmovmatrix.sync.aligned.m8n8.trans.shared.b16 %r1, %r2;" "\n}\n",
     "6:34: unknown modifier '.shared' for 'movmatrix'"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nmovmatrix.sync.aligned.m8n8.trans.b16 %r1, %r2, %r3;" "\n}\n",
     "6:1: 'movmatrix' takes 2 operands, found 3"},
    {TP_HEADER ".entry k() {\n" "st.async.shared::cluster.b32 [%r1], %r2, [%r3];" "\n}\n",
     "5:1: unsupported instruction 'st.async.shared::cluster.b32' (not implemented by warpsim)"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nadd.foo.s32 %r1, %r2, %r3;" "\n}\n",
     "6:4: unknown modifier '.foo' for 'add'"},
    {TP_HEADER ".entry k() {\n" ".reg .f32 %f<4>;\nadd.rn.rz.f32 %f1, %f2, %f3;" "\n}\n",
     "6:7: modifier '.rz' repeats or contradicts an earlier one"},
    {TP_HEADER ".entry k() {\n" ".reg .f32 %f<4>;\ndiv.approx.full.f32 %f1, %f2, %f3;" "\n}\n",
     "6:11: modifier '.full' repeats or contradicts an earlier one"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nadd %r1, %r2, %r3;" "\n}\n",
     "6:1: 'add' needs a type"},
    {TP_HEADER ".entry k() {\n" ".reg .pred %p<4>;\nadd.pred %p1, %p2, %p3;" "\n}\n",
     "6:1: 'add' does not take type .pred"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nadd.s32 %r1, %r2, %r3 ret;" "\n}\n",
     "6:23: expected ';', found 'ret'"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nadd.s32 %r1, %r2;" "\n}\n",
     "6:1: 'add' takes 3 operands, found 2"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nadd.s32 %r1, %r2, %r9;" "\n}\n",
     "6:19: undeclared register '%r9'"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\nadd.s64 %rd1, %r2, %rd3;" "\n}\n",
     "7:15: a .b32 register where .s64 is expected"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\n.reg .pred %p<2>;\nadd.s32 %r1, %p1, 1;" "\n}\n",
     "7:14: a predicate register where .s32 is expected"},
    {TP_HEADER ".entry k() {\n" ".reg .f32 %f<4>;\nadd.s32 %f1, %f2, 1;" "\n}\n",
     "6:9: a .f32 register where .s32 is expected"},
    {TP_HEADER ".entry k() {\n" ".reg .f32 %f<4>;\nadd.f32 %f1, %f2, 1;" "\n}\n",
     "6:19: an integer where .f32 is expected (write a float literal)"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\nmov.b32 %r1, 1.5;" "\n}\n",
     "6:14: a float literal where .b32 is expected"},
    {TP_HEADER ".entry k() {\n" ".reg .b16 %rs<4>;\n.reg .b64 %rd<2>;\nld.global.u32 %rs1, [%rd1];" "\n}\n",
     "7:15: a .b16 register where .u32 is expected"},
    {TP_HEADER ".entry k() {\n" "bra $L_nowhere;" "\n}\n",
     "5:5: undefined label '$L_nowhere'"},
    {TP_HEADER ".entry k() {\n" "L1: ret;\nL1: ret;" "\n}\n",
     "6:1: label 'L1' defined twice"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nld.global.u32 %r1, [nosuch];" "\n}\n",
     "6:21: undefined symbol 'nosuch'"},
    {TP_HEADER ".entry k() {\n" "call nofunc;" "\n}\n",
     "5:6: undefined symbol 'nofunc'"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b32 %r<3>;" "\n}\n",
     "6:11: redeclaration of '%r'"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %tid;" "\n}\n",
     "5:11: '%tid' is reserved and cannot name a register"},
    {TP_HEADER ".entry k() {\n" ".reg .v4 .f32 %v;" "\n}\n",
     "5:6: vector registers (.reg .v4) are not supported"},
    {TP_HEADER ".entry k() {\n" ".reg .b128 %q;" "\n}\n",
     "5:6: registers of type .b128 are not supported"},
    {TP_HEADER ".entry k() {\n" "t: .calltargets f;" "\n}\n",
     "5:4: unsupported directive '.calltargets'"},
    {TP_HEADER ".entry k() {\n" ".maxnreg 4;" "\n}\n",
     "5:1: unknown or unsupported directive '.maxnreg' in a function body"},
    {TP_HEADER ".entry k() {\n" ".global .u32 x;" "\n}\n",
     "5:1: unknown or unsupported directive '.global' in a function body"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nmov.u32 %r1, %tid;" "\n}\n",
     "6:14: '%tid' needs a component: .x, .y or .z"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nadd.u32 %r1, %r1, %tid.x;" "\n}\n",
     "6:19: this operand cannot be a special register"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n.reg .b64 %rd1;\nmov.u32 %r1, %clock64;" "\n}\n",
     "7:14: %clock64 is 64 bits wide, not .u32"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\n.reg .b64 %rd1;\nld.global.v4.u32 {%r1, %r2}, [%rd1];" "\n}\n",
     "7:18: a vector of 2 where 'ld' takes another number"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<4>;\n.reg .b64 %rd1;\nld.global.v2.u32 %r1, [%rd1];" "\n}\n",
     "7:18: expected a vector of 2"},
    {TP_HEADER ".entry k() {\n" ".reg .b64 %rd<2>;\n.reg .b32 %r<4>;\nmov.b64 %rd1, {%r1, %r2, %r3};" "\n}\n",
     "7:15: mov.b64 cannot split into 3 pieces"},
    {TP_HEADER ".entry k() {\n" ".reg .pred %p<3>;\n.reg .b32 %r<2>;\nsetp.eq.and.s32 %p1, %r1, 0;" "\n}\n",
     "7:1: 'setp' with these modifiers takes 4 operands, found 3"},
    {TP_HEADER ".entry k() {\n" ".reg .pred %p<3>;\n.reg .b32 %r<2>;\nsetp.s32 %p1, %r1, 0;" "\n}\n",
     "7:1: 'setp' needs a comparison"},
    {TP_HEADER ".entry k() {\n" ".reg .b64 %rd<3>;\nmul.wide.s64 %rd1, %rd2, %rd2;" "\n}\n",
     "6:1: .wide needs a 16- or 32-bit integer type"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<3>;\nmul.s32 %r1, %r2, %r2;" "\n}\n",
     "6:1: 'mul' needs .lo, .hi or .wide"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nmov.u32 %r1, 0x;" "\n}\n",
     "6:14: malformed integer: '0'"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nmov.u32 %r1, 99999999999999999999;" "\n}\n",
     "6:14: integer does not fit in 64 bits: '9'"},
    {TP_HEADER ".entry k() {\n" ".reg .f32 %f<2>;\nmov.f32 %f1, 0f3F80000;" "\n}\n",
     "6:14: 0f needs 8 hex digits: '0'"},
    {TP_HEADER ".entry k() {\n" ".loc 3 1 1\nret;" "\n}\n",
     "6:1: .loc names file 3, which no .file declares"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\n@%r1 bra L;\nL: ret;" "\n}\n",
     "6:2: expected a predicate register, found '%r1'"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nst.shared.u32 [%r1], %r1, %r1;" "\n}\n",
     "6:1: 'st' with these modifiers takes 2 operands, found 3"},
    {TP_HEADER ".entry k() {\n" ".reg .b64 %rd<2>;\natom.global.add.u64 %rd1, [%rd1];" "\n}\n",
     "6:1: 'atom' with these modifiers takes 3 operands, found 2"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<3>;\natom.global.cas.b32 %r1, [%r2], %r1;" "\n}\n",
     "6:1: 'atom' with these modifiers takes 4 operands, found 3"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\natom.global.u32 %r1, [%r1], 1;" "\n}\n",
     "6:1: 'atom' needs an operation"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nshfl.sync.bfly.b32 %r1, %r1, 1, 31;" "\n}\n",
     "6:1: 'shfl' with these modifiers takes 5 operands, found 4"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nvote.sync.ballot.b32 %r1, %r1, -1;" "\n}\n",
     "6:27: expected a predicate, found a .b32 register"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nadd.s32 %r1, _, 1;" "\n}\n",
     "6:14: '_' is not a source"},
    {TP_HEADER ".entry k() {\n" "add.s32 1, 2, 3;" "\n}\n",
     "5:9: a destination must be a register"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nadd.s32 %r1, [%r1], 1;" "\n}\n",
     "6:14: an address where a value is expected"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nld.global.u32 %r1, %r1;" "\n}\n",
     "6:20: expected '[', found '%r1'"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nbar.sync;" "\n}\n",
     "6:1: 'bar' takes 1 to 2 operands, found 0"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nbmsk.b32 %r1, 1, 2;" "\n}\n",
     "6:1: 'bmsk' needs a mode (.clamp, .wrap), no direction, .b32"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nbmsk.l.wrap.b32 %r1, 1, 2;" "\n}\n",
     "6:1: 'bmsk' needs a mode (.clamp, .wrap), no direction, .b32"},
    {TP_HEADER ".entry k() {\n" "membar;" "\n}\n",
     "5:1: 'membar' needs a scope"},
    {TP_HEADER ".entry k() {\n" ".reg .b32 %r<2>;\nredux.add.u32 %r1, %r1, -1;" "\n}\n",
     "6:1: 'redux' needs .sync"},
    {TP_HEADER ".entry k() {\n" ".reg .b64 %rd<2>;\ncall %rd1, ();" "\n}\n",
     "6:14: expected ',' and a .callprototype name, found ';'"},
    {TP_HEADER ".global .u32 g;\n.entry k() {\n.reg .b32 %r<2>;\nld.shared.u32 %r1, [g+4];\n}\n",
     "7:1: 'g' is a .global variable, not .shared"},
    {TP_HEADER ".entry k(.param .u32 a) {\n.reg .b32 %r<2>;\n.local .u32 x;\nld.param.u32 %r1, [x];\n}\n",
     "7:1: 'x' is a .local variable, not .param"},
};

#define NCASES (sizeof cases / sizeof cases[0])

TP_TABLE_TEST(ptx_errors, refused, NCASES)
{
    const te_case_t *c = &cases[*row];
    char want[512];
    snprintf(want, sizeof want, "t.ptx:%s", c->error);
    const char *got = tp_error(c->text);
    cr_expect_str_eq(got, want, "got  %s\nwant %s\nfor:\n%s", got, want, c->text);
    cr_expect(strchr(got, '\n') == NULL);
}

/* Every prefix of a good module either parses or is refused with one line:
 * never a crash, never a message without a position. */
Test(ptx_errors, every_prefix_of_a_module)
{
    static const char text[] = TP_HEADER
        ".global .align 4 .u32 g[2] = {1, 2};\n"
        ".func (.param .b32 r) f(.param .b32 a) { .reg .b32 %r<2>; ld.param.b32 %r1, [a]; st.param.b32 [r], %r1; ret; }\n"
        ".visible .entry k(.param .u64 p) .maxntid 32, 1, 1 {\n"
        "  .reg .b32 %r<4>; .reg .pred %p<2>; .reg .b64 %rd<3>;\n"
        "  ld.param.u64 %rd1, [p]; mov.u32 %r1, %tid.x; setp.lt.u32 %p1, %r1, 16;\n"
        "  @!%p1 bra $L_end;\n"
        "  { .param .b32 a0; .param .b32 r0; st.param.b32 [a0], %r1; call.uni (r0), f, (a0); ld.param.b32 %r2, [r0]; }\n"
        "  st.global.u32 [%rd1+4], %r2;\n"
        "$L_end:\n  ret;\n}\n";
    for (size_t n = 0; n < sizeof text - 1; n++) {
        char err[512];
        ptx_module_t *m = ptx_parse_buffer("t.ptx", text, n, err, sizeof err);
        if (m) {
            ptx_module_free(m);
            continue;
        }
        unsigned line, col;
        cr_assert(sscanf(err, "t.ptx:%u:%u: ", &line, &col) == 2, "prefix %zu: %s", n, err);
        cr_assert(strchr(err, '\n') == NULL);
    }
    ptx_module_t *m = tp_parse_text(text);
    tp_round_trip(m);
    ptx_module_free(m);
}
