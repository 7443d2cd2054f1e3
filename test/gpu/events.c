// The OMPT event stream of GPU offloading, from a tool built into the program: device
// initialisation (type sm_XX), load, target regions begun and ended, one submit per kernel,
// data operations; then device tracing when the device offers it: one kernel record per
// launch, times ordered, host_op_ids matching the submit callbacks, native records present.
#include "common.h"

#include <omp-tools.h>
#include <string.h>

static int loads, target_begin, target_end, submits, data_ops;
static ompt_id_t submit_ids[64];
static int trace_ok = -1; // -1 unavailable, 0 failed to start, 1 started
static ompt_start_trace_t start_trace;
static ompt_flush_trace_t flush_trace;
static ompt_stop_trace_t stop_trace;
static ompt_set_trace_ompt_t set_trace_ompt;
static ompt_get_record_ompt_t get_record_ompt;
static ompt_advance_buffer_cursor_t advance;
static ompt_translate_time_t translate_time;
static int kernel_records, copy_records, bad_times, unmatched_ids, native_records;
static ompt_get_record_type_t get_record_type;
static ompt_get_record_native_t get_record_native;
static ompt_get_record_abstract_t get_record_abstract;
static ompt_set_trace_native_t set_trace_native;

// The first events, printed as they come (the stream the note shows).
enum { SHOWN = 24 };
static int shown;
#define SHOW(...)                                                                                  \
  do {                                                                                             \
    if (__atomic_fetch_add(&shown, 1, __ATOMIC_RELAXED) < SHOWN)                                   \
      printf("event " __VA_ARGS__);                                                                \
  } while (0)

static void on_load(int num, const char *file, int64_t off, void *vma, size_t bytes, void *host,
                    void *dev_addr, uint64_t id) {
  loads++;
  SHOW("device_load device=%d module=%llu bytes=%zu\n", num, (unsigned long long)id, bytes);
}
static void on_target(ompt_target_t kind, ompt_scope_endpoint_t ep, int num, ompt_data_t *task,
                      ompt_data_t *ttask, ompt_data_t *target, const void *ra) {
  if (ep == ompt_scope_begin)
    target_begin++;
  else
    target_end++;
  SHOW("target kind=%d %s device=%d\n", (int)kind, ep == ompt_scope_begin ? "begin" : "end", num);
}
static void on_submit(ompt_scope_endpoint_t ep, ompt_data_t *target, ompt_id_t *op,
                      unsigned teams) {
  if (ep == ompt_scope_begin && submits < 64) {
    *op = 1000 + submits;
    submit_ids[submits++] = *op;
  }
  SHOW("submit %s op=%llu teams=%u\n", ep == ompt_scope_begin ? "begin" : "end",
       (unsigned long long)*op, teams);
}
static void on_data_op(ompt_scope_endpoint_t ep, ompt_data_t *ttask, ompt_data_t *target,
                       ompt_id_t *op, ompt_target_data_op_t type, void *src, int srcd, void *dst,
                       int dstd, size_t bytes, const void *ra) {
  if (ep == ompt_scope_begin)
    data_ops++;
  SHOW("data_op %s type=%d %d->%d bytes=%zu\n", ep == ompt_scope_begin ? "begin" : "end", (int)type,
       srcd, dstd, bytes);
}
static int gpu_tool_wanted(void) {
  return 1;
}
#define GPU_TOOL_ON_LOAD on_load
#include "gpu_tool.h"

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
      if (advance(dev0, buf, bytes, c, &c))
        continue;
      break;
    }
    ompt_record_ompt_t *r = get_record_ompt(buf, c);
    if (!r)
      break;
    if (r->type == ompt_callback_target_data_op || r->type == ompt_callback_target_data_op_emi) {
      const ompt_record_target_data_op_t *d = &r->record.target_data_op;
      if (copy_records++ < 4)
        printf("record data_op type=%d op=%llu bytes=%zu %.1f us\n", (int)d->optype,
               (unsigned long long)d->host_op_id, d->bytes, (d->end_time - r->time) * 1e-3);
    }
    if (r->type == ompt_callback_target_submit || r->type == ompt_callback_target_submit_emi) {
      const ompt_record_target_kernel_t *k = &r->record.target_kernel;
      if (kernel_records++ < 4)
        printf("record kernel op=%llu teams=%u granted=%u %.1f us at %.6f s\n",
               (unsigned long long)k->host_op_id, k->requested_num_teams, k->granted_num_teams,
               (k->end_time - r->time) * 1e-3, translate_time(dev0, r->time));
      bad_times += r->record.target_kernel.end_time < r->time;
      int found = 0;
      for (int i = 0; i < submits; i++)
        found |= submit_ids[i] == r->record.target_kernel.host_op_id;
      unmatched_ids += !found;
    }
    if (advance(dev0, buf, bytes, c, &c))
      break;
  }
  if (owned)
    free(buf);
}

