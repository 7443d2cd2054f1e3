// Assembler macros for trampolines that call user code (runtime/core/invoke_x86_64.S,
// libomptarget/host/call_x86_64.S): a hidden function with an rbp frame and its CFI, so
// unwinders, debuggers and OMPT's frame addresses see through it.

// A hidden global function `name` begins, its frame set up.
        .macro  TRAMPOLINE_BEGIN name
        .text
        .p2align 4
        .globl  \name
        .hidden \name
        .type   \name,@function
\name:
        .cfi_startproc
        pushq   %rbp
        .cfi_def_cfa_offset 16
        .cfi_offset %rbp, -16
        movq    %rsp, %rbp
        .cfi_def_cfa_register %rbp
        .endm

// Its frame is left and it returns.
        .macro  TRAMPOLINE_END name
        leave
        .cfi_def_cfa %rsp, 8
        ret
        .cfi_endproc
        .size   \name, .-\name
        .endm
