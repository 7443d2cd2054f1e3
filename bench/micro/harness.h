// The measurement harness shared by every microbenchmark binary.
//
// Method (EPCC's, written here from its description): the overhead of a construct is the time
// of a loop that runs the construct around a small delay, minus the time of the same work
// without the construct, divided by the number of construct instances.
//
// Each source file in this directory is one *group*: constructs that need the same runtime
// entry points. Each group is its own binary, so a runtime that lacks the entry points of one
// group (a binary referencing a missing __kmpc_* symbol does not load) loses that group only.
#ifndef BENCH_HARNESS_H
#define BENCH_HARNESS_H

#include <stdio.h>
#include <stdlib.h>

typedef struct bench_construct {
  const char *name;     // command-line name, e.g. "barrier"
  const char *instance; // what one instance is, for --list and the JSON output
  // Runs n instances of the construct, each around the delay. Returns 0, or -1 after
  // reporting a wrong result with bench_fail().
  int (*test)(long n);
  // The same work without the construct (its time is subtracted).
  void (*ref)(long n);
} bench_construct_t;

extern int bench_threads;    // --threads: team size every construct uses
extern long bench_delay_len; // units of bench_delay() that take --delay microseconds

// Busy work of `len` units; never inlined, never optimized away.
void bench_delay(long len);

// Reports a wrong result (the runner treats the run as failed) and returns -1.
int bench_fail(const char *construct, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// The common references.
void bench_ref_delays(long n); // n delays, one after the other, on the calling thread

// Splits n instances among the team: how many thread `tid` of `nth` runs.
static inline long bench_share(long n, int tid, int nth) {
  return n / nth + (tid < n % nth ? 1 : 0);
}

// Per-thread counters on their own cache lines, for checking task counts without atomics.
#define BENCH_MAX_THREADS 256
typedef struct {
  long v;
  char pad[64 - sizeof(long)];
} bench_counter_t;
extern bench_counter_t bench_counters[BENCH_MAX_THREADS];
void bench_counters_reset(void);
long bench_counters_sum(void);
// 0 when the counters add up to want, else bench_fail(construct, "N <what> ran, expected M").
int bench_counters_check(const char *construct, const char *what, long want);

// Each group file ends with BENCH_GROUP("group-name", {...}, {...}).
extern const char bench_group_name[];
extern const bench_construct_t bench_group[];
extern const int bench_group_size;
#define BENCH_GROUP(gname, ...)                                                                \
  const char bench_group_name[] = gname;                                                       \
  const bench_construct_t bench_group[] = {__VA_ARGS__};                                       \
  const int bench_group_size = (int)(sizeof(bench_group) / sizeof(bench_group[0]))

#endif
