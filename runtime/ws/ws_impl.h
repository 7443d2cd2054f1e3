// Worksharing internals shared by the ws_*.c files: schedule numbers, iteration-space helpers,
// the member lookup and multi-waiter waits. Nothing here is part of the ABI.
#ifndef GLASS_WS_IMPL_H
#define GLASS_WS_IMPL_H

#include "glass.h"
#include "ompt-internal.h"

// Schedule numbers clang passes to static_init/dispatch_init (libomp's sched_type values).
enum {
  SCH_STATIC_CHUNKED = 33,
  SCH_STATIC = 34,
  SCH_DYNAMIC = 35,
  SCH_GUIDED = 36,
  SCH_RUNTIME = 37,
  SCH_AUTO = 38,
  SCH_TRAPEZOIDAL = 39,
  SCH_STATIC_GREEDY = 40,
  SCH_STATIC_BALANCED = 41,
  SCH_GUIDED_ITERATIVE = 42,
  SCH_GUIDED_ANALYTICAL = 43,
  SCH_STATIC_STEAL = 44,
  SCH_STATIC_BALANCED_CHUNKED = 45, // schedule(simd:static, n)
  SCH_GUIDED_SIMD = 46,
  SCH_RUNTIME_SIMD = 47,
  SCH_ORDERED_FIRST = 65, // 65..72: the ordered forms of 33..40
  SCH_ORDERED_LAST = 72,
  SCH_DIST_CHUNKED = 91,
  SCH_DIST = 92,
  SCH_MODIFIERS = 0x60000000, // monotonic 0x20000000, nonmonotonic 0x40000000
};

// What a dispatch loop actually does once runtime/auto are resolved.
enum {
  GLASS_WS_STATIC = 1,     // one balanced block per thread
  GLASS_WS_STATIC_CHUNKED, // round-robin chunks
  GLASS_WS_DYNAMIC,
  GLASS_WS_GUIDED,
  GLASS_WS_GUIDED_SIMD, // guided, each chunk but the last a multiple of `chunk`
};

// The per-chunk path of a dispatched loop, chosen once at init. Ordered loops, static kinds,
// loops under cancel-var and finished loops take the general path out of line.
enum {
  GLASS_WS_FAST_NONE = 0, // the general path
  GLASS_WS_FAST_SOLO,     // a team of one: a private cursor, chunks of `chunk`
  GLASS_WS_FAST_DYNAMIC,  // one fetch_add on the slot's counter
  GLASS_WS_FAST_GUIDED,   // one compare-and-swap on the slot's counter
  GLASS_WS_FAST_CHUNKED,  // static chunked in a team: a private cursor stepping by `recip`
};

// Whether a tool wants work or dispatch events (the static fast path's hook). Both callbacks'
// bits (20 and 32) lie in bytes 2..5 of the mask, so on a little-endian machine one 32-bit test
// covers them: one instruction and one branch instead of a 64-bit constant, an and and a branch.
static inline bool glass_ws_events_wanted(void) {
#if GLASS_OMPT && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && !GLASS_TSAN
  _Static_assert(ompt_callback_work >= 16 && ompt_callback_work < 48 &&
                     ompt_callback_dispatch >= 16 && ompt_callback_dispatch < 48,
                 "the work and dispatch bits must lie in the mask's bytes 2..5");
  uint32_t bytes;
  __builtin_memcpy(&bytes, (const char *)&glass_ompt_mask + 2, sizeof(bytes));
  return unlikely(bytes & (uint32_t)((OMPT_BIT(work) | OMPT_BIT(dispatch)) >> 16));
#else
  return OMPT_ANY(OMPT_BIT(work) | OMPT_BIT(dispatch));
#endif
}

// The current team's member entry of the calling thread.
static inline glass_ws_member_t *glass_ws_member(glass_thread_t *th) {
  glass_team_t *team = th->team;
  if (team->nthreads == 1 || !team->ws.members)
    return &team->ws.solo;
  return &team->ws.members[th->tid];
}

// Bounds that say 2^N iterations of an N-bit iteration variable (incr 1 or -1 from one end of
// the type to the other) describe no loop that can be written: they are what clang passes when
// its own trip count overflowed (docs/internals-ws.md, "Loops at the integer extremes"). Such a
// loop runs no iteration, as libomp's dispatched loops do: lb..ub becomes an empty range (lb one
// step on, ub the old lb), and one warning says so. glass_ws_whole_type_loop warns.
void glass_ws_whole_type_loop(void);
#define GLASS_WS_WHOLE_TYPE(T, UT, lb, ub, incr)                                                   \
  ((incr) == 1 ? (T)(lb) <= (T)(ub) && (UT)((UT)(ub) - (UT)(lb) + 1u) == 0                         \
               : (incr) == -1 && (T)(lb) >= (T)(ub) && (UT)((UT)(lb) - (UT)(ub) + 1u) == 0)
