/* The harness around each test block (risu_main.c calls risu_run): the
 * state's r0-r12, lr and APSR loaded, the block entered (ARM or Thumb, by
 * the target's bit 0), and at its exit every register and the APSR stored
 * back into the state; sp points at the state meanwhile, so no block may
 * name sp (or pc). State: r0-r12, lr (14 words), apsr (+56), the caller's
 * sp (+60), the target (+64). */
	.syntax unified
	.arch armv7-a
	.text
	.arm
	.global risu_run
	.type risu_run, %function
risu_run:
	push {r4-r11, lr}
	str sp, [r0, #60]
	str r1, [r0, #64]
	mov sp, r0
	clrex
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
	ldr sp, [sp, #60]
	pop {r4-r11, pc}

	.thumb
	.global risu_exit_t32
	.type risu_exit_t32, %function
	.thumb_func
risu_exit_t32:
	stmia.w sp, {r0-r12, lr}
	mrs r0, APSR
	str.w r0, [sp, #56]
	ldr.w sp, [sp, #60]
	pop.w {r4-r11, pc}
	.section .note.GNU-stack, "", %progbits
