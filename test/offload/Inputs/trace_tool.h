// A device-tracing tool for the tests of test/offload/trace_*.c, compiled into the test program.
// At device_initialize it looks up the 14 tracing entry points of device 0, enables the record
// types TOOL_TYPES names and starts tracing. Delivered buffers are copied (or kept, with
// TOOL_KEEP) and checked by tool_report(): each record is printed in delivery order, and its
// device times, translated, must lie between the host times (omp_get_wtime) of the callbacks
// of the same operation (target by target_id; data ops and kernels by host_op_id).
// Knobs, defined before the include: TOOL_BUFFER_BYTES (bytes per buffer handed out),
// TOOL_TRACE_AT_INIT (start tracing at device_initialize, default 1), TOOL_KEEP (keep the buffers
// until tool_report instead of copying them at buffer_complete, and check target_map records'
// arrays there), TOOL_QUIET (print no records), TOOL_NONE (buffer_request gives no buffer),
// TOOL_AFTER_COMPLETE (a statement run at the end of each buffer_complete), TOOL_ASYNC (device
// work may end after its operation's end callback: `target nowait` on a plugin with queues;
// its start must still follow the begin callback), TOOL_COUNT (tool_report also prints how many
// callbacks of operations and target endpoints had no record: "lost N"), TOOL_TASK_ID (the
// initial task's data is 777; target records print their task_id).
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TOOL_BUFFER_BYTES
#define TOOL_BUFFER_BYTES 4096
#endif
#ifndef TOOL_TRACE_AT_INIT
#define TOOL_TRACE_AT_INIT 1
#endif

static struct {
  ompt_get_device_num_procs_t get_device_num_procs;
  ompt_get_device_time_t get_device_time;
  ompt_translate_time_t translate_time;
  ompt_set_trace_ompt_t set_trace_ompt;
  ompt_set_trace_native_t set_trace_native;
  ompt_start_trace_t start_trace;
  ompt_pause_trace_t pause_trace;
  ompt_flush_trace_t flush_trace;
  ompt_stop_trace_t stop_trace;
  ompt_advance_buffer_cursor_t advance_buffer_cursor;
  ompt_get_record_type_t get_record_type;
  ompt_get_record_ompt_t get_record_ompt;
  ompt_get_record_native_t get_record_native;
  ompt_get_record_abstract_t get_record_abstract;
} T;
static ompt_device_t *dev0;
static ompt_get_target_info_t get_target_info;
static pthread_mutex_t tool_lock = PTHREAD_MUTEX_INITIALIZER;
static int requested, completed, empty_completed, not_owned;

// Host times of the callbacks, by id (target_id or host_op_id; ids are small in these tests).
#define SPANS 65536
static struct span { double begin, end; } spans[SPANS];

// Delivered records (copied, map arrays flattened to their count), or kept buffers.
#define MAXREC 65536
static ompt_record_ompt_t *recs;
static int nrecs;
struct kept {
  void *buf;
  size_t bytes;
  ompt_buffer_cursor_t begin;
};
static struct kept *kept;
static int nkept;

// Native records (set_trace_native): counted, and checked for a description and a host
// operation whose callbacks came (host_op_id 0 only for the device's own work).
static int natives, natives_bad;
static void check_native(ompt_buffer_t *buffer, ompt_buffer_cursor_t c) {
  ompt_id_t op = 0;
  void *n = T.get_record_native(buffer, c, &op);
  ompt_record_abstract_t *a = n ? T.get_record_abstract(n) : NULL;
  bool op_known = op > 0 && op < SPANS && spans[op].begin > 0;
  if (!a || !a->type || a->end_time < a->start_time || T.get_record_ompt(buffer, c) || !op_known)
    natives_bad++;
  else
    natives++;
}

static void on_request(int device, ompt_buffer_t **buffer, size_t *bytes) {
  pthread_mutex_lock(&tool_lock);
  requested++;
  pthread_mutex_unlock(&tool_lock);
#ifdef TOOL_NONE
  *buffer = NULL;
  *bytes = 0;
#else
  *buffer = malloc(TOOL_BUFFER_BYTES);
  *bytes = TOOL_BUFFER_BYTES;
#endif
}