#define GLASS_WS_EMPTY_IF_WHOLE_TYPE(T, UT, lb, ub, incr)                                          \
  do {                                                                                             \
    if (unlikely(GLASS_WS_WHOLE_TYPE(T, UT, lb, ub, incr))) {                                      \
      glass_ws_whole_type_loop();                                                                  \
      (ub) = (lb);                                                                                 \
      (lb) = (T)((UT)(lb) + (UT)(incr));                                                           \
    }                                                                                              \
  } while (0)

// Iterations of lb..ub by incr; lb/ub carry the IV type's value extended to 64 bits.
static inline uint64_t glass_ws_trip(uint64_t lb, uint64_t ub, int64_t incr, bool is_signed) {
  if (likely(incr == 1)) // the usual loop: no division
    return (is_signed ? (int64_t)lb > (int64_t)ub : lb > ub) ? 0 : ub - lb + 1;
  if (incr > 0) {
    if (is_signed ? (int64_t)lb > (int64_t)ub : lb > ub)
      return 0;
    return (ub - lb) / (uint64_t)incr + 1;
  }
  if (incr < 0) {
    if (is_signed ? (int64_t)lb < (int64_t)ub : lb < ub)
      return 0;
    return (lb - ub) / (0 - (uint64_t)incr) + 1;
  }
  return lb == ub ? 1 : 0; // a zero increment is meaningless; run the first iteration once
}

// Multi-waiter waits (ws_wait.c). cond is re-tested after every wake-up.
typedef bool (*glass_ws_cond_fn)(void *arg);
void glass_ws_evc_wait_slow(glass_ws_evc_t *e, glass_ws_cond_fn cond, void *arg);
static inline void glass_ws_evc_wait(glass_ws_evc_t *e, glass_ws_cond_fn cond, void *arg) {
  if (!cond(arg))
    glass_ws_evc_wait_slow(e, cond, arg);
}
// Call after the store that makes a waited-for condition true (the store must be seq_cst or
// followed by a seq_cst fence: it pairs with the sleeper count).
static inline void glass_ws_evc_signal(glass_ws_evc_t *e) {
  glass_evc_signal(&e->epoch, &e->sleepers);
}

// Slots (ws_dispatch.c): take the calling member's next slot, waiting until it is free; leave
// it (the last member to leave resets it for the construct nslots later).
glass_disp_slot_t *glass_ws_slot_enter(glass_team_t *team, glass_ws_member_t *m);
void glass_ws_slot_leave(glass_team_t *team, glass_ws_member_t *m);
void glass_ws_slot_release(glass_team_t *team, glass_disp_slot_t *slot);
// The same for a construct that leaves the slot's counter at 0 (doacross): counted there.
void glass_ws_slot_depart(glass_team_t *team, glass_disp_slot_t *slot);

// Start a dispatched loop (ws_dispatch.c), as __kmpc_dispatch_init_* does.
void glass_ws_dispatch_init(ident_t *loc, int32_t sched, uint64_t lb, uint64_t ub, int64_t incr,
                            int64_t chunk, bool is_signed, void *codeptr);

// Ordered turns of the member's current iteration (ws_dispatch.c).
void glass_ws_ordered_wait(glass_thread_t *th, glass_ws_member_t *m);
void glass_ws_ordered_wake(glass_disp_slot_t *slot);

// Whether the member's iteration has its turn: one load and compare in a team (seq_cst, which
// is a plain load on x86, pairs with the sleeper count in glass_ws_ordered_pass); always in a
// team of one, or outside an ordered loop.
static inline bool glass_ws_ordered_turn(glass_ws_member_t *m) {
  return !m->slot || !m->ordered ||
         atomic_load_explicit(&m->slot->ordered, memory_order_seq_cst) == m->ord_iter;
}

// Pass the turn on: one seq_cst store, then the sleeper count read by a seq_cst load (ordered
// after the store without a separate fence); the wake-up only when somebody sleeps.
static inline void glass_ws_ordered_pass(glass_ws_member_t *m) {
  glass_disp_slot_t *slot = m->slot;
  m->ord_done = 1;
  if (!slot || !m->ordered)
    return;
  atomic_store_explicit(&slot->ordered, m->ord_iter + 1, memory_order_seq_cst);
  if (unlikely(atomic_load_explicit(&slot->turn.sleepers, memory_order_seq_cst)))
    glass_ws_ordered_wake(slot);
}

#endif
