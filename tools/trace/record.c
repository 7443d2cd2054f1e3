// The tool's life cycle and its callbacks: each callback turns its arguments into one record in
// the calling thread's buffer. The buffer hangs off the thread's ompt_data_t (set at
// thread_begin, or on a thread's first event if the runtime never announced it).
//
// Ids: every parallel region and task gets an id from the thread that creates it: the thread's
// track number in the high bits, a per-thread counter below. Unique without any shared counter.
#define _GNU_SOURCE
#include "trace.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define GLASS_TRACE_NOINLINE __attribute__((noinline))

static ompt_get_thread_data_t get_thread_data;
static atomic_bool stopped; // set at finalization: late events are ignored
// True while recording with the TSC: the one test of global state on the recording path (it
// covers both the clock and `stopped`).
static atomic_bool fast;
// The calling thread's buffer, once known: one load from the thread pointer instead of a call
// into the runtime (ompt_get_thread_data) per event. initial-exec: the tool is loaded with
// dlopen, and an 8-byte variable fits the static TLS that glibc keeps for such libraries.
static __thread trace_thread_t *me __attribute__((tls_model("initial-exec")));

static GLASS_TRACE_NOINLINE trace_thread_t *self_slow(void) {
  ompt_data_t *d = get_thread_data ? get_thread_data() : NULL;
  trace_thread_t *th = d && d->ptr ? d->ptr : trace_thread_new(0);
  if (d)
    d->ptr = th;
  return me = th;
}

static inline trace_thread_t *self(void) {
  trace_thread_t *th = me;
  return __builtin_expect(th != NULL, 1) ? th : self_slow();
}

// The event's time, false if it is not to be recorded (no buffer, or finalization began).
static inline __attribute__((always_inline)) bool rec_time(trace_thread_t *th, uint64_t *t) {
  if (__builtin_expect(th != NULL && atomic_load_explicit(&fast, memory_order_relaxed), 1)) {
    *t = trace_tsc();
    return true;
  }
  if (!th || atomic_load_explicit(&stopped, memory_order_relaxed))
    return false;
  *t = trace_now();
  return true;
}

// rec_any records even while the thread runs a task that sampling leaves out (task creation and
// scheduling, which decide what is recorded); rec records only outside such tasks.
static inline __attribute__((always_inline)) void rec_any(trace_thread_t *th, uint8_t kind,
                                                          uint8_t sub, uint64_t a, uint64_t b,
                                                          uint32_t n, const void *code) {
  uint64_t t;
  // b and code share a field: every event passes one of them as 0.
  if (rec_time(th, &t))
    trace_put(th, t, kind, sub, a, b | (uint64_t)(uintptr_t)code, n);
}

static inline __attribute__((always_inline)) void rec(trace_thread_t *th, uint8_t kind, uint8_t sub,
                                                      uint64_t a, uint64_t b, uint32_t n,
                                                      const void *code) {
  if (th && __builtin_expect(th->muted != 0, 0))
    return;
  rec_any(th, kind, sub, a, b, n, code);
}

// A scope's begin or end, each with its kind a constant (so the record's layout folds).
#define REC_EP(th, ep, begin, end, sub, a, b, n, code)                                             \
  do {                                                                                             \
    trace_thread_t *th_ = (th);                                                                    \
    if ((ep) == ompt_scope_begin)                                                                  \
      rec(th_, begin, sub, a, b, n, code);                                                         \
    else                                                                                           \
      rec(th_, end, sub, a, b, n, code);                                                           \
  } while (0)

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
  me = th;
  if (th)
    th->type = (uint8_t)type;
  rec(th, EV_THREAD_BEGIN, (uint8_t)type, 0, 0, 0, NULL);
}

