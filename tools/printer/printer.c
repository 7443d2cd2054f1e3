// glass-printer: an OMPT tool that prints every event it receives, one line per event, for
// tests and for people who want to see what the runtime tells a tool.
//
// Line format:  <thread>: <event> key=value ...
//   <thread> is the thread's id: a unique id the printer stores in the thread's data at
//   thread_begin (0 for a thread the printer never saw begin). Parallel regions and tasks get
//   unique ids in their data at their begin/create events; end events print the stored value,
//   so a test can match a begin to its end by id. Addresses print as 0x%lx;
//   codeptr=<address>@<object> also names the object (base name) the address is in.
//
// Environment:
//   GLASS_PRINTER_REGISTRATION=1   print what ompt_set_callback answered for every callback
//   GLASS_PRINTER_NO_EMI=1         leave the target *_emi callbacks unregistered, so that an
//                                  offload runtime delivers the plain target, target_data_op,
//                                  target_submit and target_map forms
//   GLASS_PRINTER_QUIET=1          register callbacks but print nothing (for overhead runs)
//   GLASS_PRINTER_DECLINE=1        ompt_start_tool returns NULL
//   GLASS_PRINTER_INIT_FAIL=1      the initializer returns 0
//   GLASS_PRINTER_TRACE=1          also trace every device (OpenMP 5.1 device tracing): all
//                                  record types enabled at device_initialize, 64 KiB buffers;
//                                  each delivered record prints as a trace_* line with its
//                                  device times (ns) and, translated, host times (s)
//
// omp_control_tool(GLASS_PRINTER_INQUIRE = 64, levels, NULL) from the program makes the printer
// print the inquiry view of the calling thread: state, and parallel/task info for each ancestor
// level up to `levels` (or until the runtime says there is none).
#define _GNU_SOURCE
#include <omp-tools.h>

#include <dlfcn.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GLASS_PRINTER_INQUIRE 64

static ompt_set_callback_t set_callback;
static ompt_get_unique_id_t get_unique_id;
static ompt_get_thread_data_t get_thread_data;
static ompt_get_state_t get_state;
static ompt_get_parallel_info_t get_parallel_info;
static ompt_get_task_info_t get_task_info;
static ompt_enumerate_states_t enumerate_states;
static ompt_enumerate_mutex_impls_t enumerate_mutex_impls;
static ompt_get_num_procs_t get_num_procs;
static ompt_get_num_devices_t get_num_devices;
static ompt_finalize_tool_t finalize_tool;
static int quiet;

// ---------------------------------------------------------------------------------------------
// Output: each line is assembled first and written with one write(2), so lines from different
// threads never interleave.

static void emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void emit(const char *fmt, ...) {
  if (quiet)
    return;
  char buf[1024];
  uint64_t tid = 0;
  ompt_data_t *td = get_thread_data ? get_thread_data() : NULL;
  if (td)
    tid = td->value;
  int n = snprintf(buf, sizeof(buf), "%" PRIu64 ": ", tid);
  va_list ap;
  va_start(ap, fmt);
  n += vsnprintf(buf + n, sizeof(buf) - (size_t)n - 1, fmt, ap);
  va_end(ap);
  if (n > (int)sizeof(buf) - 2)
    n = (int)sizeof(buf) - 2;
  buf[n++] = '\n';
  ssize_t w = write(STDOUT_FILENO, buf, (size_t)n);
  (void)w;
}

static uint64_t fresh(ompt_data_t *d) {
  if (d && d->value == 0)
    d->value = get_unique_id();
  return d ? d->value : 0;
}

static uint64_t idof(const ompt_data_t *d) {
  return d ? d->value : 0;
}

// The object a code address belongs to (base name), so tests can check that codeptr_ra is in
// the program and not inside the runtime.
static const char *where(const void *codeptr) {
  Dl_info info;
  if (!codeptr)
    return "none";
  if (!dladdr(codeptr, &info) || !info.dli_fname)
    return "unknown";
  const char *slash = strrchr(info.dli_fname, '/');
  return slash ? slash + 1 : info.dli_fname;
}

// ---------------------------------------------------------------------------------------------
// Names.

static const char *state_name(int s) {
  switch (s) {
  case ompt_state_work_serial:
    return "work_serial";
  case ompt_state_work_parallel:
    return "work_parallel";
  case ompt_state_work_reduction:
    return "work_reduction";
  case ompt_state_wait_barrier:
    return "wait_barrier";
  case ompt_state_wait_barrier_implicit_parallel:
    return "wait_barrier_implicit_parallel";
  case ompt_state_wait_barrier_implicit_workshare:
    return "wait_barrier_implicit_workshare";
  case ompt_state_wait_barrier_implicit:
    return "wait_barrier_implicit";
  case ompt_state_wait_barrier_explicit:
    return "wait_barrier_explicit";
  case ompt_state_wait_barrier_implementation:
    return "wait_barrier_implementation";
  case ompt_state_wait_barrier_teams:
    return "wait_barrier_teams";
  case ompt_state_wait_taskwait:
    return "wait_taskwait";
  case ompt_state_wait_taskgroup:
    return "wait_taskgroup";
  case ompt_state_wait_mutex:
    return "wait_mutex";
  case ompt_state_wait_lock:
    return "wait_lock";
  case ompt_state_wait_critical:
    return "wait_critical";
  case ompt_state_wait_atomic:
    return "wait_atomic";
  case ompt_state_wait_ordered:
    return "wait_ordered";
  case ompt_state_wait_target:
    return "wait_target";
  case ompt_state_wait_target_map:
    return "wait_target_map";
  case ompt_state_wait_target_update:
    return "wait_target_update";
  case ompt_state_idle:
    return "idle";
  case ompt_state_overhead:
    return "overhead";
  case ompt_state_undefined:
    return "undefined";
  default:
    return "unknown";
  }
}

