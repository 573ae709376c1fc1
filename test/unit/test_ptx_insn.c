/* PTX front end, instructions: every modifier field, operand kind and
 * immediate form, checked in the IR and through the disassembler. */
#include "test_ptx_fixture.h"

/* %r0-15 are 32-bit slots 0-15, %rd0-7 64-bit slots 0-7, %p0-7 predicate
 * slots 0-7; %f0-7 are 32-bit slots 16-23 (printed %r16-%r23), %fd0-7
 * 64-bit 8-15 (%rd8-%rd15), %rs0-7 32-bit 24-31 (%r24-%r31). */
#define TI_REGS ".reg .b32 %r<16>; .reg .b64 %rd<8>; .reg .pred %p<8>; .reg .f32 %f<8>; .reg .f64 %fd<8>;\n" \
                ".reg .b16 %rs<8>;\n"
#define TI_DECLS ".global .align 4 .b8 gbuf[64];\n.func (.param .b32 r) callee (.param .b32 a, .param .b64 b) { ret; }\n" \
                 ".func callee2 (.param .b32 a, .param .b64 b) { ret; }\n"

static ptx_module_t *one(const char *insn)
{
    char body[1024];
    snprintf(body, sizeof body, "%s%s\nret;", TI_REGS, insn);
    return tp_parse_kernel(TI_DECLS, body);
}

typedef struct {
    const char *in, *out; /* the text, and its disassembly */
} ti_case_t;

/* Each instruction parses, disassembles to `out` (the canonical spelling)
 * and round-trips. */
