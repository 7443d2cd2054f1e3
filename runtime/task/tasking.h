// Tasking state (deques, task teams, dependences): what each thread, each team and each task
// carries for it. Embedded in glass_thread_t, glass_team_t and glass_task_t (glass.h); explicit
// tasks extend glass_task_t (task_internal.h). See docs/internals-tasking.md.
#ifndef GLASS_TASKING_H
#define GLASS_TASKING_H

#include "wait.h"

#include <stdint.h>

struct glass_xtask;
struct glass_taskgroup;
struct glass_dephash;
struct glass_deque;
struct glass_taskred;
struct glass_thread;

// Per task (implicit and explicit alike).
typedef struct glass_tasking_task {
  _Atomic int32_t children;   // deferred children not yet complete (taskwait waits for 0)
  int32_t depth;              // implicit tasks 0, explicit ones their parent's + 1
  uint32_t flags;             // GLASS_TF_*
  struct glass_taskgroup *tg; // innermost taskgroup this task is executing in
  // The flag of this task's thread while it may sleep in a taskwait (task.c): the completion
  // that takes `children` to 0 bumps it.
  _Atomic(glass_flag_t *) waiter;
  struct glass_dephash *deps; // dependences among this task's children (created lazily)
  uint32_t red_seq; // implicit tasks: `reduction(task, ...)` constructs met in this region
} glass_tasking_task_t;

// A thief's victims in nearness order (task_victims.c): members sharing an L2 with it, then the
// next level out, ..., then the rest; order[group_end[g-1] .. group_end[g]) is group g. Built
// for one team shape, which the other fields record.
#define GLASS_VICTIM_GROUPS 5
typedef struct glass_victims {
  int32_t *order;
  int32_t cap, ngroups;
  int32_t group_end[GLASS_VICTIM_GROUPS];
  const struct glass_team *team; // NULL: not built (or built while a member had no place)
  int32_t n, bind, master_place, part_first, part_last;
} glass_victims_t;

// Per thread.
typedef struct glass_tasking_thread {
  struct glass_xtask *tied_top; // innermost tied explicit task this thread is executing
  uint32_t rng;                 // victim selection
  int32_t last_victim;          // member this thread last stole from (tried first)
  glass_victims_t victims;      // nearest first, when the team is on places
  // The shared list's version and tied task of this thread's last constrained search of it
  // that found nothing (task.c's shared_find).
  uint32_t shared_miss_ver;
  const void *shared_miss_s;
  bool join_waiting;     // waits on `release` at a join that runs tasks
  bool lazy_waiter;      // counted in `waiters` by a barrier that began without tasks
  uint32_t idle_gen;     // idle helper: drain generation it is counted in `waiters` for
  uint32_t left_gen;     // the team's region_gen when this worker left its region
  uint32_t release_seen; // last `release` value consumed
  void *free_list[5];    // recycled task descriptors by size class (task.c)
  uint32_t free_count[5];
  // Blocks other threads freed for this one (a lock-free stack they push batches on), and this
  // thread's batch of blocks freed for another owner (task.c).
  _Atomic(void *) remote_free;
  void *rbatch_head, *rbatch_tail;
  struct glass_thread *rbatch_owner;
  uint32_t rbatch_n;
  void *free_groups; // recycled taskgroups
  // Dependence nodes this thread freed, for its next tasks with dependences (task_deps.c).
  struct glass_depnode *free_nodes;
  uint32_t free_nodes_n;
  // Completions of tasks of debt_team not yet taken off its `pending` count: a member pays
  // them when it finds no task to run (every wait that runs tasks polls until then), so that
  // the producer and the thieves do not update `pending` alternately for every task.
  struct glass_team *debt_team;
  int32_t pending_debt;
  // Flag this thread sleeps on while it polls for tasks. Producers read it at every push while
  // a member waits: its own line, so that they do not pull the fields the thread writes per task.
  _Alignas(64) _Atomic(glass_flag_t *) wait_flag;
  glass_flag_t release; // release of a task join (fork.c's join with tasks)
  glass_flag_t twait;   // what it sleeps on in a taskwait or at the end of a taskgroup
} glass_tasking_thread_t;

