// One instant on two clocks, for every part of Glass that maps one clock onto another: the TSC
// onto CLOCK_MONOTONIC (tsc.h's glass_tsc_pair: glass-trace and the host offload plugin),
// omp_get_wtime onto glass-trace's clock (tools/trace/device.c) and onto CUPTI's
// (libomptarget/cuda/cupti.c). Header-only and internal, as tsc.h.
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

// The inner clock's reading and the outer clock's time of it (the middle of the two outer
// readings around it), with the width of that window; ok is false when the outer clock went
// backwards on every try (a TSC read on two CPUs that disagree), and the rest is then 0.
typedef struct {
  uint64_t outer, inner, width;
  bool ok;
} glass_clock_pair_t;

// Reads inner between two readings of outer, 16 times, and keeps the narrowest window. A
// thread preempted between the two clocks (a loaded machine) would otherwise put the whole
// time it was off the CPU between them, into every offset and rate computed from the pair.
// inner returns any 64 bits (a double's, through memcpy); both are called by pointer, which
// the compiler resolves when they are known functions.
static inline glass_clock_pair_t glass_clock_pair(uint64_t (*outer)(void),
                                                  uint64_t (*inner)(void)) {
  glass_clock_pair_t p = {0, 0, 0, false};
  for (int i = 0; i < 16; i++) {
    uint64_t a = outer(), x = inner(), b = outer();
    if (b >= a && (!p.ok || b - a < p.width))
      p = (glass_clock_pair_t){a + (b - a) / 2, x, b - a, true};
  }
  return p;
}

// A clock that reads as a double (omp_get_wtime) as glass_clock_pair's 64 bits, and back.
static inline uint64_t glass_clock_bits(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof(u));
  return u;
}

static inline double glass_clock_double(uint64_t u) {
  double x;
  memcpy(&x, &u, sizeof(x));
  return x;
}