static const ti_case_t cases[] = {
    {"add.s32 %r1, %r2, %r3;", "add.s32 %r1, %r2, %r3"},
    {"add.rn.ftz.sat.f32 %f1, %f2, %f3;", "add.rn.ftz.sat.f32 %r17, %r18, %r19"},
    {"add.cc.u32 %r1, %r2, 1; ", "add.cc.u32 %r1, %r2, 1"},
    {"addc.cc.u32 %r1, %r2, %r3;", "addc.cc.u32 %r1, %r2, %r3"},
    {"sub.sat.s32 %r1, %r2, -5;", "sub.sat.s32 %r1, %r2, -5"},
    {"subc.u32 %r1, %r2, %r3;", "subc.u32 %r1, %r2, %r3"},
    {"mul.wide.s32 %rd1, %r2, %r3;", "mul.wide.s32 %rd1, %r2, %r3"},
    {"mul.hi.u64 %rd1, %rd2, %rd3;", "mul.hi.u64 %rd1, %rd2, %rd3"},
    {"mad.lo.cc.u32 %r1, %r2, %r3, %r4;", "mad.lo.cc.u32 %r1, %r2, %r3, %r4"},
    {"mad.wide.u16 %r1, %rs1, %rs2, %r4;", "mad.wide.u16 %r1, %r25, %r26, %r4"},
    {"madc.hi.cc.u32 %r1, %r2, %r3, %r4;", "madc.hi.cc.u32 %r1, %r2, %r3, %r4"},
    {"mad.rn.f64 %fd1, %fd2, %fd3, %fd4;", "mad.rn.f64 %rd9, %rd10, %rd11, %rd12"},
    {"mul24.hi.u32 %r1, %r2, %r3;", "mul24.hi.u32 %r1, %r2, %r3"},
    {"mad24.lo.sat.s32 %r1, %r2, %r3, %r4;", "mad24.lo.sat.s32 %r1, %r2, %r3, %r4"},
    {"sad.u32 %r1, %r2, %r3, %r4;", "sad.u32 %r1, %r2, %r3, %r4"},
    {"div.full.ftz.f32 %f1, %f2, %f3;", "div.full.ftz.f32 %r17, %r18, %r19"},
    {"div.rn.f64 %fd1, %fd2, %fd3;", "div.rn.f64 %rd9, %rd10, %rd11"},
    {"div.s64 %rd1, %rd2, %rd3;", "div.s64 %rd1, %rd2, %rd3"},
    {"rem.u32 %r1, %r2, 7;", "rem.u32 %r1, %r2, 7"},
    {"abs.ftz.f32 %f1, %f2;", "abs.ftz.f32 %r17, %r18"},
    {"neg.s64 %rd1, %rd2;", "neg.s64 %rd1, %rd2"},
    {"min.NaN.f32 %f1, %f2, %f3;", "min.NaN.f32 %r17, %r18, %r19"},
    {"max.relu.f16 %rs1, %rs2, %rs3;", "max.relu.f16 %r25, %r26, %r27"},
    {"popc.b64 %r1, %rd2;", "popc.b64 %r1, %rd2"},
    {"clz.b32 %r1, %r2;", "clz.b32 %r1, %r2"},
    {"bfind.shiftamt.u64 %r1, %rd1;", "bfind.shiftamt.u64 %r1, %rd1"},
    {"fns.b32 %r1, %r2, %r3, 1;", "fns.b32 %r1, %r2, %r3, 1"},
    {"brev.b64 %rd1, %rd2;", "brev.b64 %rd1, %rd2"},
    {"bfe.s64 %rd1, %rd2, 8, %r3;", "bfe.s64 %rd1, %rd2, 8, %r3"},
    {"bfi.b32 %r1, %r2, %r3, 4, 8;", "bfi.b32 %r1, %r2, %r3, 4, 8"},
    {"prmt.b32.rc16 %r1, %r2, %r3, %r4;", "prmt.b32.rc16 %r1, %r2, %r3, %r4"},
    {"prmt.b32 %r1, %r2, 0, 0x3210;", "prmt.b32 %r1, %r2, 0, 12816"},
    {"shf.l.wrap.b32 %r1, %r2, %r3, %r4;", "shf.l.wrap.b32 %r1, %r2, %r3, %r4"},
    {"shl.b64 %rd1, %rd2, %r3;", "shl.b64 %rd1, %rd2, %r3"},
    {"shr.s32 %r1, %r2, 31;", "shr.s32 %r1, %r2, 31"},
    {"and.pred %p1, %p2, !%p3;", "and.pred %p1, %p2, !%p3"},
    {"xor.b16 %rs1, %rs2, 0x00ff;", "xor.b16 %r25, %r26, 255"},
    {"not.b32 %r1, %r2;", "not.b32 %r1, %r2"},
    {"cnot.b32 %r1, %r2;", "cnot.b32 %r1, %r2"},
    {"lop3.b32 %r1, %r2, %r3, %r4, 0xe8;", "lop3.b32 %r1, %r2, %r3, %r4, 232"},
    {"setp.ltu.and.ftz.f32 %p1|%p2, %f1, %f2, !%p3;", "setp.ltu.and.ftz.f32 %p1|%p2, %r17, %r18, !%p3"},
    {"setp.hs.u64 %p1, %rd1, 0x100;", "setp.hs.u64 %p1, %rd1, 256"},
    {"setp.nan.f64 %p1, %fd1, %fd2;", "setp.nan.f64 %p1, %rd9, %rd10"},
    {"set.gtu.u32.f32 %r1, %f1, %f2;", "set.gtu.u32.f32 %r1, %r17, %r18"},
    {"set.lt.or.f32.s32 %f1, %r1, %r2, %p1;", "set.lt.or.f32.s32 %r17, %r1, %r2, %p1"},
    {"selp.f64 %fd1, 0d3FF0000000000000, %fd2, %p1;", "selp.f64 %rd9, 0d3FF0000000000000, %rd10, %p1"},
    {"slct.ftz.f32.f32 %f1, %f2, %f3, %f4;", "slct.ftz.f32.f32 %r17, %r18, %r19, %r20"},
    {"fma.rn.sat.f32 %f1, %f2, %f3, 0f3F800000;", "fma.rn.sat.f32 %r17, %r18, %r19, 0f3F800000"},
    {"fma.rn.f16x2 %r1, %r2, %r3, %r4;", "fma.rn.f16x2 %r1, %r2, %r3, %r4"},
    {"rcp.approx.ftz.f64 %fd1, %fd2;", "rcp.approx.ftz.f64 %rd9, %rd10"},
    {"sqrt.rn.f32 %f1, %f2;", "sqrt.rn.f32 %r17, %r18"},
    {"rsqrt.approx.f32 %f1, %f2;", "rsqrt.approx.f32 %r17, %r18"},
    {"sin.approx.ftz.f32 %f1, %f2;", "sin.approx.ftz.f32 %r17, %r18"},
    {"cos.approx.f32 %f1, %f2;", "cos.approx.f32 %r17, %r18"},
    {"lg2.approx.ftz.f32 %f1, %f2;", "lg2.approx.ftz.f32 %r17, %r18"},
    {"ex2.approx.f16 %rs1, %rs2;", "ex2.approx.f16 %r25, %r26"},
    {"tanh.approx.f32 %f1, %f2;", "tanh.approx.f32 %r17, %r18"},
    {"copysign.f64 %fd1, %fd2, %fd3;", "copysign.f64 %rd9, %rd10, %rd11"},
    {"testp.subnormal.f32 %p1, %f1;", "testp.subnormal.f32 %p1, %r17"},
    {"cvt.rni.ftz.sat.s32.f32 %r1, %f1;", "cvt.rni.ftz.sat.s32.f32 %r1, %r17"},
    {"cvt.rn.f16x2.f32 %r1, %f1, %f2;", "cvt.rn.f16x2.f32 %r1, %r17, %r18"},
    {"cvt.rn.relu.bf16.f32 %rs1, %f1;", "cvt.rn.relu.bf16.f32 %r25, %r17"},
    {"cvt.u64.u32 %rd1, %tid.x;", "cvt.u64.u32 %rd1, %tid.x"},
    {"cvt.u16.u32 %rs1, %rd1;", "cvt.u16.u32 %r25, %rd1"},
    {"cvta.to.global.u64 %rd1, %rd2;", "cvta.to.global.u64 %rd1, %rd2"},
    {"cvta.global.u64 %rd1, gbuf;", "cvta.global.u64 %rd1, gbuf"},
    {"isspacep.shared::cta %p1, %rd1;", "isspacep.shared %p1, %rd1"},
    {"mov.u32 %r1, %envreg31;", "mov.u32 %r1, %envreg31"},
    {"mov.u64 %rd1, %globaltimer;", "mov.u64 %rd1, %globaltimer"},
    {"mov.u32 %r1, WARP_SZ;", "mov.u32 %r1, 32"},
    {"mov.u64 %rd1, gbuf+8;", "mov.u64 %rd1, gbuf+8"},
    {"mov.u64 %rd1, callee;", "mov.u64 %rd1, callee"},
    {"mov.b64 %rd1, {%r1, %r2};", "mov.b64 %rd1, {%r1, %r2}"},
    {"mov.b32 {%rs1, _}, %r1;", "mov.b32 {%r25, _}, %r1"},
    {"mov.pred %p1, -1;", "mov.pred %p1, -1"},
    {"mov.f32 %f1, -1.5e3;", "mov.f32 %r17, 0fC4BB8000"},
    {"ld.global.nc.L1::no_allocate.L2::256B.v4.f32 {%f1, %f2, %f3, _}, [%rd1+16];",
     "ld.global.nc.L1::no_allocate.L2::256B.v4.f32 {%r17, %r18, %r19, _}, [%rd1+16]"},
    {"ld.volatile.shared.u8 %r1, [%r2+-4];", "ld.volatile.shared.u8 %r1, [%r2+-4]"},
    {"ld.relaxed.gpu.global.L2::cache_hint.b32 %r1, [%rd1], %rd2;",
     "ld.relaxed.gpu.global.L2::cache_hint.b32 %r1, [%rd1], %rd2"},
    {"ld.param.u64 %rd1, [p0];", "ld.param.u64 %rd1, [p0]"},
    {"ld.u32 %rd1, [gbuf+4];", "ld.u32 %rd1, [gbuf+4]"},
    {"ld.const.u32 %r1, [0x100];", "ld.const.u32 %r1, [256]"},
    {"ldu.global.v2.u32 {%r1, %r2}, [%rd1];", "ldu.global.v2.u32 {%r1, %r2}, [%rd1]"},
    {"st.release.sys.global.wt.u32 [%rd1], %r1;", "st.release.sys.global.wt.u32 [%rd1], %r1"},
    {"st.global.v4.f32 [%rd1], {%f1, %f2, 0f00000000, 1.0};",
     "st.global.v4.f32 [%rd1], {%r17, %r18, 0f00000000, 0f3F800000}"},
    {"st.local.u8 [%rd1], %r1;", "st.local.u8 [%rd1], %r1"},
    {"prefetch.global.L2::evict_last [%rd1];", "prefetch.global.L2::evict_last [%rd1]"},
    {"prefetch.local.L1 [%rd1+64];", "prefetch.local.L1 [%rd1+64]"},
    {"atom.acq_rel.gpu.shared::cta.cas.b32 %r1, [%r2], %r3, %r4;",
     "atom.acq_rel.gpu.shared.cas.b32 %r1, [%r2], %r3, %r4"},
    {"atom.global.add.noftz.f16 %rs1, [%rd1], %rs2;", "atom.global.add.noftz.f16 %r25, [%rd1], %r26"},
    {"atom.sys.inc.u32 %r1, [%rd1], 17;", "atom.sys.inc.u32 %r1, [%rd1], 17"},
    {"atom.global.v2.f32.add {%f1, %f2}, [%rd2], {%f3, %f4};", "atom.global.add.v2.f32 {%r17, %r18}, [%rd2], {%r19, %r20}"},
    {"red.relaxed.cluster.global.add.f64 [%rd1], %fd1;", "red.relaxed.cluster.global.add.f64 [%rd1], %rd9"},
    {"bar.sync 0;", "bar.sync 0"},
    {"bar.arrive 1, 64;", "bar.arrive 1, 64"},
    {"barrier.sync.aligned %r1, %r2;", "barrier.sync.aligned %r1, %r2"},
    {"barrier.sync 3;", "barrier.sync 3"},
    {"bar.red.popc.u32 %r1, 0, %p1;", "bar.red.popc.u32 %r1, 0, %p1"},
    {"barrier.red.or.pred %p1, 1, 64, !%p2;", "barrier.red.or.pred %p1, 1, 64, !%p2"},
    {"bar.warp.sync -1;", "bar.warp.sync -1"},
    {"membar.gl;", "membar.gl"},
    {"membar.cta;", "membar.cta"},
    {"fence.acq_rel.cluster;", "fence.acq_rel.cluster"},
    {"fence.sc.sys;", "fence.sc.sys"},
    {"vote.sync.ballot.b32 %r1, !%p1, 0xffffffff;", "vote.sync.ballot.b32 %r1, !%p1, 4294967295"},
    {"vote.all.pred %p1, %p2;", "vote.all.pred %p1, %p2"},
    {"shfl.sync.bfly.b32 %r1|%p1, %r2, 1, 31, -1;", "shfl.sync.bfly.b32 %r1|%p1, %r2, 1, 31, -1"},
    {"shfl.sync.idx.b32 %r1, %r2, %r3, 0x1f, %r4;", "shfl.sync.idx.b32 %r1, %r2, %r3, 31, %r4"},
    {"match.all.sync.b64 %r1|%p1, %rd1, -1;", "match.all.sync.b64 %r1|%p1, %rd1, -1"},
    {"match.any.sync.b32 %r1, %r2, %r3;", "match.any.sync.b32 %r1, %r2, %r3"},
    {"activemask.b32 %r1;", "activemask.b32 %r1"},
    {"redux.sync.min.u32 %r1, %r2, -1;", "redux.sync.min.u32 %r1, %r2, -1"},
    {"@%p1 bra.uni $L_end;\n$L_end:", "@%p1 bra.uni $L__1"},
    {"@!%p2 ret;", "@!%p2 ret"},
    {"exit;", "exit"},
    {"trap;", "trap"},
    {"brkpt;", "brkpt"},
    {"nanosleep.u32 %r1;", "nanosleep.u32 %r1"},
    {"pmevent.mask 3;", "pmevent.mask 3"},
    {"{ .param .b32 a; .param .b64 b; .param .b32 r;\n call.uni (r), callee, (a, b); }",
     "call.uni (r), callee, (a, b)"},
    {"call callee2, (%r1, %rd1);", "call callee2, (%r1, %rd1)"},
    {"add.s32 %r1, %r2, (1 << 4) + 0x8000U;", "add.s32 %r1, %r2, 32784"},
    {"add.s64 %rd1, %rd2, 0b101;", "add.s64 %rd1, %rd2, 5"},
    {"add.s32 %r1, %r2, 017;", "add.s32 %r1, %r2, 15"},
    {"add.f64 %fd1, %fd2, 0f3F800000;", "add.f64 %rd9, %rd10, 0d3FF0000000000000"},
    {"mov.b32 %r1, 0f3F800000;", "mov.b32 %r1, 0f3F800000"},
    {"mov.f32 %f1, 0d3FF0000000000000;", "mov.f32 %r17, 0f3F800000"},
    {"mul.f32 %f1, %f2, -0f3F800000;", "mul.f32 %r17, %r18, 0fBF800000"},
    {"add.f32 %f1, %f2, .5;", "add.f32 %r17, %r18, 0f3F000000"},
    /* textures and surfaces: [handle, {coordinates}] is one operand (as nvcc writes them) */
    {"tex.3d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6, %f7, %f7}];",
     "tex.3d.v4.f32.f32 {%r17, %r18, %r19, %r20}, [%rd1, {%r21, %r22, %r23, %r23}]"},
    {"tex.a2d.v4.s32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%r5, %f1, %f2, %f2}];",
     "tex.a2d.v4.s32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%r5, %r17, %r18, %r18}]"},
    {"tld4.g.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];",
     "tld4.g.2d.v4.f32.f32 {%r17, %r18, %r19, %r20}, [%rd1, {%r21, %r22}]"},
    {"txq.channel_order.b32 %r1, [%rd2];", "txq.channel_order.b32 %r1, [%rd2]"},
    {"suld.b.2d.b8.trap {%rs1}, [%rd2, {%r1, %r2}];", "suld.b.2d.b8.trap {%r25}, [%rd2, {%r1, %r2}]"},
    {"sust.b.a1d.v2.b16.clamp [%rd2, {%r3, %r1}], {%rs3, %rs4};",
     "sust.b.a1d.v2.b16.clamp [%rd2, {%r3, %r1}], {%r27, %r28}"},
    {"suq.width.b32 %r1, [%rd3];", "suq.width.b32 %r1, [%rd3]"},
    {"cvt.rna.tf32.f32 %r1, %f1;", "cvt.rna.tf32.f32 %r1, %r17"},
    {"cvt.rna.satfinite.tf32.f32 %r1, %f1;", "cvt.rna.satfinite.tf32.f32 %r1, %r17"},
    {"cvt.rz.relu.tf32.f32 %r1, %f1;", "cvt.rz.relu.tf32.f32 %r1, %r17"},
    {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r4, %r5}, "
     "{%f4, %f5, %f6, %f7};",
     "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%r16, %r17, %r18, %r19}, {%r0, %r1, %r2, %r3}, {%r4, %r5}, "
     "{%r20, %r21, %r22, %r23}"},
    {"mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.s8.s32 {%r0, %r1, %r2, %r3}, {%r4, %r5, %r6, %r7}, "
     "{%r8, %r9}, {%r10, %r11, %r12, %r13};",
     "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.s8.s32 {%r0, %r1, %r2, %r3}, {%r4, %r5, %r6, %r7}, "
     "{%r8, %r9}, {%r10, %r11, %r12, %r13}"},
    {"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%fd0, %fd1}, {%fd2}, {%fd3}, {%fd4, %fd5};",
     "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%rd8, %rd9}, {%rd10}, {%rd11}, {%rd12, %rd13}"},
    {"mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%r0, %r1}, {%r2, %r3}, {%r4}, {%r5, %r6};",
     "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%r0, %r1}, {%r2, %r3}, {%r4}, {%r5, %r6}"},
    {"cp.async.cg.shared.global [%r1], [%rd2+16], 16, %r3;", "cp.async.cg.shared.global [%r1], [%rd2+16], 16, %r3"},
    {"cp.async.ca.shared::cta.global [%r1+8], [%rd2], 4;", "cp.async.ca.shared.global [%r1+8], [%rd2], 4"},
    {"cp.async.commit_group;", "cp.async.commit_group"},
    {"mbarrier.init.shared::cta.b64 [%r1], %r2;", "mbarrier.init.shared.b64 [%r1], %r2"},
    {"mbarrier.arrive.release.cta.shared::cta.b64 %rd1, [%r1], 32;", "mbarrier.arrive.release.cta.shared.b64 %rd1, [%r1], 32"},
    {"mbarrier.arrive_drop.shared.b64 _, [%r1];", "mbarrier.arrive_drop.shared.b64 _, [%r1]"},
    {"mbarrier.arrive.expect_tx.shared.b64 %rd1, [%r1], 256;", "mbarrier.arrive.expect_tx.shared.b64 %rd1, [%r1], 256"},
    {"mbarrier.try_wait.parity.shared.b64 %p1, [%r1], %r2, 1000;", "mbarrier.try_wait.parity.shared.b64 %p1, [%r1], %r2, 1000"},
    {"mbarrier.test_wait.b64 %p1, [%rd2], %rd1;", "mbarrier.test_wait.b64 %p1, [%rd2], %rd1"},
    {"mbarrier.pending_count.b64 %r1, %rd1;", "mbarrier.pending_count.b64 %r1, %rd1"},
    {"cp.async.mbarrier.arrive.noinc.shared.b64 [%r1];", "cp.async.mbarrier.arrive.noinc.shared.b64 [%r1]"},
    {"ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0, %r1, %r2, %r3}, [%r4];",
     "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0, %r1, %r2, %r3}, [%r4]"},
    {"ldmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 {%r0, %r1}, [%r4+32];",
     "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%r0, %r1}, [%r4+32]"},
    {"ldmatrix.sync.aligned.m8n8.x1.b16 {%r0}, [%rd2];", "ldmatrix.sync.aligned.m8n8.x1.b16 {%r0}, [%rd2]"},
    {"stmatrix.sync.aligned.m8n8.x4.shared.b16 [%r4], {%r0, %r1, %r2, %r3};",
     "stmatrix.sync.aligned.m8n8.x4.shared.b16 [%r4], {%r0, %r1, %r2, %r3}"},
    {"stmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 [%r4+32], {%r0, %r1};",
     "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%r4+32], {%r0, %r1}"},
    {"stmatrix.sync.aligned.m8n8.x1.b16 [%rd2], {%r0};", "stmatrix.sync.aligned.m8n8.x1.b16 [%rd2], {%r0}"},
    {"movmatrix.sync.aligned.m8n8.trans.b16 %r0, %r1;", "movmatrix.sync.aligned.m8n8.trans.b16 %r0, %r1"},
    {"cp.async.wait_group 1;", "cp.async.wait_group 1"},
    {"cp.async.wait_all;", "cp.async.wait_all"},
};

