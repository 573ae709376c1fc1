/* The NEON arithmetic family (arm_neon_arith_*.def, arm_exec_neon_arith.h):
 * a word of every encoding row decoded and disassembled as GNU objdump
 * 2.40 prints it, in A32 and T32; the UNDEFINED and UNPREDICTABLE variants
 * refused; and the edge cases of the semantics (saturation and FPSCR.QC,
 * rounding shifts, VQDMULH of 0x8000 * 0x8000, polynomial products, the
 * standard FPSCR value's flush-to-zero and default NaN, VRECPS/VRSQRTS's
 * inf * 0, ARMv7's VMAX/VMIN of signed zeros, fused against unfused).
 * Every neon_run case was also run under qemu-arm -cpu cortex-a15: the same
 * registers and FPSCR. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/arm/arm_step.h"
#include "mem_fixture.h"

static const struct {
    uint32_t word;
    const char *text;
} neon_words[] = {
    {0xf28740a4u, "vaddl.s8\tq2, d23, d20"}, {0xf29e0027u, "vaddl.s16\tq0, d14, d23"},
    {0xf2eb40afu, "vaddl.s32\tq10, d27, d31"}, {0xf3e4e002u, "vaddl.u32\tq15, d4, d2"},
    {0xf38aa1a6u, "vaddw.u8\tq5, q13, d22"}, {0xf3d4012eu, "vaddw.u16\tq8, q2, d30"},
    {0xf3a8212eu, "vaddw.u32\tq1, q4, d30"}, {0xf3ea41a2u, "vaddw.u32\tq10, q13, d18"},
    {0xf2836285u, "vsubl.s8\tq3, d19, d5"}, {0xf3d3a2aeu, "vsubl.u16\tq13, d19, d30"},
    {0xf2ad62abu, "vsubl.s32\tq3, d29, d27"}, {0xf3e58200u, "vsubl.u32\tq12, d5, d0"},
    {0xf2ce63a1u, "vsubw.s8\tq11, q15, d17"}, {0xf2904384u, "vsubw.s16\tq2, q8, d4"},
    {0xf2a203a4u, "vsubw.s32\tq0, q9, d20"}, {0xf3e6c323u, "vsubw.u32\tq14, q3, d19"},
    {0xf2c25488u, "vaddhn.i16\td21, q9, q4"}, {0xf2ccf40cu, "vaddhn.i16\td31, q6, q6"},
    {0xf2a80400u, "vaddhn.i64\td0, q4, q0"}, {0xf2a074a4u, "vaddhn.i64\td7, q8, q10"},
    {0xf3985426u, "vraddhn.i32\td5, q4, q11"}, {0xf3d024aeu, "vraddhn.i32\td18, q8, q15"},
    {0xf3a6840au, "vraddhn.i64\td8, q3, q5"}, {0xf3ee1426u, "vraddhn.i64\td17, q7, q11"},
    {0xf3d0458fu, "vabal.u16\tq10, d16, d15"}, {0xf281250fu, "vabal.s8\tq1, d1, d15"},
    {0xf2a7e524u, "vabal.s32\tq7, d7, d20"}, {0xf3ebe52au, "vabal.u32\tq15, d11, d26"},
    {0xf29e2628u, "vsubhn.i32\td2, q7, q12"}, {0xf2c0060eu, "vsubhn.i16\td16, q0, q7"},
    {0xf2ac96a2u, "vsubhn.i64\td9, q14, q9"}, {0xf2e0f6a2u, "vsubhn.i64\td31, q8, q9"},
    {0xf3943628u, "vrsubhn.i32\td3, q2, q12"}, {0xf38a4620u, "vrsubhn.i16\td4, q5, q8"},
    {0xf3aa260eu, "vrsubhn.i64\td2, q5, q7"}, {0xf3ec6620u, "vrsubhn.i64\td22, q6, q8"},
    {0xf282c703u, "vabdl.s8\tq6, d2, d3"}, {0xf2d6c7aeu, "vabdl.s16\tq14, d22, d30"},
    {0xf2aae708u, "vabdl.s32\tq7, d10, d8"}, {0xf3a4070bu, "vabdl.u32\tq0, d4, d11"},
    {0xf3cac881u, "vmlal.u8\tq14, d26, d1"}, {0xf3cd2881u, "vmlal.u8\tq9, d29, d1"},
    {0xf2e98803u, "vmlal.s32\tq12, d9, d3"}, {0xf3e288a5u, "vmlal.u32\tq12, d18, d21"},
    {0xf2dd298du, "vqdmlal.s16\tq9, d29, d13"}, {0xf29ae98du, "vqdmlal.s16\tq7, d26, d13"},
    {0xf2ea890cu, "vqdmlal.s32\tq12, d10, d12"}, {0xf2a5a9aeu, "vqdmlal.s32\tq5, d21, d30"},
    {0xf39aaa86u, "vmlsl.u16\tq5, d26, d6"}, {0xf3c82a05u, "vmlsl.u8\tq9, d8, d5"},
    {0xf2ebaa8eu, "vmlsl.s32\tq13, d27, d14"}, {0xf2a76aa5u, "vmlsl.s32\tq3, d23, d21"},
    {0xf2990baau, "vqdmlsl.s16\tq0, d25, d26"}, {0xf2d06b01u, "vqdmlsl.s16\tq11, d0, d1"},
    {0xf2a34b03u, "vqdmlsl.s32\tq2, d3, d3"}, {0xf2eceb01u, "vqdmlsl.s32\tq15, d12, d1"},
    {0xf283ec21u, "vmull.s8\tq7, d3, d17"}, {0xf28fec8fu, "vmull.s8\tq7, d31, d15"},
    {0xf3adac2bu, "vmull.u32\tq5, d13, d27"}, {0xf3e2ac24u, "vmull.u32\tq13, d2, d20"},
    {0xf2de8d8cu, "vqdmull.s16\tq12, d30, d12"}, {0xf299ad28u, "vqdmull.s16\tq5, d9, d24"},
    {0xf2e6ed0eu, "vqdmull.s32\tq15, d6, d14"}, {0xf2ec4d0cu, "vqdmull.s32\tq10, d12, d12"},
    {0xf2c6ceafu, "vmull.p8\tq14, d22, d31"}, {0xf2c48e26u, "vmull.p8\tq12, d4, d22"},
    {0xf2df104fu, "vmla.i16\td17, d15, d7[1]"}, {0xf2903063u, "vmla.i16\td3, d0, d3[2]"},
    {0xf3ec80cdu, "vmla.i32\tq12, q14, d13[0]"}, {0xf3e000ceu, "vmla.i32\tq8, q8, d14[0]"},
    {0xf2eba1ebu, "vmla.f32\td26, d27, d11[1]"}, {0xf3e2616du, "vmla.f32\tq11, q1, d13[1]"},
    {0xf2d942e5u, "vmlal.s16\tq10, d25, d5[2]"}, {0xf2934248u, "vmlal.s16\tq2, d3, d0[1]"},
    {0xf3ee4267u, "vmlal.u32\tq10, d14, d7[1]"}, {0xf2eb8246u, "vmlal.s32\tq12, d11, d6[0]"},
    {0xf29d03e2u, "vqdmlal.s16\tq0, d29, d2[2]"}, {0xf2996341u, "vqdmlal.s16\tq3, d9, d1[0]"},
    {0xf2a043c4u, "vqdmlal.s32\tq2, d16, d4[0]"}, {0xf2e9e36fu, "vqdmlal.s32\tq15, d9, d15[1]"},
    {0xf2979462u, "vmls.i16\td9, d7, d2[2]"}, {0xf2d904c1u, "vmls.i16\td16, d25, d1[0]"},
    {0xf2ea1464u, "vmls.i32\td17, d10, d4[1]"}, {0xf3a8c461u, "vmls.i32\tq6, q4, d1[1]"},
    {0xf2ad95c8u, "vmls.f32\td9, d29, d8[0]"}, {0xf2e58546u, "vmls.f32\td24, d5, d6[0]"},
    {0xf393c6cbu, "vmlsl.u16\tq6, d19, d3[1]"}, {0xf3df664eu, "vmlsl.u16\tq11, d15, d6[1]"},
    {0xf3a3e6e3u, "vmlsl.u32\tq7, d19, d3[1]"}, {0xf3ace6cau, "vmlsl.u32\tq7, d28, d10[0]"},
    {0xf29d0765u, "vqdmlsl.s16\tq0, d13, d5[2]"}, {0xf2930768u, "vqdmlsl.s16\tq0, d3, d0[3]"},
    {0xf2e327c7u, "vqdmlsl.s32\tq9, d19, d7[0]"}, {0xf2e1876du, "vqdmlsl.s32\tq12, d1, d13[1]"},
    {0xf2dd08e4u, "vmul.i16\td16, d29, d4[2]"}, {0xf2d7e8c2u, "vmul.i16\td30, d23, d2[0]"},
    {0xf3e2c8e5u, "vmul.i32\tq14, q9, d5[1]"}, {0xf3eec8e5u, "vmul.i32\tq14, q15, d5[1]"},
    {0xf2a23942u, "vmul.f32\td3, d2, d2[0]"}, {0xf2e7b9e8u, "vmul.f32\td27, d23, d8[1]"},
    {0xf2d50a69u, "vmull.s16\tq8, d5, d1[3]"}, {0xf29c4ac7u, "vmull.s16\tq2, d28, d7[0]"},
    {0xf3eaeac6u, "vmull.u32\tq15, d26, d6[0]"}, {0xf2a16ac5u, "vmull.s32\tq3, d17, d5[0]"},
    {0xf2942b63u, "vqdmull.s16\tq1, d4, d3[2]"}, {0xf297cb62u, "vqdmull.s16\tq6, d7, d2[2]"},
    {0xf2e92b61u, "vqdmull.s32\tq9, d9, d1[1]"}, {0xf2ebebe9u, "vqdmull.s32\tq15, d27, d9[1]"},
    {0xf29c6c45u, "vqdmulh.s16\td6, d12, d5[0]"}, {0xf290cc4au, "vqdmulh.s16\td12, d0, d2[1]"},
    {0xf2a14c67u, "vqdmulh.s32\td4, d1, d7[1]"}, {0xf2aa7ce2u, "vqdmulh.s32\td7, d26, d2[1]"},
    {0xf29cbd48u, "vqrdmulh.s16\td11, d12, d0[1]"}, {0xf29dcdcfu, "vqrdmulh.s16\td12, d29, d7[1]"},
    {0xf2ef4d6bu, "vqrdmulh.s32\td20, d15, d11[1]"}, {0xf3ea0dcfu, "vqrdmulh.s32\tq8, q13, d15[0]"},
    {0xf359d00bu, "vhadd.u16\td29, d9, d11"}, {0xf24840ceu, "vhadd.s8\tq10, q12, q7"},
    {0xf254909bu, "vqadd.s16\td25, d20, d11"}, {0xf27ed016u, "vqadd.s64\td29, d14, d6"},
    {0xf3003180u, "vrhadd.u8\td3, d16, d0"}, {0xf34db127u, "vrhadd.u8\td27, d13, d23"},
    {0xf24a5130u, "vand\td21, d10, d16"}, {0xf2056199u, "vand\td6, d21, d9"},
    {0xf212d114u, "vbic\td13, d2, d4"}, {0xf25af11eu, "vbic\td31, d10, d14"},
    {0xf224e192u, "vorr\td14, d20, d2"}, {0xf2244150u, "vorr\tq2, q2, q0"},
    {0xf27df194u, "vorn\td31, d29, d4"}, {0xf235e137u, "vorn\td14, d5, d23"},
    {0xf349a13du, "veor\td26, d9, d29"}, {0xf340417eu, "veor\tq10, q0, q15"},
    {0xf31c0196u, "vbsl\td0, d28, d6"}, {0xf3548118u, "vbsl\td24, d4, d8"},
    {0xf36a01bbu, "vbit\td16, d26, d27"}, {0xf3278191u, "vbit\td8, d23, d1"},
    {0xf374d198u, "vbif\td29, d20, d8"}, {0xf332811bu, "vbif\td8, d2, d11"},
    {0xf35ca2a0u, "vhsub.u16\td26, d28, d16"}, {0xf35cb2a3u, "vhsub.u16\td27, d28, d19"},
    {0xf271729cu, "vqsub.s64\td23, d17, d12"}, {0xf232b29au, "vqsub.s64\td11, d18, d10"},
    {0xf225238au, "vcgt.s32\td2, d21, d10"}, {0xf3221307u, "vcgt.u32\td1, d2, d7"},
    {0xf2635397u, "vcge.s32\td21, d19, d7"}, {0xf26e2332u, "vcge.s32\td18, d14, d18"},
    {0xf21644eeu, "vshl.s16\tq2, q15, q11"}, {0xf30dd422u, "vshl.u8\td13, d18, d13"},
    {0xf3733494u, "vqshl.u64\td19, d4, d19"}, {0xf252c470u, "vqshl.s16\tq14, q8, q1"},
    {0xf313652bu, "vrshl.u16\td6, d27, d3"}, {0xf35525afu, "vrshl.u16\td18, d31, d21"},
    {0xf37a559cu, "vqrshl.u64\td21, d12, d26"}, {0xf3441511u, "vqrshl.u8\td17, d1, d4"},
    {0xf21eb68fu, "vmax.s16\td11, d30, d15"}, {0xf268c648u, "vmax.s32\tq14, q4, q4"},
    {0xf26f76b3u, "vmin.s32\td23, d31, d19"}, {0xf209d635u, "vmin.s8\td13, d9, d21"},
    {0xf20227c0u, "vabd.s8\tq1, q9, q0"}, {0xf303e720u, "vabd.u8\td14, d3, d16"},
    {0xf2165734u, "vaba.s16\td5, d6, d20"}, {0xf2164719u, "vaba.s16\td4, d6, d9"},
    {0xf260c8a0u, "vadd.i32\td28, d16, d16"}, {0xf271188cu, "vadd.i64\td17, d17, d12"},
    {0xf34578acu, "vsub.i8\td23, d21, d28"}, {0xf321f827u, "vsub.i32\td15, d1, d23"},
    {0xf2616893u, "vtst.32\td22, d17, d3"}, {0xf25d283cu, "vtst.16\td18, d13, d28"},
    {0xf358f8b8u, "vceq.i16\td31, d24, d24"}, {0xf342a8d4u, "vceq.i8\tq13, q9, q2"},
    {0xf2437984u, "vmla.i8\td23, d19, d4"}, {0xf20809eau, "vmla.i8\tq0, q12, q13"},
    {0xf32b49adu, "vmls.i32\td4, d27, d29"}, {0xf36b1988u, "vmls.i32\td17, d27, d8"},
    {0xf21d9936u, "vmul.i16\td9, d13, d22"}, {0xf3069998u, "vmul.p8\td9, d22, d8"},
    {0xf2516a81u, "vpmax.s16\td22, d17, d1"}, {0xf362ca87u, "vpmax.u32\td28, d18, d7"},
    {0xf32bfa13u, "vpmin.u32\td15, d11, d3"}, {0xf22b5ab6u, "vpmin.s32\td5, d27, d22"},
    {0xf2254b88u, "vqdmulh.s32\td4, d21, d8"}, {0xf269fbabu, "vqdmulh.s32\td31, d25, d27"},
    {0xf3127ba3u, "vqrdmulh.s16\td7, d18, d19"}, {0xf35e8b03u, "vqrdmulh.s16\td24, d14, d3"},
    {0xf211db34u, "vpadd.i16\td13, d1, d20"}, {0xf2558b11u, "vpadd.i16\td24, d5, d1"},
    {0xf24a7c9eu, "vfma.f32\td23, d26, d14"}, {0xf24cec95u, "vfma.f32\td30, d28, d5"},
    {0xf264ac16u, "vfms.f32\td26, d4, d6"}, {0xf22d8cb6u, "vfms.f32\td8, d29, d22"},
    {0xf247cd03u, "vadd.f32\td28, d7, d3"}, {0xf245ed04u, "vadd.f32\td30, d5, d4"},
    {0xf2225da9u, "vsub.f32\td5, d18, d25"}, {0xf2695d29u, "vsub.f32\td21, d9, d25"},
    {0xf3085d24u, "vpadd.f32\td5, d8, d20"}, {0xf3431dadu, "vpadd.f32\td17, d19, d29"},
    {0xf36e6d84u, "vabd.f32\td22, d30, d4"}, {0xf3696d8eu, "vabd.f32\td22, d25, d14"},
    {0xf2026d1fu, "vmla.f32\td6, d2, d15"}, {0xf2046dd8u, "vmla.f32\tq3, q10, q4"},
    {0xf2648d97u, "vmls.f32\td24, d20, d7"}, {0xf2257d9eu, "vmls.f32\td7, d21, d14"},
    {0xf34c8db6u, "vmul.f32\td24, d28, d22"}, {0xf3423d3bu, "vmul.f32\td19, d2, d27"},
    {0xf24b3eafu, "vceq.f32\td19, d27, d31"}, {0xf2040e21u, "vceq.f32\td0, d4, d17"},
    {0xf3045e26u, "vcge.f32\td5, d4, d22"}, {0xf3007e8eu, "vcge.f32\td7, d16, d14"},
    {0xf36c8e80u, "vcgt.f32\td24, d28, d0"}, {0xf36e2e0cu, "vcgt.f32\td18, d14, d12"},
    {0xf3047eb8u, "vacge.f32\td7, d20, d24"}, {0xf3077e12u, "vacge.f32\td7, d7, d2"},
    {0xf32b1e15u, "vacgt.f32\td1, d11, d5"}, {0xf36aaef6u, "vacgt.f32\tq13, q13, q11"},
    {0xf24e0f06u, "vmax.f32\td16, d14, d6"}, {0xf2011f25u, "vmax.f32\td1, d1, d21"},
    {0xf2227fa0u, "vmin.f32\td7, d18, d16"}, {0xf2673f01u, "vmin.f32\td19, d7, d1"},
    {0xf309cf81u, "vpmax.f32\td12, d25, d1"}, {0xf347df02u, "vpmax.f32\td29, d7, d2"},
    {0xf32f1f89u, "vpmin.f32\td1, d31, d9"}, {0xf3217f82u, "vpmin.f32\td7, d17, d2"},
    {0xf2498f38u, "vrecps.f32\td24, d9, d24"}, {0xf2056f36u, "vrecps.f32\td6, d5, d22"},
    {0xf26e7f33u, "vrsqrts.f32\td23, d14, d19"}, {0xf2213f1eu, "vrsqrts.f32\td3, d1, d14"},
    {0xf3807e1eu, "vmov.i8\td7, #142\t@ 0x8e"}, {0xf3877c10u, "vmov.i32\td7, #61695\t@ 0x0000f0ff"},
    {0xf2c0bf1au, "vmov.f32\td27, #3.25\t@ 0x40500000"}, {0xf3844d5cu, "vmov.i32\tq2, #13434879\t@ 0x00ccffff"},
    {0xf2841316u, "vorr.i32\td1, #17920\t@ 0x00004600"}, {0xf287971bu, "vorr.i32\td9, #2063597568\t@ 0x7b000000"},
    {0xf282a911u, "vorr.i16\td10, #33\t@ 0x0021"}, {0xf2c1891au, "vorr.i16\td24, #26\t@ 0x001a"},
    {0xf3c73637u, "vmvn.i32\td19, #-150994944\t@ 0xf7000000"}, {0xf281b038u, "vmvn.i32\td11, #24\t@ 0x00000018"},
    {0xf3c6687cu, "vmvn.i16\tq11, #236\t@ 0x00ec"}, {0xf2c35a36u, "vmvn.i16\td21, #13824\t@ 0x3600"},
    {0xf386dd36u, "vmvn.i32\td13, #15138815\t@ 0x00e6ffff"}, {0xf3856d3cu, "vmvn.i32\td6, #14483455\t@ 0x00dcffff"},
    {0xf283453bu, "vbic.i32\td4, #3866624\t@ 0x003b0000"}, {0xf285017bu, "vbic.i32\tq0, #91\t@ 0x0000005b"},
    {0xf3878b35u, "vbic.i16\td8, #62720\t@ 0xf500"}, {0xf3c7897cu, "vbic.i16\tq12, #252\t@ 0x00fc"},
    {0xf2838e79u, "vmov.i64\tq4, #0x0000ffffff0000ff"}, {0xf2850e7fu, "vmov.i64\tq0, #0x00ff00ffffffffff"},
    {0xf2ca10bcu, "vshr.s64\td17, d28, #54"}, {0xf2b21098u, "vshr.s64\td1, d8, #14"},
    {0xf38f0158u, "vsra.u8\tq0, q4, #1"}, {0xf389d190u, "vsra.u64\td13, d0, #55"},
    {0xf29a621au, "vrshr.s16\td6, d10, #6"}, {0xf2ea12b7u, "vrshr.s64\td17, d23, #22"},
    {0xf3d4b3b9u, "vrsra.u64\td27, d25, #44"}, {0xf2f453bau, "vrsra.s64\td21, d26, #12"},
    {0xf3aa741cu, "vsri.32\td7, d12, #22"}, {0xf3e104d2u, "vsri.64\tq8, q1, #31"},
    {0xf29a2514u, "vshl.s16\td2, d4, #10"}, {0xf280a59au, "vshl.s64\td10, d10, #0"},
    {0xf39bc59du, "vsli.64\td12, d13, #27"}, {0xf3f4b5bdu, "vsli.64\td27, d29, #52\t@ 0x34"},
    {0xf3fd86dcu, "vqshlu.s64\tq12, q6, #61\t@ 0x3d"}, {0xf3e6c699u, "vqshlu.s64\td28, d9, #38\t@ 0x26"},
    {0xf3c97738u, "vqshl.u8\td23, d24, #1"}, {0xf3ee2715u, "vqshl.u32\td18, d5, #14"},
    {0xf29de83cu, "vshrn.i32\td14, q14, #3"}, {0xf2b8a81au, "vshrn.i64\td10, q5, #8"},
    {0xf2d26876u, "vrshrn.i32\td22, q11, #14"}, {0xf2eb887au, "vrshrn.i64\td24, q13, #21"},
    {0xf3d7b81cu, "vqshrun.s32\td27, q6, #9"}, {0xf3cbc83cu, "vqshrun.s16\td28, q14, #5"},
    {0xf399c87au, "vqrshrun.s32\td12, q13, #7"}, {0xf3ab1850u, "vqrshrun.s64\td1, q0, #21"},
    {0xf3b8b934u, "vqshrn.u64\td11, q10, #8"}, {0xf38a5932u, "vqshrn.u16\td5, q9, #6"},
    {0xf2bf7950u, "vqrshrn.s64\td7, q0, #1"}, {0xf387c97du, "vbic.i16\tq6, #253\t@ 0x00fd"},
    {0xf2c42a33u, "vmvn.i16\td18, #17152\t@ 0x4300"}, {0xf28b0a34u, "vshll.s8\tq0, d20, #3"},
    {0xf2f52e1au, "vcvt.f32.s32\td18, d10, #11"}, {0xf2ebbe19u, "vcvt.f32.s32\td27, d9, #21"},
    {0xf3ea2f12u, "vcvt.u32.f32\td18, d2, #22"}, {0xf2f66f3eu, "vcvt.s32.f32\td22, d30, #10"},
    /* by hand: VORR's register move, VMOVL, the immediates' forms */
    {0xf2210111u, "vorr\td0, d1, d1"},         {0xf3900a11u, "vmovl.u16\tq0, d1"},
    {0xf387061fu, "vmov.i32\td0, #-16777216\t@ 0xff000000"}, {0xf3870a7fu, "vmvn.i16\tq0, #65280\t@ 0xff00"},
    {0xf2800d11u, "vmov.i32\td0, #131071\t@ 0x0001ffff"}, {0xf3820e1bu, "vmov.i8\td0, #171\t@ 0xab"},
    {0xf3820e39u, "vmov.i64\td0, #0xff00ff00ff0000ff"}, {0xf3840f50u, "vmov.f32\tq0, #-0.125\t@ 0xbe000000"},
    {0xf2830f1fu, "vmov.f32\td0, #31\t@ 0x41f80000"}, {0xf3870b3fu, "vbic.i16\td0, #65280\t@ 0xff00"},
    {0xf2a10591u, "vshl.s64\td0, d1, #33\t@ 0x21"}, {0xf2a00591u, "vshl.s64\td0, d1, #32"},
    {0xf38000d2u, "vshr.u64\tq0, q1, #64"},     {0xf3a00f52u, "vcvt.u32.f32\tq0, q1, #32"},
    {0xf291026fu, "vmlal.s16\tq0, d1, d7[3]"},  {0xf3a2046fu, "vmls.i32\tq0, q1, d15[1]"},
};