static void on_thread_end(ompt_data_t *thread_data) {
  rec(thread_data->ptr, EV_THREAD_END, 0, 0, 0, 0, NULL);
  me = NULL;
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
  if (ep == ompt_scope_begin) {
    rec(th, EV_ITASK_BEGIN, (flags & ompt_task_initial) ? 1 : 0, idof(parallel), give_id(th, task),
        index, NULL);
    if (th)
      th->smp.itask = idof(task);
  } else
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
  REC_EP(self(), ep, EV_MASKED_BEGIN, EV_MASKED_END, 0, 0, 0, 0, codeptr);
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t ep, ompt_data_t *parallel,
                           ompt_data_t *task, const void *codeptr) {
  REC_EP(self(), ep, EV_SYNC_BEGIN, EV_SYNC_END, (uint8_t)kind, 0, 0, 0, codeptr);
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t ep,
                                ompt_data_t *parallel, ompt_data_t *task, const void *codeptr) {
  REC_EP(self(), ep, EV_WAIT_BEGIN, EV_WAIT_END, (uint8_t)kind, 0, 0, 0, codeptr);
}

static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t ep, ompt_data_t *parallel,
                         ompt_data_t *task, const void *codeptr) {
  REC_EP(self(), ep, EV_REDUCTION_BEGIN, EV_REDUCTION_END, (uint8_t)kind, 0, 0, 0, codeptr);
}

// Task sampling (GLASS_TRACE_SAMPLE): each explicit task is recorded with probability 1/N, N
// the period in force on the creating thread, and a recorded task carries N in its creation
// record, so the summary can weigh each recorded slice by it (Horvitz-Thompson estimates). The
// choice is drawn as a geometric gap to the next recorded task (one draw per recorded task; an
// unrecorded creation costs a decrement and a compare), so it is independent of any pattern in
// the program's tasks (a fixed stride alternates with fib's two task sites). A task left out
// gets an id with TRACE_ID_UNSAMPLED; while a thread runs one, it records nothing but task
// creation and scheduling, so the task's time stays inside whatever the thread was doing (a
// taskwait, a barrier) and its constructs are not recorded (the recorded ones stand for them).
//
// Auto sampling (the default) records every task until the thread has created
// TRACE_SAMPLE_WARMUP of them; then, every TRACE_SAMPLE_WINDOW creations, it reads the thread's
// CPU time once and picks the smallest power-of-2 period N that keeps the predicted overhead
//   (SAMPLE_COST_CREATE + cost * e / N) / u  <=  SAMPLE_BUDGET
// where u is the program's own CPU time per creation (the window's less what the tool did in
// it) and e the events one fully recorded creation brings (its switches, the taskwaits in the
// task, ...: events per recorded creation over the last windows). A thread that records every
// task keeps doing so while the overhead of that is predicted within SAMPLE_BUDGET_FULL: coarse
// tasks (uts, 0.5 us, about 1.5) stay exact, and leaving them out would gain little. cost, one
// recorded event's in all (recording, reading back, the outputs at exit), is
// GLASS_TRACE_SAMPLE_COST (TRACE_SAMPLE_COST_NS by default), for machines that differ. The
// costs were measured on the development machine (2 vCPUs, AMD EPYC, rdtsc about 12 ns) with
// bench/trace_cost.py, in CPU time: fib (bench/apps/fib.c, 70 ns a task), tasktree (50 ns) and
// uts (0.5 us), untraced, with every task recorded, recorded but not written, and with almost
// none recorded (docs/tracing.md, "Adaptive task sampling, measured"). The budget puts fib
// and tasktree at about 2.5 times their untraced CPU time, all outputs written.
#define SAMPLE_COST_CREATE    20.0 // ns: a creation that is not recorded (its 3 callbacks)
#define SAMPLE_COST_EVENT_RUN 20.0 // ns: recording one event, in the program's time
#define SAMPLE_BUDGET         1.0  // predicted overhead, as a share of the untraced time
#define SAMPLE_BUDGET_FULL    1.8  // ... below which every task stays recorded

static uint32_t sample_gap(trace_sampler_t *s) {
  if (s->period <= 1)
    return 1;
  s->rng ^= s->rng << 13, s->rng ^= s->rng >> 7, s->rng ^= s->rng << 17; // xorshift64
  double u = (double)((s->rng >> 11) + 1) / 9007199254740992.0;          // in (0, 1]
  double g = floor(log(u) / log1p(-1.0 / s->period));
  return g < (double)UINT32_MAX - 1 ? (uint32_t)g + 1 : UINT32_MAX;
}

