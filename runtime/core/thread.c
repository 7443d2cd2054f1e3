// Threads: the gtid registry, root (user) threads, runtime workers and the pool of idle workers.
#include "glass.h"
#include "mutex.h"
#include "ompt-internal.h"
#include "ompt-entry.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__thread glass_thread_t *glass_tls_self __attribute__((tls_model("initial-exec")));
_Atomic(glass_thread_t **) glass_thread_chunks[GLASS_THREAD_CHUNKS];
_Atomic int32_t glass_nthreads_total;
_Atomic int32_t glass_nthreads_live;

static glass_mutex_t pool_lock = GLASS_MUTEX_INIT;

// A worker's command is written before its go flag is bumped (the bump publishes it), but
// pool_pending and shutdown read it while the worker runs, and a worker clears its own
// GLASS_CMD_POOL: those accesses are atomic (relaxed: the flag orders everything else).
static inline void cmd_set(glass_thread_t *w, int32_t cmd) {
  __atomic_store_n(&w->cmd, cmd, __ATOMIC_RELAXED);
}
static inline int32_t cmd_get(glass_thread_t *w) {
  return __atomic_load_n(&w->cmd, __ATOMIC_RELAXED);
}
static glass_thread_t *pool_head;
static _Atomic int live_workers;
static _Atomic int end_acks; // workers that delivered their thread_end on request
// Workers told to return to the pool that have not arrived yet (a user thread that ended gave
// its workers back a moment ago): the next team waits a little for them rather than creating
// threads, so that short-lived user threads do not pile up idle workers.
static _Atomic int pool_incoming;
#define POOL_INCOMING_WAIT_NS 5000000ull
static _Atomic bool workers_gone; // glass_pool_shutdown ran (the process is exiting)

// Descriptors of ended threads, each with its gtid, for the next threads to take (linked
// through pool_next; the most recently ended first, its memory likely still cached).
static glass_mutex_t free_lock = GLASS_MUTEX_INIT;
static glass_thread_t *free_head;

// A descriptor with a gtid never handed out before, or NULL when GLASS_MAX_THREADS are alive.
static glass_thread_t *thread_fresh(void) {
  glass_mutex_lock(&free_lock);
  int32_t gtid = atomic_load_explicit(&glass_nthreads_total, memory_order_relaxed);
  if (gtid >= GLASS_MAX_THREADS) {
    glass_mutex_unlock(&free_lock);
    return NULL;
  }
  _Atomic(glass_thread_t **) *slot = &glass_thread_chunks[gtid / GLASS_THREAD_CHUNK];
  glass_thread_t **chunk = atomic_load_explicit(slot, memory_order_relaxed);
  if (!chunk) {
    chunk = glass_zalloc(sizeof(*chunk) * GLASS_THREAD_CHUNK);
    atomic_store_explicit(slot, chunk, memory_order_release);
  }
  glass_thread_t *th = glass_zalloc_aligned(sizeof(*th), GLASS_CACHE);
  th->gtid = gtid;
  // Published before the count: a scan below glass_nthreads_total never finds a hole.
  __atomic_store_n(&chunk[gtid % GLASS_THREAD_CHUNK], th, __ATOMIC_RELEASE);
  atomic_store_explicit(&glass_nthreads_total, gtid + 1, memory_order_release);
  glass_mutex_unlock(&free_lock);
  return th;
}

static glass_thread_t *thread_take_free(void) {
  glass_mutex_lock(&free_lock);
  glass_thread_t *th = free_head;
  if (th)
    free_head = th->pool_next;
  glass_mutex_unlock(&free_lock);
  return th;
}

// A descriptor for a new thread: an ended thread's (with its gtid), else a fresh one. NULL
// when GLASS_MAX_THREADS threads are alive. What the previous owner cached stays: its hot and
// serialized teams (idle, sized for reuse) and its task free lists.
static glass_thread_t *thread_alloc(void) {
  glass_thread_t *th = thread_take_free();
  if (!th)
    th = thread_fresh();
  if (!th)
    return NULL;
  th->pool_next = NULL;
  th->is_worker = false;
  th->root_ended = false;
  th->ompt_early = false;
  th->pushed_nthreads = 0;
  th->pushed_bind = -1;
  th->place = -1;
  th->part_first = 0;
  th->part_last = INT32_MAX; // all places
  th->shown_hash = 0;
  OMPT_STATE(th, ompt_state_overhead);
  atomic_fetch_add_explicit(&glass_nthreads_live, 1, memory_order_relaxed);
  return th;
}

