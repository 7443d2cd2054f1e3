// __kmpc_atomic_* and OMPT, as on libomp: an update that takes a lock (long double, 32-byte
// complex, a misaligned object, __kmpc_atomic_start/_end) is a mutex of kind atomic, acquire ->
// acquired -> released with the lock as wait_id and the caller's call site as codeptr; a
// lock-free update is silent. Under contention no event is lost or unpaired.
// REQUIRES: ompt
// RUN: %compile && %run-tool %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %run-tool %t 4 | %sort-threads | python3 %S/Inputs/check_mutex_pairs.py atomic | %FileCheck %s --check-prefix=PAIRS
#include <omp.h>
#include <stdio.h>

void __kmpc_atomic_float10_add(void *, int, long double *, long double);
void __kmpc_atomic_fixed4_add(void *, int, int *, int);
void __kmpc_atomic_start(void);
void __kmpc_atomic_end(void);
int __kmpc_global_thread_num(void *);

static long double x;
static int y;
static struct __attribute__((packed)) {
  char c;
  int i;
} odd;

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0); // markers in order with the tool's lines
  int g = __kmpc_global_thread_num(NULL);
  if (argc > 1) {
#pragma omp parallel
    for (int i = 0; i < 100; i++) {
      __kmpc_atomic_float10_add(NULL, __kmpc_global_thread_num(NULL), &x, 1.0L);
      __kmpc_atomic_fixed4_add(NULL, __kmpc_global_thread_num(NULL), &odd.i, 1);
    }
    return x != 100.0L * omp_get_max_threads();
  }
  printf("float10\n");
  __kmpc_atomic_float10_add(NULL, g, &x, 1.0L);
  printf("fixed4\n");
  __kmpc_atomic_fixed4_add(NULL, g, &y, 1);
  printf("misaligned\n");
  __kmpc_atomic_fixed4_add(NULL, g, &odd.i, 1);
  printf("statement\n");
  __kmpc_atomic_start();
  y++;
  __kmpc_atomic_end();
  printf("done\n");
  return 0;
}
// CHECK: float10
// CHECK-NEXT: mutex_acquire kind=atomic hint=0 impl=1 wait_id=0x[[W:[0-9a-f]+]] codeptr={{.*}}@kmpc_atomic_events.c.tmp
// CHECK-NEXT: mutex_acquired kind=atomic wait_id=0x[[W]] codeptr={{.*}}@kmpc_atomic_events.c.tmp
// CHECK-NEXT: mutex_released kind=atomic wait_id=0x[[W]] codeptr={{.*}}@kmpc_atomic_events.c.tmp
// CHECK-NEXT: fixed4
// CHECK-NEXT: misaligned
// CHECK-NEXT: mutex_acquire kind=atomic
// CHECK-NEXT: mutex_acquired kind=atomic
// CHECK-NEXT: mutex_released kind=atomic
// CHECK-NEXT: statement
// CHECK-NEXT: mutex_acquire kind=atomic
// CHECK-NEXT: mutex_acquired kind=atomic
// CHECK-NEXT: mutex_released kind=atomic
// CHECK-NEXT: done
// PAIRS: threads=4 pairs_per_thread=200 errors=0