/* The T32 form of an A32 Advanced SIMD data-processing word: 111U 1111. */
static uint32_t t32_of(uint32_t w) { return 0xef000000u | ((w >> 24) & 1u) << 28 | (w & 0x00ffffffu); }

Test(arm_neon_arith, decode_and_disassemble_like_objdump)
{
    for (size_t i = 0; i < sizeof neon_words / sizeof neon_words[0]; i++) {
        arm_insn_t a, t;
        char buf[96];
        uint32_t w = neon_words[i].word, tw = t32_of(w);
        arm_decode_a32(w, 0x8000u, &a);
        cr_assert_neq(a.op, ARM_OP_UNDEF, "%08x", w);
        cr_assert_str_eq(arm_disasm(&a, 0x8000u, buf, sizeof buf), neon_words[i].text, "%08x", w);
        arm_decode_t32(tw >> 16, tw & 0xffffu, 0x8000u, &t);
        cr_assert_eq(t.op, a.op, "%08x", tw);
        cr_assert_eq(arm_len(&t), 4u);
        cr_assert_str_eq(arm_disasm(&t, 0x8000u, buf, sizeof buf), neon_words[i].text, "%08x", tw);
    }
}

Test(arm_neon_arith, undefined_and_unpredictable_variants)
{
    static const uint32_t undef[] = {
        0xf2210842u, /* vadd.i32 q0, <q0.5>, q1: Q with an odd Vn */
        0xf2300000u, /* vhadd.s64: size 11 */
        0xf2a00e00u, /* vmull.p64: ARMv8 */
        0xf3110910u, /* vmul.p16 */
        0xf2100d00u, /* vadd.f16: ARMv8.2 */
        0xf2800f30u, /* cmode 1111 op 1 */
        0xf2800310u, /* vorr.i32 #0 with cmode 0011 (imm8 0 shifted): UNPREDICTABLE */
        0xf2000b50u, /* vpadd.i8 with Q */
        0xf3000f40u, /* vpmax.f32 with Q */
        0xf2800890u, /* vshrn with L 1 */
        0xf2901b00u, /* vqdmlsl: Vd odd (q0.5) */
        0xf2800900u, /* vqdmlal.s8 */
        0xf2800040u, /* vmla scalar, size 00 */
        0xf2900140u, /* vmla.f16 scalar */
        0xf2900e10u, /* vcvt fixed point with imm6 0xxxxx */
        0xf3000f10u, /* vmaxnm: ARMv8 */
    };
    for (size_t i = 0; i < sizeof undef / sizeof undef[0]; i++) {
        arm_insn_t a, t;
        uint32_t tw = t32_of(undef[i]);
        arm_decode_a32(undef[i], 0x8000u, &a);
        cr_assert_eq(a.op, ARM_OP_UNDEF, "%08x", undef[i]);
        arm_decode_t32(tw >> 16, tw & 0xffffu, 0x8000u, &t);
        cr_assert_eq(t.op, ARM_OP_UNDEF, "%08x", tw);
    }
}

