// Static schedules: __kmpc_for_static_init_*, __kmpc_dist_for_static_init_*,
// __kmpc_team_static_init_*, __kmpc_for_static_fini. Pure arithmetic on the thread's number:
// no shared state, no atomics. Work is computed in iteration-index space (0..trip-1) on 64
// bits, then mapped back to the IV type as lb + index * incr.
#include "ws_impl.h"
#include "kmpc.h"

// The compiler's bounds and results, widened to 64 bits (signed IVs sign-extended).
typedef struct {
  uint64_t lb, ub;
  int64_t incr;
  int64_t chunk;
  bool is_signed;
  bool narrow;                   // a 32-bit IV
  uint64_t lower, upper, stride; // out
  int32_t last;                  // out
} bounds_t;

// One thread's part: chunks first..last, then every step iterations (step 0: a single chunk).
typedef struct {
  uint64_t first, last, step, chunk;
  bool any, is_last;
} share_t;

static uint64_t mul_sat(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

// Balanced blocks: the first trip % nth threads get one iteration more.
static void share_balanced(uint64_t trip, uint64_t nth, uint64_t tid, share_t *s) {
  uint64_t q = trip / nth, r = trip % nth;
  uint64_t n = q + (tid < r);
  s->first = tid * q + (tid < r ? tid : r);
  s->last = s->first + n - 1;
  s->any = n > 0;
  s->is_last = tid == (trip < nth ? trip - 1 : nth - 1);
  s->chunk = n;
}

// Round-robin chunks of `chunk` iterations.
static void share_chunked(uint64_t trip, uint64_t nth, uint64_t tid, uint64_t chunk, share_t *s) {
  uint64_t nchunks = (trip - 1) / chunk + 1;
  s->step = mul_sat(nth, chunk);
  s->chunk = chunk;
  s->any = tid < nchunks;
  s->is_last = (nchunks - 1) % nth == tid;
  if (s->any) {
    s->first = tid * chunk;
    s->last = (trip - s->first > chunk ? s->first + chunk : trip) - 1;
  }
}

// schedule(simd:static, n): balanced blocks rounded up to a multiple of the simd width.
static void share_simd(uint64_t trip, uint64_t nth, uint64_t tid, uint64_t chunk, share_t *s) {
  uint64_t per = (trip - 1) / nth + 1;
  per = mul_sat((per - 1) / chunk + 1, chunk);
  uint64_t nblocks = (trip - 1) / per + 1;
  s->any = tid < nblocks;
  s->is_last = tid == nblocks - 1;
  s->chunk = per;
  if (s->any) {
    s->first = tid * per;
    s->last = (trip - s->first > per ? s->first + per : trip) - 1;
  }
}

static void static_share(int32_t sched, uint64_t trip, uint64_t nth, uint64_t tid, int64_t chunk,
                         share_t *s) {
  s->any = s->is_last = false;
  s->step = 0;
  if (trip == 0)
    return;
  uint64_t c = chunk < 1 ? 1 : (uint64_t)chunk;
  if (c > trip)
    c = trip;
  switch (sched) {
  case SCH_STATIC_CHUNKED:
  case SCH_DIST_CHUNKED:
    share_chunked(trip, nth, tid, c, s);
    break;
  case SCH_STATIC_BALANCED_CHUNKED:
    share_simd(trip, nth, tid, c, s);
    break;
  default:
    share_balanced(trip, nth, tid, s);
    break;
  }
}

// A 64-bit result brought back to the IV type's range (and widened again).
static inline uint64_t norm(const bounds_t *b, uint64_t v) {
  if (!b->narrow)
    return v;
  return b->is_signed ? (uint64_t)(int64_t)(int32_t)v : (uint32_t)v;
}

static inline uint64_t at(const bounds_t *b, uint64_t index) {
  return norm(b, b->lb + index * (uint64_t)b->incr);
}

// Fill lower/upper/stride/last from a share. The stride is what clang's chunk loop adds to both
// bounds: the distance to the thread's next chunk, or (one chunk only) far enough to leave the
// iteration space, which the simd:static form needs (libomp leaves it at 1: LLVM bug, §0.7).
static void apply_share(bounds_t *b, uint64_t trip, const share_t *s) {
  b->last = s->is_last;
  if (s->any) {
    b->lower = at(b, s->first);
    b->upper = at(b, s->last);
    b->stride = (s->step ? s->step : trip - s->first) * (uint64_t)b->incr;
    return;
  }
  // Nothing for this thread: an empty range just past the end (or before the start when the
  // end is the type's limit), so that both the loop and the chunk loop exit at once.
  uint64_t end = trip ? at(b, trip - 1) : b->ub;
  b->upper = end;
  b->lower = norm(b, end + (uint64_t)b->incr);
  bool wrapped = b->is_signed ? (b->incr > 0) != ((int64_t)b->lower > (int64_t)end)
                              : (b->incr > 0) != (b->lower > end);
  if (wrapped) {
    b->upper = norm(b, b->lb - (uint64_t)b->incr);
    b->lower = b->lb;
  }
  b->stride = trip * (uint64_t)b->incr;
}

static int work_type(ident_t *loc, int32_t sched) {
  int32_t flags = loc ? loc->flags : 0;
  if (flags & GLASS_IDENT_WORK_SECTIONS)
    return ompt_work_sections;
  if (sched == SCH_DIST || sched == SCH_DIST_CHUNKED || (flags & GLASS_IDENT_WORK_DISTRIBUTE))
    return ompt_work_distribute;
  return ompt_work_loop_static;
}

// Begin events: work, then one dispatch per chunk this thread will run. A static schedule
// never calls back into the runtime between chunks, so all of them are announced here, straight
// to the tool (the team's and task's data reloaded for each call rather than held across).
static GLASS_NOINLINE void static_events(glass_thread_t *th, ident_t *loc, int32_t sched,
                                         const bounds_t *b, uint64_t trip, const share_t *s,
                                         void *codeptr) {
  int type = work_type(loc, sched);
  glass_ws_member_t *m = glass_ws_member(th);
  m->work_type = type;
  m->work_count = trip;
  if (OMPT_ON(work))
    glass_ompt_work(th, type, ompt_scope_begin, trip, codeptr);
  if (!OMPT_ON(dispatch) || !s->any)
    return;
  if (type == ompt_work_sections) {
    for (uint64_t first = s->first; first < trip;) {
      uint64_t n =
          s->step ? (trip - first < s->chunk ? trip - first : s->chunk) : s->last - s->first + 1;
      for (uint64_t i = 0; i < n; i++)
        glass_ompt_dispatch_section(th, codeptr);
      if (!s->step || trip - first <= s->step)
        break;
      first += s->step;
    }
    return;
  }
  ompt_dispatch_t kind =
      type == ompt_work_distribute ? ompt_dispatch_distribute_chunk : ompt_dispatch_ws_loop_chunk;
  if (!s->step) {
    ompt_dispatch_chunk_t chunk = {at(b, s->first), s->last - s->first + 1};
    OMPT_CALL(dispatch, OMPT_PD(th), OMPT_TD(th), kind, (ompt_data_t){.ptr = &chunk});
    return;
  }
  uint64_t step = s->step, size = s->chunk;
  for (uint64_t first = s->first;; first += step) {
    uint64_t left = trip - first;
    ompt_dispatch_chunk_t chunk = {at(b, first), left < size ? left : size};
    OMPT_CALL(dispatch, OMPT_PD(th), OMPT_TD(th), kind, (ompt_data_t){.ptr = &chunk});
    if (left <= step)
      break;
  }
}

static GLASS_NOINLINE void static_init(ident_t *loc, int32_t sched, bounds_t *b, void *codeptr) {
  glass_thread_t *th = glass_self();
  sched &= ~SCH_MODIFIERS;
  uint64_t trip = glass_ws_trip(b->lb, b->ub, b->incr, b->is_signed);
  int32_t nth, tid;
  if (sched == SCH_DIST || sched == SCH_DIST_CHUNKED) {
    glass_ws_league(th, &nth, &tid);
  } else {
    nth = th->team->nthreads;
    tid = th->tid;
  }
  share_t s;
  static_share(sched, trip, (uint64_t)nth, (uint64_t)tid, b->chunk, &s);
  apply_share(b, trip, &s);
  if (OMPT_ANY(OMPT_WS_EVENTS))
    static_events(th, loc, sched, b, trip, &s, codeptr);
}

// A serialized team's loop a tool watches, in one chunk: the events the general path would
// deliver for it, passed straight to the tool. The team's and task's data are reloaded for each
// call rather than held across the calls (a load costs less than a spill and a reload).

static GLASS_NOINLINE void static_solo_sections(glass_thread_t *th, uint64_t n, void *codeptr) {
  ompt_data_t instance = {.ptr = codeptr};
  for (uint64_t i = 0; i < n; i++)
    OMPT_CALL(dispatch, OMPT_PD(th), OMPT_TD(th), ompt_dispatch_section, instance);
}

static inline __attribute__((always_inline)) void static_solo_events(glass_thread_t *th,
                                                                     ident_t *loc, int32_t sched,
                                                                     uint64_t lb, uint64_t trip,
                                                                     void *codeptr) {
  int type = work_type(loc, sched);
  glass_ws_member_t *m = glass_ws_member(th);
  m->work_type = type;
  m->work_count = trip;
  // The chunk is written before the first call: what the second needs waits in memory, not in
  // registers saved around the first.
  ompt_dispatch_chunk_t chunk = {lb, trip};
  if (OMPT_ON(work))
    OMPT_CALL(work, (ompt_work_t)type, ompt_scope_begin, OMPT_PD(th), OMPT_TD(th), trip, codeptr);
  if (!OMPT_ON(dispatch) || chunk.iterations == 0)
    return;
  if (type == ompt_work_sections) {
    static_solo_sections(th, chunk.iterations, codeptr);
    return;
  }
  ompt_data_t instance = {.ptr = &chunk};
  ompt_dispatch_t kind =
      type == ompt_work_distribute ? ompt_dispatch_distribute_chunk : ompt_dispatch_ws_loop_chunk;
  OMPT_CALL(dispatch, OMPT_PD(th), OMPT_TD(th), kind, instance);
}

static inline bool static_chunked(int32_t sched) {
  sched &= ~SCH_MODIFIERS;
  return sched == SCH_STATIC_CHUNKED || sched == SCH_DIST_CHUNKED;
}

// An entry's bounds (*plower, *pupper, incr, chunk) as bounds_t b, made empty when they say
// the whole type; and b's chunk, stride and last flag written back.
#define BOUNDS_IN(b, T, UT, SIGNED, NARROW)                                                        \
  T lb0 = *plower, ub0 = *pupper;                                                                  \
  GLASS_WS_EMPTY_IF_WHOLE_TYPE(T, UT, lb0, ub0, incr);                                             \
  bounds_t b = {.lb = (uint64_t)lb0,                                                               \
                .ub = (uint64_t)ub0,                                                               \
                .incr = incr,                                                                      \
                .chunk = chunk,                                                                    \
                .is_signed = SIGNED,                                                               \
                .narrow = NARROW}
#define BOUNDS_OUT(b, T, ST)                                                                       \
  do {                                                                                             \
    *plower = (T)(b).lower;                                                                        \
    *pupper = (T)(b).upper;                                                                        \
    *pstride = (ST)(b).stride;                                                                     \
    *plast = (b).last;                                                                             \
  } while (0)

// A serialized team (one thread; for distribute, a league of one team: teams.c does not mark
// the teams of a larger league serialized) takes the whole space in one chunk, whatever the
// schedule, and with no tool that is all there is. The
// fast path is a leaf: everything else is in the out-of-line slow path, so that the fast one
// saves no registers and builds no frame. The slow path takes the arguments where they came
// (registers and stack slots: a tail call), with the user's return address in place of the
// unused gtid.
#define STATIC_INIT(SFX, T, UT, ST, SIGNED, NARROW)                                                \
  static GLASS_NOINLINE void static_init_slow_##SFX(ident_t *loc, void *ra, int32_t sched,         \
                                                    int32_t *plast, T *plower, T *pupper,          \
                                                    ST *pstride, ST incr, ST chunk) {              \
    BOUNDS_IN(b, T, UT, SIGNED, NARROW);                                                           \
    static_init(loc, sched, &b, glass_user_codeptr(ra));                                           \
    BOUNDS_OUT(b, T, ST);                                                                          \
  }                                                                                                \
  /* A serialized team with a tool: one chunk, as on the fast path, unless the tool is to see */   \
  /* the chunks of a chunked schedule one by one. */                                               \
  static GLASS_NOINLINE void static_init_solo_##SFX(ident_t *loc, void *ra, int32_t sched,         \
                                                    int32_t *plast, T *plower, T *pupper,          \
                                                    ST *pstride, ST incr, ST chunk) {              \
    if (static_chunked(sched) || GLASS_WS_WHOLE_TYPE(T, UT, *plower, *pupper, incr)) {             \
      static_init_slow_##SFX(loc, ra, sched, plast, plower, pupper, pstride, incr, chunk);         \
      return;                                                                                      \
    }                                                                                              \
    T lo = *plower, hi = *pupper;                                                                  \
    *plast = incr > 0 ? lo <= hi : lo >= hi;                                                       \
    *pstride = (ST)((UT)hi - (UT)lo + (UT)incr);                                                   \
    uint64_t trip = glass_ws_trip((uint64_t)lo, (uint64_t)hi, incr, SIGNED);                       \
    static_solo_events(glass_tls_self, loc, sched & ~SCH_MODIFIERS, (uint64_t)lo, trip,            \
                       glass_user_codeptr(ra));                                                    \
  }                                                                                                \
  GLASS_API GLASS_FASTPATH void __kmpc_for_static_init_##SFX(                                      \
      ident_t *loc, int32_t gtid, int32_t sched, int32_t *plast, T *plower, T *pupper,             \
      ST *pstride, ST incr, ST chunk) {                                                            \
    glass_thread_t *th = glass_tls_self;                                                           \
    if (likely(th != NULL) && likely(th->team->serialized) &&                                      \
        likely(!GLASS_WS_WHOLE_TYPE(T, UT, *plower, *pupper, incr))) {                             \
      if (unlikely(glass_ws_events_wanted())) {                                                    \
        static_init_solo_##SFX(loc, __builtin_return_address(0), sched, plast, plower, pupper,     \
                               pstride, incr, chunk);                                              \
        return;                                                                                    \
      }                                                                                            \
      T lo = *plower, hi = *pupper;                                                                \
      *plast = incr > 0 ? lo <= hi : lo >= hi;                                                     \
      *pstride = (ST)((UT)hi - (UT)lo + (UT)incr);                                                 \
      return;                                                                                      \
    }                                                                                              \
    static_init_slow_##SFX(loc, __builtin_return_address(0), sched, plast, plower, pupper,         \
                           pstride, incr, chunk);                                                  \
  }

