// Threads the program creates itself become roots when they first use OpenMP: each gets its
// own thread_begin (initial) and initial task, its own parallel regions, and a thread_end when
// it exits.
// REQUIRES: ompt
// RUN: %compile -lpthread && env OMP_NUM_THREADS=2 %run-tool %t | %sort-threads | %FileCheck %s
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

static void *body(void *arg) {
  int *out = arg;
#pragma omp parallel num_threads(2)
  {
#pragma omp atomic
    (*out)++;
  }
  return NULL;
}

int main(void) {
  int a = 0, b = 0;
  pthread_t t1, t2;
  pthread_create(&t1, NULL, body, &a);
  pthread_join(t1, NULL);
  pthread_create(&t2, NULL, body, &b);
  pthread_join(t2, NULL);
  printf("results %d %d\n", a, b);
  return 0;
}
// CHECK: results 2 2
// CHECK: [[R1:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[R1]]: implicit_task_begin {{.*}} flags=initial
// CHECK-NEXT: [[R1]]: parallel_begin
// CHECK: [[R1]]: parallel_end
// CHECK-NEXT: [[R1]]: implicit_task_end {{.*}} flags=initial
// CHECK-NEXT: [[R1]]: thread_end thread=[[R1]]
// CHECK: [[R2:[0-9]+]]: thread_begin type=initial
// CHECK: [[R2]]: parallel_begin
// CHECK: [[R2]]: thread_end thread=[[R2]]
