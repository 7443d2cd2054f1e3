// Benchmark tool "light": registers every host callback; each one counts the event in the
// calling thread's counters and stores a timestamp, the least a real tracing or profiling tool
// does. At finalization it reports the total of each counter (BENCH_TOOL_REPORT), which gives
// the number of events a construct delivers.
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

typedef struct thread_counts {
  uint64_t count[64];
  uint64_t last_ns; // timestamp of the thread's latest event
  struct thread_counts *next;
} thread_counts_t;

static __thread thread_counts_t *my_counts __attribute__((tls_model("initial-exec")));
static _Atomic(thread_counts_t *) all_counts;

// The calling thread's counters, created at its first event and never freed (finalization
// reads them after the threads are gone).
static thread_counts_t *counts_slow(void) {
  thread_counts_t *c = calloc(1, sizeof(*c));
  if (!c)
    abort();
  c->next = atomic_load(&all_counts);
  while (!atomic_compare_exchange_weak(&all_counts, &c->next, c))
    ;
  my_counts = c;
  return c;
}

static inline void light_event(int id) {
  thread_counts_t *c = my_counts;
  if (__builtin_expect(c == NULL, 0))
    c = counts_slow();
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  c->count[id]++;
  c->last_ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#define TOOL_NAME "light"
#define TOOL_REGISTERS 1
#define TOOL_EVENT(id) light_event(id)
#include "host_callbacks.h"
#include "tool_common.h"

static void tool_report_extra(FILE *f) {
  uint64_t total[64] = {0};
  int threads = 0;
  for (thread_counts_t *c = atomic_load(&all_counts); c; c = c->next) {
    threads++;
    for (int i = 0; i < 64; i++)
      total[i] += c->count[i];
  }
  fprintf(f, ",\"threads\":%d,\"counts\":{", threads);
  int first = 1;
  for (int i = 0; i < TOOL_NCALLBACKS; i++) {
    uint64_t n = total[tool_callbacks[i].event];
    if (!n)
      continue;
    fprintf(f, "%s\"%s\":%llu", first ? "" : ",", tool_callbacks[i].name, (unsigned long long)n);
    first = 0;
  }
  fprintf(f, "}");
}