// Thread th has ended (a worker was joined, a root ran its last runtime code): its descriptor
// and gtid go to the next thread. Per-run state is cleared here; caches stay (thread_alloc).
// The gtid of the initial thread is never given back: its threadprivate copies are the
// originals (threadprivate.c).
static void thread_free(glass_thread_t *th) {
  atomic_fetch_sub_explicit(&glass_nthreads_live, 1, memory_order_relaxed);
  if (th->gtid == 0)
    return;
  th->tid = 0;
  th->team = NULL;
  th->task = NULL;
  th->pushed_strict = 0;
  th->pushed_strict_msg = NULL;
  th->in_pool = false;
  th->root_ended = true; // shutdown has nothing to end for it
  atomic_store_explicit(&th->busy, false, memory_order_relaxed);
  th->cmd = GLASS_CMD_NONE;
  th->go_seen = atomic_load_explicit(&th->go.word, memory_order_relaxed) & ~GLASS_FLAG_SLEEPER;
  th->handle = 0;
  th->ompt_wait_id = 0;
  th->ompt_thread_data.value = 0;
  th->ompt_ended = false;
  th->ws.disp_team = NULL;
  th->ws.disp = NULL;
  th->ws.teams_ub = th->ws.teams_limit = 0;
  th->sync.red_data = NULL;
  th->sync.red_method = 0;
  th->sync.red_lock = NULL;
  th->sync.cancel_joined = NULL;
  th->sync.cancel_codeptr = NULL;
  th->sync.cancel_reported = 0;
  th->sync.cancel_reported_team = NULL;
  th->tasking.tied_top = NULL;
  th->tasking.join_waiting = false;
  th->tasking.lazy_waiter = false;
  glass_mutex_lock(&free_lock);
  th->pool_next = free_head;
  free_head = th;
  glass_mutex_unlock(&free_lock);
}

static void update_oversubscription(void) {
  int threads = atomic_load_explicit(&live_workers, memory_order_relaxed) + 1;
  atomic_store_explicit(&glass_spin_threads, threads, memory_order_relaxed);
  atomic_store_explicit(&glass_oversubscribed, threads > glass_cpus, memory_order_relaxed);
}

// ---------------------------------------------------------------------------------------------
// Roots: the initial thread and any user thread that calls into the runtime.

// The root team: a recycled descriptor's (idle since its thread ended) or a new one. Its
// subsystem state is quiescent between regions and stays; the initial task starts afresh.
static void root_setup(glass_thread_t *th) {
  glass_team_t *team = th->root_team;
  if (!team) {
    team = glass_zalloc_aligned(sizeof(*team), GLASS_CACHE);
    team->members = glass_zalloc(sizeof(glass_thread_t *));
    team->itasks = glass_zalloc_aligned(sizeof(glass_task_t), GLASS_CACHE);
  }
  team->nthreads = 1;
  team->nmembers = 1;
  team->capacity = 1;
  team->serialized = true;
  team->master = th;
  team->members[0] = th;
  OMPT_TEAM_INIT(team, 1, ompt_parallel_team);
  glass_task_t *task = &team->itasks[0];
  *task = (glass_task_t){0};
  task->team = team;
  task->kind = GLASS_TASK_INITIAL;
  task->icvs = glass_env.initial;
  OMPT_TASK_INIT(task, ompt_task_initial);
  th->root_team = team;
  // A worker's detached context sets it up while shutdown may read its team and tid.
  __atomic_store_n(&th->team, team, __ATOMIC_RELEASE);
  th->task = task;
  __atomic_store_n(&th->tid, 0, __ATOMIC_RELAXED);
}

// Events for a new root: its thread_begin and the initial task's implicit_task begin.
void glass_root_begin_events(glass_thread_t *th) {
  if (OMPT_ON(thread_begin))
    glass_ompt_thread_begin(th, ompt_thread_initial);
  if (OMPT_ON(implicit_task))
    glass_ompt_implicit_task(ompt_scope_begin, th->root_team, th->task, 1, 1, ompt_task_initial);
  OMPT_STATE(th, ompt_state_work_serial);
}

