// The OMPT event stream of GPU offloading, from a tool built into the program: device
// initialisation (type sm_XX), load, target regions begun and ended, one submit per kernel,
// data operations; then device tracing when the device offers it: one kernel record per
// launch, times ordered, host_op_ids matching the submit callbacks, native records present.
#include "common.h"

#include <omp-tools.h>
#include <string.h>

static int inits, loads, target_begin, target_end, submits, data_ops;
static char dev_type[64];
static ompt_id_t submit_ids[64];
static int trace_ok = -1; // -1 unavailable, 0 failed to start, 1 started
static ompt_start_trace_t start_trace;
static ompt_flush_trace_t flush_trace;
static ompt_stop_trace_t stop_trace;
static ompt_set_trace_ompt_t set_trace_ompt;
static ompt_get_record_ompt_t get_record_ompt;
static ompt_advance_buffer_cursor_t advance;
static ompt_function_lookup_t dev_lookup;
static ompt_device_t *device0;
static int kernel_records, bad_times, unmatched_ids, native_records;
static ompt_get_record_type_t get_record_type;
static ompt_get_record_native_t get_record_native;
static ompt_get_record_abstract_t get_record_abstract;
static ompt_set_trace_native_t set_trace_native;

static void on_init(int num, const char *type, ompt_device_t *dev, ompt_function_lookup_t lookup,
                    const char *doc) {
  (void)doc;
  inits++;
  if (num == 0) {
    snprintf(dev_type, sizeof dev_type, "%s", type);
    device0 = dev, dev_lookup = lookup;
  }
}
static void on_load(int num, const char *file, int64_t off, void *vma, size_t bytes, void *host,
                    void *dev_addr, uint64_t id) {
  loads++;
}
static void on_target(ompt_target_t kind, ompt_scope_endpoint_t ep, int num, ompt_data_t *task,
                      ompt_data_t *ttask, ompt_data_t *target, const void *ra) {
  if (ep == ompt_scope_begin)
    target_begin++;
  else
    target_end++;
}
static void on_submit(ompt_scope_endpoint_t ep, ompt_data_t *target, ompt_id_t *op,
                      unsigned teams) {
  if (ep == ompt_scope_begin && submits < 64) {
    *op = 1000 + submits;
    submit_ids[submits++] = *op;
  }
}
static void on_data_op(ompt_scope_endpoint_t ep, ompt_data_t *ttask, ompt_data_t *target,
                       ompt_id_t *op, ompt_target_data_op_t type, void *src, int srcd, void *dst,
                       int dstd, size_t bytes, const void *ra) {
  if (ep == ompt_scope_begin)
    data_ops++;
}

static void buf_request(int dev, ompt_buffer_t **buf, size_t *bytes) {
  *bytes = 1 << 20;
  *buf = malloc(*bytes);
}
static void buf_complete(int dev, ompt_buffer_t *buf, size_t bytes, ompt_buffer_cursor_t begin,
                         int owned) {
  ompt_buffer_cursor_t c = begin;
  for (size_t n = 0; n < bytes; n++) {
    if (get_record_type(buf, c) == ompt_record_native) {
      ompt_id_t op = 0;
      void *native = get_record_native(buf, c, &op);
      ompt_record_abstract_t *a = native ? get_record_abstract(native) : NULL;
      native_records += a && a->type && a->end_time >= a->start_time;
      if (advance(device0, buf, bytes, c, &c))
        continue;
      break;
    }
    ompt_record_ompt_t *r = get_record_ompt(buf, c);
    if (!r)
      break;
    if (r->type == ompt_callback_target_submit || r->type == ompt_callback_target_submit_emi) {
      kernel_records++;
      bad_times += r->record.target_kernel.end_time < r->time;
      int found = 0;
      for (int i = 0; i < submits; i++)
        found |= submit_ids[i] == r->record.target_kernel.host_op_id;
      unmatched_ids += !found;
    }
    if (advance(device0, buf, bytes, c, &c))
      break;
  }
  if (owned)
    free(buf);
}

