// A pointer mapped together with elements of its pointee, map(p, p[2]): clang passes the
// pointer as one pointer-and-object parameter, which the region receives as the device value
// of the pointer (the device copy of the pointee, moved back to p[0]). A local pointer and a
// declare target one, inside a data region that maps part of the pointee already.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload
// clang-14 maps p and p[2] as two unrelated entries without attaching the pointer, so the
// device pointer is the host's value (as on LLVM's libomptarget).
// UNSUPPORTED: clang-14
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp declare target
int *g;
#pragma omp end declare target

int main(void) {
  int *p = calloc(8, sizeof *p);
  g = calloc(8, sizeof *g);
  int seen_host = -1;
#pragma omp target data map(g[:4])
  {
#pragma omp target map(g[2], g, g[3]) map(p, p[2]) map(from : seen_host)
    {
      g[2] = 7;
      g[3] = 9;
      p[2] = 5;
      // The device pointer is not the host's (device memory is distinct on the host device).
      seen_host = p == NULL;
    }
  }
  // CHECK: p[2] 5, g[2] 7, g[3] 9, null 0
  printf("p[2] %d, g[2] %d, g[3] %d, null %d\n", p[2], g[2], g[3], seen_host);
  free(p), free(g);
  return 0;
}
