// #pragma omp atomic on types and forms for which clang emits library calls instead of
// instructions: long double and _Complex double (update, capture, read, write) go to
// libatomic's __atomic_load/__atomic_compare_exchange/__atomic_store, never to the runtime's
// __kmpc_atomic_*; seq_cst/acq_rel/acquire/release atomics add a __kmpc_flush. OpenMP 5.1
// atomic compare (clang-22 only) on int, double and long double. Under contention from every
// thread, the results must be exact on Glass. (clang-22 lowers a long double compare-max to a
// loop around fmaxl, hence -lm.)
// RUN: %compile -latomic -lm
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s %if clang-22 %{--check-prefixes=CHECK,C51%}
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s %if clang-22 %{--check-prefixes=CHECK,C51%}
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s %if clang-22 %{--check-prefixes=CHECK,C51%}
// RUN: %cc %flags -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=IR
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERS 2000

long double ld_sum;
_Complex double c_sum;
long double ld_ticket;
int seq;

int main(void) {
  int n = omp_get_max_threads();
  int total = n * ITERS;
  char *seen = calloc((size_t)total, 1);
  int dup = 0, torn = 0;
#pragma omp parallel reduction(+ : dup, torn)
  for (int k = 0; k < ITERS; k++) {
#pragma omp atomic
    ld_sum += 0.5L;
#pragma omp atomic update
    c_sum += 1.0 + 2.0 * 1.0i;
    long double mine;
#pragma omp atomic capture
    {
      mine = ld_ticket;
      ld_ticket += 1.0L;
    }
    int t = (int)mine; // every captured value is distinct
    if (t < 0 || t >= total || __atomic_exchange_n(&seen[t], 1, __ATOMIC_RELAXED))
      dup++;
    long double r;
#pragma omp atomic read seq_cst
    r = ld_sum;
    torn += r < 0.0L || r > 0.5L * total || r * 2 != (long double)(long long)(r * 2);
#pragma omp atomic seq_cst
    seq++;
  }
  printf("long double sum %s\n", ld_sum == 0.5L * total ? "exact" : "wrong");
  printf("complex sum %s\n",
         __real__ c_sum == (double)total && __imag__ c_sum == 2.0 * total ? "exact" : "wrong");
  printf("long double capture: duplicates=%d torn reads=%d seq=%s\n", dup, torn,
         seq == total ? "exact" : "wrong");

  long double ld_big = 0;
#pragma omp atomic write
  ld_big = 1e300L * 1e10L;
  long double back;
#pragma omp atomic read
  back = ld_big;
  printf("long double write/read %s\n", back == 1e310L ? "exact" : "wrong");

#if _OPENMP >= 202011
  int imax = -1, claimed = 0, owner = -1;
  double dmin = 1e9;
  long double lmax = -1;
#pragma omp parallel reduction(+ : claimed)
  {
    int me = omp_get_thread_num();
    for (int k = 0; k < ITERS; k++) {
      int v = me * ITERS + k;
      double dv = v;
      long double lv = v;
#pragma omp atomic compare
      imax = imax < v ? v : imax;
#pragma omp atomic compare
      dmin = dmin > dv ? dv : dmin;
#pragma omp atomic compare
      lmax = lmax < lv ? lv : lmax;
    }
    int old;
#pragma omp atomic compare capture
    {
      old = owner;
      if (owner == -1) {
        owner = me;
      }
    }
    claimed += old == -1;
  }
  printf("compare: max %s min %s long double max %s, exactly one owner %s\n",
         imax == total - 1 ? "exact" : "wrong", dmin == 0.0 ? "exact" : "wrong",
         lmax == (long double)(total - 1) ? "exact" : "wrong", claimed == 1 ? "yes" : "no");
#endif
  free(seen);
  return 0;
}

// CHECK: long double sum exact
// CHECK-NEXT: complex sum exact
// CHECK-NEXT: long double capture: duplicates=0 torn reads=0 seq=exact
// CHECK-NEXT: long double write/read exact
// C51-NEXT: compare: max exact min exact long double max exact, exactly one owner yes
// IR-NOT: __kmpc_atomic
// IR: call {{.*}}@__atomic_compare_exchange(
// IR-NOT: __kmpc_atomic
// IR: call void @__kmpc_flush(
// IR-NOT: __kmpc_atomic