static int tool_init(ompt_function_lookup_t lookup, int num, ompt_data_t *data) {
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  set(ompt_callback_device_initialize, (ompt_callback_t)on_init);
  set(ompt_callback_device_load, (ompt_callback_t)on_load);
  set(ompt_callback_target_emi, (ompt_callback_t)on_target);
  set(ompt_callback_target_submit_emi, (ompt_callback_t)on_submit);
  set(ompt_callback_target_data_op_emi, (ompt_callback_t)on_data_op);
  return 1;
}
static void tool_fini(ompt_data_t *data) {}
ompt_start_tool_result_t *ompt_start_tool(unsigned v, const char *rt) {
  static ompt_start_tool_result_t r = {tool_init, tool_fini, {0}};
  return &r;
}

static void try_trace(void) {
  if (!dev_lookup)
    return;
#define LOOK(var, name) var = (__typeof__(var))dev_lookup(name)
  LOOK(start_trace, "ompt_start_trace");
  LOOK(flush_trace, "ompt_flush_trace");
  LOOK(stop_trace, "ompt_stop_trace");
  LOOK(set_trace_ompt, "ompt_set_trace_ompt");
  LOOK(get_record_ompt, "ompt_get_record_ompt");
  LOOK(advance, "ompt_advance_buffer_cursor");
  LOOK(get_record_type, "ompt_get_record_type");
  LOOK(get_record_native, "ompt_get_record_native");
  LOOK(get_record_abstract, "ompt_get_record_abstract");
  LOOK(set_trace_native, "ompt_set_trace_native");
  if (!start_trace || !set_trace_ompt || !get_record_ompt || !advance || !stop_trace ||
      !get_record_type || !get_record_native || !get_record_abstract || !set_trace_native) {
    printf("device tracing unavailable (lookup answered NULL)\n");
    return;
  }
  set_trace_ompt(device0, 1, ompt_callback_target_submit);
  set_trace_ompt(device0, 1, ompt_callback_target_data_op);
  printf("set_trace_native %d\n",
         set_trace_native(device0, 1,
                          ompt_native_kernel_execution | ompt_native_data_motion_explicit));
  trace_ok = start_trace(device0, buf_request, buf_complete) ? 1 : 0;
}

int main(void) {
  require_gpu();
  try_trace();
  enum { N = 1 << 16, LAUNCHES = 20 };
  static float a[N];
  int submits_before = submits;
  for (int k = 0; k < LAUNCHES; k++) {
#pragma omp target teams distribute parallel for map(tofrom : a)
    for (int i = 0; i < N; i++)
      a[i] += 1;
  }
  EXPECT(a[7] == LAUNCHES, "a[7] %g", a[7]);
  EXPECT(inits >= 1 && strncmp(dev_type, "sm_", 3) == 0, "device_initialize: %d, type '%s'", inits,
         dev_type);
  EXPECT(loads >= 1, "device_load %d", loads);
  EXPECT(target_begin == target_end && target_begin >= LAUNCHES + 1, "target begin %d end %d",
         target_begin, target_end);
  EXPECT(submits - submits_before == LAUNCHES, "submits %d", submits - submits_before);
  EXPECT(data_ops >= 4 * LAUNCHES, "data ops %d", data_ops);
  printf("events: %d init, %d load, %d targets, %d submits, %d data ops\n", inits, loads,
         target_begin, submits, data_ops);
  if (trace_ok == 1) {
    flush_trace(device0);
    stop_trace(device0);
    EXPECT(kernel_records == LAUNCHES, "kernel records %d for %d launches", kernel_records,
           LAUNCHES);
    EXPECT(bad_times == 0, "%d records end before they start", bad_times);
    EXPECT(unmatched_ids == 0, "%d records with a host_op_id no submit had", unmatched_ids);
    EXPECT(native_records >= LAUNCHES, "native records %d", native_records);
    printf("trace: %d kernel records, %d native records\n", kernel_records, native_records);
  } else {
    printf("TRACE %s\n", trace_ok == 0 ? "start_trace failed" : "unavailable");
  }
  return finish("events");
}
