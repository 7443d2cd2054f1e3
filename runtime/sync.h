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
} glass_sync_thread_t;

typedef struct glass_sync_team {
  uint32_t reserved; // filled in by the synchronization implementation
} glass_sync_team_t;

#endif
