/* The harness around each IA-32 test block (risu_x86_main.c calls
 * risu_run): the x87 state, EFLAGS and all eight registers loaded from
 * risu_in (ESP too: a block's stack lies in the scratch buffer), the block
 * entered through risu_target, and at its exit (every block ends with a
 * jump to risu_exit) the registers, EFLAGS and the x87 state stored back.
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
	pop %edi
	pop %esi
	pop %ebx
	pop %ebp
	ret
	.section .note.GNU-stack, "", @progbits
