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
  cpu_set_t *sets;    // [count]: the processors of each place
  cpu_set_t usable;   // the processors this process may run on
  bool explicit_list; // listed place by place (OMP_PLACES {..} or a KMP_AFFINITY proclist)
} glass_places_t;

extern GLASS_HIDDEN glass_places_t glass_places;

void glass_places_init(void);
int glass_place_containing(const cpu_set_t *set);
void glass_places_add(const cpu_set_t *set); // while building: append a non-empty place
// "0-3,8": a processor set as the affinity format and libomp's messages print it.
void glass_cpuset_text(const cpu_set_t *set, char *buf, size_t n);

// Region start, when the team binds threads or displays affinity: place this member.
void glass_affinity_enter(glass_thread_t *th, glass_team_t *team, int tid);
// The place member tid of the team's region will be bound to, computed at the fork (the
// barrier tree's grouping); -1 when unbound or under a KMP_AFFINITY type (places by gtid).
int glass_affinity_member_place(const glass_team_t *team, int tid);
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

// Initialization under KMP_AFFINITY=norespect: the initial thread may run on every usable
// processor, not only on those of the mask it started with (unless the type is disabled).
void glass_affinity_norespect(void);

// Region end: KMP_AFFINITY=reset gives an outermost region's primary thread its mask back.
void glass_affinity_join(glass_thread_t *th, glass_team_t *team);

// libomp's KMP_AFFINITY (kmp_affinity.c). A type that binds (compact and after) replaces
// OMP_PLACES and OMP_PROC_BIND; bind-var is then GLASS_BIND_INTEL at every level.
enum {
  GLASS_KAFF_UNSET, // no type given: OMP_PLACES and OMP_PROC_BIND rule
  GLASS_KAFF_NONE,
  GLASS_KAFF_DISABLED,
  GLASS_KAFF_COMPACT,
  GLASS_KAFF_SCATTER,
  GLASS_KAFF_BALANCED,
  GLASS_KAFF_EXPLICIT
};

typedef struct {
  bool given; // KMP_AFFINITY is set
  int type;   // GLASS_KAFF_*
  bool verbose, warnings, respect, reset, duplicates;
  bool settings;   // KMP_SETTINGS
  int granularity; // glass_topo_level_t; -1: the type's default
  int permute, offset;
  char *proclist; // explicit: the text between the brackets
} glass_kaff_t;

extern GLASS_HIDDEN glass_kaff_t glass_kaff;

void glass_kaff_read(void);      // initialization (env.c): KMP_AFFINITY, KMP_SETTINGS
bool glass_kaff_binds(void);     // a type that binds threads
bool glass_kaff_overrides(void); // a type is given: OMP_PLACES and OMP_PROC_BIND are ignored
bool glass_kaff_places(void);    // places.c: the type's place list (false: no type)
int glass_kaff_place(glass_thread_t *th, int tid, int T); // a member's place under a type
void glass_kaff_text(char *buf, size_t n);                // the settings, as libomp prints them
void glass_kaff_settings_print(void);                     // KMP_SETTINGS, on stderr

#endif
