// Barriers wait for every task, although the team counts only task subtrees: a deferred task
// with no counted ancestor is counted until it is freed, after all its descendants. Trees
// without any taskwait (the parents finish long before their children), deferred children of an
// undeferred (if(0)) task, of a final task's included child, and of a detached task fulfilled
// before its children end, each checked at an explicit barrier and at the join. A barrier that
// ended early would see a count short.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=3 GLASS_STATS=1 %run %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

static int leaves;

static void work(void) {
  for (volatile int i = 0; i < 2000; i++)
    ;
}

// A binary tree of depth d below this task, no taskwait anywhere: 2^d leaves.
static void tree(int d) {
  if (d == 0) {
    work();
#pragma omp atomic
    leaves++;
    return;
  }
  for (int i = 0; i < 2; i++) {
#pragma omp task
    tree(d - 1);
  }
}

int main(void) {
  int bad = 0;
  // 1. Trees from every thread, checked at an explicit barrier.
#pragma omp parallel reduction(+ : bad)
  {
    tree(7);
#pragma omp barrier
    int n;
#pragma omp atomic read
    n = leaves;
    if (n != 128 * omp_get_num_threads())
      bad++;
#pragma omp barrier
#pragma omp single
    leaves = 0;
  }
  printf("explicit barrier: %s\n", bad ? "SHORT" : "ok");
  // 2. Undeferred and included parents: their children are counted on their own.
  leaves = 0;
  bad = 0;
#pragma omp parallel reduction(+ : bad)
  {
#pragma omp single nowait
    {
#pragma omp task if (0)
      tree(6);
    }
#pragma omp barrier
    int n;
#pragma omp atomic read
    n = leaves;
    bad += n != 64;
#pragma omp barrier
#pragma omp single nowait
    {
#pragma omp task final(1)
      {
#pragma omp task if (0)
        work();
      }
#pragma omp task
      {
#pragma omp task if (0)
        tree(5);
      }
    }
#pragma omp barrier
#pragma omp atomic read
    n = leaves;
    bad += n != 64 + 32;
  }
  printf("undeferred parents: %s, join: %d of %d\n", bad ? "SHORT" : "ok", leaves, 64 + 32);
  // 3. A detached task fulfilled at once: its children still hold the barrier.
  leaves = 0;
#pragma omp parallel
#pragma omp single
  {
    omp_event_handle_t ev;
#pragma omp task detach(ev)
    {
      tree(6);
      omp_fulfill_event(ev);
    }
  }
  printf("detached: %d of 64\n", leaves);
  return 0;
}

// CHECK: explicit barrier: ok
// CHECK: undeferred parents: ok, join: 96 of 96
// CHECK: detached: 64 of 64