static void sample_set_period(trace_sampler_t *s, uint32_t n) {
  s->period = n;
  if (n > s->period_max)
    s->period_max = n;
  s->skip = sample_gap(s); // geometric gaps are memoryless: a fresh draw is as good
}

// The period for the next window, from the one that just ended (auto sampling).
static void sample_window(trace_thread_t *th, uint64_t now) {
  trace_sampler_t *s = &th->smp;
  double k = TRACE_SAMPLE_WINDOW, win = (double)(now - s->win_ns);
  double events = (double)(th->events - s->win_events);
  s->measured_ns += now - s->win_ns;
  s->measured_tasks += TRACE_SAMPLE_WINDOW;
  // Events per recorded creation, over the last windows: at a large period a window records a
  // task or two, too few to go by alone.
  s->ev_sum = s->ev_sum / 2 + events;
  s->rec_sum = s->rec_sum / 2 + (double)(th->tasks_seen - th->sampled_out - s->win_recorded);
  double prog = win - k * SAMPLE_COST_CREATE - events * SAMPLE_COST_EVENT_RUN;
  if (prog < win / 8) // the costs are estimates: never take the program for instant
    prog = win / 8;
  double per_task = s->rec_sum >= 1 ? s->ev_sum / s->rec_sum : 1;
  double full = per_task * trace_opt.sample_cost; // ns per creation, N = 1
  double u = prog / k;
  uint32_t n = 1;
  if (full > SAMPLE_BUDGET_FULL * u - SAMPLE_COST_CREATE) {
    double room = SAMPLE_BUDGET * u - SAMPLE_COST_CREATE; // for recording, per creation
    while (n < TRACE_SAMPLE_MAX && full > room * n)
      n *= 2;
  }
  if (n != s->period)
    sample_set_period(s, n);
}

// Once per TRACE_SAMPLE_WINDOW creations (auto), or at the thread's first creation.
static GLASS_TRACE_NOINLINE void sample_check(trace_thread_t *th) {
  trace_sampler_t *s = &th->smp;
  if (s->period == 0) { // the first creation: seeded by the track, so a run can be repeated
    s->rng = trace_hash64(th->track + 1) | 1;
    bool fixed = trace_opt.sample != TRACE_SAMPLE_AUTO;
    s->check = fixed ? UINT64_MAX : TRACE_SAMPLE_WARMUP - TRACE_SAMPLE_WINDOW;
    sample_set_period(s, fixed ? trace_opt.sample : 1);
    return;
  }
  // The thread's CPU time: what the program spends, whatever the machine's load (a window in
  // wall time would count the time the thread waited for a CPU as the program's). A system
  // call, about 0.3 us, once per window.
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  uint64_t now = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
  if (s->win_ns)
    sample_window(th, now);
  s->win_ns = now;
  s->win_events = th->events;
  s->win_recorded = th->tasks_seen - th->sampled_out;
  s->check += TRACE_SAMPLE_WINDOW;
}

static bool sampled_out(trace_thread_t *th, ompt_data_t *task, int flags) {
  if (trace_opt.sample == 1 || !th || !task || !(flags & ompt_task_explicit))
    return false;
  trace_sampler_t *s = &th->smp;
  if (__builtin_expect(++th->tasks_seen > s->check, 0))
    sample_check(th);
  if (--s->skip != 0) {
    task->value = TRACE_ID_UNSAMPLED | (th->next_id & ((1ull << 40) - 1));
    th->sampled_out++;
    return true;
  }
  s->skip = s->period == 1 ? 1 : sample_gap(s);
  return false;
}

static void on_task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                           int flags, int has_deps, const void *codeptr) {
  trace_thread_t *th = self();
  if (sampled_out(th, task, flags))
    return;
  uint64_t t;
  // The period rides in unused flag bits (N = 1: none, the record as it always was).
  uint32_t w = th && (flags & ompt_task_explicit) && th->smp.period > 1 ? th->smp.period - 1 : 0;
  if (rec_time(th, &t))
    trace_put_create(th, t, give_id(th, task), (uint64_t)(uintptr_t)codeptr,
                     (uint32_t)flags | w << TRACE_CREATE_W_SHIFT);
}

