/* The harness around each IA-32 test block (risu_x86_main.c calls
 * risu_run): the x87 state, EFLAGS and all eight registers loaded from
 * risu_in (ESP too: a block's stack lies in the scratch buffer), for the
 * sse class MXCSR and XMM0-7 from risu_sse_in, the block entered through
 * risu_target, and at its exit (every block ends with a jump to risu_exit)
 * the registers, EFLAGS, the x87 state and the SSE state stored back
 * (MXCSR then back to Linux's 0x1f80).
 * The harness's own ESP waits in risu_saved_esp meanwhile; only absolute
 * addresses are used in between, so a block may leave any register. */
	.text
	.global risu_run
	.type risu_run, @function
risu_run:
	push %ebp
	push %ebx
	push %esi
	push %edi
	mov %esp, risu_saved_esp
	frstor risu_fpu_in
	cmpl $0, risu_sse
	je 1f
	ldmxcsr risu_sse_in+128
	movdqu risu_sse_in+0, %xmm0
	movdqu risu_sse_in+16, %xmm1
	movdqu risu_sse_in+32, %xmm2
	movdqu risu_sse_in+48, %xmm3
	movdqu risu_sse_in+64, %xmm4
	movdqu risu_sse_in+80, %xmm5
	movdqu risu_sse_in+96, %xmm6
	movdqu risu_sse_in+112, %xmm7
1:
	pushl risu_in_flags
	popfl
	mov risu_in+0, %eax
	mov risu_in+4, %ecx
	mov risu_in+8, %edx
	mov risu_in+12, %ebx
	mov risu_in+20, %ebp
	mov risu_in+24, %esi
	mov risu_in+28, %edi
	mov risu_in+16, %esp
	jmp *risu_target

	.global risu_exit
	.type risu_exit, @function
risu_exit:
	mov %eax, risu_out+0
	mov %ecx, risu_out+4
	mov %edx, risu_out+8
	mov %ebx, risu_out+12
	mov %esp, risu_out+16
	mov %ebp, risu_out+20
	mov %esi, risu_out+24
	mov %edi, risu_out+28
	mov risu_saved_esp, %esp
	pushfl
	popl risu_out_flags
	cld
	fnsave risu_fpu_out
	cmpl $0, risu_sse
	je 2f
	stmxcsr risu_sse_out+128
	movdqu %xmm0, risu_sse_out+0
	movdqu %xmm1, risu_sse_out+16
	movdqu %xmm2, risu_sse_out+32
	movdqu %xmm3, risu_sse_out+48
	movdqu %xmm4, risu_sse_out+64
	movdqu %xmm5, risu_sse_out+80
	movdqu %xmm6, risu_sse_out+96
	movdqu %xmm7, risu_sse_out+112
	ldmxcsr risu_mxcsr_init
2:
	pop %edi
	pop %esi
	pop %ebx
	pop %ebp
	ret
	.section .note.GNU-stack, "", @progbits