/* ---- semantics ------------------------------------------------------------- */

static uint32_t rec_priv[1024];

static void set_d(arm_ctx_t *c, uint32_t d, uint64_t v)
{
    c->vfp[2u * d] = (uint32_t)v;
    c->vfp[2u * d + 1u] = (uint32_t)(v >> 32);
}

static uint64_t get_d(const arm_ctx_t *c, uint32_t d) { return (uint64_t)c->vfp[2u * d + 1u] << 32 | c->vfp[2u * d]; }

static void run1(arm_ctx_t *c, uint32_t w)
{
    sim_mem_t m = one_core_mem(rec_priv, 0x10000u, sizeof rec_priv);
    arm_insn_t in;
    arm_decode_a32(w, 0x8000u, &in);
    cr_assert_neq(in.op, ARM_OP_UNDEF, "%08x", w);
    c->r[15] = 0x8008u;
    c->npc = 0x8004u;
    arm_exec(c, &in, &m, 0, 0x8000u, 0);
}

/* one instruction on d0 = x0, d1 = x1, d2 = x2, d3 = x3 and the FPSCR */
static arm_ctx_t neon_run(uint32_t w, uint64_t x0, uint64_t x1, uint64_t x2, uint64_t x3, uint32_t fpscr)
{
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    set_d(&c, 0, x0);
    set_d(&c, 1, x1);
    set_d(&c, 2, x2);
    set_d(&c, 3, x3);
    c.fpscr = fpscr;
    run1(&c, w);
    return c;
}

