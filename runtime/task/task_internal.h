// Explicit tasks inside the runtime: the descriptor that precedes the compiler's kmp_task_t,
// taskgroups, the per-member deque, and the functions the tasking files share.
#ifndef GLASS_TASK_INTERNAL_H
#define GLASS_TASK_INTERNAL_H

#include "glass.h"

// ---------------------------------------------------------------------------------------------
// Compiler ABI (docs/abi.md, "Data layouts"): the header clang's task entry reads, followed by the
// compiler's privates; the shareds block comes after it.

typedef struct kmp_task kmp_task_t;
typedef int32_t (*kmp_routine_t)(int32_t gtid, kmp_task_t *task);

struct kmp_task {
  void *shareds;
  kmp_routine_t routine;
  int32_t part_id; // resume point of an untied task
  union {
    kmp_routine_t destructors; // allocation flag 8
    void *ptr;
  } data1;
  union {
    int32_t priority; // allocation flag 0x20
    void *ptr;
  } data2;
};

// Taskloop tasks extend the header (80 bytes in all).
typedef struct {
  kmp_task_t h;
  uint64_t lb, ub;
  int64_t st;
  int32_t last;
  void *reductions;
} kmp_taskloop_task_t;

// __kmpc_omp_task_alloc flags.
enum {
  KMP_TASK_TIED = 0x1,
  KMP_TASK_FINAL = 0x2,
  KMP_TASK_MERGED_IF0 = 0x4,
  KMP_TASK_DESTRUCTORS = 0x8,
  KMP_TASK_PROXY = 0x10,
  KMP_TASK_PRIORITY = 0x20,
  KMP_TASK_DETACHABLE = 0x40,
  KMP_TASK_HIDDEN_HELPER = 0x80,
};

// ---------------------------------------------------------------------------------------------
// Runtime descriptor of an explicit task. The block is [glass_xtask_t][kmp_task_t + privates]
// [shareds]; the header is 64-byte aligned because the compiler's privates may need it.

enum { XT_READY = 0, XT_RUNNING, XT_REQUEUE, XT_DONE };

struct glass_depnode;
struct glass_taskred;

typedef struct glass_xtask {
  glass_task_t base;    // parent, team, ICVs, OMPT data and frame, tk
  _Atomic int32_t refs; // 1 until complete + 1 per child not yet freed
  int32_t state;        // XT_*, written by the thread that runs the task
  int32_t aflags;       // allocation flags
  int32_t priority;
  int8_t size_class;             // free-list class, -1: from malloc
  struct glass_taskgroup *in_tg; // taskgroup the task is counted in
  struct glass_depnode *node;    // dependence node (NULL: no dependences)
  struct glass_xtask *next;      // priority list
  _Atomic int32_t event;         // detach: EV_* (task_detach.c)
  size_t task_size, shareds_size;
  void *codeptr; // creation site (OMPT)
  // A taskloop chunk's first iteration value and count, for its dispatch event when it starts
  // running (iterations 0: not a chunk, or already reported).
  ompt_dispatch_chunk_t chunk;
  // Thread whose free lists the block returns to (set once, when the block is made; NULL for
  // blocks outside the size classes). Task creation never writes it.
  struct glass_thread *owner;
  // While the task runs: the task its thread suspended to run it (OMPT's ancestry). Set each
  // time a thread starts or resumes the task; read only while it runs.
  glass_task_t *sched_parent;
  _Alignas(64) kmp_task_t hdr;
} glass_xtask_t;

static inline glass_xtask_t *xtask_of(kmp_task_t *t) {
  return (glass_xtask_t *)((char *)t - __builtin_offsetof(glass_xtask_t, hdr));
}
static inline glass_xtask_t *xtask_from_base(glass_task_t *t) {
  return (glass_xtask_t *)t;
}

typedef struct glass_taskgroup {
  _Atomic int32_t count;          // deferred tasks of the group not yet complete
  _Atomic int32_t cancelled;      // cancel taskgroup was activated
  _Atomic(glass_flag_t *) waiter; // as glass_tasking_task_t.waiter, for `count`
  struct glass_taskgroup *parent; // enclosing taskgroup of the same task
  struct glass_taskred *red;      // task reductions registered in this taskgroup
  struct glass_taskgroup *next_free;
} glass_taskgroup_t;

// ---------------------------------------------------------------------------------------------
// Chase-Lev work-stealing deque of one team member. The owner pushes and pops at the bottom,
// thieves take from the top. Fixed capacity: a full deque makes its owner run the new task at
// once (a task may always be executed immediately).

#define GLASS_DQ_CAP 1024

// One entry: the task, and what a thief at a taskwait needs to tell whether the tied-task
// constraint lets it run the task without touching the task itself (another thief may take,
// complete and free it meanwhile): its depth and its parent and grandparent, pointers that are
// compared, never followed. The owner writes them before it publishes `bottom`; the entry
// cannot change while `top` still points at it, so a thief whose CAS on `top` succeeds read a
// consistent entry.
typedef struct glass_dq_slot {
  _Atomic(glass_xtask_t *) task;
  _Atomic(const void *) parent, grandparent;
  _Atomic int32_t depth; // -1: untied (the constraint does not apply)
} glass_dq_slot_t;

