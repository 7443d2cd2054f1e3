// Glass core: the runtime's own data types. Every OMPT datum lives in the struct it describes
// (thread data in the thread, parallel data in the team, task data and frames in the task) so
// that an inquiry is a pointer read.
#ifndef GLASS_H
#define GLASS_H

#include "icv.h"
#include "platform.h"
#include "stats.h"
#include "sync.h"
#include "tasking.h"
#include "wait.h"
#include "ws.h"

#include <omp-tools.h>

// GLASS_OMPT=0 (cmake -DENABLE_OMPT=OFF) builds a runtime with no tool support: no discovery,
// every hook compiled out, no state stores. The OMPT fields stay in the structs either way.
#ifndef GLASS_OMPT
#define GLASS_OMPT 1
#endif

// ---------------------------------------------------------------------------------------------
// Compiler ABI types (layouts derived from clang's IR; docs/abi.md, "Data layouts").

typedef struct ident {
  int32_t reserved_1;
  int32_t flags;
  int32_t reserved_2;
  int32_t reserved_3;
  const char *psource; // ";file;function;line;col;;"
} ident_t;

enum {
  GLASS_IDENT_KMPC = 0x02,
  GLASS_IDENT_ATOMIC_REDUCE = 0x10,
  GLASS_IDENT_BARRIER_EXPL = 0x20,
  GLASS_IDENT_BARRIER_IMPL = 0x40,
  GLASS_IDENT_BARRIER_IMPL_MASK = 0x1C0,
  GLASS_IDENT_BARRIER_IMPL_FOR = 0x40,
  GLASS_IDENT_BARRIER_IMPL_SECTIONS = 0xC0,
  GLASS_IDENT_BARRIER_IMPL_SINGLE = 0x140,
  GLASS_IDENT_WORK_LOOP = 0x200,
  GLASS_IDENT_WORK_SECTIONS = 0x400,
  GLASS_IDENT_WORK_DISTRIBUTE = 0x800,
};

typedef void (*kmpc_micro)(int32_t *gtid, int32_t *btid, ...);

typedef struct glass_thread glass_thread_t;
typedef struct glass_team glass_team_t;
typedef struct glass_task glass_task_t;

// ---------------------------------------------------------------------------------------------
// Tasks. Implicit tasks live in their team; explicit tasks (tasking) extend this struct.

enum {
  GLASS_TASK_INITIAL = 0x1, // same bits as ompt_task_flag_t for the kind
  GLASS_TASK_IMPLICIT = 0x2,
  GLASS_TASK_EXPLICIT = 0x4,
};

struct glass_task {
  glass_task_t *parent; // the task that encountered this one's creation
  glass_team_t *team;   // team the task executes in
  int32_t thread_num;   // the executing thread's number in team (stable for the region)
  int32_t kind;         // GLASS_TASK_*
  glass_icvs_t icvs;
  ompt_data_t ompt_data;
  ompt_frame_t ompt_frame;
  int32_t ompt_flags;      // ompt_task_flag_t bits reported for this task
  glass_tasking_task_t tk; // tasking.h: children, taskgroup, dependences
  void *target_region;     // the target construct this task is in (libomptarget's; OMPT)
};

// ---------------------------------------------------------------------------------------------
// Teams. A team is reused ("hot") by the thread that masters it: a region of the same size
// wakes the same workers.

typedef struct {
  glass_flag_t arrived; // gather: written by the member, read by its parent in the tree
} glass_slot_t;

// A member's children in its region's barrier tree when the team's tree follows the machine's
// neighbourhoods (barrier_tree.c); otherwise (custom false) the plain 4-ary tree by member
// number. Each member copies its own at the start of the region: a release it relays after
// the region ended (a full join) uses the tree of that region, whatever the master's next fork
// builds meanwhile.
#define GLASS_TREE_MAXKIDS 20
typedef struct {
  bool custom;
  int32_t n;
  int32_t kid[GLASS_TREE_MAXKIDS];
} glass_tree_kids_t;
struct glass_tree; // barrier_tree.c