#define QC ARM_NEON_QC

Test(arm_neon_arith, saturation_sets_qc)
{
    /* vqadd.s8 d0, d1, d2: 127 + 1, -128 + -1 saturate; 1 + 2, -1 + -1 do not */
    arm_ctx_t c = neon_run(0xf2010012u, 0, 0x00000000ff01807full, 0x00000000ff02ff01ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x00000000fe03807full);
    cr_assert_eq(c.fpscr, QC);
    /* QC stays set: vqadd.s8 that does not saturate */
    c = neon_run(0xf2010012u, 0, 1, 2, 0, QC);
    cr_assert_eq(get_d(&c, 0), 3u);
    cr_assert_eq(c.fpscr, QC);
    /* vqadd.u64 q0, q1, q2 */
    arm_ctx_t q;
    memset(&q, 0, sizeof q);
    set_d(&q, 2, 0xffffffffffffff00ull);
    set_d(&q, 3, 1);
    set_d(&q, 4, 0x100);
    set_d(&q, 5, 2);
    run1(&q, 0xf3320054u);
    cr_assert_eq(get_d(&q, 0), ~0ull);
    cr_assert_eq(get_d(&q, 1), 3u);
    cr_assert_eq(q.fpscr, QC);
    /* vqshl.u32 d0, d1, #31: 1 fits, 2 saturates */
    c = neon_run(0xf3bf0711u, 0, 0x0000000200000001ull, 0, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0xffffffff80000000ull);
    cr_assert_eq(c.fpscr, QC);
    /* vqshrun.s16 d0, q1, #1: -1 -> 0, 256 -> 255 (both QC), 0x3fff -> 255, 0x80 */
    c = neon_run(0xf38f0812u, 0, 0, 0x01007fff0200ffffull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x0000000080ffff00ull);
    cr_assert_eq(c.fpscr, QC);
}