static const char *cur_state(void) {
  return get_state ? state_name(get_state(NULL)) : "?";
}

static const char *thread_type_name(ompt_thread_t t) {
  switch (t) {
  case ompt_thread_initial:
    return "initial";
  case ompt_thread_worker:
    return "worker";
  case ompt_thread_other:
    return "other";
  default:
    return "unknown";
  }
}

static const char *endpoint_name(ompt_scope_endpoint_t e) {
  switch (e) {
  case ompt_scope_begin:
    return "begin";
  case ompt_scope_end:
    return "end";
  case ompt_scope_beginend:
    return "beginend";
  default:
    return "unknown";
  }
}

static const char *sync_name(ompt_sync_region_t k) {
  switch (k) {
  case ompt_sync_region_barrier:
    return "barrier";
  case ompt_sync_region_barrier_implicit:
    return "barrier_implicit";
  case ompt_sync_region_barrier_explicit:
    return "barrier_explicit";
  case ompt_sync_region_barrier_implementation:
    return "barrier_implementation";
  case ompt_sync_region_taskwait:
    return "taskwait";
  case ompt_sync_region_taskgroup:
    return "taskgroup";
  case ompt_sync_region_reduction:
    return "reduction";
  case ompt_sync_region_barrier_implicit_workshare:
    return "barrier_implicit_workshare";
  case ompt_sync_region_barrier_implicit_parallel:
    return "barrier_implicit_parallel";
  case ompt_sync_region_barrier_teams:
    return "barrier_teams";
  default:
    return "unknown";
  }
}

static const char *work_name(ompt_work_t w) {
  switch (w) {
  case ompt_work_loop:
    return "loop";
  case ompt_work_sections:
    return "sections";
  case ompt_work_single_executor:
    return "single_executor";
  case ompt_work_single_other:
    return "single_other";
  case ompt_work_workshare:
    return "workshare";
  case ompt_work_distribute:
    return "distribute";
  case ompt_work_taskloop:
    return "taskloop";
  case ompt_work_scope:
    return "scope";
  case ompt_work_loop_static:
    return "loop_static";
  case ompt_work_loop_dynamic:
    return "loop_dynamic";
  case ompt_work_loop_guided:
    return "loop_guided";
  case ompt_work_loop_other:
    return "loop_other";
  default:
    return "unknown";
  }
}

static const char *mutex_name(ompt_mutex_t k) {
  switch (k) {
  case ompt_mutex_lock:
    return "lock";
  case ompt_mutex_test_lock:
    return "test_lock";
  case ompt_mutex_nest_lock:
    return "nest_lock";
  case ompt_mutex_test_nest_lock:
    return "test_nest_lock";
  case ompt_mutex_critical:
    return "critical";
  case ompt_mutex_atomic:
    return "atomic";
  case ompt_mutex_ordered:
    return "ordered";
  default:
    return "unknown";
  }
}

static const char *task_status_name(ompt_task_status_t s) {
  switch (s) {
  case ompt_task_complete:
    return "complete";
  case ompt_task_yield:
    return "yield";
  case ompt_task_cancel:
    return "cancel";
  case ompt_task_detach:
    return "detach";
  case ompt_task_early_fulfill:
    return "early_fulfill";
  case ompt_task_late_fulfill:
    return "late_fulfill";
  case ompt_task_switch:
    return "switch";
  case ompt_taskwait_complete:
    return "taskwait_complete";
  default:
    return "unknown";
  }
}

static const char *dispatch_name(ompt_dispatch_t k) {
  switch (k) {
  case ompt_dispatch_iteration:
    return "iteration";
  case ompt_dispatch_section:
    return "section";
  case ompt_dispatch_ws_loop_chunk:
    return "ws_loop_chunk";
  case ompt_dispatch_taskloop_chunk:
    return "taskloop_chunk";
  case ompt_dispatch_distribute_chunk:
    return "distribute_chunk";
  default:
    return "unknown";
  }
}