// At exit another root may still run a region (exit() on a worker of its team): its state and
// current task are its own, written as it runs. What ends is its initial task, which a region
// leaves alone (only its frame changes), so the events name that one, and the state of a thread
// other than the caller is not touched.
void glass_root_end_events(glass_thread_t *th) {
  if (th->root_ended)
    return;
  th->root_ended = true;
  bool own = th == glass_tls_self;
  if (own)
    OMPT_STATE(th, ompt_state_overhead);
  if (OMPT_ON(implicit_task))
    glass_ompt_implicit_task(ompt_scope_end, th->root_team, &th->root_team->itasks[0], 0, 1,
                             ompt_task_initial);
  if (OMPT_ON(thread_end))
    glass_ompt_thread_end(th);
  if (own)
    OMPT_STATE(th, ompt_state_undefined);
}

// Makes the calling thread known to the runtime. The first caller initializes the runtime.
// A thread the runtime does not know yet becomes a root: descriptor, root team, TLS.
static glass_thread_t *root_register(void) {
  glass_thread_t *th = thread_alloc();
  if (!th) {
    fprintf(stderr, "OMP: Error: Glass runtime: more than %d threads alive at once\n",
            GLASS_MAX_THREADS);
    abort();
  }
  root_setup(th);
  glass_tls_self = th;
  glass_tls_mutex_code = glass_mutex_code(th->gtid);
  glass_set_thread_exit_value(th);
  return th;
}

// Makes the calling thread known to the runtime. The first caller initializes the runtime.
glass_thread_t *glass_make_initial_thread(void) {
  return root_register();
}

// Roots that come while the tool's initializer runs (threads it starts, or threads racing with
// the initialization) are let through at once (the initializer may be waiting for them). Their
// begin events are owed until the initializer returns; glass_roots_activate_tool delivers them
// then, before the interface becomes active, so that they precede the thread's other events.
// They are delivered on the initializing thread, with the root's own thread data. The lock
// orders each such root's registration with that hand-over.
static glass_mutex_t early_lock = GLASS_MUTEX_INIT;

static void early_root_begin(glass_thread_t *th) {
  glass_mutex_lock(&early_lock);
  if (OMPT_ACTIVE())
    glass_root_begin_events(th); // the hand-over is done: as any root
  else
    th->ompt_early = true;
  glass_mutex_unlock(&early_lock);
}

void glass_roots_activate_tool(void) {
  glass_mutex_lock(&early_lock);
  int32_t n = atomic_load(&glass_nthreads_total);
  for (int32_t g = 0; g < n; g++) {
    glass_thread_t *th = glass_thread_at(g);
    if (!th || th->is_worker || !th->ompt_early || th->root_ended)
      continue;
    th->ompt_early = false;
    glass_ompt_thread_begin(th, ompt_thread_initial);
    glass_ompt_implicit_task(ompt_scope_begin, th->root_team, &th->root_team->itasks[0], 1, 1,
                             ompt_task_initial);
  }
  glass_ompt_publish(true);
  glass_mutex_unlock(&early_lock);
}

glass_thread_t *glass_register_root(void) {
  glass_ensure_init();
  glass_thread_t *th = glass_tls_self;
  if (th)
    return th; // this thread ran the initialization
  th = root_register();
  if (unlikely(atomic_load_explicit(&glass_init_state, memory_order_acquire) != 2))
    early_root_begin(th);
  else
    glass_root_begin_events(th);
  return th;
}

// Thread th's hot teams give their workers back to the pool (th ends, or its workers are
// paused). A member still in the tail of a full join reads its implicit task: it finishes
// first, so that the team can be reused by whoever takes th's descriptor.
static void release_hot_teams(glass_thread_t *th) {
  for (int32_t level = 0; level < th->nhot; level++) {
    glass_team_t *hot = th->hot_teams[level];
    if (!hot)
      continue;
    glass_team_wait_members_left(hot, hot->nmembers);
    for (int i = 1; i < hot->nmembers; i++) {
      glass_thread_t *w = hot->members[i];
      cmd_set(w, GLASS_CMD_POOL);
      atomic_fetch_add_explicit(&pool_incoming, 1, memory_order_relaxed);
      glass_flag_bump(&w->go);
    }
    hot->nmembers = 1;
    hot->nthreads = 1;
  }
}

