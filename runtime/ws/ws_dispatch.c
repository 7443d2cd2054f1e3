// Dispatched loops: __kmpc_dispatch_{init,next,fini}_*, __kmpc_dispatch_deinit, and the
// dispatch slots they share with ordered and doacross loops.
//
// A loop's iterations are numbered 0..trip-1 ("index space"). Dynamic chunks come from one
// fetch_add on the slot's counter, guided ones from one compare-and-swap; static schedules run
// through dispatch (runtime=static, ordered static) are computed from the thread number and
// touch the slot only for ordered turns. A team of one needs no slot at all.
#include "ws_impl.h"
#include "cancel.h"
#include "kmpc.h"

// Number of dispatch buffers libomp keeps for back-to-back nowait loops: Glass's dispatch
// slots grow on demand, so the setting is only a hint.
int glass_disp_num_buffers; // set by kmp_set_disp_num_buffers (0: not called)

// ---------------------------------------------------------------------------------------------
// Team storage (fork.c's hooks).

void glass_ws_team_grow(glass_team_t *team, int32_t capacity) {
  glass_ws_team_t *ws = &team->ws;
  // Every member is idle while the team grows: no state is live. Their cached entries go.
  for (int32_t t = 0; t < team->nmembers; t++)
    if (team->members[t] && team->members[t]->ws.disp_team == team)
      team->members[t]->ws.disp_team = NULL;
  glass_free(ws->members);
  ws->members = glass_zalloc_aligned(sizeof(glass_ws_member_t) * (size_t)capacity, GLASS_CACHE);
  ws->members_cap = capacity;
  if (ws->slots)
    return;
  // kmp_set_disp_num_buffers, else KMP_DISP_NUM_BUFFERS, else 7.
  int32_t want = glass_disp_num_buffers > 0 ? glass_disp_num_buffers : glass_env.disp_num_buffers;
  uint32_t n = want > 0 ? (uint32_t)want : 7;
  ws->slots = glass_zalloc_aligned(sizeof(glass_disp_slot_t) * n, GLASS_CACHE);
  for (uint32_t k = 0; k < n; k++)
    atomic_store_explicit(&ws->slots[k].gen, k, memory_order_relaxed);
  ws->nslots = n;
  ws->shared = glass_zalloc_aligned(sizeof(glass_ws_shared_t), GLASS_CACHE);
}

static void slot_reset(glass_disp_slot_t *slot, uint32_t gen) {
  atomic_store_explicit(&slot->next, 0, memory_order_relaxed);
  atomic_store_explicit(&slot->done, 0, memory_order_relaxed);
  atomic_store_explicit(&slot->ordered, 0, memory_order_relaxed);
  uint32_t *deps = atomic_exchange_explicit(&slot->deps, NULL, memory_order_relaxed);
  glass_free(deps);
  atomic_store_explicit(&slot->gen, gen, memory_order_seq_cst);
}

// After the join barrier's gather: every member has left every construct of the region, except
// one that cancellation cut short. Slots go back to serving constructs 0..nslots-1.
void glass_ws_region_end(glass_team_t *team) {
  glass_ws_team_t *ws = &team->ws;
  if (!ws->members)
    return;
  atomic_store_explicit(&ws->shared->singles, 0, memory_order_relaxed);
  uint32_t used = ws->members[0].disp_index;
  // A cancelled region's members may have begun different numbers of constructs.
  if (glass_cancel_enabled())
    for (int32_t t = 1; t < team->nthreads; t++)
      if (ws->members[t].disp_index > used)
        used = ws->members[t].disp_index;
  for (uint32_t k = 0; k < used && k < ws->nslots; k++)
    slot_reset(&ws->slots[k], k);
}

// ---------------------------------------------------------------------------------------------
// Slots.

typedef struct {
  glass_disp_slot_t *slot;
  uint32_t gen;
} gen_wait_t;

static bool gen_reached(void *arg) {
  gen_wait_t *w = arg;
  return atomic_load_explicit(&w->slot->gen, memory_order_acquire) == w->gen ||
         glass_cancel_parallel_now(); // a member that left the region never frees the slot
}

glass_disp_slot_t *glass_ws_slot_enter(glass_team_t *team, glass_ws_member_t *m) {
  uint32_t idx = m->disp_index++, pos = m->slot_pos;
  m->slot_pos = pos + 1 == team->ws.nslots ? 0 : pos + 1;
  glass_disp_slot_t *slot = &team->ws.slots[pos];
  if (unlikely(atomic_load_explicit(&slot->gen, memory_order_acquire) != idx)) {
    // This member is nslots constructs ahead of the slowest one.
    gen_wait_t w = {slot, idx};
    glass_ws_evc_wait(&slot->freed, gen_reached, &w);
    if (atomic_load_explicit(&slot->gen, memory_order_acquire) != idx)
      return NULL; // the region was cancelled: the construct runs no iteration here
  }
  return slot;
}

void glass_ws_slot_leave(glass_team_t *team, glass_ws_member_t *m) {
  glass_disp_slot_t *slot = m->slot;
  m->slot = NULL;
  glass_ws_slot_release(team, slot);
}

// GLASS_STATS: read-modify-writes on a loop's shared words, and chunks they claimed.
static GLASS_NOINLINE void loop_stat(uint64_t rmw, uint64_t chunks) {
  glass_stats_self_add(GS_LOOP_RMW, rmw);
  glass_stats_self_add(GS_LOOP_CHUNK, chunks);
}
#define LOOP_STAT(rmw, chunks)                                                                     \
  do {                                                                                             \
    if (unlikely(glass_stats_on))                                                                  \
      loop_stat(rmw, chunks);                                                                      \
  } while (0)

