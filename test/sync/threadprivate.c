// threadprivate in C, on both paths: native TLS (clang's default, no runtime call) and the
// runtime's (-fnoopenmp-use-tls: __kmpc_threadprivate_cached). Each thread has its own copy
// starting from the initial value (not the value the initial thread gave the original later),
// copies persist across regions of the hot team, copyin copies the master's values (scalar and
// array), the initial thread's copy is the original, and a nested team's threads get copies too.
// RUN: %compile -o %t.tls
// RUN: %cc %flags -fnoopenmp-use-tls %s -o %t.rt
// RUN: env OMP_NUM_THREADS=1 %run %t.tls | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t.tls | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t.tls | %FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %run %t.rt | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t.rt | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t.rt | %FileCheck %s
// RUN: %cc %flags -fnoopenmp-use-tls -S -emit-llvm -O1 %s -o - | %FileCheck %s --check-prefix=IR
#include "expect.h"
#include <omp.h>
#include <stdio.h>

int counter = 100;
#pragma omp threadprivate(counter)
static double vec[3] = {1.5, 2.5, 3.5};
#pragma omp threadprivate(vec)
static int zeroed;
#pragma omp threadprivate(zeroed)

int main(void) {
  int n = omp_get_max_threads();
  int *original = &counter;
  counter = 5; // the initial thread's copy is the original; others start at 100
  vec[0] = 9.5;

#pragma omp parallel
  {
    int t = omp_get_thread_num();
    if (t == 0) {
      EXPECT(&counter == original, "the initial thread's copy is not the original");
      EXPECT(counter == 5, "master counter %d", counter);
    } else {
      EXPECT(&counter != original, "thread %d shares the original", t);
      EXPECT(counter == 100, "thread %d counter %d (want the initial 100)", t, counter);
      EXPECT(vec[0] == 1.5 && vec[2] == 3.5, "thread %d vec %g %g", t, vec[0], vec[2]);
    }
    EXPECT(zeroed == 0, "thread %d zeroed %d", t, zeroed);
    counter = 1000 + t; // persists into the next region
    zeroed = t;
  }

  int persisted = 0;
#pragma omp parallel reduction(+ : persisted)
  persisted += counter == 1000 + omp_get_thread_num() && zeroed == omp_get_thread_num();
  EXPECT(persisted == n, "%d of %d threads kept their copy across regions", persisted, n);

  counter = 42;
  vec[1] = -7.25;
  int copied = 0;
#pragma omp parallel copyin(counter, vec) reduction(+ : copied)
  {
    copied += counter == 42 && vec[1] == -7.25 && vec[0] == 9.5;
    counter += omp_get_thread_num(); // private again after the copy
  }
  EXPECT(copied == n, "copyin reached %d of %d threads", copied, n);
  EXPECT(counter == 42, "master counter after copyin region %d", counter);

  // Nested: the inner teams' workers have their own copies too.
  omp_set_max_active_levels(2);
  int distinct = 0;
#pragma omp parallel num_threads(2) reduction(+ : distinct)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(2) reduction(+ : distinct)
    {
      int id = outer * 10 + omp_get_thread_num();
      zeroed = id;
#pragma omp barrier
      distinct += zeroed == id;
    }
  }
  EXPECT(distinct == 4, "nested copies: %d", distinct);

  printf("failures=%d\n", failures);
  return failures != 0;
}

// CHECK: failures=0
// IR: call {{.*}} @__kmpc_threadprivate_cached(
