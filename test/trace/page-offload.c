// The HTML page of an offloading run (host device): thread 0's lane holds the target
// constructs, and under it the lane of the operations it issued ("device ops of thread 0"):
// allocations, copies to and from the device with their bytes, the kernel. The tooltips of the
// device lane give the bytes of a copy and the requested teams of a kernel.
// REQUIRES: offload, ompt
// RUN: %compile-offload
// RUN: %trace-run %t | %FileCheck %s
// RUN: python3 %S/Inputs/check_page.py %t.html --state all
// RUN: python3 %S/Inputs/check_page.py %t.html --lanes | %FileCheck --check-prefix=LANES %s
// RUN: %if node %{ node %S/Inputs/page_run.js %t.html home hover-first "copy to device" hover-first kernel | %FileCheck --check-prefix=PAGE %s %}
#include <stdio.h>

int main(void) {
  int a[1024];
  long s = 0;
  for (int i = 0; i < 1024; i++)
    a[i] = i;
#pragma omp target map(to : a) map(tofrom : s)
  for (int i = 0; i < 1024; i++)
    s += a[i];
  printf("sum %ld\n", s);
  // CHECK: sum 523776
  return 0;
}
// LANES: lane 0: thread 0 (initial), host, {{[0-9]+}} rows, categories {{.*}}target
// LANES-NEXT: lane 1: device ops of thread 0, device, {{[0-9]+}} rows, categories transfer kernel
// LANES-NOT: lane 2:
// PAGE: info: 1 threads,
// PAGE: mode: showing slices
// PAGE: texts: target page-offload.c:18{{.*}} | thread 0 (initial) | device ops of thread 0
// PAGE: tip: copy to device / page-offload.c:18  (main) / {{[0-9]+}} bytes / duration {{.*}} / device ops of thread 0
// PAGE: tip: kernel / page-offload.c:18  (main) / requested teams {{[0-9]+}} / duration {{.*}} / device ops of thread 0