// Last one out: make the slot ready for the construct nslots further on.
static void slot_recycle(glass_team_t *team, glass_disp_slot_t *slot) {
  uint32_t gen = atomic_load_explicit(&slot->gen, memory_order_relaxed);
  slot_reset(slot, gen + team->ws.nslots);
  glass_ws_evc_signal(&slot->freed);
}

void glass_ws_slot_release(glass_team_t *team, glass_disp_slot_t *slot) {
  LOOP_STAT(1, 0);
  if (atomic_fetch_add_explicit(&slot->done, 1, memory_order_acq_rel) + 1 ==
      (uint32_t)team->nthreads)
    slot_recycle(team, slot);
}

// A folded loop (m->fold) counts its members' departures on the chunk counter itself, so that
// the loop's only shared word is that counter (no `done` line).
// - Dynamic: each member's last fetch_add of `chunk` finds no chunk, so the counter ends at
//   exactly n chunks past the first index >= trip, and the member whose fetch_add returned a
//   value at least trip + (n - 1) * chunk made the last one (the others' returned at most
//   trip - 1 + (n - 1) * chunk, the first failing one being below trip + chunk). No value wraps:
//   dynamic_near_wrap keeps trip + (n + 1) * chunk below 2^64.
// - Guided: a compare-and-swap never takes the counter past trip, so once a member sees trip
//   there it adds 1 as its departure: the departures return trip .. trip + n - 1, and the one
//   that returned trip + n - 1 is the last (a loop with trip > 2^64 - 1 - n is not folded).
// - Static through dispatch leaves the counter at 0: its departures return 0 .. n - 1.
// Every departure is a release, so the last one out's acquire load orders each member's use of
// the slot (chunks, ordered turns) before the reset. A member that leaves without having seen
// the end (only cancellation does, and cancel-var turns folding off) takes what remains first.
static void last_out(glass_team_t *team, glass_disp_slot_t *slot) {
  (void)atomic_load_explicit(&slot->next, memory_order_acquire);
  slot_recycle(team, slot);
}

// A departure of 1 from a counter that stands at base once the construct's work is handed out.
static void depart_one(glass_team_t *team, glass_disp_slot_t *slot, uint64_t base) {
  uint64_t seen = atomic_fetch_add_explicit(&slot->next, 1, memory_order_release);
  LOOP_STAT(1, 0);
  if (seen - base >= (uint64_t)(team->nthreads - 1))
    last_out(team, slot);
}

static void slot_leave_folded(glass_team_t *team, glass_ws_member_t *m) {
  glass_disp_slot_t *slot = m->slot;
  uint64_t seen = m->cursor, trip = m->trip, chunk = m->chunk;
  m->slot = NULL;
  if (m->kind == GLASS_WS_STATIC || m->kind == GLASS_WS_STATIC_CHUNKED) {
    depart_one(team, slot, 0);
    return;
  }
  if (m->kind != GLASS_WS_DYNAMIC) { // guided
    if (unlikely(seen == UINT64_MAX || seen < trip)) {
      uint64_t v = atomic_load_explicit(&slot->next, memory_order_relaxed);
      while (v < trip && !atomic_compare_exchange_weak_explicit(
                             &slot->next, &v, trip, memory_order_relaxed, memory_order_relaxed))
        ;
    }
    depart_one(team, slot, trip);
    return;
  }
  while (unlikely(seen == UINT64_MAX || seen < trip)) {
    seen = atomic_fetch_add_explicit(&slot->next, chunk, memory_order_release);
    LOOP_STAT(1, seen < trip);
  }
  if (seen - trip >= (uint64_t)(team->nthreads - 1) * chunk)
    last_out(team, slot);
}

// Doacross leaves its slot's counter at 0: its departures count there too, but under cancel-var.
void glass_ws_slot_depart(glass_team_t *team, glass_disp_slot_t *slot) {
  if (glass_cancel_enabled())
    glass_ws_slot_release(team, slot);
  else
    depart_one(team, slot, 0);
}

