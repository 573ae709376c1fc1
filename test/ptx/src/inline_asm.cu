// Inline PTX for the instructions and special registers that compiled C seldom produces.
__device__ unsigned sreg_sum()
{
    unsigned a, b, c, d, e, f, g, h, k;
    unsigned long long gt;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(a));
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(b));
    asm volatile("mov.u32 %0, %%nwarpid;" : "=r"(c));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(d));
    asm volatile("mov.u32 %0, %%nsmid;" : "=r"(e));
    asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(f));
    asm volatile("mov.u32 %0, %%lanemask_ge;" : "=r"(g));
    asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(h));
    asm volatile("mov.u32 %0, %%envreg3;" : "=r"(k));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(gt));
    unsigned gid;
    asm volatile("{ mov.u32 %0, %%total_smem_size; add.u32 %0, %0, WARP_SZ; }" : "=r"(gid));
    return a + b + c + d + e + f + g + h + k + (unsigned)gt + gid;
}

__global__ void rare_ops(unsigned *out, float *fo, const unsigned *in, const float *fi)
{
    unsigned x = in[threadIdx.x], y = in[threadIdx.x + 32], r;
    float fx = fi[threadIdx.x], fr;
    int p;
    asm("{ .reg .pred %%p1; testp.finite.f32 %%p1, %1; selp.s32 %0, 1, 0, %%p1; }" : "=r"(p) : "f"(fx));
    asm("copysign.f32 %0, %1, %2;" : "=f"(fr) : "f"(fx), "f"(-1.0f));
    asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(5));
    asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(r), "r"(y), "r"(x));
    asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r) : "r"(r));
    asm("bfe.u32 %0, %1, 3, 7;" : "=r"(r) : "r"(r));
    asm("bfi.b32 %0, %1, %2, 4, 8;" : "=r"(r) : "r"(x), "r"(r));
    asm("sad.u32 %0, %1, %2, %0;" : "+r"(r) : "r"(x), "r"(y));
    asm("mul24.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(r), "r"(y));
    asm("mad24.lo.s32 %0, %1, %2, %0;" : "+r"(r) : "r"(x), "r"(y));
    asm("slct.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(r), "r"(y), "r"((int)x));
    asm("slct.ftz.f32.f32 %0, %1, %2, %3;" : "=f"(fr) : "f"(fr), "f"(fx), "f"(fx));
    asm("set.gtu.u32.f32 %0, %1, %2;" : "=r"(y) : "f"(fr), "f"(fx));
    asm("{ .reg .pred %%q; setp.ne.u32 %%q, %1, 0; set.lt.and.f32.s32 %0, %1, %2, !%%q; }" : "=f"(fr) : "r"(r), "r"(y));
    asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r) : "r"(r), "r"(x), "r"(y));
    unsigned cn;
    asm("cnot.b32 %0, %1;" : "=r"(cn) : "r"(r));
    asm("membar.cta; membar.gl; membar.sys;");
    asm("fence.sc.cta; fence.acq_rel.gpu; fence.sc.sys;");
    asm("red.global.add.u32 [%0], %1;" ::"l"(out), "r"(r));
    asm("red.relaxed.gpu.global.max.s32 [%0], %1;" ::"l"(out + 1), "r"(r));
    asm("{ .reg .pred %%u; vote.sync.uni.pred %%u, 1, 0xffffffff; vote.sync.all.pred %%u, !%%u, 0xffffffff; selp.u32 %0, 1, 0, %%u; }" : "=r"(y));
    unsigned sp;
    asm("{ .reg .pred %%s; isspacep.global %%s, %1; selp.u32 %0, 1, 0, %%s; }" : "=r"(sp) : "l"(out));
    unsigned long long gp;
    asm("cvta.to.global.u64 %0, %1;" : "=l"(gp) : "l"(out));
    asm("ldu.global.u32 %0, [%1];" : "=r"(x) : "l"(gp));
    asm("prefetch.global.L2 [%0];" ::"l"(gp));
    asm("prefetch.global.L1 [%0+64];" ::"l"(gp));
    asm volatile("pmevent 1;");
    asm("add.cc.u32 %0, %0, %1; addc.cc.u32 %0, %0, %1; addc.u32 %0, %0, %1;" : "+r"(r) : "r"(x));
    asm("sub.cc.u32 %0, %0, %1; subc.u32 %0, %0, %1;" : "+r"(r) : "r"(x));
    asm("mad.lo.cc.u32 %0, %1, %2, %0; madc.hi.u32 %0, %1, %2, %0;" : "+r"(r) : "r"(x), "r"(y));
    asm("rsqrt.approx.ftz.f32 %0, %0; sin.approx.f32 %0, %0; cos.approx.ftz.f32 %0, %0;" : "+f"(fr));
    asm("lg2.approx.f32 %0, %0; ex2.approx.ftz.f32 %0, %0; rcp.approx.ftz.f64 %1, %1;" : "+f"(fr), "+d"(*(double *)fo));
    asm("sqrt.approx.f32 %0, %0; div.full.f32 %0, %0, %1; div.approx.f32 %0, %0, %1;" : "+f"(fr) : "f"(fx));
#if __CUDA_ARCH__ >= 800
    asm("max.NaN.f32 %0, %0, %1; min.ftz.NaN.f32 %0, %0, %1;" : "+f"(fr) : "f"(fx));
#endif
    asm("abs.ftz.f32 %0, %0; neg.f32 %0, %0; cvt.rzi.ftz.f32.f32 %0, %0;" : "+f"(fr));
    asm("cvt.rni.s32.f32 %0, %1; cvt.sat.u8.s32 %0, %0;" : "=r"(x) : "f"(fr));
    asm("{ .reg .b16 %%h; cvt.u16.u32 %%h, %1; cvt.s32.s8 %0, %%h; }" : "=r"(y) : "r"(x));
    asm("mov.b32 %0, 0f3F800000; add.f32 %0, %0, 0fBF000000;" : "=f"(fr));
    asm("{ .reg .b64 %%w; mov.b64 %%w, {%1, %2}; mov.b64 {%0, _}, %%w; }" : "=r"(x) : "r"(x), "r"(y));
    asm volatile("nanosleep.u32 100;");
    asm("tanh.approx.f32 %0, %0;" : "+f"(fr));
    unsigned sw;
    asm("{ .reg .b32 %%i; and.b32 %%i, %1, 1;\n"
        "ts_sw: .branchtargets L_sw0, L_sw1;\n"
        "brx.idx %%i, ts_sw;\n"
        "L_sw0: mov.u32 %0, 10; bra.uni L_swend;\n"
        "L_sw1: mov.u32 %0, 20;\n"
        "L_swend: }" : "=r"(sw) : "r"(x));
    if (x == 12345)
        asm volatile("exit;");
    asm volatile("brkpt;");
    asm("{ .reg .pred %%z; .reg .pred %%y; setp.eq.u32 %%z|%%y, %1, 3; @!%%z add.u32 %0, %0, 1; }" : "+r"(r) : "r"(x));
    out[threadIdx.x] = r + x + y + p + sreg_sum() + cn + sp + sw;
    fo[threadIdx.x] = fr;
}
