// final and mergeable: omp_in_final inside a final task and all its descendants (included
// tasks, run at once by the encountering thread: their effects are visible right after the
// construct, with no taskwait); final(expr) evaluated at run time; the descendants of a final
// task are final even without the clause; mergeable tasks (merged or not) give the same
// results; a final task's included descendants may be deferred-looking constructs (taskwait,
// taskgroup, if(0)) and still work.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

static int depth_sum(int d) {
  if (d == 0) return omp_in_final();
  int a = 0, b = 0, th = omp_get_thread_num(), same = 1;
#pragma omp task shared(a, same)
  {
    a = depth_sum(d - 1);
    same &= omp_get_thread_num() == th;
  }
  // Included task: complete already.
  b = a;
#pragma omp task shared(a, same)
  {
    a += depth_sum(d - 1);
    same &= omp_get_thread_num() == th;
  }
  return a + b + (same ? 0 : 1000);
}

int main(void) {
  int r1 = -1, r2 = -1, r3 = -1, nf = -1, in_final_then = -1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task final(1) shared(r1)
    r1 = depth_sum(4); // every leaf in final: f(d) = 3 f(d-1), 81 at depth 4
#pragma omp task final(omp_get_num_threads() > 0) shared(r2)
    r2 = omp_in_final();
    int zero = 0;
#pragma omp task final(zero) shared(nf)
    nf = omp_in_final();
#pragma omp taskwait
    // Outside any final task.
    in_final_then = omp_in_final();
#pragma omp task final(1) shared(r3)
    {
      int x = 0;
#pragma omp taskgroup
      {
#pragma omp task shared(x)
        x += 1;
#pragma omp task shared(x) if (0)
        x += 10;
      }
#pragma omp taskwait
      r3 = x + 100 * omp_in_final();
    }
  }
  printf("final r1=%d r2=%d r3=%d not_final=%d main=%d\n", r1, r2, r3, nf, in_final_then);

  // mergeable: firstprivate and shared data behave the same whether merged or not.
  long sum = 0;
  int fp_ok = 1;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 200; i++) {
    int v = i;
#pragma omp task mergeable firstprivate(v) shared(sum, fp_ok)
    {
      if (v != i) fp_ok = 0;
#pragma omp atomic
      sum += v;
    }
#pragma omp task mergeable final(i % 2) firstprivate(v) shared(sum)
    {
#pragma omp task mergeable shared(sum) firstprivate(v)
      {
#pragma omp atomic
        sum += v;
      }
    }
  }
  printf("mergeable sum=%ld fp_ok=%d\n", sum, fp_ok);
  return 0;
}
// CHECK: final r1=81 r2=1 r3=111 not_final=0 main=0
// CHECK-NEXT: mergeable sum=39800 fp_ok=1