// Which loops fold their departures into the counter (slot_leave_folded): all but those of a
// program with cancel-var (a member may leave without a departure; they count on `done`) and a
// guided loop so long that its departures would wrap the counter.
static bool folds(const glass_ws_member_t *m, int32_t nthreads) {
  if (!m->slot || glass_cancel_enabled())
    return false;
  if (m->kind == GLASS_WS_GUIDED || m->kind == GLASS_WS_GUIDED_SIMD)
    return m->trip <= UINT64_MAX - (uint64_t)nthreads;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Init.

// schedule(simd: ...): the chunks are multiples of the simd width, but for the loop's last.
// Kind 45 (simd:static) and 46 (simd:guided) pass the chunk, already a multiple of the width;
// kind 47 (simd:runtime) passes the width, and run-sched-var's chunk counts widths (a chunk of
// 0 is one width; static without a chunk is one block per thread, rounded up to the width).
// clang passes 45 only (its simd:guided and simd:runtime are plain 36 and 37); 46 and 47 come
// from other compilers and hand-written code.
static int resolve_runtime_simd(glass_thread_t *th, uint64_t simd, int64_t *chunk, int *work,
                                bool *balanced) {
  int kind = th->task->icvs.sched_kind & ~GLASS_SCHED_MONOTONIC;
  int64_t icv = th->task->icvs.sched_chunk;
  int64_t c;
  if (__builtin_mul_overflow(icv < 1 ? 1 : icv, (int64_t)simd, &c))
    c = INT64_MAX / (int64_t)simd * (int64_t)simd;
  *chunk = c;
  switch (kind) {
  case GLASS_SCHED_DYNAMIC:
    *work = ompt_work_loop_dynamic;
    return GLASS_WS_DYNAMIC;
  case GLASS_SCHED_GUIDED:
  case GLASS_SCHED_TRAPEZOIDAL:
    *work = ompt_work_loop_guided;
    return GLASS_WS_GUIDED_SIMD;
  case GLASS_SCHED_AUTO:
    *work = ompt_work_loop_guided; // auto runs as guided: report the schedule it gets
    *chunk = (int64_t)simd;
    return GLASS_WS_GUIDED_SIMD;
  default:
    *work = ompt_work_loop_static;
    *balanced = icv < 1;
    if (*balanced)
      *chunk = (int64_t)simd;
    return GLASS_WS_STATIC_CHUNKED;
  }
}

// balanced: static blocks of a multiple of *chunk (dispatch_init sizes them from the trip).
static int resolve_kind(glass_thread_t *th, int32_t sched, int64_t *chunk, int *work,
                        bool *balanced) {
  switch (sched) {
  case SCH_STATIC_CHUNKED:
    *work = ompt_work_loop_static;
    return GLASS_WS_STATIC_CHUNKED;
  case SCH_STATIC_BALANCED_CHUNKED:
    *work = ompt_work_loop_static;
    *balanced = true;
    return GLASS_WS_STATIC_CHUNKED;
  case SCH_GUIDED_SIMD:
    *work = ompt_work_loop_guided;
    return GLASS_WS_GUIDED_SIMD;
  case SCH_RUNTIME_SIMD:
    return resolve_runtime_simd(th, *chunk < 1 ? 1 : (uint64_t)*chunk, chunk, work, balanced);
  case SCH_STATIC:
  case SCH_STATIC_GREEDY:
  case SCH_STATIC_BALANCED:
    *work = ompt_work_loop_static;
    return GLASS_WS_STATIC;
  case SCH_DYNAMIC:
  case SCH_STATIC_STEAL:
    *work = ompt_work_loop_dynamic;
    return GLASS_WS_DYNAMIC;
  case SCH_GUIDED:
  case SCH_TRAPEZOIDAL:
  case SCH_GUIDED_ITERATIVE:
  case SCH_GUIDED_ANALYTICAL:
    *work = ompt_work_loop_guided;
    return GLASS_WS_GUIDED;
  case SCH_AUTO:
    *work = ompt_work_loop_guided; // auto runs as guided: report the schedule it gets
    *chunk = 1;
    return GLASS_WS_GUIDED;
  case SCH_RUNTIME:
    break;
  default:
    glass_warn("unknown loop schedule %d; using static", sched);
    *work = ompt_work_loop_static;
    return GLASS_WS_STATIC;
  }
  // run-sched-var of the encountering task.
  int kind = th->task->icvs.sched_kind & ~GLASS_SCHED_MONOTONIC;
  *chunk = th->task->icvs.sched_chunk;
  switch (kind) {
  case GLASS_SCHED_DYNAMIC:
    *work = ompt_work_loop_dynamic;
    return GLASS_WS_DYNAMIC;
  case GLASS_SCHED_GUIDED:
  case GLASS_SCHED_TRAPEZOIDAL: // libomp's trapezoid of shrinking chunks; guided is one too
    *work = ompt_work_loop_guided;
    return GLASS_WS_GUIDED;
  case GLASS_SCHED_AUTO:
    *work = ompt_work_loop_guided; // auto runs as guided: report the schedule it gets
    *chunk = 1;
    return GLASS_WS_GUIDED;
  default:
    *work = ompt_work_loop_static;
    return *chunk > 0 ? GLASS_WS_STATIC_CHUNKED : GLASS_WS_STATIC;
  }
}

// Which per-chunk path the loop takes (GLASS_WS_FAST_*), and its precomputed parameters.
static int fast_path(glass_ws_member_t *m, int32_t nthreads, int32_t tid) {
  if (m->kind == GLASS_WS_GUIDED || m->kind == GLASS_WS_GUIDED_SIMD) {
    // Guided chunks are about remaining / 2n; a team of one has nothing to balance and takes
    // the first chunk of remaining / 1, everything.
    m->recip = nthreads > 1 ? UINT64_MAX / (2 * (uint64_t)nthreads) : UINT64_MAX;
  }
  if (glass_cancel_enabled())
    return GLASS_WS_FAST_NONE;
  // No chunk larger than the loop: the shared counter then stays far from wrapping around.
  if (m->chunk > m->trip && m->trip)
    m->chunk = m->trip;
  if (!m->slot) {
    // A team of one: every schedule is consecutive chunks of one size, and ordered turns are
    // nobody else's (ordered_wait/pass do nothing without a slot).
    // Static chunks of one thread are consecutive: without a tool counting them, they are
    // one block too (as in __kmpc_for_static_init's team of one), and an ordered loop's next
    // call comes once per loop instead of once per iteration.
    bool whole = m->kind == GLASS_WS_STATIC || m->kind == GLASS_WS_GUIDED ||
                 m->kind == GLASS_WS_GUIDED_SIMD ||
                 (m->kind == GLASS_WS_STATIC_CHUNKED && !OMPT_ON(dispatch));
    if (whole)
      m->chunk = m->trip ? m->trip : 1; // one block; guided_size's remaining / 1
    return GLASS_WS_FAST_SOLO;
  }
  if (m->kind == GLASS_WS_STATIC_CHUNKED) {
    // Chunks tid, tid + n, ... as indexes: the cursor is the next chunk's first index and
    // steps by n * chunk (saturated: past the end means no more chunks).
    uint64_t first, stride;
    if (__builtin_mul_overflow((uint64_t)tid, m->chunk, &first))
      first = UINT64_MAX;
    if (__builtin_mul_overflow((uint64_t)nthreads, m->chunk, &stride))
      stride = UINT64_MAX;
    m->cursor = first;
    m->recip = stride;
    return GLASS_WS_FAST_CHUNKED;
  }
  if (m->ordered)
    return GLASS_WS_FAST_NONE;
  if (m->kind == GLASS_WS_DYNAMIC)
    return GLASS_WS_FAST_DYNAMIC;
  return m->kind == GLASS_WS_GUIDED ? GLASS_WS_FAST_GUIDED : GLASS_WS_FAST_NONE;
}

// One block per thread, rounded up to a multiple of the simd width (schedule(simd:static)).
static uint64_t simd_block(uint64_t trip, uint64_t nth, uint64_t simd) {
  if (trip == 0)
    return simd;
  uint64_t per = (trip - 1) / nth + 1, blocks = (per - 1) / simd + 1, size;
  return __builtin_mul_overflow(blocks, simd, &size) ? trip : size;
}

// Each member's last fetch_add on a dynamic loop's counter goes up to a chunk past the end: for a
// loop of nearly 2^64 iterations the counter would wrap and hand the first chunks out again. Such
// a loop claims its chunks by compare-and-swap instead, as guided does, with a constant size
// (guided_size with recip 0 is the chunk).
static void dynamic_near_wrap(glass_ws_member_t *m, int32_t nthreads) {
  uint64_t past, top;
  if (!__builtin_mul_overflow((uint64_t)nthreads + 1, m->chunk, &past) &&
      !__builtin_add_overflow(m->trip, past, &top))
    return;
  m->kind = GLASS_WS_GUIDED;
  m->recip = 0;
  if (m->fast == GLASS_WS_FAST_DYNAMIC)
    m->fast = GLASS_WS_FAST_GUIDED;
}

static void dispatch_init(ident_t *loc, int32_t sched, uint64_t lb, uint64_t ub, int64_t incr,
                          int64_t chunk, bool is_signed, void *codeptr) {
  glass_thread_t *th = glass_self();
  glass_team_t *team = th->team;
  glass_ws_member_t *m = glass_ws_member(th);
  sched &= ~SCH_MODIFIERS;
  bool ordered = sched >= SCH_ORDERED_FIRST && sched <= SCH_ORDERED_LAST;
  if (ordered)
    sched -= SCH_ORDERED_FIRST - SCH_STATIC_CHUNKED;
  int work;
  bool balanced = false;
  m->kind = resolve_kind(th, sched, &chunk, &work, &balanced);
  m->chunk = chunk < 1 ? 1 : (uint64_t)chunk;
  m->lb = lb;
  m->incr = incr;
  m->is_signed = is_signed;
  m->trip = glass_ws_trip(lb, ub, incr, is_signed);
  if (balanced)
    m->chunk = simd_block(m->trip, (uint64_t)team->nthreads, m->chunk);
  m->last_index = m->trip - 1;
  m->ordered = ordered;
  m->finished = 0;
  m->ord_done = 0;
  m->cursor = m->kind == GLASS_WS_STATIC_CHUNKED ? (uint64_t)th->tid : 0;
  m->slot = team->nthreads > 1 ? glass_ws_slot_enter(team, m) : NULL;
  if (unlikely(!m->slot) && team->nthreads > 1)
    m->trip = 0; // cancelled region (glass_ws_slot_enter)
  m->fast = fast_path(m, team->nthreads, th->tid);
  if (m->kind == GLASS_WS_DYNAMIC && m->slot)
    dynamic_near_wrap(m, team->nthreads);
  m->fold = folds(m, team->nthreads);
  if (m->fold && m->kind != GLASS_WS_STATIC && m->kind != GLASS_WS_STATIC_CHUNKED)
    m->cursor = UINT64_MAX; // no end seen yet (slot_leave_folded)
  th->ws.disp_team = team;
  th->ws.disp = m;
  if (OMPT_ON(work)) {
    // A team of one runs a guided loop (auto included) as one static block (fast_path): report
    // the schedule it runs with, as libomp does.
    if (work == ompt_work_loop_guided && team->nthreads == 1)
      work = ompt_work_loop_static;
    m->work_type = work;
    m->work_count = m->trip;
    glass_ompt_work(th, work, ompt_scope_begin, m->trip, codeptr);
  }
}

// dispatch_init's fast paths, when cancel-var is off, no tool wants work events and the
// schedule is given in the directive (no ICV to read): a team of one, where every loop runs on
// the private cursor (fast_path's SOLO), and a dynamic loop in a team whose next slot is free.
// False: the general init must run (nothing was changed).
static inline __attribute__((always_inline)) bool
quick_init(int32_t sched, uint64_t lb, uint64_t ub, int64_t incr, int64_t chunk, bool is_signed) {
  glass_thread_t *th = glass_tls_self;
  if (unlikely(!th) || OMPT_ON(work) || glass_cancel_enabled())
    return false;
  glass_team_t *team = th->team;
  uint32_t s = (uint32_t)sched & ~(uint32_t)SCH_MODIFIERS;
  bool ordered = s - SCH_ORDERED_FIRST <= (uint32_t)(SCH_ORDERED_LAST - SCH_ORDERED_FIRST);
  if (ordered)
    s -= SCH_ORDERED_FIRST - SCH_STATIC_CHUNKED;
  int kind;
  if (s == SCH_DYNAMIC)
    kind = GLASS_WS_DYNAMIC;
  else if (s == SCH_GUIDED)
    kind = GLASS_WS_GUIDED;
  else if (s == SCH_STATIC_CHUNKED)
    kind = GLASS_WS_STATIC_CHUNKED;
  else if (s == SCH_STATIC)
    kind = GLASS_WS_STATIC;
  else
    return false;
  uint64_t trip = glass_ws_trip(lb, ub, incr, is_signed);
  uint64_t c = chunk < 1 ? 1 : (uint64_t)chunk;
  if (c > trip && trip)
    c = trip; // as fast_path
  glass_ws_member_t *m;
  if (team->nthreads == 1) {
    m = &team->ws.solo;
    if (kind == GLASS_WS_STATIC || kind == GLASS_WS_GUIDED ||
        (kind == GLASS_WS_STATIC_CHUNKED && !OMPT_ON(dispatch)))
      c = trip ? trip : 1; // one block, as fast_path
    m->fast = GLASS_WS_FAST_SOLO;
    m->slot = NULL;
    m->cursor = 0;
  } else {
    // A loop of 2^32 iterations or more: dispatch_init checks its counter cannot wrap (below,
    // trip + (n + 1) * chunk cannot reach 2^64).
    if (kind != GLASS_WS_DYNAMIC || ordered || unlikely(!team->ws.members) || unlikely(trip >> 32))
      return false;
    m = &team->ws.members[th->tid];
    // glass_ws_slot_enter when the slot is free: otherwise the general path waits for it.
    uint32_t idx = m->disp_index, pos = m->slot_pos;
    glass_disp_slot_t *slot = &team->ws.slots[pos];
    if (unlikely(atomic_load_explicit(&slot->gen, memory_order_acquire) != idx))
      return false;
    m->disp_index = idx + 1;
    m->slot_pos = pos + 1 == team->ws.nslots ? 0 : pos + 1;
    m->fast = GLASS_WS_FAST_DYNAMIC;
    m->slot = slot;
    m->fold = 1;
    m->cursor = UINT64_MAX;
  }
  m->ordered = ordered;
  m->finished = 0;
  m->ord_done = 0;
  m->is_signed = is_signed;
  m->kind = kind;
  m->lb = lb;
  m->incr = incr;
  m->trip = trip;
  m->last_index = trip - 1;
  m->chunk = c;
  m->recip = UINT64_MAX;
  m->work_type = 0;
  th->ws.disp_team = team;
  th->ws.disp = m;
  return true;
}

void glass_ws_whole_type_loop(void) {
  static _Atomic bool warned;
  if (!atomic_exchange_explicit(&warned, true, memory_order_relaxed))
    glass_warn("a loop's bounds say 2^32 iterations of a 32-bit variable, or 2^64 of a 64-bit "
               "one: the compiler's trip count overflowed; the loop runs no iteration");
}

// For ws_teams.c's distribute parallel for.
void glass_ws_dispatch_init(ident_t *loc, int32_t sched, uint64_t lb, uint64_t ub, int64_t incr,
                            int64_t chunk, bool is_signed, void *codeptr) {
  dispatch_init(loc, sched, lb, ub, incr, chunk, is_signed, codeptr);
}

// ---------------------------------------------------------------------------------------------
// Next chunk.

// A guided chunk: max(chunk, about remaining / 2n), without a division: mulhi(remaining,
// recip) is floor(remaining / 2n) or one less, so this is ceil(remaining / 2n) or one more
// (for a team of one, remaining). It never grows as remaining shrinks.
static inline uint64_t guided_size(uint64_t remaining, uint64_t recip, uint64_t chunk) {
  uint64_t size = (uint64_t)(((unsigned __int128)remaining * recip) >> 64) + 1;
  if (size < chunk)
    size = chunk;
  return size < remaining ? size : remaining;
}

// A guided size rounded up to a multiple of chunk, unless it takes all that remains. As
// guided_size, it never grows as remaining shrinks.
static inline uint64_t round_to_chunk(uint64_t size, uint64_t remaining, uint64_t chunk) {
  uint64_t r = size % chunk;
  if (r == 0 || remaining - size <= chunk - r)
    return r == 0 ? size : remaining;
  return size + (chunk - r);
}

// This member's next chunk [*first, *last] in index space; false when the loop is done for it.
static bool next_chunk(glass_thread_t *th, glass_ws_member_t *m, uint64_t *first, uint64_t *last) {
  uint64_t trip = m->trip, chunk = m->chunk, start, size;
  uint64_t nth = (uint64_t)th->team->nthreads;
  glass_disp_slot_t *slot = m->slot;
  switch (m->kind) {
  case GLASS_WS_STATIC: {
    if (m->cursor || trip == 0)
      return false;
    m->cursor = 1;
    uint64_t q = trip / nth, r = trip % nth, tid = (uint64_t)th->tid;
    size = q + (tid < r);
    start = tid * q + (tid < r ? tid : r);
    if (!size)
      return false;
    break;
  }
  case GLASS_WS_STATIC_CHUNKED: {
    uint64_t c = m->cursor;
    if (trip == 0 || c > (trip - 1) / chunk) // (trip + chunk - 1) would wrap near 2^64
      return false;
    m->cursor = c + nth;
    start = c * chunk;
    size = chunk;
    break;
  }
  case GLASS_WS_DYNAMIC:
    if (slot) {
      // A cancelled loop hands out no more chunks (cancel.h). A team of one needs no test:
      // its only member leaves the loop itself.
      if (unlikely(glass_cancel_loop_requested(th)))
        return false;
      start = atomic_fetch_add_explicit(&slot->next, chunk, memory_order_release);
      LOOP_STAT(1, start < trip);
      if (start >= trip) {
        m->cursor = start; // a folded loop's departure (slot_leave_folded)
        return false;
      }
    } else {
      start = m->cursor;
      m->cursor = trip - start > chunk ? start + chunk : trip; // no wrap near 2^64
    }
    if (start >= trip)
      return false;
    size = chunk;
    break;
  default: // GLASS_WS_GUIDED, GLASS_WS_GUIDED_SIMD
    if (slot) {
      if (unlikely(glass_cancel_loop_requested(th)))
        return false;
      start = atomic_load_explicit(&slot->next, memory_order_relaxed);
      do {
        if (start >= trip) {
          m->cursor = start; // the end seen: a folded loop departs (slot_leave_folded)
          return false;
        }
        size = guided_size(trip - start, m->recip, chunk);
        if (m->kind == GLASS_WS_GUIDED_SIMD)
          size = round_to_chunk(size, trip - start, chunk);
        LOOP_STAT(1, 0);
      } while (!atomic_compare_exchange_weak_explicit(&slot->next, &start, start + size,
                                                      memory_order_relaxed, memory_order_relaxed));
      LOOP_STAT(0, 1);
    } else {
      start = m->cursor;
      if (start >= trip)
        return false;
      size = guided_size(trip - start, m->recip, chunk);
      if (m->kind == GLASS_WS_GUIDED_SIMD)
        size = round_to_chunk(size, trip - start, chunk);
      m->cursor = start + size;
    }
    break;
  }
  *first = start;
  *last = trip - start > size ? start + size - 1 : trip - 1;
  return true;
}

static GLASS_NOINLINE void loop_done(glass_thread_t *th, glass_ws_member_t *m, void *codeptr) {
  // The fast paths count in the member's line: no call (and so no frame) on them.
  GLASS_STAT_ADD(th, GS_LOOP_RMW, m->stat_rmw);
  GLASS_STAT_ADD(th, GS_LOOP_CHUNK, m->stat_chunks);
  m->stat_rmw = m->stat_chunks = 0;
  m->finished = 1;
  m->fast = GLASS_WS_FAST_NONE;
  if (m->slot) {
    if (m->fold)
      slot_leave_folded(th->team, m);
    else
      glass_ws_slot_leave(th->team, m);
  }
  if (OMPT_ON(work) && m->work_type) {
    glass_ompt_work(th, m->work_type, ompt_scope_end, m->work_count, codeptr);
    m->work_type = 0;
  }
}

static inline uint64_t value_at(const glass_ws_member_t *m, uint64_t index) {
  return m->lb + index * (uint64_t)m->incr;
}

static GLASS_NOINLINE void chunk_event(glass_thread_t *th, glass_ws_member_t *m, uint64_t first,
                                       uint64_t last, bool narrow) {
  uint64_t start = value_at(m, first);
  if (narrow)
    start = m->is_signed ? (uint64_t)(int64_t)(int32_t)start : (uint32_t)start;
  glass_ompt_dispatch_chunk(th, ompt_dispatch_ws_loop_chunk, start, last - first + 1);
}

// The end of the loop for this member, reached on a fast path (a tail call: ra is the
// entry's return address).
static GLASS_NOINLINE int32_t fast_done(glass_ws_member_t *m, void *ra) {
  loop_done(glass_tls_self, m, glass_user_codeptr(ra));
  return 0;
}

// The calling thread's entry for the dispatched loop it is in: the cache dispatch_init filled,
// unless a nested region ran since.
static inline glass_ws_member_t *cached_member(glass_thread_t *th) {
  return likely(th->ws.disp_team == th->team) ? th->ws.disp : glass_ws_member(th);
}

// A fast path's dispatch event (a tail call); the entry's result.
static GLASS_NOINLINE int32_t fast_event(glass_ws_member_t *m, uint64_t first, uint64_t last,
                                         bool narrow) {
  chunk_event(glass_tls_self, m, first, last, narrow);
  return 1;
}

// A static chunked loop's next chunk in a team (GLASS_WS_FAST_CHUNKED): 1, or 0 at the end.
static inline __attribute__((always_inline)) int chunked_chunk(glass_ws_member_t *m,
                                                               uint64_t *first, uint64_t *last) {
  uint64_t trip = m->trip, chunk = m->chunk, start = m->cursor;
  if (unlikely(start >= trip))
    return 0;
  *last = (trip - start > chunk ? start + chunk : trip) - 1;
  m->cursor = trip - start > m->recip ? start + m->recip : trip;
  if (m->ordered) { // this chunk's first iteration has the next turn to wait for
    m->ord_iter = start;
    m->ord_done = 0;
  }
  *first = start;
  return 1;
}

// The common loops' next chunk [*first, *last]: dynamic, guided in a team of more than one,
// and static chunked in a team (ordered ones too: the chunk's first turn is set here), none
// under cancel-var (m->fast says which, fixed at init). A private cursor in a team of one or
// for static chunks, one fetch_add (dynamic) or one compare-and-swap (guided) on the slot's
// counter otherwise (guided and static chunked only when with_guided: the ABI entries leave
// them to the general path, whose frame guided's loop needs, and to a function of their own). 1: a
// chunk; 0: the loop is over for this member; -1: not such a loop (or already finished), the
// general path decides.
static inline __attribute__((always_inline)) int fast_chunk(glass_ws_member_t *m, uint64_t *first,
                                                            uint64_t *last, bool with_guided) {
  uint64_t trip = m->trip, chunk = m->chunk, start, end;
  uint8_t fast = m->fast;
  if (fast == GLASS_WS_FAST_SOLO) {
    start = m->cursor;
    if (unlikely(start >= trip))
      return 0;
    end = trip - start > chunk ? start + chunk : trip;
    m->cursor = end;
    *first = start;
    *last = end - 1;
    return 1;
  }
  switch (fast) {
  case GLASS_WS_FAST_DYNAMIC:
    // A release: the departure of a folded loop (slot_leave_folded) is one of these.
    start = atomic_fetch_add_explicit(&m->slot->next, chunk, memory_order_release);
    m->stat_rmw++;
    if (unlikely(start >= trip)) {
      m->cursor = start;
      return 0;
    }
    m->stat_chunks++;
    end = trip - start > chunk ? start + chunk : trip;
    break;
  case GLASS_WS_FAST_CHUNKED:
    if (!with_guided)
      return -1;
    return chunked_chunk(m, first, last);
  case GLASS_WS_FAST_GUIDED: {
    if (!with_guided)
      return -1;
    _Atomic uint64_t *next = &m->slot->next;
    start = atomic_load_explicit(next, memory_order_relaxed);
    do {
      if (unlikely(start >= trip)) {
        m->cursor = start; // the end seen (slot_leave_folded)
        return 0;
      }
      end = start + guided_size(trip - start, m->recip, chunk);
      m->stat_rmw++;
    } while (!atomic_compare_exchange_weak_explicit(next, &start, end, memory_order_relaxed,
                                                    memory_order_relaxed));
    m->stat_chunks++;
    break;
  }
  default:
    return -1;
  }
  *first = start;
  *last = end - 1;
  return 1;
}

// Every case: static kinds, ordered loops, cancellation, a finished loop, a thread whose
// cached member entry is stale (a nested region ran since:
// the cache is refreshed). The bounds of the next chunk as IV values; false at the end of the
// loop. ra is the entry's return address, turned into codeptr_ra only at the end of the loop.
static inline __attribute__((always_inline)) bool
dispatch_next(uint64_t *lo, uint64_t *hi, int32_t *plast, int64_t *incr, void *ra, bool narrow) {
  glass_thread_t *th = glass_self();
  glass_ws_member_t *m = glass_ws_member(th);
  if (unlikely(th->ws.disp != m || th->ws.disp_team != th->team)) {
    th->ws.disp_team = th->team;
    th->ws.disp = m;
  }
  uint64_t first, last;
  // A fast loop stays on its fast path (a team of one's cursor counts iterations, whatever
  // the schedule): here when a nested region in its body made the cache stale.
  int got = fast_chunk(m, &first, &last, true);
  if (got == 0) {
    loop_done(th, m, glass_user_codeptr(ra));
    return false;
  }
  if (got < 0 && (unlikely(m->finished) || !next_chunk(th, m, &first, &last))) {
    if (!m->finished)
      loop_done(th, m, glass_user_codeptr(ra));
    return false;
  }
  if (m->ordered) {
    m->ord_iter = first;
    m->ord_end = last;
    m->ord_done = 0;
  }
  *lo = value_at(m, first);
  *hi = value_at(m, last);
  *incr = m->incr;
  if (plast)
    *plast = last == m->last_index;
  if (OMPT_ON(dispatch))
    chunk_event(th, m, first, last, narrow);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Ordered turns (used by __kmpc_ordered in ws_ordered.c as well).

static bool my_turn(void *arg) {
  glass_ws_member_t *m = arg;
  return atomic_load_explicit(&m->slot->ordered, memory_order_seq_cst) == m->ord_iter ||
         glass_cancel_parallel_now(); // the turn's owner may have left the region
}

void glass_ws_ordered_wait(glass_thread_t *th, glass_ws_member_t *m) {
  if (m->slot && m->ordered)
    glass_ws_evc_wait(&m->slot->turn, my_turn, m);
}

// The sleepers of glass_ws_ordered_pass's slot (it saw some after its store).
GLASS_NOINLINE void glass_ws_ordered_wake(glass_disp_slot_t *slot) {
  atomic_fetch_add_explicit(&slot->turn.epoch, 1, memory_order_seq_cst);
  glass_futex_wake(&slot->turn.epoch, INT32_MAX);
}

// End of one iteration of an ordered loop: an iteration that ran no ordered region still takes
// its turn, so the next one can have its own. A team of one returns after one test.
static GLASS_NOINLINE void fini_untaken(glass_thread_t *th, glass_ws_member_t *m) {
  glass_ws_ordered_wait(th, m);
  glass_ws_ordered_pass(m);
  m->ord_iter++;
  m->ord_done = 0;
}

static inline __attribute__((always_inline)) void dispatch_fini(void) {
  glass_thread_t *th = glass_self();
  if (likely(th->team->nthreads == 1))
    return; // turns are nobody else's
  glass_ws_member_t *m = cached_member(th);
  if (!m->ordered || !m->slot)
    return;
  if (unlikely(!m->ord_done)) {
    fini_untaken(th, m);
    return;
  }
  m->ord_iter++;
  m->ord_done = 0;
}

// ---------------------------------------------------------------------------------------------
// ABI.

// __kmpc_dispatch_init_*: quick_init, else a tail call to the general init (the user's return
// address in place of loc, for codeptr_ra).
// __kmpc_dispatch_next_*: a frameless fast path (GLASS_FASTPATH) for the common loops: one TLS
// load, the cached member entry (checked against th->team), fast_chunk, the bounds, the
// dispatch event's one branch (then a tail call); everything else is a tail call to the
// general path, which receives the user's return address in place of the unused loc.
// A fast path's chunk [first, last] of member m, returned through the entry's pointers (its
// dispatch event, if wanted, by a tail call).
#define RETURN_CHUNK(T, ST, NARROW)                                                                \
  do {                                                                                             \
    *plb = (T)value_at(m, first);                                                                  \
    *pub = (T)value_at(m, last);                                                                   \
    if (plast)                                                                                     \
      *plast = last == m->last_index;                                                              \
    if (pst)                                                                                       \
      *pst = (ST)m->incr;                                                                          \
    if (OMPT_ON(dispatch))                                                                         \
      return fast_event(m, first, last, NARROW);                                                   \
    return 1;                                                                                      \
  } while (0)
#define DISPATCH(SFX, T, UT, ST, SIGNED, NARROW)                                                   \
  static GLASS_NOINLINE void dispatch_init_slow_##SFX(void *ra, int32_t gtid, int32_t sched, T lb, \
                                                      T ub, ST st, ST chunk) {                     \
    dispatch_init(NULL, sched, (uint64_t)lb, (uint64_t)ub, st, chunk, SIGNED,                      \
                  glass_user_codeptr(ra));                                                         \
  }                                                                                                \
  GLASS_API GLASS_FASTPATH void __kmpc_dispatch_init_##SFX(                                        \
      ident_t *loc, int32_t gtid, int32_t sched, T lb, T ub, ST st, ST chunk) {                    \
    GLASS_WS_EMPTY_IF_WHOLE_TYPE(T, UT, lb, ub, st);                                               \
    if (likely(quick_init(sched, (uint64_t)lb, (uint64_t)ub, st, chunk, SIGNED)))                  \
      return;                                                                                      \
    dispatch_init_slow_##SFX(__builtin_return_address(0), gtid, sched, lb, ub, st, chunk);         \
  }                                                                                                \
  static GLASS_NOINLINE GLASS_FASTPATH int32_t dispatch_next_chunked_##SFX(                        \
      glass_ws_member_t *m, int32_t *plast, T *plb, T *pub, ST *pst) {                             \
    uint64_t first, last;                                                                          \
    if (unlikely(!chunked_chunk(m, &first, &last)))                                                \
      return fast_done(m, __builtin_return_address(0));                                            \
    RETURN_CHUNK(T, ST, NARROW);                                                                   \
  }                                                                                                \
  static GLASS_NOINLINE int32_t dispatch_next_slow_##SFX(void *ra, int32_t gtid, int32_t *plast,   \
                                                         T *plb, T *pub, ST *pst) {                \
    uint64_t lo, hi;                                                                               \
    int64_t incr;                                                                                  \
    if (!dispatch_next(&lo, &hi, plast, &incr, ra, NARROW))                                        \
      return 0;                                                                                    \
    *plb = (T)lo;                                                                                  \
    *pub = (T)hi;                                                                                  \
    if (pst)                                                                                       \
      *pst = (ST)incr;                                                                             \
    return 1;                                                                                      \
  }                                                                                                \
  GLASS_API GLASS_FASTPATH int32_t __kmpc_dispatch_next_##SFX(                                     \
      ident_t *loc, int32_t gtid, int32_t *plast, T *plb, T *pub, ST *pst) {                       \
    glass_thread_t *th = glass_tls_self;                                                           \
    if (likely(th != NULL) && likely(th->ws.disp_team == th->team)) {                              \
      glass_ws_member_t *m = th->ws.disp;                                                          \
      uint64_t first, last;                                                                        \
      int got = fast_chunk(m, &first, &last, false);                                               \
      if (likely(got > 0)) {                                                                       \
        RETURN_CHUNK(T, ST, NARROW);                                                               \
      }                                                                                            \
      if (got == 0) {                                                                              \
        if (m->fast == GLASS_WS_FAST_SOLO && !OMPT_ON(work)) { /* no slot, no event */             \
          m->finished = 1;                                                                         \
          m->fast = GLASS_WS_FAST_NONE;                                                            \
          return 0;                                                                                \
        }                                                                                          \
        return fast_done(m, __builtin_return_address(0));                                          \
      }                                                                                            \
      if (m->fast == GLASS_WS_FAST_CHUNKED) /* a tail call: ra is still the user's */              \
        return dispatch_next_chunked_##SFX(m, plast, plb, pub, pst);                               \
    }                                                                                              \
    return dispatch_next_slow_##SFX(__builtin_return_address(0), gtid, plast, plb, pub, pst);      \
  }                                                                                                \
  GLASS_API GLASS_FASTPATH void __kmpc_dispatch_fini_##SFX(ident_t *loc, int32_t gtid) {           \
    dispatch_fini();                                                                               \
  }