struct glass_team {
  // Region description, written by the master before workers are released.
  kmpc_micro fn;
  int32_t argc;
  void **argv;
  ident_t *loc;
  void *codeptr;        // user's call site of the construct (OMPT codeptr_ra)
  int32_t nthreads;     // active members in the current region
  int32_t level;        // omp_get_level() inside the region
  int32_t active_level; // omp_get_active_level() inside the region
  glass_team_t *parent;
  glass_task_t *parent_task; // encountering task
  glass_thread_t *master;
  bool serialized;   // size-1 team that does not use the barrier machinery
  bool league;       // a teams construct's league: each member runs one team's initial task
  int32_t hot_level; // the hot_teams index this team's members use for regions nested in it
  // Level-0 teams of a league (ws_teams.c): their contention group's count of busy threads
  // (NULL: the initial contention group's).
  _Atomic int32_t *cg_busy;
  bool join_full;          // the join barrier releases workers (a tool needs their end events)
  uint32_t episode;        // barrier episodes completed (master's count, read by workers at fork)
  uint32_t region_gen;     // regions forked on this team (an idle helper's region still running?)
  int32_t saved_tid;       // serialized teams: the thread's number in the enclosing team
  glass_icvs_t child_icvs; // ICVs every implicit task of the region starts with
  // num_threads(n1, n2, ...): n2... are nthreads-var of the region's tasks (child_icvs points here)
  int32_t nested_nthreads[GLASS_MAX_NEST_LIST];

  // Membership. members[0] is the master. Arrays hold capacity entries.
  int32_t nmembers; // bound workers + master (>= nthreads when the team is parked smaller)
  int32_t capacity;
  glass_thread_t **members;
  glass_task_t *itasks;
  glass_slot_t *slots;

  glass_team_t *next_free; // serialized-team cache

  // Affinity of the current region (affinity.c): the binding policy, and the master's place
  // and place partition at the fork. affinity_work says members must run glass_affinity_enter.
  bool affinity_work;
  int8_t bind;
  int32_t master_place, part_first, part_last;
  // The region's barrier tree follows the places' neighbourhoods (barrier_tree.c): built by the
  // master at a fork whose shape changed, copied by each member as it enters the region.
  bool tree_on;
  struct glass_tree *tree;

  // Subsystems' per-team state (ws.h, sync.h, tasking.h).
  glass_ws_team_t ws;
  glass_sync_team_t sync;
  glass_tasking_team_t tasking;

  // Reset by the master before workers are released. Events after the region's implicit
  // barrier pass NULL instead (OpenMP 5.1 §4.5.2.11/13), so a worker never reads it once the
  // master may have moved on to the next region of this hot team.
  ompt_data_t ompt_parallel_data;
  int32_t ompt_requested; // requested parallelism reported at begin
  int32_t ompt_flags;     // ompt_parallel_flag_t
};

static inline ompt_data_t *glass_team_parallel_data(glass_team_t *team) {
  return &team->ompt_parallel_data;
}

// ---------------------------------------------------------------------------------------------
// Threads.

enum { GLASS_CMD_NONE = 0, GLASS_CMD_RUN, GLASS_CMD_POOL, GLASS_CMD_EXIT, GLASS_CMD_OMPT_END };

struct glass_thread {
  // Hot: read on most runtime calls.
  int32_t gtid;
  int32_t tid;        // number in the innermost team
  glass_team_t *team; // innermost team (the root team when outside any region)
  glass_task_t *task; // current task
  uint32_t episode;   // barrier episodes this thread has done in team
  int32_t pushed_nthreads;
  int32_t pushed_strict; // num_threads(strict:): 0, or the error severity (1 warning, 2 fatal)
  const char *pushed_strict_msg;
  // num_threads(n1, n2, ...) of the next region: n2, ... (pushed_list_len of them; 0: no list)
  uint32_t pushed_list_len;
  int32_t pushed_list[GLASS_MAX_NEST_LIST];
  int32_t pushed_bind;
  bool is_worker; // created by the runtime (not a root)
  bool in_pool;
  bool root_ended;   // a root's end events were delivered
  _Atomic bool busy; // worker between its release into a region and its return to idle