#define NCASES (sizeof cases / sizeof cases[0])

TP_TABLE_TEST(ptx_insns, disassembles, NCASES)
{
    const ti_case_t *c = &cases[*row];
    ptx_module_t *m = one(c->in);
    const ptx_func_t *k = tp_kernel(m);
    /* the instruction of interest is the last before the final ret */
    cr_expect_str_eq(tp_disasm(m, k->ninsns - 2), c->out, "for %s", c->in);
    tp_round_trip(m);
    ptx_module_free(m);
}

static const ptx_insn_t *first(const ptx_module_t *m) { return &tp_kernel(m)->insns[0]; }

Test(ptx_insns, memory_modifier_fields)
{
    ptx_module_t *m = one("@!%p3 ld.relaxed.gpu.global.nc.cg.L1::evict_last.L2::evict_first.L2::cache_hint.L2::128B"
                          ".v2.u32 {%r1, %r2}, [%rd1+-8], %rd2;");
    const ptx_insn_t *in = first(m);
    cr_expect(in->op == PTX_OP_LD && in->type[0] == PTX_T_U32 && in->m.vec == 2);
    cr_expect(in->has_guard && in->guard_neg && in->guard == 3);
    cr_expect(in->m.sem == PTX_SEM_RELAXED && in->m.scope == PTX_SCOPE_GPU && in->m.space == PTX_SPACE_GLOBAL);
    cr_expect(in->m.cache == PTX_CACHE_CG && in->m.l1_evict == PTX_EVICT_LAST && in->m.l2_evict == PTX_EVICT_FIRST);
    cr_expect(in->m.l2_prefetch == 4 && (in->m.flags & PTX_MF_NC) && (in->m.flags & PTX_MF_CACHE_HINT));
    cr_expect(in->opnd[0].kind == PTX_OPND_VEC && in->opnd[0].count == 2);
    cr_expect(in->opnd[1].kind == PTX_OPND_ADDR && in->opnd[1].rclass == PTX_RC_64 && in->opnd[1].reg == 1 &&
              in->opnd[1].imm == -8);
    cr_expect(in->opnd[2].kind == PTX_OPND_REG && in->opnd[2].rclass == PTX_RC_64);
    ptx_module_free(m);
    m = one("atom.release.sys.shared::cluster.exch.b64 %rd1, [%r1], %rd2;");
    in = first(m);
    cr_expect(in->m.atom == PTX_ATOM_EXCH && in->m.space == PTX_SPACE_SHARED_CLUSTER && in->m.sem == PTX_SEM_RELEASE &&
              in->m.scope == PTX_SCOPE_SYS && in->type[0] == PTX_T_B64);
    cr_expect(in->opnd[1].rclass == PTX_RC_32, "a 32-bit shared address");
    ptx_module_free(m);
}

