// The host plugin's kernel trampoline (call_x86_64.S).
#pragma once

// Calls fn(args[0], ..., args[n-1]) with pointer-sized arguments (six in registers, the rest on
// the stack).
void glass_host_call(void *fn, void **args, long n);
