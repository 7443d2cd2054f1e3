// The HTML page stays within its bound (GLASS_TRACE_HTML_MAX) however many slices the run
// makes: 200,000 tasks on 2 threads make 200,013 slices, about 8 MB of detail (every task
// recorded: GLASS_TRACE_SAMPLE=1, since auto task sampling would thin these fine tasks).
//  - 1M: the page keeps the aggregates (every level, every lane) and the detail windows of one
//    stretch of the run, says so and names the JSON for the rest;
//  - 64K: no detail fits: aggregates and the summary only;
//  - the default (32M), reached through a bad value: every slice is in the page;
//  - the streamed trace (GLASS_TRACE_FORMAT=perfetto: no JSON, the page is a sink of the replay
//    and keeps, over the whole run, the slices of at least some duration, as many as its detail
//    can hold): at 1M, the aggregates of every slice and the detail of the longer slices, exactly
//    those of the Perfetto trace that last at least the page's min_dur, with exactly the
//    trace's creation flows that end at them (tasks the other thread ran); at 32M, every slice
//    and every flow of the trace.
// check_page.py checks the structure (aggregate levels, windows, records) without a browser;
// where node is installed, page_run.js runs the viewer on a stand-in DOM: slices where the
// detail is kept, per-construct shares elsewhere, and tooltips of both kinds.
// REQUIRES: ompt
// RUN: %compile
// RUN: env GLASS_TRACE_SAMPLE=1 GLASS_TRACE_HTML_MAX=1M %trace-run %t | %FileCheck %s
// RUN: python3 %S/Inputs/check_page.py %t.html --max 1048576 --slices 200013 --flows 200000 \
// RUN:   --state partial --summary %t.txt --min-buckets 4096
// RUN: %FileCheck --check-prefix=SUM %s < %t.txt
// RUN: %if node %{ node %S/Inputs/page_run.js %t.html home hover-dropped 0 | %FileCheck --check-prefix=PARTIAL %s %}
// RUN: env GLASS_TRACE_SAMPLE=1 GLASS_TRACE_HTML_MAX=64K %trace-run %t | %FileCheck %s
// RUN: python3 %S/Inputs/check_page.py %t.html --max 65536 --slices 200013 --state none
// RUN: %if node %{ node %S/Inputs/page_run.js %t.html home hover-dropped 0 | %FileCheck --check-prefix=NONE %s %}
// RUN: env GLASS_TRACE_SAMPLE=1 GLASS_TRACE_HTML_MAX=lots %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=BAD %s < %t.err
// RUN: python3 %S/Inputs/check_page.py %t.html --max 33554432 --slices 200013 --flows 200000 \
// RUN:   --state all --summary %t.txt
// RUN: env GLASS_TRACE_SAMPLE=1 GLASS_TRACE_FORMAT=perfetto GLASS_TRACE_HTML_MAX=1M %trace-run %t | %FileCheck %s
// RUN: python3 %S/Inputs/check_page.py %t.html --max 1048576 --slices 200013 \
// RUN:   --state lod --summary %t.txt --min-buckets 4096 --outside ">0" --pftrace %t
// RUN: %if node %{ node %S/Inputs/page_run.js %t.html home hover 600 0 | %FileCheck --check-prefix=STREAM %s %}
// RUN: env GLASS_TRACE_SAMPLE=1 GLASS_TRACE_FORMAT=perfetto %trace-run %t | %FileCheck %s
// RUN: python3 %S/Inputs/check_page.py %t.html --max 33554432 --slices 200013 \
// RUN:   --state all --summary %t.txt --outside 0 --pftrace %t
// RUN: %if node %{ node --check %S/../../tools/trace/timeline.js %}
// RUN: %if node %{ node %S/Inputs/page_run.js %t.html home window 5 hover 600 0 | %FileCheck --check-prefix=ALL %s %}
#include <stdio.h>

int main(void) {
  long sum = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int i = 0; i < 200000; i++) {
#pragma omp task shared(sum)
    {
#pragma omp atomic
      sum += i & 1;
    }
  }
  printf("sum %ld\n", sum);
  // CHECK: sum 100000
  return 0;
}
// SUM: 2 thread(s), {{.*}} traced, 200013 slices
// SUM: task page-bound.c:{{[0-9]+}} 200000{{ }}

// PARTIAL: info: 2 threads, 200013 slices, 200000 flows
// PARTIAL: note: This page holds the individual slices of {{.*}} only ({{[0-9]+}} of 200013 slices, {{.*}}to stay within GLASS_TRACE_HTML_MAX (1048576 bytes).{{.*}} Every slice is in the full trace written with this page (page-bound.c.tmp.json; open it in ui.perfetto.dev).
// PARTIAL: mode: showing
// PARTIAL: tip: thread 0 (initial), {{.*}} / {{.*}}% / slices of this time are not in the page: see page-bound.c.tmp.json

// NONE: note: This page holds no individual slices: they would exceed its size bound (GLASS_TRACE_HTML_MAX, 65536 bytes)
// NONE: mode: showing the share of time per construct kind (zoom in for slices)
// NONE: tip: thread 0 (initial), {{.*}} / {{.*}}% / slices of this time are not in the page: see page-bound.c.tmp.json

// ALL: note: {{$}}
// ALL: mode: showing the share of time per construct kind (zoom in for slices)
// ALL: mode: showing slices
// ALL-NEXT: rects:
// ALL-NEXT: texts: {{.*}}thread 0 (initial) | thread 1 (worker)
// ALL-NEXT: tip: parallel / page-bound.c:{{[0-9]+}}  (main) / duration {{.*}} / thread 0 (initial)

// STREAM: note: This page holds the slices of at least {{.*}} over the whole run ({{[0-9]+}} of 200013 slices), {{.*}} Every slice is in the full trace written with this page (page-bound.c.tmp.pftrace;
// STREAM: mode: showing slices
// STREAM: tip: parallel / page-bound.c:{{[0-9]+}}

// BAD: glass-trace: GLASS_TRACE_HTML_MAX=lots is not a size (e.g. 4M, 512K); using 32M