// Per team: one deque per member (indexed by tid), the count of deferred tasks not yet
// complete, and the flag the barriers test (one predictable branch when no task was deferred).
typedef struct glass_tasking_team {
  _Atomic bool active;               // a task was deferred since the last barrier completed
  _Atomic int32_t waiters;           // members in a waiting loop that runs tasks
  _Atomic int32_t sleepers;          // of those, asleep or going to sleep: producers poke them
  _Atomic int32_t nprio;             // tasks waiting in the priority list
  _Atomic uint32_t shared_ver;       // tasks added to that list (written under `lock`)
  _Atomic(struct glass_deque *) dqs; // [ndq] deques, created at the first deferred task
  int32_t ndq;
  glass_mutex_t lock;                      // deque creation and the priority list
  struct glass_xtask *prio_head;           // priority list, highest first
  struct glass_xtask *prio_tail;           // its last task (a priority-0 push appends there)
  _Atomic(struct glass_taskred *) red_mod; // reduction set of the current `task` modifier
  _Alignas(64) _Atomic int32_t pending;    // counted subtrees not yet freed (task_count)
  _Atomic int32_t pending_sleep;           // a thread sleeps on `pending` waiting for 0
  // Idle workers that left the region at its join and help with its tasks (task.c).
  _Alignas(64) _Atomic int32_t helpers; // running tasks now: the drain waits for 0
  _Atomic int32_t idle_waiters;         // counted in `waiters` for this drain generation
  _Atomic uint32_t gen;                 // drains completed
} glass_tasking_team_t;

// Task flags (glass_tasking_task_t.flags).
enum {
  GLASS_TF_FINAL = 0x1, // final task: its descendants are included tasks
  GLASS_TF_UNTIED = 0x2,
  GLASS_TF_COUNTED = 0x4, // counted in parent/taskgroup/team: decrement at completion
  GLASS_TF_DETACH = 0x8,  // has a completion event
  GLASS_TF_MERGED = 0x10, // mergeable and included
  GLASS_TF_IN_TASKLOOP = 0x20,
  // Left its region at a cancel or an active cancellation point of its taskgroup: completes
  // with ompt_task_cancel. Written only by the thread running the task.
  GLASS_TF_CANCELLED = 0x40,
  // Counted in the team's `pending` until freed (its subtree is then complete), or descends from
  // such a task (COVERED, inherited at creation): a covered task is not counted there itself.
  // Never set on implicit tasks.
  GLASS_TF_COVERED = 0x80,
  GLASS_TF_PENDING = 0x100,
  GLASS_TF_TARGET = 0x200, // a target task (__kmpc_omp_target_task_alloc): `target nowait`
};

// Under ThreadSanitizer (its runtime in the process) descriptor blocks go back to malloc
// instead of the free lists: TSan cannot see the runtime's hand-off of a recycled block, and
// would report the new task's writes as races with the old one's. Called once, at init.
void glass_task_detect_sanitizer(void);

// Barrier and join hooks (task.c). The barrier code tests team->tasking.active first.
struct glass_thread;
struct glass_team;
struct glass_task;
const glass_waiter_t *glass_task_wait_begin(struct glass_thread *th, struct glass_team *team,
                                            glass_waiter_t *w);
void glass_task_wait_end(struct glass_thread *th, struct glass_team *team);
// A barrier wait that began before any task was deferred: polls for tasks once the team has
// some. glass_task_lazy_end undoes what the poll registered.
const glass_waiter_t *glass_task_lazy_waiter(struct glass_thread *th, glass_waiter_t *w);
void glass_task_lazy_end(struct glass_thread *th, struct glass_team *team);
// An idle worker's wait for its next region: helps with the tasks of the region it left.
const glass_waiter_t *glass_task_idle_waiter(struct glass_thread *th, glass_waiter_t *w);
void glass_task_barrier_drain(struct glass_thread *th, struct glass_team *team);
void glass_task_join_release(struct glass_team *team);
void glass_task_join_wait(struct glass_thread *th, const glass_waiter_t *w);
void glass_task_itask_end(struct glass_task *task);

#endif