static bool unsampled(const ompt_data_t *d) {
  return d && (d->value & TRACE_ID_UNSAMPLED);
}

static bool task_done(ompt_task_status_t s) {
  return s == ompt_task_complete || s == ompt_task_cancel || s == ompt_task_detach ||
         s == ompt_task_early_fulfill || s == ompt_task_late_fulfill;
}

static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next) {
  trace_thread_t *th = self();
  if (__builtin_expect(trace_opt.sample != 1, 0) && th) {
    bool pu = unsampled(prior), nu = unsampled(next);
    th->muted = nu;
    // A recorded task that switches to one left out stays open: the other runs inside it.
    if (nu && (pu || !task_done(status)))
      return;
    // Back from one left out to the implicit task: nothing the replay would do (the common case,
    // which would otherwise cost an event per task left out).
    if (pu && idof(next) == th->smp.itask)
      return;
  }
  uint64_t t;
  if (rec_time(th, &t))
    trace_put_switch(th, t, (uint8_t)status, idof(prior), idof(next));
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

// Offload: the target constructs, their data operations and kernels, on the host thread that
// issues them (with the host device these run there too).
static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t ep, int device_num,
                          ompt_data_t *task_data, ompt_data_t *target_task_data,
                          ompt_data_t *target_data, const void *codeptr) {
  trace_thread_t *th = self();
  if (ep == ompt_scope_begin)
    rec(th, EV_TARGET_BEGIN, (uint8_t)kind, give_id(th, target_data), 0, (uint32_t)device_num,
        codeptr);
  else
    rec(th, EV_TARGET_END, (uint8_t)kind, idof(target_data), 0, 0, NULL);
}

static void on_target_data_op_emi(ompt_scope_endpoint_t ep, ompt_data_t *target_task_data,
                                  ompt_data_t *target_data, ompt_id_t *host_op_id,
                                  ompt_target_data_op_t optype, void *src, int src_device,
                                  void *dst, int dst_device, size_t bytes, const void *codeptr) {
  // The device side of the operation: where data goes, or where it comes from or is freed.
  int op = optype & 15;
  int device = op == ompt_target_data_transfer_from_device || op == ompt_target_data_delete ||
                       op == ompt_target_data_disassociate
                   ? src_device
                   : dst_device;
  if (ep == ompt_scope_begin && host_op_id) // device records name their construct (device.c)
    *host_op_id = idof(target_data);
  if (ep == ompt_scope_begin)
    rec(self(), EV_DATA_OP_BEGIN, (uint8_t)optype, bytes, 0, (uint32_t)device, codeptr);
  else
    rec(self(), EV_DATA_OP_END, (uint8_t)optype, 0, 0, 0, NULL);
}

static void on_target_submit_emi(ompt_scope_endpoint_t ep, ompt_data_t *target_data,
                                 ompt_id_t *host_op_id, unsigned int requested_num_teams) {
  if (ep == ompt_scope_begin && host_op_id)
    *host_op_id = idof(target_data);
  if (ep == ompt_scope_begin)
    rec(self(), EV_SUBMIT_BEGIN, 0, idof(target_data), 0, requested_num_teams, NULL);
  else
    rec(self(), EV_SUBMIT_END, 0, 0, 0, 0, NULL);
}

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation) {
  rec(self(), EV_DEVICE_INIT, 0, 0, 0, (uint32_t)device_num, NULL);
  if (lookup) { // Glass's libomptarget: source strings of constructs (any device's will do)
    const char *(*fn)(const void *) = (const char *(*)(const void *))lookup("glass_codeptr_source");
    if (fn)
      __atomic_store_n(&trace_codeptr_source, fn, __ATOMIC_RELAXED);
  }
  trace_device_init(device_num, type, device, lookup);
}

static void on_device_load(int device_num, const char *filename, int64_t offset, void *vma,
                           size_t bytes, void *host_addr, void *device_addr, uint64_t module_id) {
  rec(self(), EV_DEVICE_LOAD, 0, bytes, 0, (uint32_t)device_num, NULL);
}

