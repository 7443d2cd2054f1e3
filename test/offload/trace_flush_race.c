// Flushes racing with writers: three threads offload while a fourth flushes without pause,
// in buffers of 1000 bytes, so that flush hands back buffers other threads are writing in
// (each thread writes in a buffer of its own) and writers hand back their own full ones at
// the same time. Every record arrives once, none is lost, none comes back in an empty buffer
// or twice, and the times still lie between their operation's callbacks.
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload, ompt
#define TOOL_BUFFER_BYTES 1000
#define TOOL_QUIET
#define TOOL_COUNT
#include "Inputs/trace_tool.h"

static pthread_mutex_t done_lock = PTHREAD_MUTEX_INITIALIZER;
static int done;

static int finished(void) {
  pthread_mutex_lock(&done_lock);
  int d = done;
  pthread_mutex_unlock(&done_lock);
  return d;
}

int main(void) {
  int sum = 0, flushes = 0;
#pragma omp target map(tofrom : sum) // device 0 and the tool's entry points are set up
  sum++;
#pragma omp parallel num_threads(4) reduction(+ : sum)
  if (omp_get_thread_num() == 3) {
    do
      flushes += T.flush_trace(dev0);
    while (finished() < 3);
  } else {
    for (int i = 0; i < 100; i++) {
      int x = i;
#pragma omp target map(tofrom : x)
      x++;
      sum += x == i + 1;
    }
    pthread_mutex_lock(&done_lock);
    done++;
    pthread_mutex_unlock(&done_lock);
  }
  printf("sum %d flushed %d stop %d\n", sum, flushes > 0, T.stop_trace(dev0));
  tool_report();
  return 0;
}
// 301 regions x 8 (target begin and end, alloc, to, map, kernel, from, delete).
// CHECK: sum 301 flushed 1 stop 1
// CHECK-NEXT: records 2408, buffers requested [[N:[0-9]+]] completed [[N]] (empty 0, not owned 0),
// times ok, duplicates 0, bad maps 0 CHECK-NEXT: lost 0
