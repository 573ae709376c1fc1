/* The x87 arithmetic core in one include: values and environment (fp80.h),
 * FADD FSUB FMUL FDIV FSQRT (fp80_arith.h), FPREM FPREM1 FRNDINT FSCALE
 * FXTRACT FABS FCHS (fp80_misc.h), comparisons, FTST and FXAM (fp80_cmp.h),
 * integer and IEEE conversions (fp80_conv.h), packed BCD (fp80_bcd.h), the
 * load constants (fp80_const.h) and the transcendentals (fp80_trig.h,
 * fp80_explog.h, on the 128-bit float of fp80_xf.h and the series of
 * fp80_series.h). */
#ifndef X86_FP80_ALL_H
#define X86_FP80_ALL_H

#include "fp80_arith.h"
#include "fp80_bcd.h"
#include "fp80_cmp.h"
#include "fp80_const.h"
#include "fp80_conv.h"
#include "fp80_explog.h"
#include "fp80_misc.h"
#include "fp80_trig.h"

#endif