Test(arm_neon_arith, register_and_rounding_shifts)
{
    /* vrshl.s16 d0, d1, d2 (d1 shifted by d2): 5 >> 1 -> 3, -5 >> 1 -> -2, 0x4000 << 1, 3 >> 2 -> 1 */
    arm_ctx_t c = neon_run(0xf2120501u, 0, 0x00034000fffb0005ull, 0xfffe0001ffffffffull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x00018000fffe0003ull);
    cr_assert_eq(c.fpscr, 0u);
    /* vqrshl.u8 d0, d1, d2: 0x80 << 1 saturates, 1 << 7, 0xff >> 8 rounds to 1, 0x10 >> 5 -> 1 */
    c = neon_run(0xf3020511u, 0, 0x0000000010ff0180ull, 0x00000000fbf80701ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x00000000010180ffull);
    cr_assert_eq(c.fpscr, QC);
    /* vshl.s8 d0, d1, d2: -127 >> 1, 1 << 8 is 0, 0x40 << 1 wraps, 0x7f >> 8 is 0 */
    c = neon_run(0xf2020401u, 0, 0x000000007f400181ull, 0x00000000f80108ffull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x00000000008000c0ull);
    /* vrshr.u64 d0, d1, #64: the rounding bit is bit 63 */
    c = neon_run(0xf3800291u, 0, 0x8000000000000000ull, 0, 0, 0);
    cr_assert_eq(get_d(&c, 0), 1u);
    c = neon_run(0xf3800291u, 0, 0x7fffffffffffffffull, 0, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0u);
    /* vsri.32 d0, d1, #32 inserts nothing */
    c = neon_run(0xf3a00411u, 0x1234567890abcdefull, ~0ull, 0, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x1234567890abcdefull);
    /* vshrn.i64 d0, q1, #32 */
    c = neon_run(0xf2a00812u, 0, 0, 0x1122334455667788ull, 0x99aabbccddeeff00ull, 0);
    cr_assert_eq(get_d(&c, 0), 0x99aabbcc11223344ull);
}

