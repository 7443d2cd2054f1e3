// The host plugin's internals: the device's clock (clock.c: device time in TSC ticks, or in
// nanoseconds from its first use where there is no usable TSC) and the kernel call trampoline
// (call_x86_64.S).
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "tsc.h"

#define HIDDEN __attribute__((visibility("hidden")))

// Calls fn(args[0], ..., args[n-1]) with pointer-sized arguments (args has at least 6 slots).
HIDDEN void glass_host_call(void *fn, void **args, long n);

HIDDEN extern bool host_clock_tsc;
HIDDEN void host_clock_init(void);
HIDDEN uint64_t host_clock_now_slow(void);
// A device time on CLOCK_MONOTONIC (omp_get_wtime's clock), in seconds.
HIDDEN double host_clock_translate(uint64_t device_time);

// Not ordered by a fence: a record's reading comes after the callback that precedes it, whose
// clock_gettime fences its own TSC reading, and the one that follows it fences this one.
static inline uint64_t host_clock_now(void) {
  if (__builtin_expect(host_clock_tsc, 1))
    return glass_tsc_read(); // raw: translate_time scales it
  return host_clock_now_slow();
}
