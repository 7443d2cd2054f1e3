// OMP_PLACES counts and strides are validated before anything is expanded: a huge count or a
// zero stride never makes the runtime loop or allocate for long. A resource interval with
// stride 0 is one processor (as libomp); a place repeated with stride 0 is that place again, up
// to 4096 places in all; anything past that, or past processor 1023, gets one warning saying
// what is wrong and the default place list (cores). Processor 0 exists on every machine.
// clang-format off
// RUN: %compile
// RUN: env OMP_PLACES="{0:100000000000:0}" %run %t 2>&1 | %FileCheck %s --check-prefix=ZERO
// RUN: env OMP_PLACES="{0}:100000000000:0" %run %t 2>&1 | %FileCheck %s --check-prefix=MANY
// RUN: env OMP_PLACES="{0}:5:0" %run %t 2>&1 | %FileCheck %s --check-prefix=FIVE
// RUN: env OMP_PLACES="{0}:4096:0" %run %t 2>&1 | %FileCheck %s --check-prefix=MAX
// RUN: env OMP_PLACES="{0}:4096:0,{0}" %run %t 2>&1 | %FileCheck %s --check-prefix=MAX1
// RUN: env OMP_PLACES="{0:2000:1}" %run %t 2>&1 | %FileCheck %s --check-prefix=RANGE
// RUN: env OMP_PLACES="{0:9223372036854775807:9223372036854775807}" %run %t 2>&1 | %FileCheck %s --check-prefix=OVERFLOW
// RUN: env OMP_PLACES="{0}:3:9223372036854775807" %run %t 2>&1 | %FileCheck %s --check-prefix=STRIDE
// RUN: env OMP_PLACES="{0}:3:-1" %run %t 2>&1 | %FileCheck %s --check-prefix=NEG
// RUN: env OMP_PLACES="{99999999999999999999}" %run %t 2>&1 | %FileCheck %s --check-prefix=BIG
// RUN: env OMP_PLACES="{0},!{0}" %run %t 2>&1 | %FileCheck %s --check-prefix=EMPTY
// RUN: env OMP_PLACES="threads(100000000000)" %run %t 2>&1 | %FileCheck %s --check-prefix=COUNT
// clang-format on
#include <omp.h>
#include <stdio.h>

int main(void) {
  int np = omp_get_num_places(), ids[1024], first = -1;
  if (np > 0 && omp_get_place_num_procs(0) <= 1024) {
    omp_get_place_proc_ids(0, ids);
    first = ids[0];
  }
  printf("places=%d first=%d procs=%d\n", np, first, np > 0 ? omp_get_place_num_procs(0) : 0);
  int ran = 0;
#pragma omp parallel num_threads(2) proc_bind(close) reduction(+ : ran)
  ran++;
  printf("ran=%d\n", ran);
  return 0;
}
// ZERO-NOT: Warning
// ZERO: places=1 first=0 procs=1
// ZERO: ran=2
// MANY: OMP: Warning: OMP_PLACES="{0}:100000000000:0" is invalid (100000000000 more places; at most 4096 in all); using cores
// MANY: ran=2
// FIVE-NOT: Warning
// FIVE: places=5 first=0 procs=1
// MAX-NOT: Warning
// MAX: places=4096 first=0 procs=1
// MAX1: is invalid (1 more places; at most 4096 in all); using cores
// RANGE: is invalid (processors 0:2000:1 leave 0..1023); using cores
// RANGE: ran=2
// OVERFLOW: is invalid (processors 0:9223372036854775807:9223372036854775807 leave 0..1023); using cores
// STRIDE: is invalid (3 places 9223372036854775807 apart leave processors 0..1023); using cores
// NEG: is invalid (3 places -1 apart leave processors 0..1023); using cores
// BIG: is invalid (99999999999999999999 is out of range); using cores
// EMPTY: is invalid (no place has a processor this process may use); using cores
// COUNT-NOT: Warning
// COUNT: ran=2
