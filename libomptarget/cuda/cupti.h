// Device tracing for the CUDA plugin through CUPTI (libcupti.so, opened at run time). While a
// device traces, each operation libomptarget describes (sink->current()) is issued under an
// external correlation id; CUPTI's activity records come back through cupti_xlate and go to
// the device's sink with CUPTI's device times. Without CUPTI, or when CUPTI refuses (another
// profiler holds it), cupti_trace_start fails with a reason and libomptarget records the
// operations itself with times read around the calls (cupti_now is then CLOCK_MONOTONIC).
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../plugin.h"

// The plugin's device count, to size the per-device state (called once from init).
void cupti_init_devices(int n);
// 0 on success; otherwise -1 and a reason in `why`.
int cupti_trace_start(int dev, const struct glass_trace_sink *sink, char *why, size_t whylen);
// Hands every record of finished operations to the sinks before it returns.
void cupti_trace_flush(int dev);
// Flushes, delivers what is still held, and stops; no record for `dev` after it returns.
void cupti_trace_stop(int dev);
// set_trace_native: CUPTI's kernel records (ompt_native_kernel_execution) and copy and memset
// records (ompt_native_data_motion_explicit) go to the tool as they are, beside the OMPT
// records of the same operations. Returns ompt_set_result_t.
int cupti_trace_native(int dev, int enable, int flags);
// The device clock (ns): CUPTI's timestamp, or CLOCK_MONOTONIC without CUPTI.
uint64_t cupti_now(void);
// A device time on omp_get_wtime()'s clock.
double cupti_to_wtime(uint64_t t);
// Around the one driver call that carries an operation libomptarget describes. When the
// operation cannot go under an external id (out of memory, CUPTI refusing the push), it is
// recorded at cupti_op_end with the times read around the call instead: never lost.
struct cupti_op {
  uint64_t ext; // the external id pushed; 0: none
  bool fallback;
  int dev;
  struct glass_trace_op op;
};
void cupti_op_begin(int dev, struct cupti_op *h);
void cupti_op_end(struct cupti_op *h);
// Around the plugin's own driver calls (launch environments, device environments): their
// activity records are no OpenMP operation and are consumed silently while tracing.
bool cupti_internal_begin(void);
void cupti_internal_end(bool pushed);
