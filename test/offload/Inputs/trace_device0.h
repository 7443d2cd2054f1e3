// For the offload tests that check trace records themselves (trace_exact.c,
// trace_shared_clock.c): device 0's tracing entry points, looked up at device_initialize
// (on_device_init, which the test registers), where every record type is enabled and tracing
// started; delivered buffers (on_complete) are walked while `checking`, each record handed to
// the test's check(), and freed. The test defines check() and on_request().
#include <omp-tools.h>
#include <stdio.h>
#include <stdlib.h>

static ompt_device_t *dev0;
static ompt_get_device_time_t get_device_time;
static ompt_translate_time_t translate_time;
static ompt_flush_trace_t flush_trace;
static ompt_stop_trace_t stop_trace;
static ompt_advance_buffer_cursor_t advance;
static ompt_get_record_ompt_t get_record;

// Called from device_initialize for device 0; prints "trace <set_trace_ompt> <start_trace>".
static void trace_device0(ompt_device_t *dev, ompt_function_lookup_t l,
                          ompt_callback_buffer_request_t request,
                          ompt_callback_buffer_complete_t complete) {
  dev0 = dev;
  get_device_time = (ompt_get_device_time_t)l("ompt_get_device_time");
  translate_time = (ompt_translate_time_t)l("ompt_translate_time");
  flush_trace = (ompt_flush_trace_t)l("ompt_flush_trace");
  stop_trace = (ompt_stop_trace_t)l("ompt_stop_trace");
  advance = (ompt_advance_buffer_cursor_t)l("ompt_advance_buffer_cursor");
  get_record = (ompt_get_record_ompt_t)l("ompt_get_record_ompt");
  ompt_set_trace_ompt_t set = (ompt_set_trace_ompt_t)l("ompt_set_trace_ompt");
  ompt_start_trace_t start = (ompt_start_trace_t)l("ompt_start_trace");
  printf("trace %d %d\n", set(dev, 1, 0), start(dev, request, complete));
}

// Each record of a delivered buffer, in order.
static void walk_records(ompt_buffer_t *buf, size_t bytes, ompt_buffer_cursor_t begin,
                         void (*check)(const ompt_record_ompt_t *)) {
  ompt_buffer_cursor_t c = begin;
  if (bytes > begin)
    do
      check(get_record(buf, c));
    while (advance(dev0, buf, bytes, c, &c));
}

static int checking; // delivered records go to check()
static void check(const ompt_record_ompt_t *r);
static void on_request(int d, ompt_buffer_t **buf, size_t *bytes);

static void on_complete(int d, ompt_buffer_t *buf, size_t bytes, ompt_buffer_cursor_t begin,
                        int owned) {
  if (checking)
    walk_records(buf, bytes, begin, check);
  if (owned)
    free(buf);
}

static void on_device_init(int d, const char *type, ompt_device_t *dev, ompt_function_lookup_t l,
                           const char *doc) {
  if (d == 0)
    trace_device0(dev, l, on_request, on_complete);
}