  glass_team_t **hot_teams;  // [level]: the team this thread last mastered at that level
  int32_t nhot;              // entries in hot_teams
  glass_team_t *root_team;   // level-0 team of a root thread
  glass_team_t *serial_free; // cache of serialized teams for if(0)/nested regions
  glass_thread_t *pool_next;
  int32_t cmd;           // GLASS_CMD_* for an idle worker, set before go is bumped
  uint32_t go_seen;      // go counter value this thread last consumed
  glass_tree_kids_t bar; // children in the current region's barrier tree

  // Affinity (affinity.c): the place this thread is bound to (-1: not bound by us) and its
  // implicit task's place partition (place-partition-var) as [part_first, part_last].
  int32_t place;
  int32_t part_first, part_last;
  uint32_t shown_hash; // hash of the line OMP_DISPLAY_AFFINITY last showed (0: never shown)
  uint64_t handle;

  int32_t ompt_state;
  uint64_t ompt_wait_id;
  ompt_data_t ompt_thread_data;
  uint64_t ompt_id_next, ompt_id_end; // block of unique ids owned by this thread
  uint32_t ompt_id_refilling;         // a refill is in progress (a signal handler must not)
  bool ompt_ended;                    // thread_end delivered
  bool ompt_early; // a root registered while the tool initialized: its begin events are owed

  // Subsystems' per-thread state (ws.h, sync.h, tasking.h).
  glass_ws_thread_t ws;
  glass_sync_thread_t sync;
  glass_tasking_thread_t tasking;

  glass_stats_t stats; // GLASS_STATS counters (stats.h), written by this thread only

  // Written by others: own cache line.
  glass_flag_t go; // fork and barrier release
};

// ---------------------------------------------------------------------------------------------
// Global state.

extern GLASS_HIDDEN _Atomic int glass_init_state; // 0 none, 1 in progress, 2 done
extern __thread glass_thread_t *glass_tls_self __attribute__((tls_model("initial-exec")));

GLASS_COLD glass_thread_t *glass_register_root(void);
// The tool's initializer returned non-zero: roots registered meanwhile get their begin events,
// then the interface becomes active (thread.c).
void glass_roots_activate_tool(void);
// Whether `task` is the context a worker's callbacks run in outside any region (thread.c).
bool glass_thread_detached(const glass_thread_t *th, const glass_task_t *task);
void glass_init_slow(void);

static inline void glass_ensure_init(void) {
  if (unlikely(atomic_load_explicit(&glass_init_state, memory_order_acquire) != 2))
    glass_init_slow();
}

// The calling thread, registering it (and initializing the runtime) on first use.
static inline glass_thread_t *glass_self(void) {
  glass_thread_t *th = glass_tls_self;
  if (likely(th != NULL))
    return th;
  return glass_register_root();
}

// The calling thread if the runtime knows it, without side effects (signal-safe).
static inline glass_thread_t *glass_self_peek(void) {
  return glass_tls_self;
}

// Thread registry, indexed by gtid: chunks of GLASS_THREAD_CHUNK entries, allocated as the
// number of threads alive at once grows. A thread that ends gives its gtid and descriptor back
// (thread.c): the next thread takes both, so ids stay below the peak of live threads and
// descriptors are never freed (a scan of the registry may read one that is being recycled).
#define GLASS_THREAD_CHUNK  1024
#define GLASS_THREAD_CHUNKS 1024
#define GLASS_MAX_THREADS   (GLASS_THREAD_CHUNK * GLASS_THREAD_CHUNKS) // alive at once
extern GLASS_HIDDEN _Atomic(glass_thread_t **) glass_thread_chunks[GLASS_THREAD_CHUNKS];
extern _Atomic int32_t glass_nthreads_total; // gtids handed out so far (every gtid is below)
extern _Atomic int32_t glass_nthreads_live;  // threads registered and not yet ended