Test(arm_neon_arith, doubling_multiplies)
{
    /* vqdmulh.s16 d0, d1, d2: 0x8000 * 0x8000 saturates to 0x7fff */
    arm_ctx_t c = neon_run(0xf2110b02u, 0, 0x0001800040008000ull, 0x00017fff40008000ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x0000800120007fffull);
    cr_assert_eq(c.fpscr, QC);
    /* vqrdmulh.s32 d0, d1, d2: (2 * 1 * 2^30 + 2^31) >> 32 = 1 */
    c = neon_run(0xf3210b02u, 0, 0x0000000180000000ull, 0x4000000080000000ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x000000017fffffffull);
    cr_assert_eq(c.fpscr, QC);
    /* vqrdmulh.s16 d0, d1, d2[3] (= 0x8000): rounding toward +inf of the halves */
    c = neon_run(0xf2910d6au, 0, 0x0000000140008000ull, 0x8000000000000000ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x0000ffffc0007fffull);
    cr_assert_eq(c.fpscr, QC);
    /* vqdmull.s32 q0, d2, d3 */
    c = neon_run(0xf2a20d03u, 0, 0, 0x0000000280000000ull, 0x0000000380000000ull, 0);
    cr_assert_eq(get_d(&c, 0), 0x7fffffffffffffffull);
    cr_assert_eq(get_d(&c, 1), 12u);
    cr_assert_eq(c.fpscr, QC);
    /* vqdmlal.s32 q0, d2, d3: the accumulation saturates too */
    c = neon_run(0xf2a20903u, 0x7fffffffffffff00ull, 5, 0x00000001000003e8ull, 0x00000001000003e8ull, 0);
    cr_assert_eq(get_d(&c, 0), 0x7fffffffffffffffull);
    cr_assert_eq(get_d(&c, 1), 7u);
    cr_assert_eq(c.fpscr, QC);
}