STATIC_INIT(4, int32_t, uint32_t, int32_t, true, true)
STATIC_INIT(4u, uint32_t, uint32_t, int32_t, false, true)
STATIC_INIT(8, int64_t, uint64_t, int64_t, true, false)
STATIC_INIT(8u, uint64_t, uint64_t, int64_t, false, false)

// Tail-called by __kmpc_for_static_fini (which has no frame of its own): the return address is
// the user's call site.
static GLASS_NOINLINE void static_fini_events(void) {
  void *codeptr = GLASS_CODEPTR();
  glass_thread_t *th = glass_self();
  glass_ws_member_t *m = glass_ws_member(th);
  if (!m->work_type)
    return;
  OMPT_CALL(work, (ompt_work_t)m->work_type, ompt_scope_end, glass_team_parallel_data(th->team),
            &th->task->ompt_data, m->work_count, codeptr);
  m->work_type = 0;
}

GLASS_API GLASS_FASTPATH void __kmpc_for_static_fini(ident_t *loc, int32_t gtid) {
  if (OMPT_ON(work))
    static_fini_events();
}

// distribute parallel for, combined: the league's balanced split first (its upper bound goes to
// *pupperd), then the team's threads split the team's part by sched.
static GLASS_NOINLINE void dist_for_init(ident_t *loc, int32_t sched, bounds_t *b, uint64_t *upperd,
                                         void *codeptr) {
  glass_thread_t *th = glass_self();
  int32_t nteams, team_num;
  glass_ws_league(th, &nteams, &team_num);
  uint64_t trip = glass_ws_trip(b->lb, b->ub, b->incr, b->is_signed);
  share_t s;
  static_share(SCH_DIST, trip, (uint64_t)nteams, (uint64_t)team_num, 0, &s);
  bounds_t team = *b;
  apply_share(&team, trip, &s);
  *upperd = team.upper;
  if (!s.any) {
    *b = team;
    return;
  }
  b->lb = team.lower;
  b->ub = team.upper;
  static_init(loc, sched, b, codeptr);
  b->last = b->last && s.is_last;
}

