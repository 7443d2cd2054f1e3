// flush: __kmpc_flush delivers ompt_callback_flush on the flushing thread with its thread data
// and the user's call site (the same site for every thread of a region, a different one per
// flush construct); an atomic with seq_cst reaches the runtime's flush as well. A flush also
// orders memory: a message passed through flushes arrives.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=2 %run-tool %t | %sort-threads | %FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s --check-prefix=MSG
#include <omp.h>
#include <stdio.h>

int main(void) {
  int x = 0;
  volatile int data = 0, ready = 0;
#pragma omp flush
#pragma omp parallel
  {
#pragma omp flush(x)
  }
#pragma omp atomic seq_cst
  x++;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0 || omp_get_num_threads() == 1) {
      data = 42;
#pragma omp flush
      ready = 1;
    }
    if (omp_get_thread_num() == 1 || omp_get_num_threads() == 1) {
      while (!ready) {
#pragma omp flush
      }
#pragma omp flush
      printf("message %d\n", data);
    }
  }
  return 0;
}
// clang-format off
// CHECK: [[M:[0-9]+]]: thread_begin type=initial thread=[[M]]
// CHECK: [[M]]: flush thread=[[M]] codeptr=[[F1:0x[0-9a-f]+]]@flush_events.c.tmp
// CHECK: [[M]]: flush thread=[[M]] codeptr=[[F2:0x[0-9a-f]+]]@flush_events.c.tmp
// CHECK: [[M]]: flush thread=[[M]] codeptr=[[F3:0x[0-9a-f]+]]@flush_events.c.tmp
// CHECK: [[W:[0-9]+]]: thread_begin type=worker thread=[[W]]
// CHECK: [[W]]: flush thread=[[W]] codeptr=[[F2]]@flush_events.c.tmp
// MSG: message 42