static const char *dep_name(ompt_dependence_type_t t) {
  switch (t) {
  case ompt_dependence_type_in:
    return "in";
  case ompt_dependence_type_out:
    return "out";
  case ompt_dependence_type_inout:
    return "inout";
  case ompt_dependence_type_mutexinoutset:
    return "mutexinoutset";
  case ompt_dependence_type_source:
    return "source";
  case ompt_dependence_type_sink:
    return "sink";
  case ompt_dependence_type_inoutset:
    return "inoutset";
  case ompt_dependence_type_out_all_memory:
    return "out_all_memory";
  case ompt_dependence_type_inout_all_memory:
    return "inout_all_memory";
  default:
    return "unknown";
  }
}

// "initial|implicit|explicit|target|taskwait" plus property bits.
static const char *task_flags_text(int f, char *buf, size_t n) {
  buf[0] = '\0';
  static const struct {
    int bit;
    const char *name;
  } bits[] = {{ompt_task_initial, "initial"},     {ompt_task_implicit, "implicit"},
              {ompt_task_explicit, "explicit"},   {ompt_task_target, "target"},
              {ompt_task_taskwait, "taskwait"},   {ompt_task_undeferred, "undeferred"},
              {ompt_task_untied, "untied"},       {ompt_task_final, "final"},
              {ompt_task_mergeable, "mergeable"}, {ompt_task_merged, "merged"}};
  for (size_t i = 0; i < sizeof(bits) / sizeof(*bits); i++)
    if (f & bits[i].bit) {
      if (buf[0])
        strncat(buf, "|", n - strlen(buf) - 1);
      strncat(buf, bits[i].name, n - strlen(buf) - 1);
    }
  if (!buf[0])
    snprintf(buf, n, "none");
  return buf;
}

static const char *parallel_flags_text(int f, char *buf, size_t n) {
  snprintf(buf, n, "%s|%s",
           (f & ompt_parallel_invoker_program) ? "invoker_program" : "invoker_runtime",
           (f & ompt_parallel_league) ? "league" : "team");
  return buf;
}

// ---------------------------------------------------------------------------------------------
// Host callbacks.

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data) {
  uint64_t id = fresh(thread_data);
  emit("thread_begin type=%s thread=%" PRIu64 " state=%s", thread_type_name(type), id, cur_state());
}

static void on_thread_end(ompt_data_t *thread_data) {
  emit("thread_end thread=%" PRIu64, idof(thread_data));
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *parallel,
                              unsigned int requested, int flags, const void *codeptr) {
  char fb[64];
  uint64_t pid = fresh(parallel);
  emit("parallel_begin parent_task=%" PRIu64 " parent_enter_frame=%p parallel=%" PRIu64
       " requested=%u flags=%s codeptr=%p@%s",
       idof(task), frame ? frame->enter_frame.ptr : NULL, pid, requested,
       parallel_flags_text(flags, fb, sizeof fb), codeptr, where(codeptr));
}

static void on_parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags,
                            const void *codeptr) {
  char fb[64];
  emit("parallel_end parallel=%" PRIu64 " task=%" PRIu64 " flags=%s codeptr=%p@%s state=%s",
       idof(parallel), idof(task), parallel_flags_text(flags, fb, sizeof fb), codeptr,
       where(codeptr), cur_state());
}

static void on_implicit_task(ompt_scope_endpoint_t ep, ompt_data_t *parallel, ompt_data_t *task,
                             unsigned int team_size, unsigned int index, int flags) {
  char fb[96];
  uint64_t tid = ep == ompt_scope_begin ? fresh(task) : idof(task);
  if (ep == ompt_scope_begin && (flags & ompt_task_initial))
    fresh(parallel); // the implicit parallel region around the program has no parallel_begin
  ompt_frame_t *frame = NULL;
  if (ep == ompt_scope_begin && get_task_info)
    get_task_info(0, NULL, NULL, &frame, NULL, NULL);
  emit("implicit_task_%s parallel=%" PRIu64 " task=%" PRIu64
       " team_size=%u index=%u flags=%s exit_frame=%p state=%s",
       endpoint_name(ep), idof(parallel), tid, team_size, index,
       task_flags_text(flags, fb, sizeof fb), frame ? frame->exit_frame.ptr : NULL, cur_state());
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t ep, ompt_data_t *parallel,
                           ompt_data_t *task, const void *codeptr) {
  emit("sync_region_%s kind=%s parallel=%" PRIu64 " task=%" PRIu64 " codeptr=%p@%s state=%s",
       endpoint_name(ep), sync_name(kind), idof(parallel), idof(task), codeptr, where(codeptr),
       cur_state());
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t ep,
                                ompt_data_t *parallel, ompt_data_t *task, const void *codeptr) {
  emit("sync_region_wait_%s kind=%s parallel=%" PRIu64 " task=%" PRIu64 " codeptr=%p@%s state=%s",
       endpoint_name(ep), sync_name(kind), idof(parallel), idof(task), codeptr, where(codeptr),
       cur_state());
}

static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t ep, ompt_data_t *parallel,
                         ompt_data_t *task, const void *codeptr) {
  emit("reduction_%s kind=%s parallel=%" PRIu64 " task=%" PRIu64 " codeptr=%p@%s",
       endpoint_name(ep), sync_name(kind), idof(parallel), idof(task), codeptr, where(codeptr));
}

