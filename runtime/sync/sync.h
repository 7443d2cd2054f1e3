// Synchronization state (critical, locks, reductions, cancellation, threadprivate): what each
// thread and each team carries for it. Embedded in glass_thread_t and glass_team_t (glass.h).
#ifndef GLASS_SYNC_H
#define GLASS_SYNC_H

#include <stdatomic.h>
#include <stdint.h>

typedef struct glass_sync_thread {
  // Tree reduction (reduce.c): this thread's partial result, published to its parent in the
  // tree through red_flag (0 idle, 2 published; bit 0: a waiter may sleep). On its own cache
  // line: the parent polls it.
  _Alignas(64) _Atomic uint32_t red_flag;
  void *red_data;
  // The method __kmpc_reduce* chose, and the lock it took, for the matching end call.
  int32_t red_method;
  void *red_lock;
  // threadprivate.c: this thread's copies, by original's address and in creation order.
  struct glass_tp_copy **tp_buckets;
  struct glass_tp_copy *tp_all;
  // cancel.c: the team whose join this thread completed early, in a barrier of a cancelled
  // region (its own join is then skipped), and that region's codeptr for the join's events.
  void *cancel_joined;
  void *cancel_codeptr;
  // The cancel parallel this thread last reported to a tool (stamp and team): once per thread.
  uint32_t cancel_reported;
  void *cancel_reported_team;
} glass_sync_thread_t;

// Cancellation requests of the team's current region (cancel.c). Each is stamped with barrier
// episodes rather than being a flag, so that no barrier has to clear it and a thread that reads
// it late (after the team moved on) still reads a meaningful value.
typedef struct glass_sync_team {
  // cancel parallel: (episode the region started at << 32) | episode of the gather that ends it.
  _Atomic uint64_t cancel_parallel;
  _Atomic uint32_t cancel_loop;     // episode of the barrier that ends the cancelled loop
  _Atomic uint32_t cancel_sections; // same for sections
} glass_sync_team_t;

#endif
