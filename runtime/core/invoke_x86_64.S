// glass_invoke_microtask: call an outlined parallel region with any number of arguments.
//
// void glass_invoke_microtask(kmpc_micro fn, int32_t *gtid, int32_t *tid, int32_t argc,
//                             void **argv, void **exit_frame)
// in:  rdi fn, rsi gtid, rdx tid, ecx argc, r8 argv, r9 exit_frame
// out: fn(gtid, tid, argv[0], ..., argv[argc-1]) per the SysV AMD64 calling convention.
//
// This frame is the runtime frame that calls user code, so its frame pointer is what OMPT
// reports as the implicit task's exit_frame (stored through r9 when it is not NULL).

#include "frame_x86_64.h"

// argv[i] into register reg when argc (rax) > i; else on to the call (label 4).
        .macro REG_ARG i, reg
        cmpq    $(\i + 1), %rax
        jl      4f
        movq    (8 * \i)(%r11), \reg
        .endm

        TRAMPOLINE_BEGIN glass_invoke_microtask
        testq   %r9, %r9
        jz      1f
        movq    %rbp, (%r9)
1:
        movq    %rdi, %r10              // fn
        movq    %r8, %r11               // argv
        movslq  %ecx, %rax              // argc
        // Arguments beyond the fourth go on the stack, last one pushed first. The call must
        // find rsp 16-byte aligned: pad when an odd number is pushed.
        movq    %rax, %rcx
        cmpq    $4, %rcx
        jle     3f
        leaq    -4(%rcx), %r8
        testq   $1, %r8
        jz      2f
        subq    $8, %rsp
2:
        pushq   -8(%r11,%rcx,8)
        decq    %rcx
        cmpq    $4, %rcx
        jg      2b
3:
        movq    %rsi, %rdi              // gtid
        movq    %rdx, %rsi              // tid
        REG_ARG 0, %rdx                 // the first four of argv go in registers, while argc lasts
        REG_ARG 1, %rcx
        REG_ARG 2, %r8
        REG_ARG 3, %r9
4:
        xorl    %eax, %eax              // no vector registers used by a variadic callee
        call    *%r10
        // Where a runtime entry point returns to when the outlined function tail-called it:
        // glass_user_codeptr() recognizes it (the user's call site is gone).
        .globl  glass_invoke_microtask_return
        .hidden glass_invoke_microtask_return
glass_invoke_microtask_return:
        TRAMPOLINE_END glass_invoke_microtask

        .section .note.GNU-stack,"",@progbits