static void on_device_unload(int device_num, uint64_t module_id) {
  rec(self(), EV_DEVICE_UNLOAD, 0, module_id, 0, (uint32_t)device_num, NULL);
}

static void on_device_finalize(int device_num) {
  rec(self(), EV_DEVICE_FINALIZE, 0, 0, 0, (uint32_t)device_num, NULL);
}

static void on_target_map_emi(ompt_data_t *target_data, unsigned int nitems, void **host_addr,
                              void **device_addr, size_t *bytes, unsigned int *mapping_flags,
                              const void *codeptr_ra) {
  uint64_t sum = 0;
  for (unsigned i = 0; i < nitems; i++)
    sum += bytes[i];
  rec(self(), EV_TARGET_MAP, 0, sum, 0, nitems, codeptr_ra);
}

// ---------------------------------------------------------------------------------------------
// Life cycle.

static void free_model(trace_model_t *m, trace_locs_t *locs) {
  free(m->slices);
  free(m->flows);
  free(m->instants);
  free(m->threads);
  trace_locs_free(locs);
}

// Small traces: the whole model in memory, JSON and HTML (and Perfetto if asked).
static int model_outputs(trace_model_t *m, trace_locs_t *locs, bool perfetto, FILE *txt) {
  char path[4200];
  trace_build_model(m, locs);
  snprintf(path, sizeof(path), "%s.json", trace_opt.out);
  int bad = trace_write_json(m, locs, path);
  // The summary once, for the page, the text file and stderr.
  char *sum = NULL;
  size_t sumlen = 0;
  FILE *sf = open_memstream(&sum, &sumlen);
  if (sf) {
    trace_write_summary(m, locs, sf);
    if (fclose(sf) != 0)
      free(sum), sum = NULL;
  }
  snprintf(path, sizeof(path), "%s.html", trace_opt.out);
  bad |= trace_write_html(m, locs, path, sum);
  if (txt)
    sum ? (void)fputs(sum, txt) : trace_write_summary(m, locs, txt);
  fflush(stdout); // the program's output first, then ours
  if (trace_opt.summary)
    sum ? (void)fputs(sum, stderr) : trace_write_summary(m, locs, stderr);
  free(sum);
  if (perfetto) { // a second replay, straight to the file
    trace_model_t m2;
    trace_locs_t l2;
    snprintf(path, sizeof(path), "%s.pftrace", trace_opt.out);
    trace_pf_t *w = trace_pf_open(path, &m2, &l2);
    trace_sink_t sink = trace_pf_sink(w);
    trace_sink_t *sinks[] = {&sink};
    if (w)
      trace_replay(&m2, &l2, sinks, 1, false);
    bad |= trace_pf_close(w, &m2);
    if (w)
      free_model(&m2, &l2);
  }
  return bad;
}

// Large traces: one streaming pass into the Perfetto file, the summary and the HTML page (which
// keeps aggregates and a bounded number of slices).
static int stream_outputs(trace_model_t *m, trace_locs_t *locs, FILE *txt) {
  char path[4200];
  snprintf(path, sizeof(path), "%s.pftrace", trace_opt.out);
  trace_pf_t *w = trace_pf_open(path, m, locs);
  trace_summary_t *S = trace_summary_new(trace_ntracks());
  trace_page_t *pg = trace_page_open(trace_ntracks());
  trace_sink_t sinks[3];
  trace_sink_t *list[3];
  size_t n = 0;
  if (w)
    sinks[n] = trace_pf_sink(w), list[n] = &sinks[n], n++;
  if (S)
    sinks[n] = trace_summary_sink(S), list[n] = &sinks[n], n++;
  if (pg)
    sinks[n] = trace_page_sink(pg), list[n] = &sinks[n], n++;
  trace_replay(m, locs, list, n, false);
  int bad = trace_pf_close(w, m);
  snprintf(path, sizeof(path), "%s.html", trace_opt.out);
  bad |= trace_page_close(pg, m, locs, S, path);
  if (txt)
    trace_summary_write(S, m, locs, txt);
  fflush(stdout);
  if (trace_opt.summary)
    trace_summary_write(S, m, locs, stderr);
  trace_summary_free(S);
  return bad;
}