static void print_inquiry(int levels) {
  ompt_wait_id_t wid = 0;
  int st = get_state(&wid);
  emit("inquiry state=%s wait_id=0x%" PRIx64, state_name(st), (uint64_t)wid);
  for (int l = 0; levels <= 0 || l <= levels; l++) {
    ompt_data_t *pd = NULL;
    int size = -1;
    int pr = get_parallel_info(l, &pd, &size);
    int flags = 0, thread_num = -1;
    ompt_data_t *td = NULL, *tpd = NULL;
    ompt_frame_t *fr = NULL;
    int tr = get_task_info(l, &flags, &td, &fr, &tpd, &thread_num);
    char fb[96];
    emit("inquiry level=%d parallel_info=%d parallel=%" PRIu64
         " team_size=%d task_info=%d task=%" PRIu64 " task_flags=%s task_parallel=%" PRIu64
         " thread_num=%d exit_frame=%p enter_frame=%p",
         l, pr, pr ? idof(pd) : 0, pr ? size : -1, tr, tr ? idof(td) : 0,
         tr ? task_flags_text(flags, fb, sizeof fb) : "none", tr ? idof(tpd) : 0,
         tr ? thread_num : -1, tr && fr ? fr->exit_frame.ptr : NULL,
         tr && fr ? fr->enter_frame.ptr : NULL);
    if (!pr && !tr)
      break;
  }
}

static int on_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *codeptr) {
  emit("control_tool command=%" PRIu64 " modifier=%" PRIu64 " codeptr=%p@%s", command, modifier,
       codeptr, where(codeptr));
  if (command == GLASS_PRINTER_INQUIRE)
    print_inquiry((int)modifier);
  (void)arg;
  return 0;
}

static void on_task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                           int flags, int has_deps, const void *codeptr) {
  char fb[128];
  uint64_t id = fresh(task);
  emit("task_create parent_task=%" PRIu64 " parent_enter_frame=%p task=%" PRIu64
       " flags=%s has_dependences=%d codeptr=%p@%s",
       idof(parent), frame ? frame->enter_frame.ptr : NULL, id,
       task_flags_text(flags, fb, sizeof fb), has_deps, codeptr, where(codeptr));
}

static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next) {
  emit("task_schedule prior_task=%" PRIu64 " status=%s next_task=%" PRIu64, idof(prior),
       task_status_name(status), idof(next));
}

static void on_dependences(ompt_data_t *task, const ompt_dependence_t *deps, int ndeps) {
  char buf[700];
  size_t off = 0;
  buf[0] = '\0';
  for (int i = 0; i < ndeps && off < sizeof(buf) - 40; i++)
    off += (size_t)snprintf(buf + off, sizeof(buf) - off, "%s%s:%p", i ? "," : "",
                            dep_name(deps[i].dependence_type), deps[i].variable.ptr);
  emit("dependences task=%" PRIu64 " ndeps=%d deps=%s", idof(task), ndeps, buf);
}

static void on_task_dependence(ompt_data_t *src, ompt_data_t *sink) {
  emit("task_dependence src_task=%" PRIu64 " sink_task=%" PRIu64, idof(src), idof(sink));
}

static void on_work(ompt_work_t type, ompt_scope_endpoint_t ep, ompt_data_t *parallel,
                    ompt_data_t *task, uint64_t count, const void *codeptr) {
  emit("work_%s type=%s parallel=%" PRIu64 " task=%" PRIu64 " count=%" PRIu64 " codeptr=%p@%s",
       endpoint_name(ep), work_name(type), idof(parallel), idof(task), count, codeptr,
       where(codeptr));
}

static void on_dispatch(ompt_data_t *parallel, ompt_data_t *task, ompt_dispatch_t kind,
                        ompt_data_t instance) {
  if (kind == ompt_dispatch_ws_loop_chunk || kind == ompt_dispatch_taskloop_chunk ||
      kind == ompt_dispatch_distribute_chunk) {
    const ompt_dispatch_chunk_t *c = instance.ptr;
    emit("dispatch kind=%s parallel=%" PRIu64 " task=%" PRIu64 " start=%" PRId64
         " iterations=%" PRIu64,
         dispatch_name(kind), idof(parallel), idof(task), (int64_t)c->start, c->iterations);
    return;
  }
  emit("dispatch kind=%s parallel=%" PRIu64 " task=%" PRIu64 " instance=0x%" PRIx64,
       dispatch_name(kind), idof(parallel), idof(task), instance.value);
}

static void on_masked(ompt_scope_endpoint_t ep, ompt_data_t *parallel, ompt_data_t *task,
                      const void *codeptr) {
  emit("masked_%s parallel=%" PRIu64 " task=%" PRIu64 " codeptr=%p@%s", endpoint_name(ep),
       idof(parallel), idof(task), codeptr, where(codeptr));
}

