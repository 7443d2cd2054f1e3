// distribute's view of the league (teams.c runs it): which team the calling thread works for,
// and the combined `distribute parallel for` with a dispatched schedule,
// __kmpc_dist_dispatch_init_*: the league's balanced split, then the team's loop.
#include "ws_impl.h"
#include "kmpc.h"

// The innermost team root between the thread's team and its level-0 team: distribute binds to
// the teams region, and a parallel region nested in a team still belongs to that team.
void glass_ws_league(glass_thread_t *th, int32_t *nteams, int32_t *team_num) {
  glass_team_t *t = th->team;
  for (;;) {
    if (t->ws.league_size) {
      *nteams = t->ws.league_size;
      *team_num = t->ws.team_num;
      return;
    }
    if (t->level == 0 || !t->parent)
      break;
    t = t->parent;
  }
  *nteams = 1;
  *team_num = 0;
}

// Team team_num's part of trip iterations as a balanced block [*first, *first + *n).
static void team_block(uint64_t trip, uint64_t nteams, uint64_t team_num, uint64_t *first,
                       uint64_t *n) {
  uint64_t q = trip / nteams, r = trip % nteams;
  *n = q + (team_num < r);
  *first = team_num * q + (team_num < r ? team_num : r);
}

static void dist_dispatch_init(ident_t *loc, int32_t sched, int32_t *plast, uint64_t lb,
                               uint64_t ub, int64_t incr, int64_t chunk, bool is_signed,
                               void *codeptr) {
  glass_thread_t *th = glass_self();
  int32_t nteams, team_num;
  glass_ws_league(th, &nteams, &team_num);
  uint64_t trip = glass_ws_trip(lb, ub, incr, is_signed);
  uint64_t first, n;
  team_block(trip, (uint64_t)nteams, (uint64_t)team_num, &first, &n);
  bool last_team = n > 0 && first + n == trip;
  if (plast)
    *plast = last_team;
  if (n > 0) {
    lb += first * (uint64_t)incr;
    ub = lb + (n - 1) * (uint64_t)incr;
  } else {
    // No iterations for this team: a range that is empty in either direction and type.
    lb = incr > 0 ? 1 : 0;
    ub = incr > 0 ? 0 : 1;
  }
  glass_ws_dispatch_init(loc, sched, lb, ub, incr, chunk, is_signed, codeptr);
  // Only the team with the league's last iteration reports it as last.
  if (!last_team)
    glass_ws_member(th)->last_index = UINT64_MAX;
}

#define DIST_DISPATCH_INIT(SFX, T, UT, ST, SIGNED)                                                 \
  GLASS_API void __kmpc_dist_dispatch_init_##SFX(ident_t *loc, int32_t gtid, int32_t sched,        \
                                                 int32_t *plast, T lb, T ub, ST st, ST chunk) {    \
    GLASS_WS_EMPTY_IF_WHOLE_TYPE(T, UT, lb, ub, st);                                               \
    dist_dispatch_init(loc, sched, plast, (uint64_t)lb, (uint64_t)ub, st, chunk, SIGNED,           \
                       GLASS_CODEPTR());                                                           \
  }

DIST_DISPATCH_INIT(4, int32_t, uint32_t, int32_t, true)
DIST_DISPATCH_INIT(4u, uint32_t, uint32_t, int32_t, false)
DIST_DISPATCH_INIT(8, int64_t, uint64_t, int64_t, true)
DIST_DISPATCH_INIT(8u, uint64_t, uint64_t, int64_t, false)
