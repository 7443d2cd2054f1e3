// The offload benchmark's tool: registers every target callback (the EMI forms, device
// initialize/finalize/load/unload, target_map_emi) with bodies that count the event. With
// BENCH_TRACE=1 it also traces device 0 (every record type, 1 MiB buffers, records counted at
// buffer_complete). BENCH_CALLBACKS=0 leaves out the callbacks of target constructs and their
// operations (target, data_op, submit, map): a tool that observes them through trace records
// alone, as a CUPTI-style tracing tool does. At finalization it prints one JSON line on stderr:
// events, records, and whether tracing started ("trace": null where the device offers no
// tracing entry points).
#include "tool.h" // test/utils: the tests' tool helpers
#include <omp-tools.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long events, records, buffers;
static int trace_started = -1; // -1: not asked; 0: unavailable; 1: started
static ompt_get_record_ompt_t get_record;
static ompt_advance_buffer_cursor_t advance;
static ompt_device_t *traced;

#define COUNT __atomic_fetch_add(&events, 1, __ATOMIC_RELAXED)

static void on_target_emi(ompt_target_t k, ompt_scope_endpoint_t e, int d, ompt_data_t *t,
                          ompt_data_t *tt, ompt_data_t *td, const void *c) {
  COUNT;
}
static void on_data_op_emi(ompt_scope_endpoint_t e, ompt_data_t *tt, ompt_data_t *td, ompt_id_t *id,
                           ompt_target_data_op_t op, void *s, int sd, void *d, int dd, size_t b,
                           const void *c) {
  COUNT;
}
static void on_submit_emi(ompt_scope_endpoint_t e, ompt_data_t *td, ompt_id_t *id, unsigned n) {
  COUNT;
}
static void on_map_emi(ompt_data_t *td, unsigned n, void **h, void **d, size_t *b, unsigned *f,
                       const void *c) {
  COUNT;
}
static void on_load(int d, const char *f, int64_t o, void *v, size_t b, void *h, void *da,
                    uint64_t m) {
  COUNT;
}
static void on_unload(int d, uint64_t m) {
  COUNT;
}
static void on_finalize(int d) {
  COUNT;
}

#define BUFFER_BYTES (1 << 20)
static void on_request(int d, ompt_buffer_t **buf, size_t *bytes) {
  *buf = malloc(BUFFER_BYTES);
  *bytes = *buf ? BUFFER_BYTES : 0;
}
static void on_complete(int d, ompt_buffer_t *buf, size_t bytes, ompt_buffer_cursor_t begin,
                        int owned) {
  __atomic_fetch_add(&buffers, 1, __ATOMIC_RELAXED);
  ompt_buffer_cursor_t c = begin;
  unsigned long n = 0;
  if (bytes > begin)
    do
      n += get_record(buf, c) != NULL;
    while (advance(traced, buf, bytes, c, &c));
  __atomic_fetch_add(&records, n, __ATOMIC_RELAXED);
  if (owned)
    free(buf);
}

static void on_device_init(int d, const char *type, ompt_device_t *dev, ompt_function_lookup_t l,
                           const char *doc) {
  COUNT;
  const char *t = getenv("BENCH_TRACE");
  if (d != 0 || !t || *t != '1')
    return;
  ompt_set_trace_ompt_t set = l ? (ompt_set_trace_ompt_t)l("ompt_set_trace_ompt") : NULL;
  ompt_start_trace_t start = l ? (ompt_start_trace_t)l("ompt_start_trace") : NULL;
  get_record = l ? (ompt_get_record_ompt_t)l("ompt_get_record_ompt") : NULL;
  advance = l ? (ompt_advance_buffer_cursor_t)l("ompt_advance_buffer_cursor") : NULL;
  traced = dev;
  trace_started = set && start && get_record && advance && set(dev, 1, 0) == ompt_set_always &&
                  start(dev, on_request, on_complete);
}

static int init(ompt_function_lookup_t lookup, int dev, ompt_data_t *data) {
  TOOL_SET_ALL(lookup, TOOL_CB(device_initialize, on_device_init),
               TOOL_CB(device_finalize, on_finalize), TOOL_CB(device_load, on_load),
               TOOL_CB(device_unload, on_unload));
  const char *c = getenv("BENCH_CALLBACKS");
  if (c && *c == '0')
    return 1;
  TOOL_SET_ALL(lookup, TOOL_CB(target_emi, on_target_emi),
               TOOL_CB(target_data_op_emi, on_data_op_emi),
               TOOL_CB(target_submit_emi, on_submit_emi), TOOL_CB(target_map_emi, on_map_emi));
  return 1;
}

static void fini(ompt_data_t *data) {
  fprintf(stderr,
          "{\"tool\":\"target\",\"events\":%lu,\"records\":%lu,\"buffers\":%lu,\"trace\":%s}\n",
          events, records, buffers,
          trace_started < 0 ? "\"off\""
          : trace_started   ? "\"on\""
                            : "null");
}

TOOL_START(init, fini)