static void finalize_outputs(void) {
  // A run that auto sampling thinned is a large one: the JSON path would cost it about twice
  // what the Perfetto file does per event, and its budget was counted at the Perfetto cost.
  uint64_t events = 0, left_out = 0;
  for (trace_thread_t *th = atomic_load(&trace_threads); th; th = th->next_thread)
    events += trace_thread_count(th), left_out += th->sampled_out;
  bool thinned = left_out && trace_opt.sample == TRACE_SAMPLE_AUTO;
  int fmt = trace_opt.format;
  if (fmt == TRACE_FMT_AUTO)
    fmt = events <= trace_opt.json_max_events && !thinned ? TRACE_FMT_JSON : TRACE_FMT_PERFETTO;
  bool json = fmt != TRACE_FMT_PERFETTO;
  char path[4200];
  snprintf(path, sizeof(path), "%s.txt", trace_opt.out);
  FILE *txt = fopen(path, "w");
  trace_model_t m;
  trace_locs_t locs;
  int bad =
      json ? model_outputs(&m, &locs, fmt == TRACE_FMT_BOTH, txt) : stream_outputs(&m, &locs, txt);
  if (txt)
    bad |= fclose(txt) != 0;
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
  if (m.sampled_out)
    trace_sampling_note(&m, stderr, "glass-trace: ",
                        "the summary's last table estimates the rows for every task "
                        "(GLASS_TRACE_SAMPLE=1 records every task)");
  if (fmt == TRACE_FMT_PERFETTO && trace_opt.format == TRACE_FMT_AUTO && !thinned)
    fprintf(stderr,
            "glass-trace: %llu events: over GLASS_TRACE_JSON_MAX=%llu, so the trace is in "
            "Perfetto's format, with no JSON, and the HTML timeline keeps the longer slices "
            "of the whole run (GLASS_TRACE_FORMAT=json forces the JSON)\n",
            (unsigned long long)events, (unsigned long long)trace_opt.json_max_events);
  else if (fmt == TRACE_FMT_PERFETTO && trace_opt.format == TRACE_FMT_AUTO)
    fprintf(stderr, "glass-trace: task sampling engaged, so the trace is in Perfetto's format, "
                    "with no JSON (GLASS_TRACE_FORMAT=json forces the JSON)\n");
  if (bad || !getenv("GLASS_TRACE_LAUNCHED")) { // else the glass-trace command says it
    fprintf(stderr, "glass-trace: %s",
            bad ? "could not write every output; see above. " : "wrote ");
    if (json)
      fprintf(stderr, "%s.json (Perfetto/chrome://tracing), ", trace_opt.out);
    fprintf(stderr, "%s.html (timeline), ", trace_opt.out);
    if (fmt != TRACE_FMT_JSON)
      fprintf(stderr, "%s.pftrace (Perfetto), ", trace_opt.out);
    fprintf(stderr, "%s.txt (summary)\n", trace_opt.out);
  }
  free_model(&m, &locs);
}

static void finalize(ompt_data_t *tool_data) {
  atomic_store(&fast, false);
  atomic_store(&stopped, true);
  trace_device_finish();
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
  atomic_store(&fast, trace_use_tsc);
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
  REGISTER(TRACE_G_TARGET, target_emi, on_target_emi);
  REGISTER(TRACE_G_TARGET, target_data_op_emi, on_target_data_op_emi);
  REGISTER(TRACE_G_TARGET, target_submit_emi, on_target_submit_emi);
  REGISTER(TRACE_G_TARGET, device_initialize, on_device_initialize);
  REGISTER(TRACE_G_TARGET, device_load, on_device_load);
  REGISTER(TRACE_G_TARGET, device_unload, on_device_unload);
  REGISTER(TRACE_G_TARGET, device_finalize, on_device_finalize);
  REGISTER(TRACE_G_TARGET, target_map_emi, on_target_map_emi);
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
