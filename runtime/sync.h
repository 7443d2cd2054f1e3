// Synchronization state (critical, locks, reductions, cancellation, threadprivate): what each
// thread and each team carries for it. Embedded in glass_thread_t and glass_team_t (glass.h).
#ifndef GLASS_SYNC_H
#define GLASS_SYNC_H

#include <stdint.h>

typedef struct glass_sync_thread {
  uint32_t reserved; // filled in by the synchronization implementation
} glass_sync_thread_t;

typedef struct glass_sync_team {
  uint32_t reserved; // filled in by the synchronization implementation
} glass_sync_team_t;

#endif
