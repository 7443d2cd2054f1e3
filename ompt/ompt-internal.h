// The OMPT layer as the core sees it: one flag word, the callback table, state helpers.
//
// A hook in a hot path is `if (OMPT_ON(event)) <out-of-line call>`: one load of one global
// word, one test, one well-predicted branch. The word changes when the tool initializes, when
// it is finalized, and whenever the tool calls ompt_set_callback (any thread, any time).
//
// The call itself is OMPT_CALL(event, args...): it loads the table entry once and calls it only
// if it is not NULL. A tool may unregister a callback (store NULL) on another thread between a
// caller's OMPT_ON test and its call; the second test is off the hot path (reached only with
// the event's bit set) and keeps the call from ever jumping to address 0.
//
// Without tool support (GLASS_OMPT=0) every helper here compiles to nothing and OMPT_ON is 0,
// so code written with them needs no `#if GLASS_OMPT`: both builds compile it, and the
// optimizer drops what a tool alone would read. A store of a field only a tool reads, which no
// helper covers, is written `if (GLASS_OMPT) ...`, again compiled by both. `#if` stays only
// where code cannot compile without tool support (docs/internals.md, "OMPT conventions").
#ifndef GLASS_OMPT_INTERNAL_H
#define GLASS_OMPT_INTERNAL_H

#include "glass.h"

typedef struct {
#define GLASS_OMPT_CALLBACK(name, id, type, answer) type name;
#include "callbacks.def"
#undef GLASS_OMPT_CALLBACK
} glass_ompt_callbacks_t;

// Bit 0: a tool is active (states, frames and inquiries are maintained for it).
// Bit n: callback n is registered.
#define GLASS_OMPT_ACTIVE_BIT 1ull

extern GLASS_HIDDEN uint64_t glass_ompt_mask;
extern GLASS_HIDDEN glass_ompt_callbacks_t glass_ompt_cb;
#if GLASS_OMPT
// A plain load, so that the test folds into one instruction (`test $bits, mem`); a relaxed
// atomic load would cost a separate load on every hook (measured: +1-2 instructions per
// lock, critical and barrier without a tool). The word is one aligned 64-bit store each time
// ompt_set_callback changes it, so a racing reader sees the old or the new value, and the call
// itself tolerates either (OMPT_CALL). Semantically it is a relaxed atomic load, and that is
// what a ThreadSanitizer build does, so that the race it reports is a real one.
#if GLASS_TSAN
#define GLASS_OMPT_MASK() __atomic_load_n(&glass_ompt_mask, __ATOMIC_RELAXED)
#else
#define GLASS_OMPT_MASK() (glass_ompt_mask)
#endif
#define OMPT_ON(name)  unlikely(GLASS_OMPT_MASK() & (1ull << ompt_callback_##name))
#define OMPT_ACTIVE()  unlikely(GLASS_OMPT_MASK() & GLASS_OMPT_ACTIVE_BIT)
#define OMPT_ANY(mask) unlikely(GLASS_OMPT_MASK() & (mask))
#define OMPT_BIT(name) (1ull << ompt_callback_##name)
#else
#define OMPT_ON(name)  0
#define OMPT_ACTIVE()  0
#define OMPT_ANY(mask) 0
#define OMPT_BIT(name) 0ull
#endif
#define OMPT_CALL(name, ...)                                                                       \
  do {                                                                                             \
    __typeof__(glass_ompt_cb.name) cb_ = __atomic_load_n(&glass_ompt_cb.name, __ATOMIC_RELAXED);   \
    if (likely(cb_ != NULL))                                                                       \
      cb_(__VA_ARGS__);                                                                            \
  } while (0)

// States the runtime maintains (cheap stores into the thread, done whether or not a tool is
// attached: a store costs less than testing whether one is).
#if GLASS_OMPT
#define OMPT_STATE(th, st)           ((th)->ompt_state = (st))
#define OMPT_WAIT_STATE(th, st, wid) ((th)->ompt_wait_id = (uint64_t)(wid), (th)->ompt_state = (st))
#define OMPT_ENTER_FRAME(task, fp)   ((task)->ompt_frame.enter_frame.ptr = (fp))
#else
#define OMPT_STATE(th, st)           ((void)(th), (void)(st))
#define OMPT_WAIT_STATE(th, st, wid) ((void)(th), (void)(st), (void)(wid))
#define OMPT_ENTER_FRAME(task, fp)   ((void)(task), (void)(fp))
#endif

#define GLASS_FRAME_FLAGS (ompt_frame_runtime | ompt_frame_framepointer)

// Frames (compile to nothing without tool support). A task's frames start empty, both marked
// as runtime frames found by frame pointer; the ABI entry points set the enter frame around
// their call into the core (OMPT_ENTER_FRAME above), the code that calls user code sets the
// exit frame. The _FLAGS forms also set the flags, for a task whose flags a tool may not have
// seen set yet (an undeferred task's body runs in the program's own frame).
#if GLASS_OMPT
// Four plain stores: a compound literal costs an instruction more on the task allocation path.
#define OMPT_FRAME_INIT(task)                                                                      \
  ((task)->ompt_frame.exit_frame.ptr = NULL, (task)->ompt_frame.enter_frame.ptr = NULL,            \
   (task)->ompt_frame.exit_frame_flags = GLASS_FRAME_FLAGS,                                        \
   (task)->ompt_frame.enter_frame_flags = GLASS_FRAME_FLAGS)