static void try_trace(void) {
#define LOOK(var, name) var = GPU_LOOKUP(__typeof__(var), name)
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
  LOOK(translate_time, "ompt_translate_time");
  if (!start_trace || !set_trace_ompt || !get_record_ompt || !advance || !stop_trace ||
      !get_record_type || !get_record_native || !get_record_abstract || !set_trace_native ||
      !translate_time) {
    printf("device tracing unavailable (%s)\n", dev_lookup ? "lookup answered NULL" : "no device");
    return;
  }
  set_trace_ompt(dev0, 1, ompt_callback_target_submit);
  set_trace_ompt(dev0, 1, ompt_callback_target_data_op);
  printf(
      "set_trace_native %d\n",
      set_trace_native(dev0, 1, ompt_native_kernel_execution | ompt_native_data_motion_explicit));
  trace_ok = start_trace(dev0, buf_request, buf_complete) ? 1 : 0;
}

int main(void) {
  require_gpu();
  try_trace();
  enum { N = 1 << 16, LAUNCHES = 20, NOWAIT = 8 };
  static float a[N];
  int submits_before = submits;
  for (int k = 0; k < LAUNCHES; k++) {
#pragma omp target teams distribute parallel for map(tofrom : a)
    for (int i = 0; i < N; i++)
      a[i] += 1;
  }
  // Asynchronous: target nowait regions from 4 threads, their records and events as well.
#pragma omp parallel num_threads(4)
#pragma omp single
  for (int k = 0; k < NOWAIT; k++) {
#pragma omp target teams distribute parallel for map(tofrom : a) nowait depend(inout : a)
    for (int i = 0; i < N; i++)
      a[i] += 1;
  }
  EXPECT(a[7] == LAUNCHES + NOWAIT, "a[7] %g", a[7]);
  EXPECT(inits >= 1 && strncmp(dev_type, "sm_", 3) == 0, "device_initialize: %d, type '%s'", inits,
         dev_type);
  EXPECT(loads >= 1, "device_load %d", loads);
  EXPECT(target_begin == target_end && target_begin >= LAUNCHES + NOWAIT + 1,
         "target begin %d end %d", target_begin, target_end);
  EXPECT(submits - submits_before == LAUNCHES + NOWAIT, "submits %d", submits - submits_before);
  EXPECT(data_ops >= 4 * LAUNCHES, "data ops %d", data_ops);
  printf("events: %d init, %d load, %d targets, %d submits, %d data ops\n", inits, loads,
         target_begin, submits, data_ops);
  if (trace_ok == 1) {
    flush_trace(dev0);
    stop_trace(dev0);
    EXPECT(kernel_records == LAUNCHES + NOWAIT, "kernel records %d for %d launches", kernel_records,
           LAUNCHES + NOWAIT);
    EXPECT(copy_records >= 2 * (LAUNCHES + NOWAIT), "copy records %d", copy_records);
    EXPECT(bad_times == 0, "%d records end before they start", bad_times);
    EXPECT(unmatched_ids == 0, "%d records with a host_op_id no submit had", unmatched_ids);
    EXPECT(native_records >= LAUNCHES, "native records %d", native_records);
    printf("trace: %d kernel records, %d copy records, %d native records\n", kernel_records,
           copy_records, native_records);
  } else {
    printf("TRACE %s\n", trace_ok == 0 ? "start_trace failed" : "unavailable");
  }
  return finish("events");
}