// The descriptor of gtid (< glass_nthreads_total), or NULL while it is being registered.
static inline glass_thread_t *glass_thread_at(int32_t gtid) {
  glass_thread_t **chunk =
      atomic_load_explicit(&glass_thread_chunks[gtid / GLASS_THREAD_CHUNK], memory_order_acquire);
  if (!chunk)
    return NULL;
  return __atomic_load_n(&chunk[gtid % GLASS_THREAD_CHUNK], __ATOMIC_ACQUIRE);
}

// Fork/join (fork.c).
void glass_fork(glass_thread_t *th, ident_t *loc, void *codeptr, int32_t argc, kmpc_micro fn,
                void **argv, int32_t nthreads_req, bool if_true);
void glass_serialized_begin(glass_thread_t *th, ident_t *loc, void *codeptr, void *frame);
void glass_serialized_end(glass_thread_t *th, void *codeptr);
// A league of exactly n members (ws_teams.c's teams construct): parallel events say league, and
// the members' implicit-task events are left to fn.
void glass_fork_league(glass_thread_t *th, ident_t *loc, void *codeptr, int32_t argc, kmpc_micro fn,
                       void **argv, int32_t n);

// A worker's side of a region it was released into (fork.c).
void glass_worker_run_region(glass_thread_t *th);
// Waits until members 1 .. n-1 of team have left the tail of their last join (fork.c).
void glass_team_wait_members_left(glass_team_t *team, int32_t n);

// Threads: start-up, roots, workers and pool (thread.c).
void glass_thread_module_init(void);
glass_thread_t *glass_make_initial_thread(void);
// The child of fork(): the calling thread is the only one left.
void glass_thread_module_after_fork(glass_thread_t *survivor);
// A root's thread_begin / implicit-task events, and its end events.
void glass_root_begin_events(glass_thread_t *th);
void glass_root_end_events(glass_thread_t *th);
// A worker for a team: from the pool, or a new thread (NULL when none can be created).
glass_thread_t *glass_worker_get(void);
// omp_pause_resource on the host: the root's idle workers exit (0), or -1 when threads are in
// use (inside a region or a league).
int glass_release_workers(glass_thread_t *root);
void glass_worker_bind(glass_thread_t *w, glass_team_t *team, int tid);
glass_thread_t *glass_pool_take(void);
void glass_pool_shutdown(void);
void glass_workers_end_events(void);
int glass_live_workers(void);

// Barrier trees (barrier_tree.c). Fan-in/fan-out 4 keeps a parent's wait short and the depth
// at log4(n).
#define GLASS_TREE_BRANCH 4

// Fork, once the team's size and binding are known: the tree of the region (team->tree_on
// when it follows the places' neighbourhoods rather than member numbers).
void glass_barrier_tree_fork(glass_team_t *team, int32_t n);
void glass_barrier_tree_copy(glass_thread_t *th, const glass_team_t *team, int tid);

// Member tid entering the team's region takes its children in the region's tree.
static inline void glass_barrier_tree_enter(glass_thread_t *th, const glass_team_t *team, int tid) {
  if (unlikely(team->tree_on))
    glass_barrier_tree_copy(th, team, tid);
  else
    th->bar.custom = false;
}

// Runs the statement (the macro's last argument) with `c` naming each child of member tid in th's
// tree of a region of n: the plain tree's loop as it always was, behind one test of th's copy. The
// barrier and reduce.c's tree combine along the same edges.
#define GLASS_TREE_FOR_CHILDREN(th_, tid_, n_, c, ...)                                             \
  do {                                                                                             \
    if (unlikely((th_)->bar.custom)) {                                                             \
      for (int32_t i_ = 0; i_ < (th_)->bar.n; i_++) {                                              \
        int32_t c = (th_)->bar.kid[i_];                                                            \
        __VA_ARGS__;                                                                               \
      }                                                                                            \
    } else {                                                                                       \
      int32_t f_ = (tid_)*GLASS_TREE_BRANCH + 1, l_ = f_ + GLASS_TREE_BRANCH;                      \
      if (l_ > (n_))                                                                               \
        l_ = (n_);                                                                                 \
      for (int32_t c = f_; c < l_; c++) {                                                          \
        __VA_ARGS__;                                                                               \
      }                                                                                            \
    }                                                                                              \
  } while (0)