#define OMPT_EXIT_FRAME(task, fp) ((task)->ompt_frame.exit_frame.ptr = (fp))
#define OMPT_ENTER_FRAME_FLAGS(task, fp)                                                           \
  ((task)->ompt_frame.enter_frame.ptr = (fp),                                                      \
   (task)->ompt_frame.enter_frame_flags = GLASS_FRAME_FLAGS)
#define OMPT_EXIT_FRAME_FLAGS(task, fp)                                                            \
  ((task)->ompt_frame.exit_frame.ptr = (fp),                                                       \
   (task)->ompt_frame.exit_frame_flags = GLASS_FRAME_FLAGS)
// A new task's tool fields: no data yet, empty frames, the ompt_task_flag_t bits it reports.
#define OMPT_TASK_INIT(task, flags)                                                                \
  ((task)->ompt_data.value = 0, OMPT_FRAME_INIT(task), (task)->ompt_flags = (flags))
// A new region's tool fields: no data yet, the requested parallelism and the
// ompt_parallel_flag_t bits parallel_begin reports.
#define OMPT_TEAM_INIT(team, requested, flags)                                                     \
  ((team)->ompt_parallel_data.value = 0, (team)->ompt_requested = (requested),                     \
   (team)->ompt_flags = (flags))
#else
#define OMPT_FRAME_INIT(task)                  ((void)(task))
#define OMPT_EXIT_FRAME(task, fp)              ((void)(task), (void)(fp))
#define OMPT_ENTER_FRAME_FLAGS(task, fp)       ((void)(task), (void)(fp))
#define OMPT_EXIT_FRAME_FLAGS(task, fp)        ((void)(task), (void)(fp))
#define OMPT_TASK_INIT(task, flags)            ((void)(task), (void)(flags))
#define OMPT_TEAM_INIT(team, requested, flags) ((void)(team), (void)(requested), (void)(flags))
#endif

// Event sets a fast path tests at once (OMPT_ANY) before it takes its traced path.
#define OMPT_SYNC_EVENTS (OMPT_BIT(sync_region) | OMPT_BIT(sync_region_wait))
#define OMPT_WS_EVENTS   (OMPT_BIT(work) | OMPT_BIT(dispatch))

// The parallel data and task data most events carry: the calling thread's innermost team and
// current task, reloaded at each use (a load costs less than a register held across a call).
#define OMPT_PD(th) glass_team_parallel_data((th)->team)
#define OMPT_TD(th) (&(th)->task->ompt_data)

// A sync_region (or sync_region_wait) event of `kind` for `task`: the whole hook, inline.
#define OMPT_SYNC_REGION(cb, kind, ep, task, codeptr)                                              \
  do {                                                                                             \
    if (OMPT_ON(cb))                                                                               \
      OMPT_CALL(cb, kind, ep, glass_team_parallel_data((task)->team), &(task)->ompt_data,          \
                codeptr);                                                                          \
  } while (0)

// Tool life cycle (discovery.c).
void glass_ompt_discover_and_init(void); // during runtime initialization
void glass_ompt_finalize(void);          // at shutdown or ompt_finalize_tool
bool glass_ompt_tool_loaded(void);
bool glass_ompt_tool_declined(void);
bool glass_ompt_finalize_started(void);
void glass_ompt_target_finalize(void); // target.c: the connected offload runtime's finalizer
// target.c: the target region and operation the calling thread is in (libomptarget answers).
int glass_ompt_target_info(uint64_t *device_num, ompt_id_t *target_id, ompt_id_t *host_op_id);

// Ids (inquiry.c): unique for the life of the process, never 0.
uint64_t glass_ompt_unique_id(void);

// Event emitters for the core (emit.c), called only behind an OMPT_ON test.
void glass_ompt_thread_begin(glass_thread_t *th, ompt_thread_t type);
void glass_ompt_thread_end(glass_thread_t *th);
void glass_ompt_parallel_begin(glass_thread_t *th, glass_team_t *team, glass_task_t *parent_task,
                               int requested, int flags, void *codeptr);
void glass_ompt_parallel_end(glass_thread_t *th, glass_team_t *team, glass_task_t *parent_task,
                             int flags, void *codeptr);
void glass_ompt_implicit_task(ompt_scope_endpoint_t ep, glass_team_t *team, glass_task_t *task,
                              int team_size, int index, int flags);

// Entry points the core calls directly.
int glass_ompt_enumerate_states(int current, int *next, const char **name);
int glass_ompt_enumerate_mutex_impls(int current, int *next, const char **name);

// Subsystems' emitters.
#include "ompt-ws.h"
#include "ompt-sync.h"
#include "ompt-tasking.h"

#endif