DISPATCH(4, int32_t, uint32_t, int32_t, true, true)
DISPATCH(4u, uint32_t, uint32_t, int32_t, false, true)
DISPATCH(8, int64_t, uint64_t, int64_t, true, false)
DISPATCH(8u, uint64_t, uint64_t, int64_t, false, false)

// clang >= 19 calls this after every dispatched loop. A member that left the loop early
// (cancellation) releases its slot here.
GLASS_API void __kmpc_dispatch_deinit(ident_t *loc, int32_t gtid) {
  glass_thread_t *th = glass_self();
  glass_ws_member_t *m = cached_member(th);
  if (!m->finished && m->slot)
    loop_done(th, m, GLASS_CODEPTR());
}

// A member leaves a cancelled loop (cancel.h): it will not call dispatch_next or deinit again.
void glass_ws_dispatch_abandon(glass_thread_t *th, void *codeptr) {
  glass_ws_member_t *m = glass_ws_member(th);
  if (!m->finished)
    loop_done(th, m, codeptr);
}

void glass_ws_cancel_wake(glass_team_t *team) {
  glass_ws_team_t *ws = &team->ws;
  for (uint32_t k = 0; ws->slots && k < ws->nslots; k++) {
    glass_ws_evc_signal(&ws->slots[k].freed);
    glass_ws_evc_signal(&ws->slots[k].turn);
  }
}
