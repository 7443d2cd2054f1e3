// Flows in the Perfetto trace: a task that another thread runs gets an arrow from its creation
// (a "task create" instant on the creating thread) to its first slice. Here the thread in the
// single creates four tasks one by one and waits (without a scheduling point) until each has
// run, so the other thread, waiting in the single's barrier, runs every one of them: four
// flows. The two undeferred tasks after them, which the creating thread runs itself, get none. The
// decoder checks what trace_processor needs of the file (sequence ids, cleared incremental
// state before interned names, defaults and the sequence's clock; packets that use them
// flagged; tracks described before use) and that each flow starts before it ends, once, also
// in a file stopped by its size cap; a file cut short fails it.
// REQUIRES: ompt
// RUN: %compile
// RUN: env GLASS_TRACE_FORMAT=perfetto %trace-run %t | %FileCheck %s
// RUN: %check-pftrace %t --tracks 2 --flows 4 --count task=6 | %FileCheck --check-prefix=PF %s
// RUN: env GLASS_TRACE_FORMAT=both %trace-run %t | %FileCheck %s
// RUN: %check-pftrace %t --json --flows 4 --count task=6
// RUN: env GLASS_TRACE_FORMAT=perfetto GLASS_TRACE_MAX_SIZE=1100 %trace-run %t 2>%t.err \
// RUN:   | %FileCheck %s
// RUN: %check-pftrace %t --max-bytes 1100 --flows "<=4"
// The file less its last byte: always inside the last packet (a fixed offset may fall between two).
// RUN: head -c -1 %t.pftrace > %t-cut.pftrace
// RUN: %not %check-pftrace %t-cut > %t-cut.out
// RUN: %FileCheck --check-prefix=CUT %s < %t-cut.out
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int done[4];
static int runner[4];

// Creates task i and waits, without a scheduling point, until it has run: only the other
// thread can run it.
static void hand_over(int i) {
#pragma omp task firstprivate(i)
  {
    runner[i] = omp_get_thread_num();
    atomic_store(&done[i], 1);
  }
  while (!atomic_load(&done[i]))
    ;
}

int main(void) {
  int own = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int i = 0; i < 4; i++)
      hand_over(i);
#pragma omp task shared(own) if (0)
    own++;
#pragma omp task shared(own) if (0)
    own++;
#pragma omp taskwait
  }
  int other = 0;
  for (int i = 0; i < 4; i++)
    other += runner[i] != 0;
  printf("tasks run by the other thread: %d, own %d\n", other, own);
  return 0;
}
// CHECK: tasks run by the other thread: 4, own 2
// PF: check_pftrace: ok: {{.*}}, 4 flows
// CUT: check_pftrace: cannot decode