Test(arm_neon_arith, polynomial_and_pairwise_and_bitwise)
{
    /* vmul.p8 d0, d1, d2: 3 * 3 = 5, 0xff * 2 = 0x1fe, 0x80 * 2 = 0x100 (low bytes) */
    arm_ctx_t c = neon_run(0xf3010912u, 0, 0x000000000080ff03ull, 0x0000000000020203ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x000000000000fe05ull);
    /* vmull.p8 q0, d1, d2: the whole products */
    c = neon_run(0xf2810e02u, 0, 0x000000000080ff03ull, 0x0000000000020203ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x0000010001fe0005ull);
    cr_assert_eq(get_d(&c, 1), 0u);
    /* vpadd.i16 d0, d1, d2 */
    c = neon_run(0xf2110b12u, 0, 0x0004000300020001ull, 0x0014000a0001ffffull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x001e000000070003ull);
    /* vbsl d0, d1, d2 */
    c = neon_run(0xf3110112u, 0xff00ff00ff00ff00ull, 0x1111111111111111ull, 0x2222222222222222ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x1122112211221122ull);
    /* vmov.i64 d0, #0xff00ff00ff0000ff */
    c = neon_run(0xf3820e39u, 0, 0, 0, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0xff00ff00ff0000ffull);
    /* vadd.i32 q0, q0, q1: the destination is a source */
    c = neon_run(0xf2200842u, 0x0000000200000001ull, 0x0000000400000003ull, 0x000000140000000aull,
                 0x000000280000001eull, 0);
    cr_assert_eq(get_d(&c, 0), 0x000000160000000bull);
    cr_assert_eq(get_d(&c, 1), 0x0000002c00000021ull);
}

