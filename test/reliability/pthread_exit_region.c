// A user thread calls pthread_exit() as the primary of a parallel region (its worker is left
// in the region). Its end must not wait for the team or hand the team's descriptor to another
// thread: the program goes on, and later regions and later threads work.
// RUN: %compile -lpthread && %run timeout 10 %t | %FileCheck %s
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

static void *leaves_in_region(void *arg) {
  (void)arg;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      pthread_exit(NULL);
  }
  return NULL;
}

static void *region(void *arg) {
  int *n = arg;
#pragma omp parallel num_threads(2) reduction(+ : n[0])
  n[0] += 1;
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, leaves_in_region, NULL);
  pthread_join(t, NULL);
  printf("joined\n");
  int a = 0, b = 0;
  region(&a);
  pthread_create(&t, NULL, region, &b);
  pthread_join(t, NULL);
  printf("main %d, thread %d\n", a, b);
  return 0;
}
// CHECK: joined
// CHECK-NEXT: main 2, thread 2
