// Thread affinity: places (places.c) and binding threads to them (affinity.c).
#ifndef GLASS_AFFINITY_H
#define GLASS_AFFINITY_H

#define _GNU_SOURCE
#include "glass.h"

#include <sched.h>

typedef struct {
  bool ready;            // built; read-only from then on (signal handlers read it)
  bool explicit_request; // OMP_PLACES was given and valid
  const char *kind;      // "threads", "cores", ..., "explicit"
  int count, capacity;
  cpu_set_t *sets;  // [count]: the processors of each place
  cpu_set_t usable; // the processors this process may run on
} glass_places_t;

extern GLASS_HIDDEN glass_places_t glass_places;

void glass_places_init(void);
int glass_place_containing(const cpu_set_t *set);

// Region start, when the team binds threads or displays affinity: place this member.
void glass_affinity_enter(glass_thread_t *th, glass_team_t *team, int tid);
// Fork: record the binding policy and the master's place and partition in the team.
void glass_affinity_fork(glass_thread_t *th, glass_team_t *team, int bind);
// The policy that places a league's teams (OpenMP 5.1 §2.7: each team's initial task gets a
// subpartition of the encountering task's place partition): KMP_TEAMS_PROC_BIND (spread unless
// set) whenever places are in use.
int glass_affinity_league_bind(int bind);
// A league of one team: its initial thread runs on a place of its (unchanged) partition.
void glass_affinity_single_team(glass_thread_t *th);
// Start-up: with places in use the initial thread runs on the first place before any construct
// (OpenMP 5.1 §6.4), as libomp's does.
void glass_affinity_initial_thread(glass_thread_t *th);
void glass_affinity_show(glass_thread_t *th); // OMP_DISPLAY_AFFINITY for a region it enters

#endif
