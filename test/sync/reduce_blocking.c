// The blocking form (__kmpc_reduce/__kmpc_end_reduce, clang's for/sections/scope reductions):
// the combined value is complete in every thread once the construct ends, for every method.
// The calls are made here the way clang makes them, so both compilers test it; clang >= 5.1
// also through `scope reduction`.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=9 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 KMP_FORCE_REDUCTION=tree %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 KMP_FORCE_REDUCTION=atomic %run %t | %FileCheck %s
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
  int32_t r1, flags, r2, r3;
  const char *psource;
} ident_t;
int32_t __kmpc_reduce(ident_t *, int32_t, int32_t, size_t, void *, void (*)(void *, void *),
                      int32_t *);
void __kmpc_end_reduce(ident_t *, int32_t, int32_t *);
int32_t __kmpc_global_thread_num(ident_t *);

static ident_t loc = {0, 0x12, 0, 22, ";unknown;unknown;0;0;;"};
static int32_t crit[8];

static void fold(void *lhs, void *rhs) {
  long *l = ((long **)lhs)[0], *r = ((long **)rhs)[0];
  *l += *r;
}

int main(void) {
  int n = omp_get_max_threads();
  long shared = 0;
  int bad = 0;
#pragma omp parallel reduction(+ : bad)
  for (int rep = 0; rep < 50; rep++) {
    int32_t gtid = __kmpc_global_thread_num(&loc);
    long mine = omp_get_thread_num() + 1;
    void *list[1] = {&mine};
    switch (__kmpc_reduce(&loc, gtid, 1, sizeof(list), list, fold, crit)) {
    case 1:
      shared += mine;
      __kmpc_end_reduce(&loc, gtid, crit);
      break;
    case 2:
#pragma omp atomic
      shared += mine;
      __kmpc_end_reduce(&loc, gtid, crit);
      break;
    default:
      break;
    }
    // Everyone sees this round's total before anyone starts the next round.
    if (shared != (long)(rep + 1) * n * (n + 1) / 2)
      bad++;
#pragma omp barrier
  }
  printf("abi: bad=%d\n", bad);
#if _OPENMP >= 202011
  long s = 0;
#pragma omp parallel
  {
#pragma omp scope reduction(+ : s)
    s += omp_get_thread_num() + 1;
    if (s != (long)n * (n + 1) / 2)
#pragma omp atomic
      bad++;
  }
#endif
  printf("scope: bad=%d\n", bad);
  return 0;
}
// CHECK: abi: bad=0
// CHECK-NEXT: scope: bad=0