typedef struct glass_deque {
  _Alignas(64) _Atomic int64_t top;
  char pad_[56];
  _Atomic int64_t bottom;
  glass_dq_slot_t *buf;
  // The owner's last reading of `top` (never ahead of it): a push reads `top` itself only when
  // this says the deque may be full, so a producer does not pull the line thieves write.
  int64_t top_seen;
  char pad2_[40];
} glass_deque_t;

// ---------------------------------------------------------------------------------------------
// Shared by task.c, task_deps.c, taskloop.c, task_reduction.c.

glass_xtask_t *glass_task_alloc(glass_thread_t *th, int32_t flags, size_t task_size,
                                size_t shareds_size, kmp_routine_t entry, void *codeptr);
// The routine of a task allocated with none and of the runtime's own empty tasks (task_sync.c).
int32_t glass_task_empty_entry(int32_t gtid, kmp_task_t *task);
// Submits a created task: runs it now or defers it.
void glass_task_submit(glass_thread_t *th, glass_xtask_t *t);
// A task whose dependences are satisfied becomes runnable (task_deps.c calls this).
void glass_task_ready(glass_thread_t *th, glass_xtask_t *t);
void glass_task_complete(glass_thread_t *th, glass_xtask_t *t);
// Drops one reference on t (frees it, and ancestors it kept alive, at the last).
void glass_task_complete_release(glass_thread_t *th, glass_xtask_t *t);
// Run tasks until *counter reaches 0 (taskwait, taskgroup, dependence waits), then sleep on
// th->tasking.twait. waiter: where the thread publishes its flag when it sleeps, for whoever
// takes the counter to 0 (counter_zero); NULL: whoever does so calls glass_task_wake_waiter on
// the thread (a dependence wait, whose counter may be gone by the time it could look).
void glass_task_wait_counter(glass_thread_t *th, _Atomic int32_t *counter,
                             _Atomic(glass_flag_t *) *waiter);
// After a seq_cst decrement took the counter of waiter's glass_task_wait_counter(.., NULL) to 0.
void glass_task_wake_waiter(glass_thread_t *waiter);
// th's victims in nearness order for a team of n (task_victims.c); NULL when the team's threads
// are not on places (the plain order applies).
const glass_victims_t *glass_task_victims(glass_thread_t *th, glass_team_t *team, int32_t n);
// Runs one task if there is one this thread may run. constrained: a taskwait-like scheduling
// point (the tied-task constraint applies); false at barriers.
bool glass_task_run_one(glass_thread_t *th, bool constrained);
// Called with the team's pending count at 0 when the last deferred task completes.
void glass_task_team_idle(glass_team_t *team);
// Counts a deferred task in its parent's children, its taskgroup and the team's pending work.
void glass_task_count(glass_thread_t *th, glass_xtask_t *t);
// Runs t at once on this thread (undeferred, included, or no room to defer it).
void glass_task_run_now(glass_thread_t *th, glass_xtask_t *t);
// glass_task_run_one whose task_schedule event reports the prior task with `status`
// (taskyield's ompt_task_yield).
bool glass_task_run_one_status(glass_thread_t *th, bool constrained, int status);
// The task_create event of t (behind OMPT_ON(task_create)); extra: ompt_task_flag_t bits.
void glass_task_create_event(glass_thread_t *th, glass_xtask_t *t, int extra, int has_deps,
                             void *codeptr);

// Dependences (task_deps.c).
void glass_deps_free_hash(struct glass_dephash *h);
void glass_deps_release(glass_thread_t *th, glass_xtask_t *t);
void *glass_deps_node_of(glass_xtask_t *t);
void *glass_deps_successors_of(glass_xtask_t *t);

// Task reductions (task_reduction.c): a taskgroup's reductions are combined at its end.
void glass_taskred_fini(glass_thread_t *th, glass_taskgroup_t *tg);

// Detach (task_detach.c): called when the body of a detachable task returned. True when the
// task must complete now.
bool glass_detach_body_done(glass_thread_t *th, glass_xtask_t *t);

static inline bool glass_task_is_explicit(const glass_task_t *t) {
  return t->kind == GLASS_TASK_EXPLICIT;
}

// taskwait: waits for the current task's children between its sync_region events, with the
// task's enter frame set to `frame` (task_sync.c).
void glass_taskwait(glass_thread_t *th, void *codeptr, void *frame);

// taskgroup (task_sync.c). glass_taskgroup_end waits for the group's tasks between the
// sync_region_wait events; the caller brackets begin and end with the taskgroup's sync_region
// events (OMPT_SYNC_REGION).
glass_taskgroup_t *glass_taskgroup_begin(glass_thread_t *th);
void glass_taskgroup_end(glass_thread_t *th, void *codeptr);

// The prior-task status of a task's last task_schedule: cancelled if it left its region at a
// taskgroup cancel or cancellation point (cancel.c).
static inline int glass_task_end_status(const glass_task_t *t) {
  return (t->tk.flags & GLASS_TF_CANCELLED) ? ompt_task_cancel : ompt_task_complete;
}

#endif