// Barriers (barrier.c).
typedef enum {
  GLASS_BARRIER_IMPLICIT_PARALLEL,
  GLASS_BARRIER_IMPLICIT_WORKSHARE,
  GLASS_BARRIER_EXPLICIT,
  GLASS_BARRIER_IMPLEMENTATION,
} glass_barrier_kind_t;

// The kind of the barrier a __kmpc_barrier call site stands for (its ident's flags).
static inline glass_barrier_kind_t glass_barrier_kind(const ident_t *loc) {
  if (loc && (loc->flags & GLASS_IDENT_BARRIER_IMPL_MASK))
    return GLASS_BARRIER_IMPLICIT_WORKSHARE;
  if (loc && !(loc->flags & GLASS_IDENT_BARRIER_EXPL))
    return GLASS_BARRIER_IMPLEMENTATION;
  return GLASS_BARRIER_EXPLICIT;
}

void glass_barrier(glass_thread_t *th, glass_barrier_kind_t kind, void *codeptr);
void glass_barrier_gather(glass_thread_t *th, glass_team_t *team, int tid);
void glass_barrier_release_children(glass_thread_t *th, glass_team_t *team, int tid);
void glass_barrier_release_tree(glass_thread_t *th, glass_team_t *team, int tid, int32_t n);
void glass_barrier_wait_release(glass_thread_t *th);
// The same with a waiter that runs tasks while waiting (NULL: plain wait).
void glass_barrier_gather_wait(glass_thread_t *th, glass_team_t *team, int tid,
                               const glass_waiter_t *w);
void glass_barrier_wait_release_wait(glass_thread_t *th, const glass_waiter_t *w);
// __kmpc_barrier's tail call for a team of one with no task pending, which a tool watches: only
// the events.
void glass_barrier_solo_entry(ident_t *loc);

// Invoke an outlined region: fn(&gtid, &tid, argv[0..argc)). exit_frame, when not NULL,
// receives the frame address of the runtime frame that calls user code.
void glass_invoke_microtask(kmpc_micro fn, int32_t *gtid, int32_t *tid, int32_t argc, void **argv,
                            void **exit_frame);

// The exit_frame argument for running implicit task `task`: its OMPT exit frame (NULL without
// tool support).
static inline void **glass_exit_frame_slot(glass_task_t *task) {
  return GLASS_OMPT ? &task->ompt_frame.exit_frame.ptr : NULL;
}

// codeptr_ra of an ABI entry point: its return address, unless the outlined function reached
// it by a tail call, in which case that address is our trampoline's and the best user address
// left is the outlined function itself (it maps to the parallel construct's line).
extern GLASS_HIDDEN const char glass_invoke_microtask_return[];
void *glass_tail_call_codeptr(void);
static inline void *glass_user_codeptr(void *ra) {
  if (unlikely(ra == (const void *)glass_invoke_microtask_return))
    return glass_tail_call_codeptr();
  return ra;
}
#define GLASS_CODEPTR() glass_user_codeptr(__builtin_return_address(0))

// The error action of the error directive and strict clauses (OpenMP 5.1 §2.5.4): severity 1
// warns and continues, 2 reports and terminates.
void glass_error_action(ident_t *loc, int severity, const char *message, void *codeptr);

// threadprivate (threadprivate.c): a thread ends, its copies are destroyed.
void glass_tp_thread_exit(glass_thread_t *th);

// Shutdown (init.c).
void glass_fini(void);
// ompt_finalize_tool: finalizes the tool now where that is safe, else leaves it to exit.
void glass_finalize_tool_request(void);
bool glass_fini_started(void); // exit() or the library's unload is under way

#endif
