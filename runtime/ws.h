// Worksharing state (loops, sections, single, ordered, doacross): what each thread and each
// team carries for it. Embedded in glass_thread_t and glass_team_t (glass.h).
#ifndef GLASS_WS_H
#define GLASS_WS_H

#include <stdint.h>

typedef struct glass_ws_thread {
  uint32_t constructs; // worksharing constructs this thread has entered in its current team
} glass_ws_thread_t;

typedef struct glass_ws_team {
  uint32_t reserved; // filled in by the worksharing implementation
} glass_ws_team_t;

#endif