static void on_complete(int device, ompt_buffer_t *buffer, size_t bytes, ompt_buffer_cursor_t begin,
                        int owned) {
  pthread_mutex_lock(&tool_lock);
  completed++;
  if (!owned)
    not_owned++;
  if (bytes <= begin)
    empty_completed++;
#ifdef TOOL_KEEP
  kept[nkept++] = (struct kept){buffer, bytes, begin};
  pthread_mutex_unlock(&tool_lock);
  return;
#else
  ompt_buffer_cursor_t c = begin;
  if (bytes > begin) {
    do {
      ompt_record_t type = T.get_record_type(buffer, c);
      if (type == ompt_record_native)
        check_native(buffer, c);
      else if (type != ompt_record_ompt)
        printf("bad record type\n");
      else if (nrecs < MAXREC)
        recs[nrecs++] = *T.get_record_ompt(buffer, c);
    } while (T.advance_buffer_cursor(dev0, buffer, bytes, c, &c));
  }
  pthread_mutex_unlock(&tool_lock);
  free(buffer);
#endif
#ifdef TOOL_AFTER_COMPLETE
  TOOL_AFTER_COMPLETE;
#endif
}

static _Atomic int callbacks; // target endpoints, and data ops and kernels at their end

static void span_at(uint64_t id, int begin) {
  callbacks += !begin;
  if (id < SPANS) {
    if (begin)
      spans[id].begin = omp_get_wtime();
    else
      spans[id].end = omp_get_wtime();
  }
}

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t ep, int device,
                      ompt_data_t *task_data, ompt_id_t target_id, const void *codeptr) {
  callbacks += ep == ompt_scope_begin;
  span_at(target_id, ep == ompt_scope_begin);
}

static void on_data_op(ompt_scope_endpoint_t ep, ompt_data_t *target_task_data,
                       ompt_data_t *target_data, ompt_id_t *host_op_id,
                       ompt_target_data_op_t optype, void *src, int src_device, void *dst,
                       int dst_device, size_t bytes, const void *codeptr) {
  span_at(*host_op_id, ep == ompt_scope_begin);
}

static void on_submit(ompt_scope_endpoint_t ep, ompt_data_t *target_data, ompt_id_t *host_op_id,
                      unsigned int teams) {
  span_at(*host_op_id, ep == ompt_scope_begin);
}

#ifdef TOOL_TASK_ID
static void on_implicit_task(ompt_scope_endpoint_t ep, ompt_data_t *parallel_data,
                             ompt_data_t *task_data, unsigned int actual_parallelism,
                             unsigned int index, int flags) {
  if (ep == ompt_scope_begin && (flags & ompt_task_initial))
    task_data->value = 777;
}
#endif

#ifndef TOOL_TYPES
#define TOOL_TYPES tool_enable_all()
static void tool_enable_all(void) {
  printf("set_trace_ompt all %d\n", T.set_trace_ompt(dev0, 1, 0));
}
#endif

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *doc) {
  if (device_num != 0)
    return;
  dev0 = device;
  int found = 0;
#define LOOK(n) found += (T.n = (__typeof__(T.n))lookup("ompt_" #n)) != NULL
  LOOK(get_device_num_procs), LOOK(get_device_time), LOOK(translate_time);
  LOOK(set_trace_ompt), LOOK(set_trace_native), LOOK(start_trace), LOOK(pause_trace);
  LOOK(flush_trace), LOOK(stop_trace), LOOK(advance_buffer_cursor), LOOK(get_record_type);
  LOOK(get_record_ompt), LOOK(get_record_native), LOOK(get_record_abstract);
#undef LOOK
  printf("device_initialize %d: %d of 14 tracing entry points\n", device_num, found);
  if (found != 14)
    exit(1);
  TOOL_TYPES;
  if (TOOL_TRACE_AT_INIT)
    printf("start_trace %d\n", T.start_trace(dev0, on_request, on_complete));
}

static int tool_init(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *data) {
  get_target_info = TOOL_LOOKUP(lookup, get_target_info);
  TOOL_SET_ALL(lookup, TOOL_CB(device_initialize, on_device_initialize), TOOL_CB(target, on_target),
               TOOL_CB(target_data_op_emi, on_data_op), TOOL_CB(target_submit_emi, on_submit));
#ifdef TOOL_TASK_ID
  TOOL_SET_ALL(lookup, TOOL_CB(implicit_task, on_implicit_task));
#endif
  recs = calloc(MAXREC, sizeof *recs);
  kept = calloc(MAXREC, sizeof *kept);
  return 1;
}

__attribute__((unused)) static const char *optype_name(int op) {
  static const char *n[] = {"?", "alloc", "to", "from", "delete", "associate", "disassociate"};
  return op >= 0 && op <= 6 ? n[op] : "?";
}

static int time_bad, duplicates, map_bad, map_recs;
static unsigned char seen[2 * SPANS];

// Each operation's record, and each target endpoint's, is delivered once.
static void check_once(uint64_t key) {
  if (key >= 2 * SPANS || seen[key]++)
    duplicates++;
}

