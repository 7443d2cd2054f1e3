// The tool's life cycle and its callbacks: each callback turns its arguments into one record in
// the calling thread's buffer. The buffer hangs off the thread's ompt_data_t (set at
// thread_begin, or on a thread's first event if the runtime never announced it).
//
// Ids: every parallel region and task gets an id from the thread that creates it: the thread's
// track number in the high bits, a per-thread counter below. Unique without any shared counter.
#define _GNU_SOURCE
#include "trace.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static ompt_get_thread_data_t get_thread_data;
static atomic_bool stopped;                  // set at finalization: late events are ignored
static __thread trace_thread_t *unannounced; // a thread with no ompt_data_t at all

static trace_thread_t *self(void) {
  ompt_data_t *d = get_thread_data ? get_thread_data() : NULL;
  if (d && d->ptr)
    return d->ptr;
  if (!d && unannounced)
    return unannounced;
  trace_thread_t *th = trace_thread_new(0);
  if (d)
    d->ptr = th;
  else
    unannounced = th;
  return th;
}

static inline void rec(trace_thread_t *th, uint8_t kind, uint8_t sub, uint64_t a, uint64_t b,
                       uint32_t n, const void *code) {
  if (!th || atomic_load_explicit(&stopped, memory_order_relaxed))
    return;
  // b and code share a field: every event passes one of them as 0.
  trace_ev_t ev = {.t = trace_now(),
                   .a = a,
                   .b = b | (uint64_t)(uintptr_t)code,
                   .n = n,
                   .kind = kind,
                   .sub = sub};
  trace_push(th, &ev);
}

static uint64_t give_id(trace_thread_t *th, ompt_data_t *d) {
  if (!d)
    return 0;
  if (d->value == 0 && th)
    d->value = ++th->next_id;
  return d->value;
}

static uint64_t idof(const ompt_data_t *d) {
  return d ? d->value : 0;
}

// ---------------------------------------------------------------------------------------------
// Callbacks.

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data) {
  trace_thread_t *th = thread_data->ptr ? thread_data->ptr : trace_thread_new((uint8_t)type);
  thread_data->ptr = th;
  if (th)
    th->type = (uint8_t)type;
  rec(th, EV_THREAD_BEGIN, (uint8_t)type, 0, 0, 0, NULL);
}

static void on_thread_end(ompt_data_t *thread_data) {
  rec(thread_data->ptr, EV_THREAD_END, 0, 0, 0, 0, NULL);
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *parallel,
                              unsigned int requested, int flags, const void *codeptr) {
  trace_thread_t *th = self();
  rec(th, EV_PARALLEL_BEGIN, 0, give_id(th, parallel), 0, requested, codeptr);
}

static void on_parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags,
                            const void *codeptr) {
  rec(self(), EV_PARALLEL_END, 0, idof(parallel), 0, 0, codeptr);
}

static void on_implicit_task(ompt_scope_endpoint_t ep, ompt_data_t *parallel, ompt_data_t *task,
                             unsigned int actual, unsigned int index, int flags) {
  trace_thread_t *th = self();
  if (ep == ompt_scope_begin)
    rec(th, EV_ITASK_BEGIN, (flags & ompt_task_initial) ? 1 : 0, idof(parallel), give_id(th, task),
        index, NULL);
  else
    rec(th, EV_ITASK_END, 0, 0, idof(task), 0, NULL);
}

static void on_work(ompt_work_t type, ompt_scope_endpoint_t ep, ompt_data_t *parallel,
                    ompt_data_t *task, uint64_t count, const void *codeptr) {
  trace_thread_t *th = self();
  if (ep == ompt_scope_begin)
    rec(th, EV_WORK_BEGIN, (uint8_t)type, idof(parallel), 0,
        count > UINT32_MAX ? UINT32_MAX : (uint32_t)count, codeptr);
  else
    rec(th, EV_WORK_END, (uint8_t)type, 0, 0, 0, NULL);
}

static void on_masked(ompt_scope_endpoint_t ep, ompt_data_t *parallel, ompt_data_t *task,
                      const void *codeptr) {
  rec(self(), ep == ompt_scope_begin ? EV_MASKED_BEGIN : EV_MASKED_END, 0, 0, 0, 0,
      ep == ompt_scope_begin ? codeptr : NULL);
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t ep, ompt_data_t *parallel,
                           ompt_data_t *task, const void *codeptr) {
  rec(self(), ep == ompt_scope_begin ? EV_SYNC_BEGIN : EV_SYNC_END, (uint8_t)kind, 0, 0, 0,
      codeptr);
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t ep,
                                ompt_data_t *parallel, ompt_data_t *task, const void *codeptr) {
  rec(self(), ep == ompt_scope_begin ? EV_WAIT_BEGIN : EV_WAIT_END, (uint8_t)kind, 0, 0, 0,
      codeptr);
}

static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t ep, ompt_data_t *parallel,
                         ompt_data_t *task, const void *codeptr) {
  rec(self(), ep == ompt_scope_begin ? EV_REDUCTION_BEGIN : EV_REDUCTION_END, (uint8_t)kind, 0, 0,
      0, codeptr);
}

static void on_task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                           int flags, int has_deps, const void *codeptr) {
  trace_thread_t *th = self();
  rec(th, EV_TASK_CREATE, 0, give_id(th, task), 0, (uint32_t)flags, codeptr);
}

static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next) {
  rec(self(), EV_TASK_SCHEDULE, (uint8_t)status, idof(prior), idof(next), 0, NULL);
}

