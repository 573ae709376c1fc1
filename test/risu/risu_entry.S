/* The harness around each test block (risu_main.c calls risu_run): the
 * state's r0-r12, lr and APSR loaded (and, for the FP classes, the FPSCR
 * and D0-D31), the block entered (ARM or Thumb, by the target's bit 0), and
 * at its exit all of them stored back into the state; sp points at the
 * state meanwhile, so no block may name sp (or pc). The caller's d8-d15
 * and FPSCR are kept on its stack. State: r0-r12, lr (14 words), apsr
 * (+56), the caller's sp (+60), the target (+64), fp (+68: nonzero for the
 * FP state), fpscr (+72), D0-D31 (+80). */
	.syntax unified
	.arch armv7-a
	.fpu vfpv3
	.text
	.arm
	.global risu_run
	.type risu_run, %function
risu_run:
	push {r4-r11, lr}
	vpush {d8-d15}
	vmrs r2, fpscr
	push {r2, r3}
	str sp, [r0, #60]
	str r1, [r0, #64]
	mov sp, r0
	ldr r0, [sp, #68]
	cmp r0, #0
	beq 1f
	ldr r0, [sp, #72]
	vmsr fpscr, r0
	add r0, sp, #80
	vldmia r0!, {d0-d15}
	vldmia r0, {d16-d31}
1:	clrex
	ldr r0, [sp, #56]
	msr APSR_nzcvqg, r0
	ldm sp, {r0-r12, lr}
	ldr pc, [sp, #64]

	.global risu_exit_a32
	.type risu_exit_a32, %function
risu_exit_a32:
	stm sp, {r0-r12, lr}
	mrs r0, APSR
	str r0, [sp, #56]
	b risu_exit_fp

/* The FP state stored (FP classes), the caller's restored. */
	.type risu_exit_fp, %function
risu_exit_fp:
	ldr r0, [sp, #68]
	cmp r0, #0
	beq 1f
	vmrs r1, fpscr
	str r1, [sp, #72]
	add r0, sp, #80
	vstmia r0!, {d0-d15}
	vstmia r0, {d16-d31}
1:	ldr sp, [sp, #60]
	pop {r2, r3}
	vmsr fpscr, r2
	vpop {d8-d15}
	pop {r4-r11, pc}

	.thumb
	.global risu_exit_t32
	.type risu_exit_t32, %function
	.thumb_func
risu_exit_t32:
	stmia.w sp, {r0-r12, lr}
	mrs r0, APSR
	str.w r0, [sp, #56]
	blx risu_exit_fp
	.section .note.GNU-stack, "", %progbits