// A user thread that used OpenMP ends: its events close, its hot teams' workers return to the
// pool, and its descriptor and gtid go to the next thread. Should a later TLS destructor of the
// thread call the runtime again, it registers as a new root.
static void root_thread_exit(void *arg) {
  glass_thread_t *th = arg;
  if (!th || th->is_worker || atomic_load(&glass_init_state) == 0)
    return;
  glass_tp_thread_exit(th);
  if (unlikely(atomic_load_explicit(&glass_init_state, memory_order_acquire) != 2)) {
    glass_mutex_lock(&early_lock); // ends before its owed begin events, or after them
    glass_root_end_events(th);
    glass_mutex_unlock(&early_lock);
  } else {
    glass_root_end_events(th);
  }
  if (glass_fini_started())
    return; // the process is exiting: shutdown deals with the workers and the descriptors
  if (th->team != th->root_team)
    return; // pthread_exit inside a region: its team is still in use, the descriptor stays
  release_hot_teams(th);
  if (glass_tls_self != th)
    return;
  glass_tls_self = NULL;
  glass_tls_mutex_code = GLASS_MUTEX_CODE_UNKNOWN;
  thread_free(th);
}

void glass_thread_module_init(void) {
  glass_register_thread_exit_key(root_thread_exit);
}

// ---------------------------------------------------------------------------------------------
// Workers.

// The command is cleared under the pool lock, once the thread is in the pool: a releaser that
// finds neither a pending GLASS_CMD_POOL nor the thread in the pool would miss it.
static void pool_put(glass_thread_t *th) {
  glass_mutex_lock(&pool_lock);
  th->in_pool = true;
  __atomic_store_n(&th->team, NULL, __ATOMIC_RELEASE); // idle_poll reads it
  th->pool_next = pool_head;
  pool_head = th;
  // Only the command that sent it here: an exit or end command posted meanwhile (cmd_post)
  // stays, and its bump of go is already pending.
  if (cmd_get(th) == GLASS_CMD_POOL)
    cmd_set(th, GLASS_CMD_NONE);
  glass_mutex_unlock(&pool_lock);
  atomic_fetch_sub_explicit(&pool_incoming, 1, memory_order_release);
}

// A command for an idle worker that may still be on its way into the pool: written under the
// pool lock, so that pool_put cannot clear it (it clears only GLASS_CMD_POOL).
static void cmd_post(glass_thread_t *w, int32_t cmd) {
  glass_mutex_lock(&pool_lock);
  cmd_set(w, cmd);
  glass_mutex_unlock(&pool_lock);
  glass_flag_bump(&w->go);
}

glass_thread_t *glass_pool_take(void) {
  glass_mutex_lock(&pool_lock);
  glass_thread_t *th = pool_head;
  if (th) {
    pool_head = th->pool_next;
    th->pool_next = NULL;
    th->in_pool = false;
  }
  glass_mutex_unlock(&pool_lock);
  return th;
}

// A worker's callbacks outside any region (thread_begin, thread_end) run in a context of its
// own, so that the tool may call any omp_* routine or use any construct there: a level-0 team
// of one (made on first use, kept in root_team, which workers do not otherwise use) whose task
// has the initial ICVs and a thread limit of 1, so that a region started there runs with a team
// of one instead of creating workers whose thread_begin would start regions in turn.
// ompt_get_task_info and ompt_get_parallel_info still report no task there (inquiry.c).
typedef struct {
  glass_team_t *team;
  glass_task_t *task;
  int32_t tid;
  int32_t ompt_state;
} detached_save_t;

static void detached_enter(glass_thread_t *th, detached_save_t *save) {
  *save = (detached_save_t){th->team, th->task, th->tid, th->ompt_state};
  if (!th->root_team)
    root_setup(th);
  glass_task_t *task = &th->root_team->itasks[0];
  task->icvs = glass_env.initial; // what an earlier callback set does not carry over
  task->icvs.thread_limit = 1;
  // team and tid are read by other threads (worker_finishing, task.c's idle_poll).
  th->task = task;
  __atomic_store_n(&th->tid, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&th->team, th->root_team, __ATOMIC_RELEASE);
}

static void detached_leave(glass_thread_t *th, const detached_save_t *save) {
  th->task = save->task;
  __atomic_store_n(&th->tid, save->tid, __ATOMIC_RELAXED);
  __atomic_store_n(&th->team, save->team, __ATOMIC_RELEASE);
  OMPT_STATE(th, save->ompt_state);
}

bool glass_thread_detached(const glass_thread_t *th, const glass_task_t *task) {
  return th->is_worker && th->root_team && task == &th->root_team->itasks[0];
}