static void on_task_dependence(ompt_data_t *src, ompt_data_t *sink) {
  rec(self(), EV_TASK_DEP, 0, idof(src), idof(sink), 0, NULL);
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                             ompt_wait_id_t wait_id, const void *codeptr) {
  rec(self(), EV_MUTEX_ACQUIRE, (uint8_t)kind, wait_id, 0, 0, codeptr);
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr) {
  rec(self(), EV_MUTEX_ACQUIRED, (uint8_t)kind, wait_id, 0, 0, codeptr);
}

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr) {
  rec(self(), EV_MUTEX_RELEASED, (uint8_t)kind, wait_id, 0, 0, codeptr);
}

static void on_nest_lock(ompt_scope_endpoint_t ep, ompt_wait_id_t wait_id, const void *codeptr) {
  rec(self(), EV_NEST_LOCK, (uint8_t)ep, wait_id, 0, 0, codeptr);
}

static int on_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *codeptr) {
  rec(self(), EV_CONTROL, 0, modifier, 0, (uint32_t)command, codeptr);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Life cycle.

static void finalize_outputs(void) {
  trace_model_t m;
  trace_build_model(&m);
  trace_locs_t locs;
  trace_symbolize(&m, &locs);
  char path[4200];
  snprintf(path, sizeof(path), "%s.json", trace_opt.out);
  int bad = trace_write_json(&m, &locs, path);
  snprintf(path, sizeof(path), "%s.html", trace_opt.out);
  bad |= trace_write_html(&m, &locs, path);
  snprintf(path, sizeof(path), "%s.txt", trace_opt.out);
  FILE *f = fopen(path, "w");
  if (f) {
    trace_write_summary(&m, &locs, f);
    fclose(f);
  }
  fflush(stdout); // the program's output first, then ours
  if (trace_opt.summary)
    trace_write_summary(&m, &locs, stderr);
  if (m.unmatched_begins || m.unmatched_ends)
    fprintf(stderr,
            "glass-trace: the runtime's event stream had %llu begin(s) without an end "
            "and %llu end(s) without a begin\n",
            (unsigned long long)m.unmatched_begins, (unsigned long long)m.unmatched_ends);
  if (m.dropped)
    fprintf(stderr,
            "glass-trace: %llu event(s) dropped because a buffer was full; the trace "
            "shows what came before (raise GLASS_TRACE_BUFFER)\n",
            (unsigned long long)m.dropped);
  if (bad || !getenv("GLASS_TRACE_LAUNCHED")) // else the glass-trace command says it
    fprintf(stderr,
            "glass-trace: %s%s.json (Perfetto/chrome://tracing), %s.html (timeline), "
            "%s.txt (summary)\n",
            bad ? "could not write every output; see above. " : "wrote ", trace_opt.out,
            trace_opt.out, trace_opt.out);
  free(m.slices);
  free(m.flows);
  free(m.instants);
  free(m.threads);
  free(locs.v);
}

static void finalize(ompt_data_t *tool_data) {
  atomic_store(&stopped, true);
  trace_clock_stop();
  finalize_outputs();
  for (trace_thread_t *th = atomic_load(&trace_threads); th; th = th->next_thread)
    trace_thread_release(th);
}

#define REGISTER(group, event, fn)                                                                 \
  do {                                                                                             \
    if (trace_opt.groups & (group))                                                                \
      set_callback(ompt_callback_##event, (ompt_callback_t)(fn));                                  \
  } while (0)

static int initialize(ompt_function_lookup_t lookup, int initial_device_num,
                      ompt_data_t *tool_data) {
  ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
  get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
  if (!set_callback || !get_thread_data) {
    fprintf(stderr, "glass-trace: the runtime lacks ompt_set_callback or ompt_get_thread_data; "
                    "not tracing\n");
    return 0;
  }
  trace_clock_start();
  REGISTER(TRACE_G_ALL, thread_begin, on_thread_begin);
  REGISTER(TRACE_G_ALL, thread_end, on_thread_end);
  REGISTER(TRACE_G_ALL, control_tool, on_control_tool);
  REGISTER(TRACE_G_PARALLEL, parallel_begin, on_parallel_begin);
  REGISTER(TRACE_G_PARALLEL, parallel_end, on_parallel_end);
  REGISTER(TRACE_G_PARALLEL, implicit_task, on_implicit_task);
  REGISTER(TRACE_G_WORK, work, on_work);
  REGISTER(TRACE_G_WORK, masked, on_masked);
  REGISTER(TRACE_G_SYNC, sync_region, on_sync_region);
  REGISTER(TRACE_G_SYNC, sync_region_wait, on_sync_region_wait);
  REGISTER(TRACE_G_SYNC, reduction, on_reduction);
  REGISTER(TRACE_G_TASKS, task_create, on_task_create);
  REGISTER(TRACE_G_TASKS, task_schedule, on_task_schedule);
  REGISTER(TRACE_G_TASKS, task_dependence, on_task_dependence);
  REGISTER(TRACE_G_MUTEX, mutex_acquire, on_mutex_acquire);
  REGISTER(TRACE_G_MUTEX, mutex_acquired, on_mutex_acquired);
  REGISTER(TRACE_G_MUTEX, mutex_released, on_mutex_released);
  REGISTER(TRACE_G_MUTEX, nest_lock, on_nest_lock);
  return 1;
}

__attribute__((visibility("default"))) ompt_start_tool_result_t *
ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  static ompt_start_tool_result_t result = {initialize, finalize, {0}};
  trace_parse_options();
  snprintf(trace_opt.runtime, sizeof(trace_opt.runtime), "%s",
           runtime_version ? runtime_version : "");
  return &result;
}
