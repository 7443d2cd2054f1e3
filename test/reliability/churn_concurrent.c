// Many user threads at once, each short-lived, each running parallel regions, with a
// threadprivate variable on the runtime path (-fnoopenmp-use-tls: every access goes through
// __kmpc_threadprivate_cached and its per-gtid cache). A thread's gtid goes to a later thread
// once it ends: the later thread must get a fresh copy with the initial value, never the ended
// thread's (freed) copy, and gtids stay below the peak of threads alive at once.
// RUN: %cc %flags -fnoopenmp-use-tls -lpthread %s -o %t
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

int __kmpc_global_thread_num(void *loc);

enum { CREATORS = 4, CHILDREN = 250 };

static int tp = 7;
#pragma omp threadprivate(tp)

static _Atomic int bad_initial, bad_region, bad_after, max_gtid;

static void *child(void *arg) {
  int id = (int)(long)arg;
  if (tp != 7)
    bad_initial++;
  tp = id;
  int sum = 0;
#pragma omp parallel reduction(+ : sum)
  {
    if (omp_get_thread_num() == 0 && tp != id)
      bad_region++;
    sum += omp_get_thread_num() + 1;
    int g = __kmpc_global_thread_num(NULL);
    for (int m = max_gtid;
         g > m && !__atomic_compare_exchange_n((int *)&max_gtid, &m, g, 0, __ATOMIC_RELAXED,
                                               __ATOMIC_RELAXED);)
      ;
  }
  if (sum != 3)
    bad_region++;
  if (tp != id)
    bad_after++;
  return NULL;
}

static void *creator(void *arg) {
  long base = (long)arg * CHILDREN;
  for (long i = 0; i < CHILDREN; i++) {
    pthread_t t;
    pthread_create(&t, NULL, child, (void *)(base + i + 100));
    pthread_join(t, NULL);
  }
  return NULL;
}

int main(void) {
  tp = 1; // the initial thread's copy is the original
  pthread_t c[CREATORS];
  for (long i = 0; i < CREATORS; i++)
    pthread_create(&c[i], NULL, creator, (void *)i);
  for (int i = 0; i < CREATORS; i++)
    pthread_join(c[i], NULL);
  printf("initial %d region %d after %d\n", bad_initial, bad_region, bad_after);
  // At most 4 children alive at once, each with a worker, plus a few pooled workers.
  printf("gtids below 32: %d\n", max_gtid < 32);
  printf("original kept: %d\n", tp);
  return 0;
}
// CHECK: initial 0 region 0 after 0
// CHECK-NEXT: gtids below 32: 1
// CHECK-NEXT: original kept: 1