static void worker_event(glass_thread_t *th, bool begin) {
  detached_save_t save;
  detached_enter(th, &save);
  if (begin)
    glass_ompt_thread_begin(th, ompt_thread_worker);
  else
    glass_ompt_thread_end(th);
  detached_leave(th, &save);
}

// Takes an idle worker out of the pool for a while (no fork may bind it meanwhile).
static bool pool_remove(glass_thread_t *th) {
  glass_mutex_lock(&pool_lock);
  bool found = false;
  for (glass_thread_t **p = &pool_head; *p; p = &(*p)->pool_next) {
    if (*p == th) {
      *p = th->pool_next;
      th->pool_next = NULL;
      th->in_pool = false;
      found = true;
      break;
    }
  }
  glass_mutex_unlock(&pool_lock);
  return found;
}

// The tool is being finalized early: this thread's last event, then back to waiting.
static void worker_ompt_end(glass_thread_t *th) {
  bool pooled = pool_remove(th);
  if (OMPT_ON(thread_end))
    worker_event(th, false);
  if (pooled)
    pool_put(th);
  else
    cmd_set(th, th->team ? GLASS_CMD_RUN : GLASS_CMD_NONE);
  atomic_fetch_add_explicit(&end_acks, 1, memory_order_release);
}

static void worker_wait(glass_thread_t *th, const glass_waiter_t *w) {
  th->go_seen += 2;
  glass_flag_wait(&th->go, th->go_seen, w);
}

// thread_begin comes with the first command: by then the fork that made this worker has bound
// it (team, tid), so its detached context cannot race with the binding. A worker made while the
// tool's initializer runs (a region the initializer or a thread it started runs) gets it with
// its first command after the initialization.
static bool worker_begin(glass_thread_t *th) {
  if (atomic_load_explicit(&glass_init_state, memory_order_acquire) != 2)
    return false;
  if (OMPT_ON(thread_begin))
    worker_event(th, true);
  return true;
}

static void *worker_main(void *arg) {
  glass_thread_t *th = arg;
  glass_tls_self = th;
  glass_tls_mutex_code = glass_mutex_code(th->gtid);
  OMPT_STATE(th, ompt_state_idle);
  glass_waiter_t idle;
  const glass_waiter_t *w = glass_task_idle_waiter(th, &idle); // helps the region it left
  bool begun = false;
  worker_wait(th, w);
  for (;; worker_wait(th, w)) {
    if (unlikely(!begun))
      begun = worker_begin(th);
    int cmd = cmd_get(th);
    if (likely(cmd == GLASS_CMD_RUN)) {
      glass_worker_run_region(th);
    } else if (cmd == GLASS_CMD_POOL) {
      pool_put(th);
    } else if (cmd == GLASS_CMD_EXIT) {
      break;
    } else if (cmd == GLASS_CMD_OMPT_END) {
      worker_ompt_end(th);
    }
  }
  OMPT_STATE(th, ompt_state_overhead);
  // Workers of its nested regions go to the pool, where the pause finds them in turn (at
  // shutdown every idle worker was told to exit already).
  if (!glass_fini_started())
    release_hot_teams(th);
  glass_tp_thread_exit(th);
  if (OMPT_ON(thread_end))
    worker_event(th, false);
  OMPT_STATE(th, ompt_state_undefined);
  return NULL;
}

static _Atomic bool create_failed_warned;

static glass_thread_t *worker_create(void) {
  glass_thread_t *th = thread_alloc();
  int rc = EAGAIN;
  if (th) {
    th->is_worker = true;
    rc = glass_thread_create(&th->handle, glass_env.stacksize, worker_main, th);
  }
  if (rc != 0) {
    // Once per process: a program asking for more threads than the system gives would
    // otherwise warn at every region.
    if (!atomic_exchange_explicit(&create_failed_warned, true, memory_order_relaxed))
      glass_warn("cannot create a worker thread (error %d); teams will be smaller", rc);
    if (th) {
      th->handle = 0;
      thread_free(th);
    }
    return NULL;
  }
  atomic_fetch_add_explicit(&live_workers, 1, memory_order_relaxed);
  update_oversubscription();
  return th;
}

