// Offload under glass-trace (host device): each target construct is a slice on the issuing
// thread with its source line; its data operations (alloc, copies to and from the device with
// their bytes, delete) and its kernel are slices on that thread's device lane, inside the
// construct in time; the summary counts them and sums the bytes per construct; the device's
// start, image load and unload, end and map clauses are instants, counted per kind in the
// summary and drawn on the HTML page (with tooltips), whether the page comes from the model
// (JSON) or from the streamed replay (Perfetto); JSON and Perfetto agree.
// REQUIRES: offload, ompt
// RUN: %compile-offload
// RUN: env GLASS_TRACE_FORMAT=both %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --count target=1 --count "target enter data=1" \
// RUN:   --count "target update=1" --count "target exit data=1" --count kernel=1 \
// RUN:   --count "copy to device=3" --count "copy from device=3" --count "device alloc=3" \
// RUN:   --count "device delete=3" --summary-count target=1 --summary-count kernel=1
// RUN: %check-pftrace %t --json --tracks 1 --lanes 1 --count kernel=1
// RUN: %FileCheck --check-prefix=SUM %s < %t.txt
// RUN: %FileCheck --check-prefixes=JSON,INSTANTS %s < %t.json
// RUN: python3 %S/Inputs/check_page.py %t.html --instants | %FileCheck --check-prefix=PAGEIN %s
// RUN: env GLASS_TRACE_FORMAT=perfetto %trace-run %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=EVENTS %s < %t.txt
// RUN: python3 %S/Inputs/check_page.py %t.html --instants | %FileCheck --check-prefix=PAGEIN %s
// RUN: env GLASS_TRACE_EVENTS=parallel %trace-run %t | %FileCheck %s
// RUN: %check-trace %t --count target=0 --count kernel=0
// RUN: %FileCheck --check-prefix=NOEV --implicit-check-not="device events" %s < %t.txt
#include <stdio.h>

int main(void) {
  int a[256];
  long s = 0;
  for (int i = 0; i < 256; i++)
    a[i] = i;
#pragma omp target map(tofrom : a) map(tofrom : s)
  for (int i = 0; i < 256; i++)
    s += a[i];
#pragma omp target enter data map(to : a)
#pragma omp target update from(a)
#pragma omp target exit data map(release : a)
  printf("s=%ld\n", s);
  return 0;
}
// CHECK: s=32640
// SUM: offload                        location                    count     incl ms          bytes
// SUM-NEXT: target                         offload.c:32
// SUM-NEXT: device alloc                   offload.c:32                    2 {{.*}} 1032
// SUM-NEXT: copy to device                 offload.c:32                    2 {{.*}} 1032
// SUM-NEXT: kernel                         offload.c:32                    1
// SUM-NEXT: copy from device               offload.c:32                    2 {{.*}} 1032
// SUM-NEXT: device delete                  offload.c:32                    2 {{.*}} 1032
// SUM-NEXT: target enter data              offload.c:35
// SUM-NEXT: device alloc                   offload.c:35                    1 {{.*}} 1024
// SUM-NEXT: copy to device                 offload.c:35                    1 {{.*}} 1024
// SUM-NEXT: target update                  offload.c:36
// SUM-NEXT: copy from device               offload.c:36                    1 {{.*}} 1024
// SUM-NEXT: target exit data               offload.c:37
// SUM-NEXT: device delete                  offload.c:37                    1 {{.*}} 1024
// SUM: device events                     count      items          bytes
// SUM-NEXT: device initialize                     1
// SUM-NEXT: device load                           1
// SUM-NEXT: target map                            4          5           4104
// SUM-NEXT: device unload                         1
// SUM-NEXT: device finalize                       1
// EVENTS: device events                     count      items          bytes
// EVENTS-NEXT: device initialize                     1
// EVENTS-NEXT: device load                           1
// EVENTS-NEXT: target map                            4          5           4104
// EVENTS-NEXT: device unload                         1
// EVENTS-NEXT: device finalize                       1
// NOEV: thread type
// PAGEIN: instants: 8, 8 drawn
// PAGEIN-NEXT: instant device initialize, lane thread 0 (initial), 0, 0
// PAGEIN-NEXT: instant device load, lane thread 0 (initial), 0, {{[1-9][0-9]*}}
// PAGEIN-NEXT: instant target map, lane thread 0 (initial), 2, 1032
// PAGEIN-NEXT: instant target map, lane thread 0 (initial), 1, 1024
// PAGEIN-NEXT: instant target map, lane thread 0 (initial), 1, 1024
// PAGEIN-NEXT: instant target map, lane thread 0 (initial), 1, 1024
// PAGEIN-NEXT: instant device unload, lane thread 0 (initial), 0, 0
// PAGEIN-NEXT: instant device finalize, lane thread 0 (initial), 0, 0
// JSON: "name":"thread_name","args":{"name":"OpenMP thread 0: device"}
// JSON: "name":"device initialize","cat":"device"
// JSON: "name":"device load","cat":"device"
// INSTANTS-DAG: "name":"target map","cat":"device","args":{"items":2,"bytes":1032}
// INSTANTS-DAG: "name":"target map","cat":"device","args":{"items":1,"bytes":1024}
// INSTANTS-DAG: "name":"device unload","cat":"device","args":{"device":0,"module":0}
// INSTANTS-DAG: "name":"device finalize","cat":"device","args":{"device":0
// Its checks depend on time (windows, sampling, nesting of timed slices): ThreadSanitizer slows
// the program down ~10x and moves what falls where, so the tracer's figures are checked without it.
// UNSUPPORTED: tsan
// The HTML page of a run with every group: thread 0's lane holds the target constructs and, under it, the
// lane of the operations it issued ("device ops of thread 0"), whose tooltips give a copy's
// bytes and a kernel's requested teams.
// RUN: %trace-run %t | %FileCheck %s
// RUN: python3 %S/Inputs/check_page.py %t.html --state all
// RUN: python3 %S/Inputs/check_page.py %t.html --lanes | %FileCheck --check-prefix=LANES %s
// RUN: %if node %{ node %S/Inputs/page_run.js %t.html home hover-first "copy to device" hover-first kernel hover-instant "device unload" hover-instant "device finalize" hover-instant "target map" | %FileCheck --check-prefix=PAGE %s %}
// LANES: lane 0: thread 0 (initial), host, {{[0-9]+}} rows, categories {{.*}}target
// LANES-NEXT: lane 1: device ops of thread 0, device, {{[0-9]+}} rows, categories transfer kernel
// LANES-NOT: lane 2:
// PAGE: info: 1 threads, 17 slices, 0 flows, 8 device events (8 drawn),
// PAGE: mode: showing slices
// PAGE: texts: {{.*}}thread 0 (initial) | device ops of thread 0
// PAGE: tip: copy to device / offload.c:32  (main) / {{[0-9]+}} bytes / duration {{.*}} / device ops of thread 0
// PAGE: tip: kernel / offload.c:32  (main) / requested teams {{[0-9]+}} / duration {{.*}} / device ops of thread 0
// PAGE: tip: device unload / device 0, module 0 / at {{.*}} / thread 0 (initial)
// PAGE: tip: device finalize / device 0 / at {{.*}} / thread 0 (initial)
// PAGE: tip: target map / 2 item(s), 1.0 KiB (1032 bytes) / at {{.*}} / thread 0 (initial)
