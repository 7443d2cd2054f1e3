// glass_host_call(fn, args, n): calls fn(args[0], ..., args[n-1]) with pointer-sized
// arguments under the System V x86-64 convention. args has at least 6 slots.
#include "../../runtime/core/frame_x86_64.h"

        TRAMPOLINE_BEGIN glass_host_call
        movq    %rdi, %r11              // fn
        movq    %rsi, %r10              // args
        movq    %rdx, %rcx
        subq    $6, %rcx                // arguments that go on the stack
        jle     2f
        testq   $1, %rcx                // keep %rsp 16-byte aligned at the call
        jz      1f
        subq    $8, %rsp
1:      pushq   40(%r10,%rcx,8)         // args[5 + rcx], last first
        decq    %rcx
        jnz     1b
2:      movq    (%r10), %rdi
        movq    8(%r10), %rsi
        movq    16(%r10), %rdx
        movq    24(%r10), %rcx
        movq    32(%r10), %r8
        movq    40(%r10), %r9
        xorl    %eax, %eax
        call    *%r11
        TRAMPOLINE_END glass_host_call
        .section .note.GNU-stack,"",@progbits
