// KMP_FORCE_REDUCTION is read with the rest of the environment: each method gives the right
// sums; an invalid value is reported once, at start-up, and the runtime chooses as if unset; an
// empty value is ignored silently.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=4 KMP_FORCE_REDUCTION=Tree %run %t 2>&1 | %FileCheck %s --check-prefix=OK
// RUN: env OMP_NUM_THREADS=4 KMP_FORCE_REDUCTION=ATOMIC %run %t 2>&1 | %FileCheck %s --check-prefix=OK
// RUN: env OMP_NUM_THREADS=4 KMP_FORCE_REDUCTION= %run %t 2>&1 | %FileCheck %s --check-prefix=OK
// RUN: env OMP_NUM_THREADS=4 KMP_FORCE_REDUCTION=fastest %run %t 2>&1 | %FileCheck %s --check-prefix=BAD
// OK-NOT: Warning
// OK: sums 400 4000
// BAD: OMP: Warning: KMP_FORCE_REDUCTION="fastest" is invalid (critical, atomic or tree); using the runtime's choice
// BAD-NOT: Warning
// BAD: sums 400 4000
#include <stdio.h>

int main(void) {
  long a = 0, b = 0;
  for (int r = 0; r < 100; r++) {
#pragma omp parallel reduction(+ : a)
    a += 1;
#pragma omp parallel
#pragma omp for reduction(+ : b)
    for (int i = 0; i < 40; i++)
      b += 1;
  }
  printf("sums %ld %ld\n", a, b);
  return 0;
}