static void on_lock_init(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                         ompt_wait_id_t wait_id, const void *codeptr) {
  emit("lock_init kind=%s hint=%u impl=%u wait_id=0x%" PRIx64 " codeptr=%p@%s", mutex_name(kind),
       hint, impl, (uint64_t)wait_id, codeptr, where(codeptr));
}

static void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr) {
  emit("lock_destroy kind=%s wait_id=0x%" PRIx64 " codeptr=%p@%s", mutex_name(kind),
       (uint64_t)wait_id, codeptr, where(codeptr));
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                             ompt_wait_id_t wait_id, const void *codeptr) {
  emit("mutex_acquire kind=%s hint=%u impl=%u wait_id=0x%" PRIx64 " codeptr=%p@%s",
       mutex_name(kind), hint, impl, (uint64_t)wait_id, codeptr, where(codeptr));
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr) {
  emit("mutex_acquired kind=%s wait_id=0x%" PRIx64 " codeptr=%p@%s", mutex_name(kind),
       (uint64_t)wait_id, codeptr, where(codeptr));
}

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr) {
  emit("mutex_released kind=%s wait_id=0x%" PRIx64 " codeptr=%p@%s", mutex_name(kind),
       (uint64_t)wait_id, codeptr, where(codeptr));
}

static void on_nest_lock(ompt_scope_endpoint_t ep, ompt_wait_id_t wait_id, const void *codeptr) {
  emit("nest_lock_%s wait_id=0x%" PRIx64 " codeptr=%p@%s", endpoint_name(ep), (uint64_t)wait_id,
       codeptr, where(codeptr));
}

static void on_flush(ompt_data_t *thread_data, const void *codeptr) {
  emit("flush thread=%" PRIu64 " codeptr=%p@%s", idof(thread_data), codeptr, where(codeptr));
}

static void on_cancel(ompt_data_t *task, int flags, const void *codeptr) {
  emit("cancel task=%" PRIu64 " flags=0x%x codeptr=%p@%s", idof(task), flags, codeptr,
       where(codeptr));
}

static void on_error(ompt_severity_t severity, const char *message, size_t length,
                     const void *codeptr) {
  emit("error severity=%s message=\"%.*s\" codeptr=%p@%s",
       severity == ompt_fatal ? "fatal" : "warning", (int)length, message ? message : "", codeptr,
       where(codeptr));
}

// ---------------------------------------------------------------------------------------------
// Device callbacks (delivered by an offload runtime).

static const char *set_result_name(ompt_set_result_t r);

// Device tracing (GLASS_PRINTER_TRACE): one set of entry points per device.
#define TRACE_DEVICES 64
static struct device_trace {
  ompt_device_t *device;
  ompt_translate_time_t translate_time;
  ompt_advance_buffer_cursor_t advance;
  ompt_get_record_type_t record_type;
  ompt_get_record_ompt_t record_ompt;
} traces[TRACE_DEVICES];
#define TRACE_BUFFER_BYTES 65536

static void on_buffer_request(int device_num, ompt_buffer_t **buffer, size_t *bytes) {
  *buffer = malloc(TRACE_BUFFER_BYTES);
  *bytes = *buffer ? TRACE_BUFFER_BYTES : 0;
}

static const char *data_op_name(int op) {
  static const char *names[] = {"?",      "alloc",     "transfer_to_device", "transfer_from_device",
                                "delete", "associate", "disassociate"};
  return op >= 0 && op <= 6 ? names[op] : "?";
}

// What a record of a timed device operation (data_op, kernel) begins with, in print_record.
#define OP_HEAD_FMT                                                                                \
  "device_num=%d time=%" PRIu64 " end_time=%" PRIu64 " host_time=%.9f thread=%" PRIu64             \
  " target_id=%" PRIu64 " host_op_id=%" PRIu64
#define OP_HEAD_ARGS(x)                                                                            \
  device_num, r->time, (x)->end_time, host, r->thread_id, (uint64_t)r->target_id,                  \
      (uint64_t)(x)->host_op_id