Test(arm_neon_arith, float_standard_fpscr)
{
    /* vadd.f32 d0, d1, d2 with FZ, DN off and RZ in the FPSCR: NEON flushes the
     * denormal (IDC), answers the default NaN (IOC), keeps the FPSCR's modes */
    arm_ctx_t c = neon_run(0xf2010d02u, 0, 0x7f80000100000001ull, 0x3f8000003f800000ull, 0, 0x00c00000u);
    cr_assert_eq(get_d(&c, 0), 0x7fc000003f800000ull);
    cr_assert_eq(c.fpscr, 0x00c00000u | VFP_IDC | VFP_IOC);
    /* vrecps.f32: inf * 0 gives 2.0; 2 - 2 * 0.5 */
    c = neon_run(0xf2010f12u, 0, 0x400000007f800000ull, 0x3f00000000000000ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x3f80000040000000ull);
    cr_assert_eq(c.fpscr, 0u);
    /* vrsqrts.f32: 0 * -inf gives 1.5; (3 - 2 * 1) / 2 */
    c = neon_run(0xf2210f12u, 0, 0x4000000000000000ull, 0x3f800000ff800000ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x3f0000003fc00000ull);
    /* vmax.f32, vmin.f32: -0 < +0; a quiet NaN gives the default NaN */
    c = neon_run(0xf2010f02u, 0, 0x7fc0012380000000ull, 0x3f80000000000000ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x7fc0000000000000ull);
    cr_assert_eq(c.fpscr, 0u);
    c = neon_run(0xf2210f02u, 0, 0x7fc0012380000000ull, 0x3f80000000000000ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x7fc0000080000000ull);
    /* vfma.f32 is fused: -1 + (1 + 2^-23)(1 - 2^-23) = -2^-46; vmla.f32 rounds the product first */
    c = neon_run(0xf2010c12u, 0xbf800000u, 0x3f800001u, 0x3f7ffffeu, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0xa8800000u);
    c = neon_run(0xf2010d12u, 0xbf800000u, 0x3f800001u, 0x3f7ffffeu, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0u);
    /* vmla.f32 d0, d1, d2[1] */
    c = neon_run(0xf2a10162u, 0x3f8000003f800000ull, 0x4040000040000000ull, 0x3f00000000000000ull, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x4020000040000000ull);
    /* vcvt.s32.f32 d0, d1, #1: 1.5 -> 3; -2^31 * 2 saturates (IOC) */
    c = neon_run(0xf2bf0f11u, 0, 0xcf0000003fc00000ull, 0, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x8000000000000003ull);
    cr_assert_eq(c.fpscr, VFP_IOC);
    /* vcvt.f32.u32 d0, d1, #32: 2^31 -> 0.5; 2^32 - 1 rounds to 1.0 (IXC) */
    c = neon_run(0xf3a00e11u, 0, 0xffffffff80000000ull, 0, 0, 0);
    cr_assert_eq(get_d(&c, 0), 0x3f8000003f000000ull);
    cr_assert_eq(c.fpscr, VFP_IXC);
}