#define DIST_FOR_STATIC_INIT(SFX, T, UT, ST, SIGNED, NARROW)                                       \
  GLASS_API void __kmpc_dist_for_static_init_##SFX(ident_t *loc, int32_t gtid, int32_t sched,      \
                                                   int32_t *plast, T *plower, T *pupper,           \
                                                   T *pupperd, ST *pstride, ST incr, ST chunk) {   \
    BOUNDS_IN(b, T, UT, SIGNED, NARROW);                                                           \
    uint64_t upperd;                                                                               \
    dist_for_init(loc, sched, &b, &upperd, GLASS_CODEPTR());                                       \
    BOUNDS_OUT(b, T, ST);                                                                          \
    *pupperd = (T)upperd;                                                                          \
  }

DIST_FOR_STATIC_INIT(4, int32_t, uint32_t, int32_t, true, true)
DIST_FOR_STATIC_INIT(4u, uint32_t, uint32_t, int32_t, false, true)
DIST_FOR_STATIC_INIT(8, int64_t, uint64_t, int64_t, true, false)
DIST_FOR_STATIC_INIT(8u, uint64_t, uint64_t, int64_t, false, false)

// Chunks of `chunk` iterations dealt round-robin to the teams of the league.
#define TEAM_STATIC_INIT(SFX, T, UT, ST, SIGNED, NARROW)                                           \
  GLASS_API void __kmpc_team_static_init_##SFX(ident_t *loc, int32_t gtid, int32_t *plast,         \
                                               T *plower, T *pupper, ST *pstride, ST incr,         \
                                               ST chunk) {                                         \
    BOUNDS_IN(b, T, UT, SIGNED, NARROW);                                                           \
    static_init(loc, SCH_DIST_CHUNKED, &b, GLASS_CODEPTR());                                       \
    BOUNDS_OUT(b, T, ST);                                                                          \
  }

TEAM_STATIC_INIT(4, int32_t, uint32_t, int32_t, true, true)
TEAM_STATIC_INIT(4u, uint32_t, uint32_t, int32_t, false, true)
TEAM_STATIC_INIT(8, int64_t, uint64_t, int64_t, true, false)
TEAM_STATIC_INIT(8u, uint64_t, uint64_t, int64_t, false, false)
