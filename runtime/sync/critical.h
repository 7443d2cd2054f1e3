// Critical sections on the compiler's kmp_critical_name (critical.c); also the mutual exclusion
// of reductions (critical method) and atomic fallbacks.
#ifndef GLASS_CRITICAL_H
#define GLASS_CRITICAL_H

#include "glass.h"
#include "mutex.h"

#include <omp-tools.h>

typedef int32_t kmp_critical_name[8]; // 32 bytes, zero-initialized, owned by the runtime

typedef struct {
  _Atomic uint32_t word;     // mutex word (mutex.h)
  _Atomic uint32_t info;     // recorded sync hint
  glass_mutex_queue_t queue; // tickets of contended waiters (mutex.h)
  uint32_t unused[4];
} glass_critical_t;

_Static_assert(sizeof(glass_critical_t) == sizeof(kmp_critical_name), "kmp_critical_name");

// Enter/leave with events (kind: critical, or atomic for atomic fallbacks) and wait states.
void glass_critical_enter(glass_thread_t *th, glass_critical_t *c, uint32_t hint, ompt_mutex_t kind,
                          const void *codeptr);
void glass_critical_exit(glass_thread_t *th, glass_critical_t *c, ompt_mutex_t kind,
                         const void *codeptr);

#endif