static void print_record(const struct device_trace *t, int device_num,
                         const ompt_record_ompt_t *r) {
  double host = t->translate_time ? t->translate_time(t->device, r->time) : 0;
  switch (r->type) {
  case ompt_callback_target: {
    const ompt_record_target_t *x = &r->record.target;
    emit("trace_target device_num=%d time=%" PRIu64 " host_time=%.9f thread=%" PRIu64
         " kind=%d endpoint=%s target_id=%" PRIu64 " codeptr=%p@%s",
         device_num, r->time, host, r->thread_id, (int)x->kind, endpoint_name(x->endpoint),
         (uint64_t)x->target_id, x->codeptr_ra, where(x->codeptr_ra));
    break;
  }
  case ompt_callback_target_data_op: {
    const ompt_record_target_data_op_t *x = &r->record.target_data_op;
    emit("trace_target_data_op " OP_HEAD_FMT " op=%s src=%p src_device=%d dst=%p dst_device=%d"
         " bytes=%zu",
         OP_HEAD_ARGS(x), data_op_name((int)x->optype), x->src_addr, x->src_device_num,
         x->dest_addr, x->dest_device_num, x->bytes);
    break;
  }
  case ompt_callback_target_submit: {
    const ompt_record_target_kernel_t *x = &r->record.target_kernel;
    emit("trace_target_kernel " OP_HEAD_FMT " requested_num_teams=%u granted_num_teams=%u",
         OP_HEAD_ARGS(x), x->requested_num_teams, x->granted_num_teams);
    break;
  }
  case ompt_callback_target_map: {
    const ompt_record_target_map_t *x = &r->record.target_map;
    char items[512] = "";
    size_t n = 0;
    for (unsigned i = 0; i < x->nitems && n < sizeof items - 64; i++)
      n += (size_t)snprintf(items + n, sizeof items - n, " [%p->%p %zu %#x]", x->host_addr[i],
                            x->device_addr[i], x->bytes[i], x->mapping_flags[i]);
    emit("trace_target_map device_num=%d time=%" PRIu64 " host_time=%.9f thread=%" PRIu64
         " target_id=%" PRIu64 " nitems=%u codeptr=%p@%s%s",
         device_num, r->time, host, r->thread_id, (uint64_t)x->target_id, x->nitems, x->codeptr_ra,
         where(x->codeptr_ra), items);
    break;
  }
  default:
    emit("trace_record device_num=%d type=%d time=%" PRIu64, device_num, (int)r->type, r->time);
  }
}

static void on_buffer_complete(int device_num, ompt_buffer_t *buffer, size_t bytes,
                               ompt_buffer_cursor_t begin, int owned) {
  const struct device_trace *t =
      device_num >= 0 && device_num < TRACE_DEVICES ? &traces[device_num] : NULL;
  emit("trace_buffer device_num=%d bytes=%zu begin=%" PRIu64 " owned=%d", device_num, bytes,
       (uint64_t)begin, owned);
  ompt_buffer_cursor_t c = begin;
  if (t && t->record_ompt && bytes > begin) {
    do {
      if (t->record_type(buffer, c) == ompt_record_ompt)
        print_record(t, device_num, t->record_ompt(buffer, c));
      else
        emit("trace_record device_num=%d native", device_num);
    } while (t->advance(t->device, buffer, bytes, c, &c));
  }
  if (owned)
    free(buffer);
}

static void start_tracing(int device_num, ompt_device_t *device, ompt_function_lookup_t lookup) {
  if (!lookup || device_num < 0 || device_num >= TRACE_DEVICES)
    return;
  struct device_trace *t = &traces[device_num];
  ompt_set_trace_ompt_t set_trace = (ompt_set_trace_ompt_t)lookup("ompt_set_trace_ompt");
  ompt_start_trace_t start = (ompt_start_trace_t)lookup("ompt_start_trace");
  t->device = device;
  t->translate_time = (ompt_translate_time_t)lookup("ompt_translate_time");
  t->advance = (ompt_advance_buffer_cursor_t)lookup("ompt_advance_buffer_cursor");
  t->record_type = (ompt_get_record_type_t)lookup("ompt_get_record_type");
  t->record_ompt = (ompt_get_record_ompt_t)lookup("ompt_get_record_ompt");
  if (!set_trace || !start || !t->advance || !t->record_type || !t->record_ompt) {
    emit("trace_unavailable device_num=%d", device_num);
    t->record_ompt = NULL;
    return;
  }
  int set = (int)set_trace(device, 1, 0);
  int started = start(device, on_buffer_request, on_buffer_complete);
  emit("trace_start device_num=%d set_trace_ompt=%s start_trace=%d", device_num,
       set_result_name((ompt_set_result_t)set), started);
}

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation) {
  (void)documentation;
  emit("device_initialize device_num=%d type=%s device=%p lookup=%s", device_num,
       type ? type : "(null)", (void *)device, lookup ? "yes" : "no");
  if (getenv("GLASS_PRINTER_TRACE"))
    start_tracing(device_num, device, lookup);
}

static void on_device_finalize(int device_num) {
  emit("device_finalize device_num=%d", device_num);
}

static void on_device_load(int device_num, const char *filename, int64_t offset, void *vma,
                           size_t bytes, void *host_addr, void *device_addr, uint64_t module_id) {
  emit("device_load device_num=%d file=%s bytes=%zu host_addr=%p device_addr=%p module=%" PRIu64
       " offset=%" PRId64 " vma=%p",
       device_num, filename ? filename : "(null)", bytes, host_addr, device_addr, module_id, offset,
       vma);
}

static void on_device_unload(int device_num, uint64_t module_id) {
  emit("device_unload device_num=%d module=%" PRIu64, device_num, module_id);
}

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t ep, int device_num,
                      ompt_data_t *task, ompt_id_t target_id, const void *codeptr) {
  emit("target_%s kind=%d device_num=%d task=%" PRIu64 " target_id=%" PRIu64 " codeptr=%p@%s",
       endpoint_name(ep), (int)kind, device_num, idof(task), (uint64_t)target_id, codeptr,
       where(codeptr));
}

