// Portable fallback of glass_invoke_microtask for targets without an assembly trampoline:
// a switch over the argument count, up to GLASS_GENERIC_MAX_ARGS arguments.
#include "glass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLASS_GENERIC_MAX_ARGS 32

#define A(i) a[i]
void glass_invoke_microtask(kmpc_micro fn, int32_t *gtid, int32_t *tid, int32_t argc, void **argv,
                            void **exit_frame) {
  if (exit_frame)
    *exit_frame = __builtin_frame_address(0);
  if (argc > GLASS_GENERIC_MAX_ARGS) {
    fprintf(stderr, "OMP: Error: Glass runtime: %d shared arguments exceed this build's limit\n",
            argc);
    abort();
  }
  void *a[GLASS_GENERIC_MAX_ARGS] = {0}; // reading past argv[argc) must not fault
  memcpy(a, argv, sizeof(void *) * (size_t)(argc > 0 ? argc : 0));
  switch (argc) {
  // clang-format off
  case 0: fn(gtid, tid); break;
  case 1: fn(gtid, tid, A(0)); break;
  case 2: fn(gtid, tid, A(0), A(1)); break;
  case 3: fn(gtid, tid, A(0), A(1), A(2)); break;
  case 4: fn(gtid, tid, A(0), A(1), A(2), A(3)); break;
  case 5: fn(gtid, tid, A(0), A(1), A(2), A(3), A(4)); break;
  case 6: fn(gtid, tid, A(0), A(1), A(2), A(3), A(4), A(5)); break;
  case 7: fn(gtid, tid, A(0), A(1), A(2), A(3), A(4), A(5), A(6)); break;
  case 8: fn(gtid, tid, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7)); break;
  default:
    fn(gtid, tid, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7), A(8), A(9), A(10), A(11),
       A(12), A(13), A(14), A(15), A(16), A(17), A(18), A(19), A(20), A(21), A(22), A(23),
       A(24), A(25), A(26), A(27), A(28), A(29), A(30), A(31));
    break;
    // clang-format on
  }
}

// No recognizable return point in the portable version: tail calls keep their return address.
const char glass_invoke_microtask_return[1];
