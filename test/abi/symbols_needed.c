// A program built with this compiler that uses parallel regions, barriers and the thread API
// links and loads against Glass (every symbol it references is exported with the version the
// compiler's link recorded), and computes the same result as on LLVM's libomp.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=3 %run %t > %t.glass
// RUN: env OMP_NUM_THREADS=3 LD_LIBRARY_PATH=/usr/lib/llvm-19/lib %t > %t.llvm
// RUN: diff %t.glass %t.llvm
// RUN: objdump -T %t | %FileCheck %s --check-prefix=VERS
#include <omp.h>
#include <stdio.h>

int main(void) {
  int counts[16] = {0};
  int levels[16] = {0};
  omp_set_max_active_levels(2);
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    counts[t] = omp_get_num_threads();
#pragma omp barrier
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 1)
        levels[t] = omp_get_level() * 10 + omp_get_active_level();
    }
  }
  for (int t = 0; t < 3; t++)
    printf("thread %d: team %d nested %d\n", t, counts[t], levels[t]);
  printf("max_threads %d dynamic %d thread_limit %d\n", omp_get_max_threads(), omp_get_dynamic(),
         omp_get_thread_limit());
  return 0;
}
// VERS: (VERSION) __kmpc_fork_call
// LLVM's libomp runs this program too: it is not instrumented, so ThreadSanitizer cannot see
// its synchronization and reports races that are not there.
// UNSUPPORTED: tsan
