// Thread churn with a tool attached: each short-lived user thread is an initial thread with its
// own thread_begin and thread_end, although its gtid and descriptor are recycled ones. Every
// thread the tool saw begin ends exactly once, with the data it set at its begin (the printer
// stores a unique id there), and no event reads a previous owner's data.
// REQUIRES: ompt
// RUN: %compile -lpthread && env OMP_NUM_THREADS=2 %run-tool %t > %t.out
// RUN: %FileCheck %s < %t.out
// RUN: grep -c "thread_begin type=initial" %t.out | %FileCheck --check-prefix=ROOTS %s
// RUN: grep -o "begin type=[a-z]* thread=[0-9]*" %t.out | cut -d= -f3 | sort > %t.begin
// RUN: grep -o "thread_end thread=[0-9]*" %t.out | cut -d= -f2 | sort > %t.end
// RUN: diff %t.begin %t.end
// RUN: sort -u %t.begin | diff - %t.begin
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

enum { THREADS = 200 }; // main never uses OpenMP: the first of these initializes it

static void *body(void *arg) {
  int *out = arg;
#pragma omp parallel reduction(+ : out[0])
  out[0] += 1;
  return NULL;
}

int main(void) {
  int members[THREADS] = {0}, bad = 0;
  for (int i = 0; i < THREADS; i++) {
    pthread_t t;
    pthread_create(&t, NULL, body, &members[i]);
    pthread_join(t, NULL);
    bad += members[i] != 2;
  }
  printf("bad %d\n", bad);
  fflush(stdout); // before the tool's last lines
  return 0;
}
// CHECK: bad 0
// CHECK: finalize
// ROOTS: 200