Test(ptx_insns, arithmetic_modifier_fields)
{
    ptx_module_t *m = one("setp.geu.xor.ftz.f32 %p1|%p2, %f1, 0f00000000, !%p3;");
    const ptx_insn_t *in = first(m);
    cr_expect(in->m.cmp == PTX_CMP_GEU && in->m.boolop == PTX_BOOL_XOR && (in->m.flags & PTX_MF_FTZ));
    cr_expect_eq(in->nopnd, 5);
    cr_expect((in->opnd[1].flags & PTX_OPF_PAIR) && in->opnd[1].reg == 2);
    cr_expect(in->opnd[3].kind == PTX_OPND_FIMM && in->opnd[3].size == 4 && in->opnd[3].imm == 0);
    cr_expect((in->opnd[4].flags & PTX_OPF_NEG) && in->opnd[4].reg == 3);
    ptx_module_free(m);
    m = one("cvt.rzi.s64.f64 %rd1, %fd1;");
    in = first(m);
    cr_expect(in->m.round == PTX_RND_RZI && in->type[0] == PTX_T_S64 && in->type[1] == PTX_T_F64);
    ptx_module_free(m);
    m = one("mul.wide.u16 %r1, %rs1, 7;");
    in = first(m);
    cr_expect(in->m.mul == PTX_MUL_WIDE && in->type[0] == PTX_T_U16);
    ptx_module_free(m);
    m = one("shf.r.clamp.b32 %r1, %r2, %r3, 4;");
    in = first(m);
    cr_expect(in->m.shf_dir == PTX_SHF_R && in->m.shf_mode == PTX_SHFM_CLAMP);
    ptx_module_free(m);
    m = one("div.approx.ftz.f32 %f1, %f2, %f3;");
    in = first(m);
    cr_expect((in->m.flags & PTX_MF_APPROX) && !(in->m.flags & PTX_MF_FULL) && (in->m.flags & PTX_MF_FTZ));
    ptx_module_free(m);
}