static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t ep, int device_num,
                          ompt_data_t *task, ompt_data_t *target_task, ompt_data_t *target,
                          const void *codeptr) {
  uint64_t id = ep == ompt_scope_begin ? fresh(target) : idof(target);
  emit("target_emi_%s kind=%d device_num=%d task=%" PRIu64 " target_task=%" PRIu64
       " target=%" PRIu64 " codeptr=%p@%s",
       endpoint_name(ep), (int)kind, device_num, idof(task), idof(target_task), id, codeptr,
       where(codeptr));
}

static void on_target_data_op(ompt_id_t target_id, ompt_id_t host_op_id, ompt_target_data_op_t op,
                              void *src, int src_dev, void *dst, int dst_dev, size_t bytes,
                              const void *codeptr) {
  emit("target_data_op target_id=%" PRIu64 " host_op_id=%" PRIu64 " op=%d src=%p src_device=%d"
       " dst=%p dst_device=%d bytes=%zu codeptr=%p@%s",
       (uint64_t)target_id, (uint64_t)host_op_id, (int)op, src, src_dev, dst, dst_dev, bytes,
       codeptr, where(codeptr));
}

static void on_target_data_op_emi(ompt_scope_endpoint_t ep, ompt_data_t *target_task,
                                  ompt_data_t *target, ompt_id_t *host_op_id,
                                  ompt_target_data_op_t op, void *src, int src_dev, void *dst,
                                  int dst_dev, size_t bytes, const void *codeptr) {
  if (ep == ompt_scope_begin && host_op_id)
    *host_op_id = get_unique_id();
  emit("target_data_op_emi_%s target=%" PRIu64 " host_op_id=%" PRIu64 " op=%d src=%p"
       " src_device=%d dst=%p dst_device=%d bytes=%zu codeptr=%p@%s",
       endpoint_name(ep), idof(target), host_op_id ? (uint64_t)*host_op_id : 0, (int)op, src,
       src_dev, dst, dst_dev, bytes, codeptr, where(codeptr));
  (void)target_task;
}

static void on_target_submit(ompt_id_t target_id, ompt_id_t host_op_id,
                             unsigned int requested_num_teams) {
  emit("target_submit target_id=%" PRIu64 " host_op_id=%" PRIu64 " requested_num_teams=%u",
       (uint64_t)target_id, (uint64_t)host_op_id, requested_num_teams);
}

static void on_target_submit_emi(ompt_scope_endpoint_t ep, ompt_data_t *target,
                                 ompt_id_t *host_op_id, unsigned int requested_num_teams) {
  if (ep == ompt_scope_begin && host_op_id)
    *host_op_id = get_unique_id();
  emit("target_submit_emi_%s target=%" PRIu64 " host_op_id=%" PRIu64 " requested_num_teams=%u",
       endpoint_name(ep), idof(target), host_op_id ? (uint64_t)*host_op_id : 0,
       requested_num_teams);
}

// The map clause's items, " [host->device bytes flags]" each, cut short (with "...") when
// they do not fit one line.
static const char *map_items(unsigned int n, void **host, void **dev, size_t *bytes,
                             unsigned int *flags, char *buf, size_t size) {
  size_t used = 0;
  buf[0] = 0;
  for (unsigned int i = 0; i < n && host && dev && bytes && flags; i++) {
    int w = snprintf(buf + used, size - used, " [%p->%p %zu 0x%x]", host[i], dev[i], bytes[i],
                     flags[i]);
    if (w < 0 || (size_t)w >= size - used) {
      snprintf(buf + used, size - used, " ...");
      break;
    }
    used += (size_t)w;
  }
  return buf;
}

static void on_target_map(ompt_id_t target_id, unsigned int nitems, void **host_addr,
                          void **device_addr, size_t *bytes, unsigned int *flags,
                          const void *codeptr) {
  char items[1024];
  emit("target_map target_id=%" PRIu64 " nitems=%u codeptr=%p@%s%s", (uint64_t)target_id, nitems,
       codeptr, where(codeptr),
       map_items(nitems, host_addr, device_addr, bytes, flags, items, sizeof items));
}

static void on_target_map_emi(ompt_data_t *target, unsigned int nitems, void **host_addr,
                              void **device_addr, size_t *bytes, unsigned int *flags,
                              const void *codeptr) {
  char items[1024];
  emit("target_map_emi target=%" PRIu64 " nitems=%u codeptr=%p@%s%s", idof(target), nitems, codeptr,
       where(codeptr),
       map_items(nitems, host_addr, device_addr, bytes, flags, items, sizeof items));
}

// ---------------------------------------------------------------------------------------------
// Registration.

static const char *set_result_name(ompt_set_result_t r) {
  switch (r) {
  case ompt_set_error:
    return "error";
  case ompt_set_never:
    return "never";
  case ompt_set_impossible:
    return "impossible";
  case ompt_set_sometimes:
    return "sometimes";
  case ompt_set_sometimes_paired:
    return "sometimes_paired";
  case ompt_set_always:
    return "always";
  default:
    return "unknown";
  }
}

