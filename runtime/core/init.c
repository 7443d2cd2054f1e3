// Runtime life cycle: lazy thread-safe initialization on the first call of any entry point,
// shutdown at exit (workers joined, tool finalized after every thread_end), and fork().
#include "glass.h"
#include "ompt-internal.h"
#include "affinity.h"
#include "topology.h"

#include <stdlib.h>

_Atomic int glass_init_state;
int glass_nprocs = 1;
static glass_mutex_t init_lock = GLASS_MUTEX_INIT;
static _Atomic bool fini_started;
static _Atomic bool core_ready; // the tool's initializer is running: the core is usable

static void at_exit(void) {
  glass_fini();
}

static void after_fork_child(void) {
  // Only the forking thread exists in the child. The tool stays attached (its state was
  // copied with the process); workers are recreated on demand.
  init_lock = (glass_mutex_t)GLASS_MUTEX_INIT;
  if (atomic_load_explicit(&glass_init_state, memory_order_relaxed) != 2)
    return;
  glass_thread_module_after_fork(glass_tls_self);
}

static void set_wait_policy(void) {
  // KMP_BLOCKTIME wins over OMP_WAIT_POLICY, as in libomp.
  if (glass_env.blocktime_set) {
    glass_set_blocktime(glass_env.blocktime_ms < 0 ? UINT64_MAX
                                                   : (uint64_t)glass_env.blocktime_ms * 1000000ull);
  } else if (glass_env.wait_policy == GLASS_WAIT_ACTIVE) {
    glass_set_blocktime(UINT64_MAX);
  } else if (glass_env.wait_policy == GLASS_WAIT_PASSIVE) {
    glass_set_blocktime(0);
  }
}

// KMP_HW_SUBSET leaves fewer processors, KMP_AFFINITY=norespect may give more than the mask:
// omp_get_num_procs and the default team size count those, as in libomp (a subset leaves the
// process's mask alone; norespect widens it, affinity.c).
static void topology_limits(void) {
  const char *v = getenv("KMP_HW_SUBSET");
  if ((!v || !*v) && glass_kaff.respect)
    return;
  glass_topology_init();
  if ((!glass_topology.subset && glass_kaff.respect) || !glass_topology.this_system)
    return;
  glass_nprocs = glass_topology.npus;
  if (!glass_env.nthreads_set)
    glass_env.initial.nthreads = glass_nprocs;
  glass_affinity_norespect();
}

void glass_init_slow(void) {
  // The tool's initializer may call omp_* routines on the initializing thread: it is already
  // registered, so let it through. So may threads the initializer starts (it may wait for them):
  // they become roots at once, and their events before the initializer returns are not
  // delivered (the interface is not active yet).
  if (atomic_load_explicit(&glass_init_state, memory_order_acquire) == 1 &&
      (glass_tls_self || atomic_load_explicit(&core_ready, memory_order_acquire)))
    return;
  glass_mutex_lock(&init_lock);
  if (atomic_load_explicit(&glass_init_state, memory_order_acquire) == 2) {
    glass_mutex_unlock(&init_lock);
    return;
  }
  atomic_store_explicit(&glass_init_state, 1, memory_order_relaxed);
  glass_nprocs = glass_num_procs();
  glass_env_read();
  topology_limits();
  set_wait_policy();
  glass_stats_on = glass_env.stats;
  glass_wait_init();
  glass_thread_module_init();
  glass_task_detect_sanitizer();
  glass_thread_t *th = glass_make_initial_thread();
  if (glass_env.display_env)
    glass_env_display(glass_env.display_env == 2);
  atomic_store_explicit(&core_ready, true, memory_order_release);
  glass_ompt_discover_and_init();
  // The place list is built now when binding or display is asked for, or when a tool may ask
  // for places from a signal handler; otherwise on first use.
  if (glass_env.places || glass_env.bind_len || glass_env.display_affinity || glass_kaff.given ||
      glass_ompt_tool_loaded())
    glass_places_init();
  if (glass_kaff.settings)
    glass_kaff_settings_print();
  atexit(at_exit);
  glass_register_atfork(after_fork_child);
  atomic_store_explicit(&glass_init_state, 2, memory_order_release);
  glass_mutex_unlock(&init_lock);
  // First events after the tool's initializer: the initial thread and the initial task.
  glass_root_begin_events(th);
}

bool glass_fini_started(void) {
  return atomic_load_explicit(&fini_started, memory_order_acquire);
}

void glass_fini(void) {
  if (atomic_load_explicit(&glass_init_state, memory_order_acquire) != 2)
    return;
  if (atomic_exchange(&fini_started, true))
    return;
  glass_pool_shutdown();
  // Roots still alive (the initial thread, user threads that have not exited): their initial
  // tasks and threads end here, the exiting thread's own first.
  glass_thread_t *self = glass_tls_self;
  if (self && !self->is_worker)
    glass_root_end_events(self);
  int32_t n = atomic_load(&glass_nthreads_total);
  for (int32_t g = 0; g < n; g++) {
    glass_thread_t *th = glass_thread_at(g);
    if (th && !th->is_worker)
      glass_root_end_events(th);
  }
  glass_ompt_finalize();
  glass_stats_print(); // after the tool's finalizer: its threads' work is counted too
}

// ompt_finalize_tool: the threads' last events, then the finalizer; the program continues
// without a tool. That is safe only on a root in its initial task, outside any region: there
// every worker is idle and can deliver its thread_end. Elsewhere (a worker, a callback inside a
// region, a thread unknown to the runtime) busy threads could not end before the finalizer,
// and the finalizer would run inside the event that called it, so the request is refused with
// a message and the tool is finalized at exit as usual. During exit or a finalization already
// under way it is ignored.
void glass_finalize_tool_request(void) {
  if (!glass_ompt_tool_loaded() || glass_ompt_finalize_started() ||
      atomic_load_explicit(&fini_started, memory_order_acquire))
    return;
  glass_thread_t *th = glass_tls_self;
  if (!th || th->is_worker || th->team != th->root_team || th->task != &th->root_team->itasks[0]) {
    static _Atomic bool told;
    if (!atomic_exchange(&told, true))
      glass_warn("ompt_finalize_tool called on a worker thread or inside a parallel region or "
                 "task: ignored; the tool is finalized at exit (call it from the initial task, "
                 "outside any region)");
    return;
  }
  glass_workers_end_events();
  glass_root_end_events(th);
  glass_ompt_finalize();
}

__attribute__((destructor)) static void glass_destructor(void) {
  glass_fini();
}