// A worker for a team: an idle pooled one if there is one, else a new thread.
glass_thread_t *glass_worker_get(void) {
  if (unlikely(atomic_load_explicit(&workers_gone, memory_order_acquire)))
    return NULL; // at exit, after the shutdown: regions run with the threads they have
  glass_thread_t *w = glass_pool_take();
  if (unlikely(!w) && atomic_load_explicit(&pool_incoming, memory_order_acquire) > 0) {
    // Bounded: a worker told to exit at shutdown meanwhile never arrives.
    uint64_t deadline = glass_now_ns() + POOL_INCOMING_WAIT_NS;
    while (!w && atomic_load_explicit(&pool_incoming, memory_order_acquire) > 0 &&
           glass_now_ns() < deadline) {
      glass_yield();
      w = glass_pool_take();
    }
  }
  return w ? w : worker_create();
}

void glass_worker_bind(glass_thread_t *w, glass_team_t *team, int tid) {
  // An idle worker's poll (task.c's idle_poll) reads team and tid while it waits: team last,
  // with release, so that the poll that sees the new team sees its tid.
  __atomic_store_n(&w->tid, tid, __ATOMIC_RELAXED);
  cmd_set(w, GLASS_CMD_RUN);
  __atomic_store_n(&w->team, team, __ATOMIC_RELEASE);
  __atomic_store_n(&team->members[tid], w, __ATOMIC_RELAXED);
}

int glass_live_workers(void) {
  return atomic_load_explicit(&live_workers, memory_order_relaxed);
}

// A joined worker parked in a hot team: the team's next region stops short of it.
static void leave_hot_team(glass_thread_t *w) {
  glass_team_t *team = w->team;
  if (team && w->tid > 0 && w->tid < team->nmembers && team->members[w->tid] == w)
    team->nmembers = w->tid;
}

// Where a worker's last team stands: no team (-1), its region over, the master gone (0), or its
// region still running, the master inside it (1).
static int worker_region(glass_thread_t *w) {
  glass_team_t *team = __atomic_load_n(&w->team, __ATOMIC_ACQUIRE);
  glass_thread_t *master = team ? __atomic_load_n(&team->master, __ATOMIC_RELAXED) : NULL;
  if (!master)
    return -1;
  return __atomic_load_n(&master->team, __ATOMIC_ACQUIRE) == team;
}

// A busy worker whose region is over is in the tail of the join (a full join's release and end
// events): it becomes idle soon. A worker of a region still running may never come back: its
// team may be waiting for the thread that called exit().
static bool worker_finishing(glass_thread_t *w) {
  return worker_region(w) == 0;
}

// A member of a region still running may have been released into it and not yet have marked
// itself busy; an exit command would then also bump the flag it waits on in the region's
// barriers, and let it past a barrier that a member (the one calling exit) never reaches
// (test/reliability/exit_worker.c).
static bool worker_in_live_region(glass_thread_t *w) {
  return worker_region(w) == 1;
}

// Shutdown: every idle worker (pooled or parked in a hot team) is told to exit, then all are
// joined, so that their thread_end callbacks precede the tool's finalizer. Workers finishing a
// region that has ended are waited for; workers running user code (exit() called inside a
// region, by a worker or by the primary) are not. One deadline bounds the waits, and one the
// joins (a worker may be running a task it helps with while idle).
void glass_pool_shutdown(void) {
  uint64_t deadline = glass_now_ns() + 1000000000ull;
  uint64_t exiting = 0;
  int32_t n = atomic_load(&glass_nthreads_total);
  for (int32_t g = 0; g < n; g++) {
    glass_thread_t *w = glass_thread_at(g);
    if (!w || !w->is_worker || !w->handle || w == glass_tls_self) // exit() from a task it helps
      continue;
    while (atomic_load_explicit(&w->busy, memory_order_acquire) && worker_finishing(w) &&
           glass_now_ns() < deadline)
      glass_yield();
    if (atomic_load_explicit(&w->busy, memory_order_acquire) || worker_in_live_region(w))
      continue;
    cmd_post(w, GLASS_CMD_EXIT);
    exiting++;
  }
  // Exiting takes each worker a moment of a processor (and its thread_end): thousands of them
  // get more time.
  deadline = glass_now_ns() + 1000000000ull + exiting * 200000ull;
  for (int32_t g = 0; g < n; g++) {
    glass_thread_t *w = glass_thread_at(g);
    if (!w || !w->is_worker || !w->handle || cmd_get(w) != GLASS_CMD_EXIT)
      continue;
    uint64_t now = glass_now_ns();
    if (glass_thread_join_timed(w->handle, now < deadline ? deadline - now : 0) == 0)
      atomic_fetch_sub_explicit(&live_workers, 1, memory_order_relaxed);
    w->handle = 0;
    leave_hot_team(w);
  }
  // A region a callback starts from here on (a root's thread_end, the tool's finalizer) must
  // not release threads that are gone, nor create new ones.
  glass_mutex_lock(&pool_lock);
  pool_head = NULL;
  glass_mutex_unlock(&pool_lock);
  atomic_store_explicit(&workers_gone, true, memory_order_release);
}

