// clang-format off
// `requires unified_shared_memory` on the host device, which shares the host's memory: maps
// use the host's storage (a device write under map(to) is seen by the host, nothing is
// allocated or copied, presence lasts as long as the map), declare target variables are
// reached through reference pointers set to the host's variables, and LIBOMPTARGET_INFO says
// once that the clause is honoured. clang-19 and clang-22 pass the clause as an offload entry,
// clang-14 through __tgt_register_requires. A device that has memory of its own (the CUDA
// plugin on a stand-in driver) is not used under the clause: said once, its constructs run on
// the host.
// RUN: %compile-offload && %run %t | %FileCheck %s --check-prefixes=CHECK,HOST
// RUN: env LIBOMPTARGET_INFO=0x100 %run %t 2>&1 | %FileCheck %s --check-prefix=INFO
// RUN: %if cuda-plugin %{ %cc -shared -fPIC -I%cuda-src %S/Inputs/cuda_mock.c -o %t.mock.so %}
// RUN: %if cuda-plugin %{ env GLASS_TARGET_PLUGINS=cuda,host GLASS_CUDA_DRIVER=%t.mock.so %run %t 2>&1 | %FileCheck %s --check-prefixes=GPU %}
// A reverse_offload clause (clang-19 and clang-22 reject it; it is passed here as clang-14's
// call would pass it) gets a message: the host device cannot offload back to the host.
// RUN: %compile-offload -DREVERSE -o %t.rev && %run %t.rev 2>&1 | %FileCheck %s --check-prefixes=REV,CHECK
// REQUIRES: offload
// clang-format on
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp requires unified_shared_memory

// clang-format off
// The messages (stderr) come before the program's output (stdout, a pipe: written at exit).
// GPU: omptarget error: device 0 (cuda) cannot honour 'requires unified_shared_memory': it has memory of its own; its target constructs run on the host
// GPU-NOT: cannot honour
// REV: omptarget error: 'requires reverse_offload' cannot be honoured: no device here offloads back to the host
// REV-NOT: reverse_offload
// GPU: omptarget error: omp_target_is_present: device 0 cannot be used (it failed to initialise, or cannot honour the program's requires clauses)
// clang-format on
int g = 5;
#pragma omp declare target(g)

void __tgt_register_requires(long long flags);

int main(void) {
#ifdef REVERSE
  __tgt_register_requires(0x2); // OMP_REQ_REVERSE_OFFLOAD
#endif
  int *p = malloc(4 * sizeof *p);
  for (int i = 0; i < 4; i++)
    p[i] = i;
#pragma omp target map(to : p[0 : 4])
  for (int i = 0; i < 4; i++)
    p[i] *= 10;
  // CHECK: p 0 10 20 30
  // GPU: p 0 10 20 30
  printf("p %d %d %d %d\n", p[0], p[1], p[2], p[3]);
  int inside = -1, on_device = -1;
#pragma omp target data map(tofrom : p[0 : 4])
  {
    inside = omp_target_is_present(p, 0);
#pragma omp target map(from : on_device)
    {
      g++;
      p[0] = 7;
      on_device = !omp_is_initial_device();
    }
  }
  // HOST-NEXT: present inside 1 after 0, g 6, p[0] 7
  // GPU: present inside 0 after 0, g 6, p[0] 7
  printf("present inside %d after %d, g %d, p[0] %d\n", inside, omp_target_is_present(p, 0), g,
         p[0]);
  // HOST-NEXT: ran on a device: 1
  // GPU-NEXT: ran on a device: 0
  printf("ran on a device: %d\n", on_device);
  free(p);
  return 0;
}
// INFO: requires unified_shared_memory: the host device shares the host's memory
// INFO-NOT: requires unified_shared_memory
// INFO: device 0 info: initialised (host plugin
// INFO-NOT: cannot honour
