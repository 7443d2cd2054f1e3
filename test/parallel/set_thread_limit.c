// __kmpc_set_thread_limit (clang-22 emits it for thread_limit on a target construct run on the
// host): it sets the thread limit of the current task only. Parallel regions in that task, and
// in tasks nested in them, get at most that many threads each, even inside a team that already
// uses others (a target region is a contention group of its own); omp_get_thread_limit reports
// it; the encountering task and later regions are unaffected; a non-positive value is reported
// and ignored. The same binary on libomp 19.1.7 prints the same.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=5 %run %t 2>%t.err > %t.glass
// RUN: %FileCheck %s < %t.glass
// RUN: %FileCheck %s --check-prefix=ERR < %t.err
// RUN: env OMP_NUM_THREADS=5 LD_LIBRARY_PATH=/usr/lib/llvm-22/lib %t > %t.llvm 2>/dev/null
// RUN: diff %t.glass %t.llvm
// RUN: env OMP_NUM_THREADS=5 OMP_THREAD_LIMIT=2 %run %t 2>&1 | %FileCheck %s --check-prefix=CG
// RUN: %if clang-22 %{ %cc %flags -DTARGET %s -o %t.tgt %}
// RUN: %if clang-22 %{ env OMP_NUM_THREADS=5 %run %t.tgt | %FileCheck %s %}
#include <omp.h>
#include <stdio.h>

void __kmpc_set_thread_limit(void *loc, int gtid, int limit);
int __kmpc_global_thread_num(void *loc);

static int team_size(int request) {
  int n = 0;
#pragma omp parallel num_threads(request > 0 ? request : omp_get_max_threads())
#pragma omp single
  n = omp_get_num_threads();
  return n;
}

static void limited_region(int limit) {
#ifdef TARGET
#pragma omp target thread_limit(limit)
#else
#pragma omp task if (0)
#endif
  {
#ifndef TARGET
    __kmpc_set_thread_limit(NULL, __kmpc_global_thread_num(NULL), limit);
#endif
    int nested = 0;
#pragma omp parallel num_threads(2)
    if (omp_get_thread_num() == 1)
      nested = team_size(0);
    printf("limit %d: reports %d, team %d, asked 4: %d, nested %d\n", limit, omp_get_thread_limit(),
           team_size(0), team_size(4), nested);
  }
}

int main(void) {
  omp_set_max_active_levels(3);
  limited_region(3);
  printf("after: reports %d, team %d\n",
         omp_get_thread_limit() > 1000 ? -1 : omp_get_thread_limit(), team_size(0));
  int inside = 0;
#pragma omp parallel num_threads(4)
  if (omp_get_thread_num() == 2) {
    limited_region(3);
    inside = omp_get_thread_limit() > 1000 ? -1 : omp_get_thread_limit();
  }
  printf("in a team of 4, after: %d\n", inside);
#ifndef TARGET
#pragma omp task if (0)
  {
    __kmpc_set_thread_limit(NULL, __kmpc_global_thread_num(NULL), -4);
    printf("bad value: reports %d\n", omp_get_thread_limit() > 1000 ? -1 : omp_get_thread_limit());
  }
#endif
  return 0;
}
// CHECK: limit 3: reports 3, team 3, asked 4: 3, nested 3
// CHECK-NEXT: after: reports -1, team 5
// CHECK-NEXT: limit 3: reports 3, team 3, asked 4: 3, nested 3
// CHECK-NEXT: in a team of 4, after: -1
// ERR: thread_limit(-4): the value must be positive; ignored
// CG: limit 3: reports 3, team 2, asked 4: 2, nested 1
// LLVM's libomp runs this program too: it is not instrumented, so ThreadSanitizer cannot see
// its synchronization and reports races that are not there.
// UNSUPPORTED: tsan