Test(ptx_insns, warp_and_barrier_fields)
{
    ptx_module_t *m = one("shfl.sync.down.b32 %r1|%p1, %r2, 2, 0x1f, -1;");
    const ptx_insn_t *in = first(m);
    cr_expect(in->m.shfl == PTX_SHFL_DOWN && (in->m.flags & PTX_MF_SYNC) && in->nopnd == 6);
    ptx_module_free(m);
    m = one("vote.sync.uni.pred %p1, 1, 0xffffffff;");
    cr_expect(first(m)->m.vote == PTX_VOTE_UNI && first(m)->opnd[1].kind == PTX_OPND_IMM);
    ptx_module_free(m);
    m = one("match.any.sync.b64 %r1, %rd1, %r2;");
    cr_expect(first(m)->m.match == PTX_MATCH_ANY && first(m)->type[0] == PTX_T_B64);
    ptx_module_free(m);
    m = one("redux.sync.xor.b32 %r1, %r2, %r3;");
    cr_expect(first(m)->m.atom == PTX_ATOM_XOR);
    ptx_module_free(m);
    m = one("bar.red.and.pred %p1, 2, 96, !%p2;");
    in = first(m);
    cr_expect(in->op == PTX_OP_BAR_RED && in->m.atom == PTX_ATOM_AND && (in->m.flags & PTX_MF_ALIGNED));
    cr_expect(in->nopnd == 4 && in->opnd[1].imm == 2 && in->opnd[2].imm == 96);
    ptx_module_free(m);
    m = one("barrier.arrive.aligned 1, 64;");
    cr_expect(first(m)->op == PTX_OP_BARRIER && first(m)->m.bar == PTX_BAR_ARRIVE &&
              (first(m)->m.flags & PTX_MF_ALIGNED));
    ptx_module_free(m);
    m = one("membar.sys;");
    cr_expect(first(m)->op == PTX_OP_MEMBAR && first(m)->m.scope == PTX_SCOPE_SYS);
    ptx_module_free(m);
    m = one("prmt.b32.ecl %r1, %r2, %r3, %r4;");
    cr_expect(first(m)->m.prmt == PTX_PRMT_ECL);
    ptx_module_free(m);
    m = one("testp.notanumber.f64 %p1, %fd1;");
    cr_expect(first(m)->m.testp == PTX_TESTP_NOTANUMBER);
    ptx_module_free(m);
}

