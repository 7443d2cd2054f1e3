// clang-format off
// Asynchronous `target nowait` on the CUDA plugin, against the stand-in driver (Inputs/cuda_mock.c,
// whose streams do their work only when something waits for it): each nowait construct's
// transfers go on one stream, an event is recorded after them, and the target task completes
// when the progress thread finds the event reached, after the copies into host buffers. Chains
// of nowait data constructs and host tasks linked by depend see the data each step left (a task
// completed too early would see stale data); small transfers go through the pinned staging
// buffer, large ones directly; every operation's trace record arrives once. A chain whose work
// fails stops the program with a message.
// RUN: %compile-offload -DTOOL_ASYNC -DTOOL_COUNT -DTOOL_QUIET
// RUN: %cc -shared -fPIC -I%cuda-src %S/Inputs/cuda_mock.c -o %t.mock.so
// RUN: env GLASS_TARGET_PLUGINS=cuda,host GLASS_CUDA_DRIVER=%t.mock.so GLASS_CUPTI_LIBRARY=%t.mock.so OMP_NUM_THREADS=1 MOCK_LOG=1 MOCK_EVENT_DELAY=1 %run %t 1 2>&1 | %FileCheck %s --check-prefixes=ORDER,CHECK1,TOOL
// RUN: env GLASS_TARGET_PLUGINS=cuda,host GLASS_CUDA_DRIVER=%t.mock.so GLASS_CUPTI_LIBRARY=%t.mock.so OMP_NUM_THREADS=4 MOCK_EVENT_DELAY=3 %run %t 8 2>&1 | %FileCheck %s --check-prefixes=CHECK8,TOOL
// RUN: env GLASS_TARGET_PLUGINS=cuda,host GLASS_CUDA_DRIVER=%t.mock.so GLASS_CUPTI_LIBRARY=%t.mock.so OMP_NUM_THREADS=2 %run %t 8 2>&1 | %FileCheck %s --check-prefixes=CHECK8,TOOL
// RUN: %compile-offload -DNO_TOOL -o %t.notool
// RUN: env GLASS_TARGET_PLUGINS=cuda,host GLASS_CUDA_DRIVER=%t.mock.so OMP_NUM_THREADS=3 MOCK_EVENT_DELAY=2 %run %t.notool 8 2>&1 | %FileCheck %s --check-prefix=CHECK8
// RUN: %not env GLASS_TARGET_PLUGINS=cuda,host GLASS_CUDA_DRIVER=%t.mock.so OMP_NUM_THREADS=2 MOCK_EVENT_FAIL=1 %run %t.notool 2 2>&1 | %FileCheck %s --check-prefix=FAIL
// REQUIRES: offload, ompt, cuda-plugin
// clang-format on
#ifndef NO_TOOL
#include "Inputs/trace_tool.h"
#else
#include <omp.h>
#include <stdio.h>
#endif
#include <stdlib.h>

enum { CHAINS = 8, SMALL = 1000, BIG = 40000 }; // 4000 bytes staged; 160000 bytes direct
static int data[CHAINS][BIG];
static int wrong[CHAINS];

static int value(int c, int i) {
  return c * 1000000 + i;
}

// Counts the elements of x that are not value(c, i) + add.
static void check(int c, const int *x, int n, int add) {
  for (int i = 0; i < n; i++)
    wrong[c] += x[i] != value(c, i) + add;
}

static void fill(int *x, int n, int v) {
  for (int i = 0; i < n; i++)
    x[i] = v;
}

// to the device; clobbered on the host; back from the device (restored); +1 on the host; to the
// device; clobbered; from the device at the exit: value + 1.
static void chain(int c) {
  int *x = data[c], n = c % 2 ? BIG : SMALL;
#pragma omp target enter data map(to : x [0:n]) nowait depend(out : x[0])
#pragma omp task depend(inout : x[0])
  fill(x, n, -1);
#pragma omp target update from(x [0:n]) nowait depend(inout : x[0])
#pragma omp task depend(inout : x[0])
  {
    check(c, x, n, 0);
    for (int i = 0; i < n; i++)
      x[i]++;
  }
#pragma omp target update to(x [0:n]) nowait depend(inout : x[0])
#pragma omp task depend(inout : x[0])
  fill(x, n, -2);
#pragma omp target exit data map(from : x [0:n]) nowait depend(inout : x[0])
}

int main(int argc, char **argv) {
  int chains = argc > 1 ? atoi(argv[1]) : 1;
  if (chains < 1 || chains > CHAINS)
    return 2;
  for (int c = 0; c < chains; c++)
    for (int i = 0; i < BIG; i++)
      data[c][i] = value(c, i);
#pragma omp parallel
#pragma omp single
  for (int c = 0; c < chains; c++)
    chain(c);
  int bad = 0;
  for (int c = 0; c < chains; c++) {
    check(c, data[c], c % 2 ? BIG : SMALL, 1);
    bad += wrong[c];
  }
  printf("chains %d: %d wrong\n", chains, bad);
#ifndef NO_TOOL
  printf("stop %d\n", T.stop_trace(dev0));
  tool_report();
#endif
  return bad != 0;
}
// clang-format off
// ORDER: mock: stream [[S:[0-9]+]]: HtoD of 4000 bytes issued
// ORDER-NOT: HtoD of 4000 bytes done
// ORDER: mock: stream [[S]]: event recorded after {{[0-9]+}} operation(s)
// ORDER-NOT: HtoD of 4000 bytes done
// ORDER: mock: stream [[S]]: event query: not ready
// ORDER: mock: stream [[S]]: HtoD of 4000 bytes done
// ORDER: mock: stream [[T:[0-9]+]]: DtoH of 4000 bytes issued
// ORDER-NOT: DtoH of 4000 bytes done
// ORDER: mock: stream [[T]]: event recorded after {{[0-9]+}} operation(s)
// ORDER: mock: stream [[T]]: DtoH of 4000 bytes done
// ORDER: mock: stream [[U:[0-9]+]]: HtoD of 4000 bytes issued
// ORDER: mock: stream [[U]]: event recorded after {{[0-9]+}} operation(s)
// ORDER: mock: stream [[U]]: HtoD of 4000 bytes done
// ORDER: mock: stream [[V:[0-9]+]]: DtoH of 4000 bytes issued
// ORDER: mock: stream [[V]]: event recorded after {{[0-9]+}} operation(s)
// ORDER: mock: stream [[V]]: DtoH of 4000 bytes done
// CHECK1: chains 1: 0 wrong
// CHECK8: chains 8: 0 wrong
// TOOL: stop 1
// TOOL: records {{[0-9]+}}, buffers requested {{[0-9]+}} completed {{[0-9]+}} (empty 0, not owned 0), times ok, duplicates 0, bad maps 0
// TOOL-NEXT: lost 0
// FAIL: omptarget fatal error: {{.*}}cuda_mock_async.c{{.*}}: device 0: the device work of a target nowait construct failed
