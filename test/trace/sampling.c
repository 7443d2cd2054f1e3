// Adaptive task sampling, the default (GLASS_TRACE_SAMPLE=auto), on a tree of empty tasks
// (2^17 - 2 tasks, each with a taskwait unless it is a leaf). Each thread records its first 4096
// tasks, then picks a period N per window of 1024 creations from its CPU time per creation and
// the cost of a recorded event. That cost is set here to 10 us (GLASS_TRACE_SAMPLE_COST), so
// that the rule engages on any machine, sanitizer builds included, whose task creation takes
// less than about 25 us (the default, 130 ns, engages on these tasks only where they are fast;
// under ThreadSanitizer a creation takes about 4 us).
//  (a) auto: the notice on stderr; the trace is in Perfetto's format (a thinned run is a large
//      one) and well formed, its summary consistent with its slices; the estimates (each
//      recorded slice counted N times) are within 40% of the true counts: N is at most 1024,
//      so the task row's standard deviation is at most sqrt(131070 * 1024) = 8.8%, and 40% is
//      4.5 of them (the draws are seeded per thread, so most runs repeat besides); at least
//      4096 tasks are recorded, the warm-up of one thread: one of the two creates at least
//      half of the tasks, but under load the other may create almost none;
//  (c) GLASS_TRACE_SAMPLE=1 (here the launcher's --sample 1) records every task (a tree of
//      32766, which auto would thin at that cost): exact counts, no notice, no estimates;
//  (d) bad values warn and fall back to auto (a small tree: below the warm-up, every task);
//      "auto" itself is accepted silently.
// REQUIRES: ompt
// RUN: %compile
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_SAMPLE_COST=10000 %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=AUTO %s < %t.err
// RUN: %check-pftrace %t --summary --count "task>=4096" --count "task<=65535"
// RUN: %check-sampling %t.txt --created 131070 --source %s --row task@tree=131070:40 \
// RUN:   --row taskwait=65535:40
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_SAMPLE_COST=10000 %glass-trace -q -o %t --sample 1 \
// RUN:   -- %t 14 2>%t.err | %FileCheck --check-prefix=MID %s
// RUN: %FileCheck --check-prefix=FULL %s < %t.err
// RUN: %check-trace %t --count task=32766 --count taskwait=16383
// RUN: %check-sampling %t.txt --none
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_SAMPLE=0 %trace-run %t 6 2>%t.err \
// RUN:   | %FileCheck --check-prefix=SMALL %s
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_SAMPLE=-3 %trace-run %t 6 2>>%t.err \
// RUN:   | %FileCheck --check-prefix=SMALL %s
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_SAMPLE=abc %trace-run %t 6 2>>%t.err \
// RUN:   | %FileCheck --check-prefix=SMALL %s
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_SAMPLE=99999999999 %trace-run %t 6 2>>%t.err \
// RUN:   | %FileCheck --check-prefix=SMALL %s
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_SAMPLE=65537 GLASS_TRACE_SAMPLE_COST=x \
// RUN:   %trace-run %t 6 2>>%t.err | %FileCheck --check-prefix=SMALL %s
// RUN: %check-trace %t --count task=126 --count taskwait=63
// RUN: env OMP_NUM_THREADS=2 GLASS_TRACE_SAMPLE=auto %trace-run %t 6 2>>%t.err \
// RUN:   | %FileCheck --check-prefix=SMALL %s
// RUN: %check-trace %t --count task=126 --count taskwait=63
// RUN: %check-sampling %t.txt --none
// RUN: %FileCheck --check-prefix=BAD %s < %t.err
#include <stdio.h>
#include <stdlib.h>

static void tree(int depth) {
  if (depth == 0)
    return;
  for (int c = 0; c < 2; c++)
#pragma omp task // @tree
    tree(depth - 1);
#pragma omp taskwait
}

int main(int argc, char **argv) {
  int depth = argc > 1 ? atoi(argv[1]) : 16;
#pragma omp parallel
#pragma omp single
  tree(depth);
  printf("tasks %ld\n", (2L << depth) - 2);
  return 0;
}
// CHECK: tasks 131070
// MID: tasks 32766
// SMALL: tasks 126
// AUTO: glass-trace: tasks created every {{[0-9]+}} ns on average; recorded {{[0-9,]+}} of
// AUTO-SAME: 131,070 tasks (1 in {{[0-9]+}} at most); the summary's last table estimates the rows
// AUTO-SAME: for every task (GLASS_TRACE_SAMPLE=1 records every task)
// AUTO: glass-trace: task sampling engaged, so the trace is in Perfetto's format, with no JSON
// FULL-NOT: recorded
// BAD: GLASS_TRACE_SAMPLE=0: expected auto, 1 (every task) or N from 2 to 65536 (one task in N);
// BAD-SAME: using auto
// BAD: GLASS_TRACE_SAMPLE=-3: expected auto
// BAD: GLASS_TRACE_SAMPLE=abc: expected auto
// BAD: GLASS_TRACE_SAMPLE=99999999999: expected auto
// BAD: GLASS_TRACE_SAMPLE=65537: expected auto
// BAD: GLASS_TRACE_SAMPLE_COST=x: expected the ns one recorded event costs (e.g. 130); using 130
// BAD-NOT: GLASS_TRACE_SAMPLE=auto