static int show_registration;

static void reg(ompt_callbacks_t which, ompt_callback_t cb, const char *name) {
  ompt_set_result_t r = set_callback(which, cb);
  if (show_registration)
    emit("set_callback %s=%s", name, set_result_name(r));
}

#define REG(name, fn) reg(ompt_callback_##name, (ompt_callback_t)fn, #name)

static int initialize(ompt_function_lookup_t lookup, int initial_device_num,
                      ompt_data_t *tool_data) {
  set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
  get_unique_id = (ompt_get_unique_id_t)lookup("ompt_get_unique_id");
  get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
  get_state = (ompt_get_state_t)lookup("ompt_get_state");
  get_parallel_info = (ompt_get_parallel_info_t)lookup("ompt_get_parallel_info");
  get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
  enumerate_states = (ompt_enumerate_states_t)lookup("ompt_enumerate_states");
  enumerate_mutex_impls = (ompt_enumerate_mutex_impls_t)lookup("ompt_enumerate_mutex_impls");
  get_num_procs = (ompt_get_num_procs_t)lookup("ompt_get_num_procs");
  get_num_devices = (ompt_get_num_devices_t)lookup("ompt_get_num_devices");
  finalize_tool = (ompt_finalize_tool_t)lookup("ompt_finalize_tool");
  if (!set_callback || !get_unique_id || !get_thread_data || !get_state || !get_parallel_info ||
      !get_task_info) {
    fprintf(stderr, "glass-printer: the runtime's lookup lacks a required entry point\n");
    return 0;
  }
  emit("initialize initial_device_num=%d num_procs=%d num_devices=%d", initial_device_num,
       get_num_procs ? get_num_procs() : -1, get_num_devices ? get_num_devices() : -1);
  if (getenv("GLASS_INIT_FAIL") || getenv("GLASS_PRINTER_INIT_FAIL"))
    return 0;
  show_registration = getenv("GLASS_PRINTER_REGISTRATION") != NULL;
  REG(thread_begin, on_thread_begin);
  REG(thread_end, on_thread_end);
  REG(parallel_begin, on_parallel_begin);
  REG(parallel_end, on_parallel_end);
  REG(task_create, on_task_create);
  REG(task_schedule, on_task_schedule);
  REG(implicit_task, on_implicit_task);
  REG(target, on_target);
  REG(target_data_op, on_target_data_op);
  REG(target_submit, on_target_submit);
  REG(control_tool, on_control_tool);
  REG(device_initialize, on_device_initialize);
  REG(device_finalize, on_device_finalize);
  REG(device_load, on_device_load);
  REG(device_unload, on_device_unload);
  REG(sync_region_wait, on_sync_region_wait);
  REG(mutex_released, on_mutex_released);
  REG(dependences, on_dependences);
  REG(task_dependence, on_task_dependence);
  REG(work, on_work);
  REG(masked, on_masked);
  REG(target_map, on_target_map);
  REG(sync_region, on_sync_region);
  REG(lock_init, on_lock_init);
  REG(lock_destroy, on_lock_destroy);
  REG(mutex_acquire, on_mutex_acquire);
  REG(mutex_acquired, on_mutex_acquired);
  REG(nest_lock, on_nest_lock);
  REG(flush, on_flush);
  REG(cancel, on_cancel);
  REG(reduction, on_reduction);
  REG(dispatch, on_dispatch);
  if (!getenv("GLASS_PRINTER_NO_EMI")) {
    REG(target_emi, on_target_emi);
    REG(target_data_op_emi, on_target_data_op_emi);
    REG(target_submit_emi, on_target_submit_emi);
    REG(target_map_emi, on_target_map_emi);
  }
  REG(error, on_error);
  if (show_registration) {
    int s = ompt_state_undefined;
    const char *name;
    while (enumerate_states && enumerate_states(s, &s, &name))
      emit("state %s=0x%x", name, s);
    int m = ompt_mutex_impl_none;
    while (enumerate_mutex_impls && enumerate_mutex_impls(m, &m, &name))
      emit("mutex_impl %s=%d", name, m);
  }
  tool_data->value = 1;
  return 1;
}

static void finalize(ompt_data_t *tool_data) {
  emit("finalize tool_data=%" PRIu64, tool_data->value);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  static ompt_start_tool_result_t result = {initialize, finalize, {0}};
  quiet = getenv("GLASS_PRINTER_QUIET") != NULL;
  if (!quiet) {
    char line[256];
    int n = snprintf(line, sizeof line, "0: start_tool omp_version=%u runtime=%s\n", omp_version,
                     runtime_version ? runtime_version : "(null)");
    ssize_t w = write(STDOUT_FILENO, line, (size_t)n);
    (void)w;
  }
  if (getenv("GLASS_PRINTER_DECLINE"))
    return NULL;
  return &result;
}