// ompt_finalize_tool: every idle worker delivers its thread_end on its own thread before the
// tool's finalizer runs. The workers stay alive for the rest of the program.
void glass_workers_end_events(void) {
  int32_t n = atomic_load(&glass_nthreads_total);
  for (int32_t g = 0; g < n; g++) {
    glass_thread_t *w = glass_thread_at(g);
    if (!w || !w->is_worker || !w->handle)
      continue;
    // A worker still in the tail of the region that just ended is idle in a moment: its
    // thread_end must precede the finalizer too (a slow machine, or TSan, shows that tail).
    uint64_t deadline = glass_now_ns() + 1000000000ull;
    while (atomic_load_explicit(&w->busy, memory_order_acquire) && worker_finishing(w) &&
           glass_now_ns() < deadline)
      glass_yield();
    if (atomic_load(&w->busy))
      continue;
    int before = atomic_load_explicit(&end_acks, memory_order_acquire);
    cmd_post(w, GLASS_CMD_OMPT_END);
    deadline = glass_now_ns() + 1000000000ull;
    while (atomic_load_explicit(&end_acks, memory_order_acquire) == before &&
           glass_now_ns() < deadline)
      glass_yield();
  }
}

void glass_thread_module_after_fork(glass_thread_t *survivor) {
  pool_lock = (glass_mutex_t)GLASS_MUTEX_INIT;
  free_lock = (glass_mutex_t)GLASS_MUTEX_INIT;
  pool_head = NULL;
  atomic_store(&live_workers, 0);
  atomic_store(&pool_incoming, 0);
  // The workers' descriptors go to the free list, unless the forking thread is inside a region
  // (its team still lists some of them). Those with no thread (handle 0) are there already.
  bool recycle = survivor && !survivor->is_worker && survivor->team == survivor->root_team;
  int32_t n = atomic_load(&glass_nthreads_total);
  for (int32_t g = 0; g < n; g++) {
    glass_thread_t *w = glass_thread_at(g);
    if (!w || w == survivor || !w->is_worker || !w->handle)
      continue;
    w->handle = 0; // its OS thread does not exist in the child
    atomic_store(&w->busy, false);
    w->in_pool = false;
    if (recycle)
      thread_free(w);
  }
  for (int32_t level = 0; survivor && level < survivor->nhot; level++) {
    glass_team_t *hot = survivor->hot_teams[level];
    if (hot)
      hot->nmembers = hot->nthreads = 1;
  }
  update_oversubscription();
}

// Workers told to join the pool that have not arrived yet.
static bool pool_pending(void) {
  int32_t n = atomic_load(&glass_nthreads_total);
  for (int32_t g = 0; g < n; g++) {
    glass_thread_t *t = glass_thread_at(g);
    if (t && t->is_worker && t->handle && cmd_get(t) == GLASS_CMD_POOL)
      return true;
  }
  return false;
}

// The calling root's idle workers (its hot teams' and the pool's) exit; the next region creates
// threads again.
int glass_release_workers(glass_thread_t *root) {
  if (root->team->active_level > 0 || root->team->ws.league_size > 0)
    return -1; // threads are in use (a teams region's league is, too)
  release_hot_teams(root);
  for (;;) {
    // Every pooled worker is told to exit first, then all are joined: they exit in parallel.
    glass_thread_t *exiting = NULL;
    for (glass_thread_t *w; (w = glass_pool_take());) {
      cmd_set(w, GLASS_CMD_EXIT);
      glass_flag_bump(&w->go);
      w->pool_next = exiting;
      exiting = w;
    }
    if (!exiting) {
      if (!pool_pending())
        break;
      glass_yield();
      continue;
    }
    while (exiting) {
      glass_thread_t *w = exiting;
      exiting = w->pool_next;
      if (glass_thread_join(w->handle) == 0)
        atomic_fetch_sub_explicit(&live_workers, 1, memory_order_relaxed);
      thread_free(w);
    }
  }
  update_oversubscription();
  return 0;
}
