// Untied tasks far past every capacity: a parent with more untied children than a deque holds
// (1024), untied children of final tasks (included tasks), nested untied trees under taskgroup
// and taskyield. Each untied body has scheduling points, so clang re-submits it through
// __kmpc_omp_task to be resumed at its next part. Every child must be finished when its
// parent's taskwait or taskgroup ends: each node checks its subtree's size against the closed
// form and writes it into the parent's array, which the parent frees right after the wait, so
// a child still running would read freed memory or go uncounted (the BOTS uts failure).
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run-tool %t > %t.tool && %FileCheck %s < %t.tool
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int wrong;

// Nodes of a tree whose root has `fan` children and every inner node below it 3.
static long expected(int depth, int maxd, int fan) {
  if (depth == maxd)
    return 1;
  return 1 + fan * expected(depth + 1, maxd, 3);
}

enum { PLAIN, FINAL, GROUP, YIELD };

static long tree(int depth, int maxd, int fan, int mode) {
  if (depth == maxd)
    return 1;
  long *sub = malloc(sizeof(long) * (size_t)fan);
  for (int i = 0; i < fan; i++)
    sub[i] = -1;
  if (mode == GROUP) {
#pragma omp taskgroup
    for (int i = 0; i < fan; i++) {
#pragma omp task untied firstprivate(i) shared(sub)
      sub[i] = tree(depth + 1, maxd, 3, mode);
    }
  } else {
    for (int i = 0; i < fan; i++) {
      // FINAL: from depth 1 on, the children are included tasks of a final task.
#pragma omp task untied firstprivate(i) shared(sub) final(mode == FINAL && depth >= 1)
      {
        if (mode == YIELD) {
#pragma omp taskyield
        }
        sub[i] = tree(depth + 1, maxd, 3, mode);
      }
    }
#pragma omp taskwait
  }
  long s = 1;
  for (int i = 0; i < fan; i++) {
    if (sub[i] != expected(depth + 1, maxd, 3))
      __atomic_fetch_add(&wrong, 1, __ATOMIC_RELAXED);
    s += sub[i];
  }
  free(sub);
  return s;
}

static void run(const char *name, int fan, int maxd, int mode) {
  long n = 0;
  wrong = 0;
#pragma omp parallel shared(n)
#pragma omp single
  n = tree(0, maxd, fan, mode);
  printf("%s: %s (%d nodes short)\n", name, n == expected(0, maxd, fan) && !wrong ? "ok" : "WRONG",
         wrong);
}

int main(void) {
  // CHECK: wide: ok
  run("wide", 3000, 3, PLAIN);
  // CHECK: final: ok
  run("final", 1500, 4, FINAL);
  // CHECK: taskgroup: ok
  run("taskgroup", 2500, 3, GROUP);
  // CHECK: taskyield: ok
  run("taskyield", 2500, 3, YIELD);
  // CHECK: deep: ok
  run("deep", 3, 9, PLAIN);
  return 0;
}
