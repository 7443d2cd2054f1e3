// Tasking state (deques, task teams, dependences): what each thread and each team carries for
// it. Embedded in glass_thread_t and glass_team_t (glass.h); explicit tasks extend glass_task_t.
#ifndef GLASS_TASKING_H
#define GLASS_TASKING_H

#include <stdint.h>

typedef struct glass_tasking_thread {
  uint32_t reserved; // filled in by the tasking implementation
} glass_tasking_thread_t;

typedef struct glass_tasking_team {
  uint32_t reserved; // filled in by the tasking implementation
} glass_tasking_team_t;

#endif