// The record's device interval, on the host clock, within its operation's callbacks.
static void check_time(const ompt_record_ompt_t *r, uint64_t id, ompt_device_time_t end) {
  double b = T.translate_time(dev0, r->time), e = T.translate_time(dev0, end);
#ifdef TOOL_ASYNC
  bool late_ok = true;
#else
  bool late_ok = false;
#endif
  if (id >= SPANS || !(spans[id].begin <= b && b <= e && (late_ok || e <= spans[id].end))) {
    time_bad++;
    printf("time outside the callbacks: type %d id %llu: %.9f..%.9f not in %.9f..%.9f\n",
           (int)r->type, (unsigned long long)id, b, e, id < SPANS ? spans[id].begin : 0,
           id < SPANS ? spans[id].end : 0);
  }
}

static void print_record(const ompt_record_ompt_t *r) {
  switch (r->type) {
  case ompt_callback_target:
    check_time(r, r->target_id, r->time);
    check_once(2 * r->target_id + (r->record.target.endpoint == ompt_scope_end));
#ifndef TOOL_QUIET
    printf("rec target kind=%d %s device=%d target=%llu", (int)r->record.target.kind,
           r->record.target.endpoint == ompt_scope_begin ? "begin" : "end",
           r->record.target.device_num, (unsigned long long)r->target_id);
#ifdef TOOL_TASK_ID
    printf(" task=%llu", (unsigned long long)r->record.target.task_id);
#endif
    printf("\n");
#endif
    break;
  case ompt_callback_target_data_op: {
    const ompt_record_target_data_op_t *d = &r->record.target_data_op;
    check_time(r, d->host_op_id, d->end_time);
    check_once(2 * d->host_op_id);
#ifndef TOOL_QUIET
    printf("rec data_op %s target=%llu op=%llu src_device=%d dst_device=%d bytes=%zu\n",
           optype_name(d->optype), (unsigned long long)r->target_id,
           (unsigned long long)d->host_op_id, d->src_device_num, d->dest_device_num, d->bytes);
#endif
    break;
  }
  case ompt_callback_target_submit: {
    const ompt_record_target_kernel_t *k = &r->record.target_kernel;
    check_time(r, k->host_op_id, k->end_time);
    check_once(2 * k->host_op_id);
#ifndef TOOL_QUIET
    printf("rec kernel target=%llu op=%llu requested=%u granted=%u\n",
           (unsigned long long)r->target_id, (unsigned long long)k->host_op_id,
           k->requested_num_teams, k->granted_num_teams);
#endif
    break;
  }
  case ompt_callback_target_map:
    map_recs++;
#ifdef TOOL_KEEP // the arrays live in the tool's buffer, still held
    for (unsigned i = 0; i < r->record.target_map.nitems; i++)
      if (!r->record.target_map.host_addr[i] || !r->record.target_map.device_addr[i] ||
          r->record.target_map.bytes[i] == 0 || r->record.target_map.mapping_flags[i] == 0)
        map_bad++;
#endif
#ifndef TOOL_QUIET
    printf("rec map target=%llu nitems=%u\n", (unsigned long long)r->target_id,
           r->record.target_map.nitems);
#endif
    break;
  default:
    printf("rec unexpected type %d\n", (int)r->type);
  }
}

// Prints and checks everything delivered so far.
static void tool_report(void) {
  pthread_mutex_lock(&tool_lock);
  for (int k = 0; k < nkept; k++) {
    struct kept *b = &kept[k];
    ompt_buffer_cursor_t c = b->begin;
    if (b->bytes > c) {
      do {
        if (T.get_record_type(b->buf, c) == ompt_record_native)
          check_native(b->buf, c);
        else
          print_record(T.get_record_ompt(b->buf, c));
        nrecs++;
      } while (T.advance_buffer_cursor(dev0, b->buf, b->bytes, c, &c));
    }
    free(b->buf);
  }
  nkept = 0;
#ifndef TOOL_KEEP
  for (int i = 0; i < nrecs; i++)
    print_record(&recs[i]);
#endif
  if (natives || natives_bad)
    printf("native records %d, bad %d\n", natives, natives_bad);
  natives = natives_bad = 0;
  printf("records %d, buffers requested %d completed %d (empty %d, not owned %d), times %s, "
         "duplicates %d, bad maps %d\n",
         nrecs, requested, completed, empty_completed, not_owned, time_bad ? "BAD" : "ok",
         duplicates, map_bad);
#ifdef TOOL_COUNT
  printf("lost %d\n", callbacks - (nrecs - map_recs));
#endif
  nrecs = 0;
  pthread_mutex_unlock(&tool_lock);
}

static void tool_fini(ompt_data_t *data) {
  printf("tool fini\n");
  tool_report();
}

TOOL_START(tool_init, tool_fini)
