// Worksharing state (loops, sections, single, ordered, doacross): what each thread and each
// team carries for it. Embedded in glass_thread_t and glass_team_t (glass.h).
//
// Static schedules need no shared state. Dynamic, guided, runtime, auto and ordered loops
// (everything that goes through __kmpc_dispatch_*) and doacross loops take a dispatch slot:
// construct number k of a region uses slot k % nslots, once the slot's previous construct has
// been left by every member. So up to nslots consecutive nowait loops run side by side, and a
// thread that runs further ahead waits. docs/internals-ws.md has the protocol.
#ifndef GLASS_WS_H
#define GLASS_WS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

// Waiting for a condition that several threads may wait on at once (ordered turns, doacross
// dependences, a slot to become free): spin for the block time, then sleep on the epoch word.
// Whoever makes a condition true calls glass_ws_evc_signal afterwards.
typedef struct glass_ws_evc {
  _Atomic uint32_t epoch;
  _Atomic uint32_t sleepers;
} glass_ws_evc_t;

// One dispatch slot. The counter a loop's threads hammer is alone on its cache line.
typedef struct glass_disp_slot {
  _Alignas(64) _Atomic uint64_t next; // iterations handed out so far (index space)
  _Alignas(64) _Atomic uint32_t gen;  // the construct number this slot serves now
  _Atomic uint32_t done;              // members that have left that construct, under cancel-var
                                      // and for doacross (a folded loop's count on `next`)
  glass_ws_evc_t freed;               // a member waits here when it ran nslots constructs ahead
  _Atomic uint64_t ordered;           // iteration index whose turn it is in `ordered` regions
  glass_ws_evc_t turn;                // ordered turns and doacross dependences
  _Atomic(uint32_t *) deps;           // doacross: one bit per iteration of the collapsed space
} glass_disp_slot_t;

// A member's state for the worksharing construct it is in (one per team member, own line).
// The fields __kmpc_dispatch_next_* reads for every chunk come first (one cache line).
typedef struct glass_ws_member {
  _Alignas(64) uint32_t disp_index; // slot-using constructs begun in this region
  uint32_t singles;                 // single constructs met in this region
  uint32_t slot_pos;                // disp_index % nslots, kept without a division
  uint8_t fast;                     // GLASS_WS_FAST_*: the per-chunk path of the current loop
  uint8_t ordered;                  // the loop has an ordered clause
  uint8_t finished;                 // left the slot (no more chunks)
  uint8_t ord_done;                 // the current iteration's ordered region ran
  uint8_t is_signed;
  uint8_t fold;            // a loop whose departures count on the chunk counter
  int32_t kind;            // GLASS_WS_* schedule of the current dispatch loop
  glass_disp_slot_t *slot; // NULL for a team of one
  uint64_t lb;             // first iteration value (the IV type's bits, sign-extended)
  int64_t incr;
  uint64_t trip;       // iterations
  uint64_t last_index; // the index of the loop's last iteration, if this part has it
  uint64_t chunk;
  uint64_t cursor;            // static-via-dispatch or team of one: next index or chunk;
                              // a folded dynamic or guided loop: the counter's value
                              // when this member saw the end
                              // (UINT64_MAX until then)
  uint64_t recip;             // guided: floor((2^64 - 1) / 2n), so remaining / 2n is one multiply;
                              // static chunked in a team (GLASS_WS_FAST_CHUNKED): n * chunk
  uint64_t ord_iter, ord_end; // ordered: current iteration index, end of its chunk
  // GLASS_STATS of the fast paths (shared read-modify-writes, chunks), added to the thread's
  // counters when the member leaves the loop.
  uint32_t stat_rmw, stat_chunks;
  // OMPT bookkeeping between a construct's begin and end.
  int32_t work_type;
  uint64_t work_count;
  // Doacross: the collapsed loop nest, and the slot holding its dependence bits (a construct
  // of its own: a dynamically scheduled doacross loop also holds a dispatch slot in `slot`).
  glass_disp_slot_t *dx_slot;
  int32_t dims;
  int64_t *dim_info; // per dimension: lo, st, trip (3 entries each)
} glass_ws_member_t;

typedef struct glass_ws_thread {
  uint32_t constructs; // unused: the per-region counters live in the team's member entries
  // The member entry of the dispatched loop this thread began last, valid while th->team is
  // still disp_team (a nested region in the loop's body changes th->team, and its end puts it
  // back): __kmpc_dispatch_next_* finds its state with these two loads instead of a lookup.
  struct glass_team *disp_team;
  glass_ws_member_t *disp;
  // teams.c: the clauses of the next teams construct (0: not given), and this thread's cached
  // level-0 team for running a team of a league.
  int32_t teams_ub, teams_limit;
  void *teams_root;
  // The league size of the last teams construct this thread encountered: libomptarget's
  // record of a host kernel reports it as the granted teams (ompt/target.c).
  int32_t league_granted;
} glass_ws_thread_t;

// Shared by a region's members: written by whoever wins a single, read after a barrier.
typedef struct glass_ws_shared {
  _Alignas(64) _Atomic uint32_t singles; // single constructs claimed in this region
  void *copy_src;                        // copyprivate: the executor's list
} glass_ws_shared_t;

typedef struct glass_ws_team {
  glass_ws_member_t *members; // [capacity] for hot teams, NULL for teams of one
  int32_t members_cap;
  uint32_t nslots;
  glass_disp_slot_t *slots;
  glass_ws_shared_t *shared;
  // Teams of one (serialized regions, the initial thread's implicit region) need no slots.
  glass_ws_member_t solo;
  // Level-0 teams of a league (teams.c): the league's size and this team's number; 0 and 0
  // for every other team.
  int32_t league_size, team_num;
} glass_ws_team_t;

struct glass_team;
// fork.c's hooks: the team's arrays grew; member tid starts a region; the master ends one
// (every member has arrived at the join barrier).
void glass_ws_team_grow(struct glass_team *team, int32_t capacity);
void glass_ws_region_end(struct glass_team *team);
// The league of the calling thread's innermost teams region (ws_teams.c): number of teams and
// team number; 1 and 0 outside any teams region.
struct glass_thread;
void glass_ws_league(struct glass_thread *th, int32_t *nteams, int32_t *team_num);
static inline void glass_ws_member_begin(glass_ws_team_t *ws, int tid) {
  if (ws->members) {
    ws->members[tid].disp_index = 0;
    ws->members[tid].slot_pos = 0;
    ws->members[tid].singles = 0;
  }
}

// kmp_set_disp_num_buffers's hint: dispatch slots a team starts with (ws_dispatch.c).
extern __attribute__((visibility("hidden"))) int glass_disp_num_buffers;

#endif