Test(ptx_insns, special_registers)
{
    static const struct { const char *name; ptx_sreg_t s; unsigned comp; } regs[] = {
        {"%tid.x", PTX_SREG_TID, 1}, {"%ntid.y", PTX_SREG_NTID, 2}, {"%ctaid.z", PTX_SREG_CTAID, 3},
        {"%nctaid.x", PTX_SREG_NCTAID, 1}, {"%laneid", PTX_SREG_LANEID, 0}, {"%warpid", PTX_SREG_WARPID, 0},
        {"%nwarpid", PTX_SREG_NWARPID, 0}, {"%smid", PTX_SREG_SMID, 0}, {"%nsmid", PTX_SREG_NSMID, 0},
        {"%clock", PTX_SREG_CLOCK, 0}, {"%lanemask_eq", PTX_SREG_LANEMASK_EQ, 0},
        {"%lanemask_le", PTX_SREG_LANEMASK_LE, 0}, {"%lanemask_lt", PTX_SREG_LANEMASK_LT, 0},
        {"%lanemask_ge", PTX_SREG_LANEMASK_GE, 0}, {"%lanemask_gt", PTX_SREG_LANEMASK_GT, 0},
        {"%dynamic_smem_size", PTX_SREG_DYNAMIC_SMEM_SIZE, 0}, {"%total_smem_size", PTX_SREG_TOTAL_SMEM_SIZE, 0},
        {"%envreg0", PTX_SREG_ENVREG, 0}, {"%pm7", PTX_SREG_PM, 7}, {"%cluster_ctarank", PTX_SREG_CLUSTER_CTARANK, 0},
    };
    for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++) {
        char text[96], want[96];
        snprintf(text, sizeof text, "mov.u32 %%r1, %s;", regs[i].name);
        snprintf(want, sizeof want, "mov.u32 %%r1, %s", regs[i].name);
        ptx_module_t *m = one(text);
        const ptx_operand_t *o = &first(m)->opnd[1];
        cr_expect(o->kind == PTX_OPND_SREG && o->index == (uint32_t)regs[i].s && o->comp == regs[i].comp, "%s",
                  regs[i].name);
        cr_expect_str_eq(tp_disasm(m, 0), want);
        ptx_module_free(m);
    }
    ptx_module_t *m = one("mov.u64 %rd1, %clock64; mov.u64 %rd2, %gridid; mov.pred %p1, %is_explicit_cluster;");
    cr_expect(first(m)->opnd[1].index == PTX_SREG_CLOCK64);
    ptx_module_free(m);
}

Test(ptx_insns, indirect_call_with_prototype_and_branch_targets)
{
    ptx_module_t *m = one(
        "{ .param .b32 a; .param .b32 r;\n"
        "  proto: .callprototype (.param .b32 _) _ (.param .b32 _);\n"
        "  mov.u64 %rd1, callee;\n"
        "  call (r), %rd1, (a), proto; }\n"
        "ts: .branchtargets L0, L1, L2;\n"
        "brx.idx.uni %r1, ts;\n"
        "L0: add.s32 %r2, %r2, 1;\nL1: add.s32 %r2, %r2, 2;\nL2: add.s32 %r2, %r2, 3;");
    const ptx_func_t *k = tp_kernel(m);
    const ptx_insn_t *call = &k->insns[1];
    cr_expect(call->op == PTX_OP_CALL && call->nopnd == 4 && call->opnd[1].kind == PTX_OPND_REG &&
              call->opnd[3].kind == PTX_OPND_PROTO);
    cr_expect(k->nprotos == 1 && k->protos[0].nparams == 1 && k->protos[0].nrets == 1);
    const ptx_insn_t *brx = &k->insns[2];
    cr_expect(brx->op == PTX_OP_BRX_IDX && (brx->m.flags & PTX_MF_UNI) && brx->opnd[1].kind == PTX_OPND_TLIST);
    cr_expect(k->ntlists == 1 && k->tlists[0].count == 3 && k->tlists[0].targets[0] == 3 &&
              k->tlists[0].targets[2] == 5);
    tp_round_trip(m);
    ptx_module_free(m);
}
