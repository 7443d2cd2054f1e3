// From events to slices, streaming: every thread's events are read back a block at a time and
// replayed in one pass, merged by time, against a stack of open slices per thread, so a slice's
// depth is its nesting on its thread's track and every end closes the slice its begin opened.
// Each slice goes to the sinks as it opens and as it closes (trace_sink_t): the in-memory model
// (JSON, HTML), or the Perfetto writer and the summary, which keep nothing per slice.
//
// A first pass collects what a slice needs when it opens: the code address of every explicit
// task's creation and every parallel region (by id: ids are per-thread counters, so a table per
// thread indexed by the counter), and the distinct code addresses, which are symbolized before
// the replay so that filters by source location can apply as slices open.
//
// The stream is not trusted: an end with no open begin is counted and ignored, a begin whose
// end never comes is closed at the thread's last event (counted), and an end that skips over
// open slices closes them. A lock held across another lock's release, or a task suspended
// under another, is split instead, since nesting is not promised for those.
#include "trace.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { SLF_HIDDEN = 16 }; // the initial implicit task: open on the stack, never drawn

// ---------------------------------------------------------------------------------------------
// Ids: (track + 1) << 40 | counter (record.c). Unsampled tasks carry TRACE_ID_UNSAMPLED and
// are found nowhere.

enum { ID_TASK = 1, ID_REGION = 2, ID_STARTED = 4, ID_ENDED = 8, ID_FLOW = 16 };

typedef struct idinfo {
  const void *code; // creation of a task, begin of a parallel region
  uint16_t flags;
  uint16_t nstack;       // tasks: pieces of it open on the threads' stacks (saturates)
  uint16_t wm1;          // tasks: the sampling period it was recorded with, less 1
  uint32_t create_track; // tasks: the creating thread (for flows)
  uint32_t run_track;    // tasks: 1 + the thread that runs it, RUN_SEVERAL, or 0 (not seen)
} idinfo_t;

#define RUN_SEVERAL UINT32_MAX

typedef struct taskext { // model only: what flows need
  uint64_t create_t, start_t, end_t;
  uint32_t start_track, end_track;
} taskext_t;

typedef struct idtab {
  idinfo_t *v;
  taskext_t *x; // NULL when no flows are built
  size_t n;
} idtab_t;

typedef struct ids {
  idtab_t *tab; // per track
  uint32_t ntracks;
} ids_t;

static size_t id_slot(const ids_t *ids, uint64_t id, uint32_t *track) {
  if (id == 0 || (id & TRACE_ID_UNSAMPLED))
    return SIZE_MAX;
  uint64_t tr = (id >> 40) - 1, k = id & ((1ull << 40) - 1);
  if (tr >= ids->ntracks || k >= ids->tab[tr].n || !ids->tab[tr].v)
    return SIZE_MAX;
  *track = (uint32_t)tr;
  return (size_t)k;
}

static idinfo_t *id_find(const ids_t *ids, uint64_t id) {
  uint32_t tr;
  size_t k = id_slot(ids, id, &tr);
  return k == SIZE_MAX ? NULL : &ids->tab[tr].v[k];
}

static taskext_t *id_ext(const ids_t *ids, uint64_t id) {
  uint32_t tr;
  size_t k = id_slot(ids, id, &tr);
  return k == SIZE_MAX || !ids->tab[tr].x ? NULL : &ids->tab[tr].x[k];
}

static idinfo_t *explicit_task(const ids_t *ids, uint64_t id) {
  idinfo_t *t = id_find(ids, id);
  return t && (t->flags & ID_TASK) ? t : NULL;
}

// ---------------------------------------------------------------------------------------------
// Distinct code addresses: open addressing on the pointer.

typedef struct codeset {
  const void **v;
  size_t cap, n;
} codeset_t;

static void code_add(codeset_t *s, const void *code) {
  if (!code)
    return;
  if ((s->n + 1) * 2 > s->cap) {
    codeset_t g = {calloc(s->cap ? s->cap * 2 : 256, sizeof(void *)), s->cap ? s->cap * 2 : 256, 0};
    if (!g.v)
      return;
    for (size_t i = 0; i < s->cap; i++)
      if (s->v[i])
        code_add(&g, s->v[i]);
    free(s->v);
    *s = g;
  }
  for (size_t i = trace_hash64((uintptr_t)code) & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
    if (s->v[i] == code)
      return;
    if (!s->v[i]) {
      s->v[i] = code;
      s->n++;
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Growing arrays.

static void *grow(void *p, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap)
    return p;
  size_t c = *cap ? *cap : 256;
  while (c < need)
    c *= 2;
  void *q = realloc(p, c * elem);
  if (q)
    *cap = c;
  return q;
}

// ---------------------------------------------------------------------------------------------
// One thread's replay.

#define NONE SIZE_MAX

typedef struct open_slice {
  slice_t s;
  uint64_t child;   // time of the visible slices directly inside it
  uint64_t region;  // the innermost drawn implicit task's region, here or below
  size_t handle[4]; // per sink, from its open
  size_t below;     // the nearest shown entry under it on the stack, or NONE
  bool shown;       // handed to the sinks (inside the window, through the filters)
} open_slice_t;

enum { LOC_CACHE = 64 };

typedef struct replay_ctx {
  trace_model_t *m;
  const void *cache_code[LOC_CACHE]; // code address -> location, the last few seen
  uint32_t cache_loc[LOC_CACHE];
  const ids_t *ids;
  const trace_locs_t *locs;
  const bool *loc_ok; // per location: passes GLASS_TRACE_ONLY (NULL: no filter)
  trace_sink_t *const *sinks;
  size_t nsinks;
  uint64_t w0, w1;  // the time window
  uint64_t nslices; // slices handed to the sinks
  bool flows;
  struct dep {
    uint64_t src, sink;
  } * deps;
  size_t ndeps, capdeps;
} replay_ctx_t;

typedef struct replay {
  replay_ctx_t *c;
  uint32_t track;
  open_slice_t *stack;
  size_t depth, cap;
  bool in_window, past_window;
} replay_t;

static open_slice_t *top(replay_t *r, size_t k) {
  return &r->stack[r->depth - 1 - k];
}

static open_slice_t *shown_below(replay_t *r, size_t k) { // nearest shown entry under stack[k]
  size_t b = r->stack[k].below;
  return b == NONE ? NULL : &r->stack[b];
}

// stack[k].below from the entry under it (kept on each entry: walking the stack per slice was
// a large part of the replay's cost in deep task trees).
static void set_below(replay_t *r, size_t k) {
  r->stack[k].below = k == 0 ? NONE : r->stack[k - 1].shown ? k - 1 : r->stack[k - 1].below;
}

// Counts a task's pieces open on stacks, so that in_stack needs no walk for a task on none.
// Saturated counts stay (in_stack then walks).
static void on_stack(replay_t *r, uint64_t id, int delta) {
  idinfo_t *ti = id_find(r->c->ids, id);
  if (ti && ti->nstack < UINT16_MAX && (delta > 0 || ti->nstack > 0))
    ti->nstack = (uint16_t)(ti->nstack + delta);
}

static uint32_t loc_of(replay_ctx_t *c, const void *code) {
  size_t h = ((uintptr_t)code >> 2 ^ (uintptr_t)code >> 9) & (LOC_CACHE - 1);
  if (c->cache_code[h] != code) { // NULL starts cached: location 0
    c->cache_code[h] = code;
    c->cache_loc[h] = trace_loc_index(c->locs, code);
  }
  return c->cache_loc[h];
}

static void show(replay_t *r, size_t k) {
  open_slice_t *o = &r->stack[k];
  open_slice_t *p = shown_below(r, k);
  o->s.depth = p ? (uint16_t)(p->s.depth + 1) : 0;
  o->shown = true;
  r->c->nslices++;
  for (size_t i = 0; i < r->c->nsinks; i++) {
    o->s.parent = p ? p->handle[i] + 1 : 0;
    o->handle[i] = r->c->sinks[i]->open(r->c->sinks[i]->ctx, &o->s);
  }
}

static bool wanted(replay_t *r, const slice_t *s) {
  if (s->flags & SLF_HIDDEN)
    return false;
  return !r->c->loc_ok || (s->loc < r->c->locs->n && r->c->loc_ok[s->loc]);
}

static void push(replay_t *r, uint8_t kind, uint8_t sub, uint64_t t, uint64_t id, const void *code,
                 uint8_t flags) {
  open_slice_t *st = grow(r->stack, &r->cap, r->depth + 1, sizeof(open_slice_t));
  if (!st)
    return;
  r->stack = st;
  uint64_t par = r->depth ? st[r->depth - 1].region : 0;
  // A recorded task stands for its period's worth of tasks, and what runs inside it for as many.
  const idinfo_t *task = kind == SL_TASK ? id_find(r->c->ids, id) : NULL;
  uint16_t wm1 = task ? task->wm1 : r->depth ? st[r->depth - 1].s.wm1 : 0;
  open_slice_t *o = &st[r->depth++];
  o->child = 0; // the handles are set when it is shown
  o->shown = false;
  o->region = kind == SL_ITASK && !(flags & SLF_HIDDEN) ? id : par;
  o->s = (slice_t){.t0 = t,
                   .t1 = t,
                   .id = id,
                   .par = kind == SL_ITASK ? id : par,
                   .code = code,
                   .track = r->track,
                   .kind = kind,
                   .sub = sub,
                   .flags = flags,
                   .wm1 = wm1,
                   .loc = loc_of(r->c, code)};
  set_below(r, r->depth - 1);
  if (kind == SL_TASK)
    on_stack(r, id, 1);
}

// Called once the slice's fields are final (after push and the caller's extra fields).
static void opened(replay_t *r) {
  if (r->in_window && wanted(r, &top(r, 0)->s))
    show(r, r->depth - 1);
}

static void close_top(replay_t *r, uint64_t t) {
  open_slice_t *o = top(r, 0);
  o->s.t1 = t;
  if (o->s.kind == SL_TASK) {
    uint32_t tr;
    size_t k = id_slot(r->c->ids, o->s.id, &tr);
    idinfo_t *ti = k == SIZE_MAX ? NULL : &r->c->ids->tab[tr].v[k];
    taskext_t *x = ti && r->c->ids->tab[tr].x ? &r->c->ids->tab[tr].x[k] : NULL;
    if (ti) {
      ti->flags |= ID_ENDED;
      ti->nstack -= ti->nstack > 0 && ti->nstack < UINT16_MAX; // off the stack (on_stack)
    }
    if (x) {
      x->end_t = t;
      x->end_track = r->track;
    }
  }
  if (o->shown) {
    size_t k = r->depth - 1;
    open_slice_t *p = shown_below(r, k);
    uint64_t d = o->s.t1 - o->s.t0;
    uint64_t excl = d - (o->child < d ? o->child : d);
    if (p && !(o->s.flags & SLF_DEVICE)) // device time runs on its lane, beside the host's
      p->child += d;
    bool outer = o->s.kind == SL_ITASK; // only implicit tasks ask
    for (open_slice_t *q = p; q && outer; q = shown_below(r, (size_t)(q - r->stack)))
      outer = q->s.kind != SL_ITASK;
    for (size_t i = 0; i < r->c->nsinks; i++)
      r->c->sinks[i]->close(r->c->sinks[i]->ctx, &o->s, o->handle[i], excl, p ? &p->s : NULL,
                            o->s.kind == SL_ITASK && outer);
  }
  r->depth--;
}

typedef bool (*match_fn)(const slice_t *s, uint8_t kind, uint8_t sub, uint64_t id);

static bool by_kind(const slice_t *s, uint8_t kind, uint8_t sub, uint64_t id) {
  return s->kind == kind;
}
static bool by_kind_sub(const slice_t *s, uint8_t kind, uint8_t sub, uint64_t id) {
  return s->kind == kind && s->sub == sub;
}
static bool by_task(const slice_t *s, uint8_t kind, uint8_t sub, uint64_t id) {
  return s->kind == kind && s->task == id;
}
static bool by_kind_id(const slice_t *s, uint8_t kind, uint8_t sub, uint64_t id) {
  return s->kind == kind && s->id == id;
}

static bool splittable(const slice_t *s) {
  return s->kind == SL_MUTEX_HELD || s->kind == SL_TASK;
}

// Closes the innermost open slice that matches, and whatever is open above it.
static bool pop_match(replay_t *r, uint64_t t, match_fn fn, uint8_t kind, uint8_t sub,
                      uint64_t id) {
  size_t k;
  for (k = 0; k < r->depth; k++)
    if (fn(&top(r, k)->s, kind, sub, id))
      break;
  if (k == r->depth) {
    r->c->m->unmatched_ends++;
    return false;
  }
  // Slices above the match: locks and tasks are re-opened after it closes (split); anything
  // else lost its end.
  slice_t saved[8];
  size_t nsaved = 0;
  for (size_t i = 0; i < k; i++) {
    slice_t *s = &top(r, 0)->s;
    if (splittable(s) && nsaved < 8)
      saved[nsaved++] = *s;
    else if (!(s->flags & SLF_HIDDEN))
      r->c->m->unmatched_begins++;
    s->flags |= SLF_TRUNCATED;
    close_top(r, t);
  }
  close_top(r, t);
  while (nsaved > 0) {
    slice_t *s = &saved[--nsaved];
    push(r, s->kind, s->sub, t, s->id, s->code, SLF_RESUMED);
    opened(r);
  }
  return true;
}

static bool in_stack(replay_t *r, uint8_t kind, uint64_t id) {
  idinfo_t *ti = kind == SL_TASK ? id_find(r->c->ids, id) : NULL;
  if (ti && ti->nstack == 0) // on no thread's stack (most tasks, as they start)
    return false;
  for (size_t k = 0; k < r->depth; k++)
    if (top(r, k)->s.kind == kind && top(r, k)->s.id == id)
      return true;
  return false;
}

static bool terminal(uint8_t status) {
  return status == ompt_task_complete || status == ompt_task_cancel || status == ompt_task_detach ||
         status == ompt_task_early_fulfill || status == ompt_task_late_fulfill;
}

static void add_flow(trace_model_t *m, uint64_t t0, uint32_t tr0, uint64_t t1, uint32_t tr1,
                     uint8_t kind) {
  flow_t *f = grow(m->flows, &m->capflows, m->nflows + 1, sizeof(flow_t));
  if (!f)
    return;
  m->flows = f;
  f[m->nflows++] = (flow_t){t0, t1, tr0, tr1, kind};
}

static void on_schedule(replay_t *r, const trace_ev_t *e) {
  const ids_t *ids = r->c->ids;
  idinfo_t *prior = explicit_task(ids, e->a);
  idinfo_t *next = explicit_task(ids, e->b);
  if (prior && terminal(e->sub))
    pop_match(r, e->t, by_kind_id, SL_TASK, 0, e->a);
  else if (prior && (!next || in_stack(r, SL_TASK, e->b)) && in_stack(r, SL_TASK, e->a))
    // Suspended, and the thread goes back to a task below it (or to its implicit task): an
    // untied task's part returned, and the task resumes later, here or on another thread, as
    // a new piece. A task that waits or yields runs the next task above itself instead.
    pop_match(r, e->t, by_kind_id, SL_TASK, 0, e->a);
  if (!next || in_stack(r, SL_TASK, e->b))
    return;
  uint8_t first = next->flags & ID_FLOW ? SLF_FLOW_END : 0;
  push(r, SL_TASK, 0, e->t, e->b, next->code, next->flags & ID_STARTED ? SLF_RESUMED : first);
  opened(r);
  if (next->flags & ID_STARTED)
    return;
  next->flags |= ID_STARTED;
  r->c->m->threads[r->track].executed++;
  taskext_t *x = id_ext(ids, e->b);
  if (x && r->c->flows) {
    x->start_t = e->t;
    x->start_track = r->track;
    // Both ends must lie in slices that are shown: inside the window, and no location filter
    // (the creating construct may be filtered out).
    if (top(r, 0)->shown && !r->c->loc_ok && x->create_t >= r->c->w0)
      add_flow(r->c->m, x->create_t, next->create_track, e->t, r->track, FLOW_CREATE);
  }
}

static bool try_lock_kind(uint8_t kind) {
  return kind == ompt_mutex_test_lock || kind == ompt_mutex_test_nest_lock;
}

// The instant each device event becomes.
static const uint8_t device_instants[] = {
    [EV_DEVICE_INIT] = IN_DEVICE_INIT,     [EV_DEVICE_LOAD] = IN_DEVICE_LOAD,
    [EV_DEVICE_UNLOAD] = IN_DEVICE_UNLOAD, [EV_DEVICE_FINALIZE] = IN_DEVICE_FINALIZE,
    [EV_TARGET_MAP] = IN_TARGET_MAP,
};

static void add_instant(replay_t *r, const trace_ev_t *e, uint8_t kind) {
  trace_model_t *m = r->c->m;
  if (!r->in_window)
    return;
  instant_t in = {e->t, r->track, e->n, e->a, kind};
  for (size_t i = 0; i < r->c->nsinks; i++)
    if (r->c->sinks[i]->instant)
      r->c->sinks[i]->instant(r->c->sinks[i]->ctx, &in);
  m->ninstants_seen += kind != IN_TASK_CREATE;
}

// A streamed replay draws a task's creation as an instant that starts a flow to the task's
// first slice when another thread runs the task (a thread running its own tasks needs no
// arrows, and an arrow per task would grow the trace by a third). Both ends must be shown:
// inside the window, no location filter (the creating construct may be filtered out).
static void task_created(replay_t *r, const trace_ev_t *e) {
  idinfo_t *t = explicit_task(r->c->ids, e->a);
  if (r->c->flows || r->c->loc_ok || !t || !r->in_window || t->run_track == 0 ||
      t->run_track == r->track + 1)
    return;
  t->flags |= ID_FLOW;
  add_instant(r, e, IN_TASK_CREATE);
}

// A worker's end-of-region barrier has no code address in some runtimes (its thread never
// called anything at that point): it takes its parallel region's.
static const void *barrier_code(replay_t *r, const trace_ev_t *e) {
  if (e->code || e->sub != ompt_sync_region_barrier_implicit_parallel)
    return e->code;
  for (size_t k = 0; k < r->depth; k++)
    if (top(r, k)->s.kind == SL_ITASK && !(top(r, k)->s.flags & SLF_HIDDEN)) {
      idinfo_t *reg = id_find(r->c->ids, top(r, k)->s.id);
      return reg && (reg->flags & ID_REGION) ? reg->code : NULL;
    }
  return NULL;
}

static const void *enclosing_target_code(replay_t *r) {
  for (size_t k = 0; k < r->depth; k++)
    if (top(r, k)->s.kind == SL_TARGET)
      return top(r, k)->s.code;
  return NULL;
}

// A begin event: the slice opens with its count and task fields set (0 where the kind has none).
static void begin(replay_t *r, uint8_t kind, uint8_t sub, uint64_t t, uint64_t id, const void *code,
                  uint8_t flags, uint32_t count, uint64_t task) {
  push(r, kind, sub, t, id, code, flags);
  top(r, 0)->s.count = count;
  top(r, 0)->s.task = task;
  opened(r);
}

static void replay_event(replay_t *r, const trace_ev_t *e) {
  switch (e->kind) {
  case EV_PARALLEL_BEGIN:
    begin(r, SL_PARALLEL, 0, e->t, e->a, e->code, 0, e->n, 0);
    break;
  case EV_PARALLEL_END:
    pop_match(r, e->t, by_kind_id, SL_PARALLEL, 0, e->a);
    break;
  case EV_ITASK_BEGIN:
    begin(r, SL_ITASK, 0, e->t, e->a, NULL, e->sub ? SLF_HIDDEN : 0, e->n, e->b);
    break;
  case EV_ITASK_END:
    pop_match(r, e->t, by_task, SL_ITASK, 0, e->b);
    break;
  case EV_WORK_BEGIN:
    begin(r, SL_WORK, e->sub, e->t, 0, e->code, 0, e->n, 0);
    break;
  case EV_WORK_END:
    pop_match(r, e->t, by_kind, SL_WORK, e->sub, 0);
    break;
  case EV_MASKED_BEGIN:
    begin(r, SL_MASKED, 0, e->t, 0, e->code, 0, 0, 0);
    break;
  case EV_MASKED_END:
    pop_match(r, e->t, by_kind, SL_MASKED, 0, 0);
    break;
  case EV_SYNC_BEGIN:
    begin(r, SL_SYNC, e->sub, e->t, 0, barrier_code(r, e), 0, 0, 0);
    break;
  case EV_SYNC_END:
    pop_match(r, e->t, by_kind_sub, SL_SYNC, e->sub, 0);
    break;
  case EV_WAIT_BEGIN:
    begin(r, SL_WAIT, e->sub, e->t, 0, barrier_code(r, e), 0, 0, 0);
    break;
  case EV_WAIT_END:
    pop_match(r, e->t, by_kind_sub, SL_WAIT, e->sub, 0);
    break;
  case EV_REDUCTION_BEGIN:
    begin(r, SL_REDUCTION, e->sub, e->t, 0, e->code, 0, 0, 0);
    break;
  case EV_REDUCTION_END:
    pop_match(r, e->t, by_kind, SL_REDUCTION, e->sub, 0);
    break;
  case EV_TASK_SCHEDULE:
    on_schedule(r, e);
    break;
  case EV_TASK_DEP:
    if (r->c->flows) {
      struct dep *d = grow(r->c->deps, &r->c->capdeps, r->c->ndeps + 1, sizeof(*d));
      if (d) {
        r->c->deps = d;
        d[r->c->ndeps++] = (struct dep){e->a, e->b};
      }
    }
    break;
  case EV_MUTEX_ACQUIRE:
    if (!try_lock_kind(e->sub)) {
      push(r, SL_MUTEX_WAIT, e->sub, e->t, e->a, e->code, 0);
      opened(r);
    }
    break;
  case EV_MUTEX_ACQUIRED:
    if (r->depth && top(r, 0)->s.kind == SL_MUTEX_WAIT && top(r, 0)->s.id == e->a)
      close_top(r, e->t);
    else if (!try_lock_kind(e->sub))
      pop_match(r, e->t, by_kind_id, SL_MUTEX_WAIT, 0, e->a);
    begin(r, SL_MUTEX_HELD, e->sub, e->t, e->a, e->code, 0, 0, 0);
    break;
  case EV_NEST_LOCK: // re-acquired a nestable lock it holds: the acquire did not wait
    if (e->sub == ompt_scope_begin && r->depth && top(r, 0)->s.kind == SL_MUTEX_WAIT &&
        top(r, 0)->s.id == e->a)
      close_top(r, e->t);
    break;
  case EV_MUTEX_RELEASED:
    pop_match(r, e->t, by_kind_id, SL_MUTEX_HELD, 0, e->a);
    break;
  case EV_TASK_CREATE:
    task_created(r, e);
    break;
  case EV_CONTROL:
    add_instant(r, e, IN_CONTROL);
    break;
  case EV_TARGET_BEGIN:
    begin(r, SL_TARGET, e->sub, e->t, e->a, e->code, 0, e->n, 0);
    break;
  case EV_TARGET_END:
    pop_match(r, e->t, by_kind_id, SL_TARGET, 0, e->a);
    break;
  case EV_DATA_OP_BEGIN:
    begin(r, SL_DATA_OP, e->sub, e->t, 0, e->code ? e->code : enclosing_target_code(r), SLF_DEVICE,
          e->n, e->a);
    break;
  case EV_DATA_OP_END:
    pop_match(r, e->t, by_kind, SL_DATA_OP, 0, 0);
    break;
  case EV_SUBMIT_BEGIN:
    begin(r, SL_KERNEL, 0, e->t, e->a, enclosing_target_code(r), SLF_DEVICE, e->n, 0);
    break;
  case EV_SUBMIT_END:
    pop_match(r, e->t, by_kind, SL_KERNEL, 0, 0);
    break;
  case EV_GPU_BEGIN: { // a device's own record: kernel (sub 0) or transfer, on its lane
    const idinfo_t *t = id_find(r->c->ids, e->a); // its construct (scan noted the code)
    const void *code = t ? t->code : NULL;
    push(r, e->sub ? SL_DATA_OP : SL_KERNEL, e->sub, e->t, e->a, code, SLF_GPU);
    top(r, 0)->s.task = e->sub ? e->b : 0;
    top(r, 0)->s.count = e->sub ? e->n : (uint32_t)e->b;
    opened(r);
    break;
  }
  case EV_GPU_END:
    pop_match(r, e->t, by_kind, e->sub ? SL_DATA_OP : SL_KERNEL, 0, 0);
    break;
  case EV_DEVICE_INIT:
  case EV_DEVICE_LOAD:
  case EV_DEVICE_UNLOAD:
  case EV_DEVICE_FINALIZE:
  case EV_TARGET_MAP:
    add_instant(r, e, device_instants[e->kind]);
    break;
  default:
    break;
  }
}

// The window: slices open at its start are shown from there (clipped); at its end every shown
// slice closes there and nothing more is shown.
static void window_edges(replay_t *r, uint64_t t) {
  if (!r->in_window && !r->past_window && t >= r->c->w0) {
    r->in_window = true;
    for (size_t k = 0; k < r->depth; k++) {
      set_below(r, k);
      if (wanted(r, &r->stack[k].s)) {
        r->stack[k].s.t0 = r->c->w0 > r->stack[k].s.t0 ? r->c->w0 : r->stack[k].s.t0;
        show(r, k);
      }
    }
  }
  if (r->in_window && t > r->c->w1) {
    r->in_window = false;
    r->past_window = true;
    for (size_t k = r->depth; k-- > 0;) // innermost first, as ends come
      if (r->stack[k].shown) {
        open_slice_t saved = r->stack[k];
        size_t d = r->depth;
        r->depth = k + 1;
        r->stack[k].s.flags |= SLF_TRUNCATED;
        close_top(r, r->c->w1);
        r->depth = d;
        r->stack[k] = saved;
        r->stack[k].shown = false;
        if (saved.s.kind == SL_TASK) // still open: close_top counted it off the stack
          on_stack(r, saved.s.id, 1);
      }
    for (size_t k = 0; k < r->depth; k++)
      set_below(r, k);
  }
}

// ---------------------------------------------------------------------------------------------
// Merging the threads' streams by time: a binary heap of cursors keyed by their next event.

typedef struct stream {
  trace_cursor_t cur;
  const trace_ev_t *ev;
  replay_t r;
} stream_t;

static bool before(const stream_t *a, const stream_t *b) {
  return a->ev->t < b->ev->t || (a->ev->t == b->ev->t && a->r.track < b->r.track);
}

static void sift_down(stream_t **h, size_t n, size_t i) {
  for (;;) {
    size_t l = 2 * i + 1, m = i;
    if (l < n && before(h[l], h[m]))
      m = l;
    if (l + 1 < n && before(h[l + 1], h[m]))
      m = l + 1;
    if (m == i)
      return;
    stream_t *t = h[i];
    h[i] = h[m];
    h[m] = t;
    i = m;
  }
}

// ---------------------------------------------------------------------------------------------
// Pass 1: ids, codes, counts.

static void scan(trace_model_t *m, ids_t *ids, codeset_t *codes, trace_thread_t **threads,
                 bool flows) {
  for (uint32_t tr = 0; tr < m->ntracks; tr++) {
    trace_thread_t *th = threads[tr];
    if (!th)
      continue;
    idtab_t *tab = &ids->tab[tr];
    tab->n = (size_t)(th->next_id & ((1ull << 40) - 1)) + 1;
    tab->v = calloc(tab->n, sizeof(idinfo_t));
    tab->x = flows ? calloc(tab->n, sizeof(taskext_t)) : NULL;
    trace_cursor_t c;
    if (!tab->v || !trace_cursor_open(&c, th))
      continue;
    for (const trace_ev_t *e; (e = trace_cursor_next(&c));) {
      m->threads[tr].events++;
      if (e->t > m->tend)
        m->tend = e->t;
      switch (e->kind) {
      case EV_TASK_CREATE: {
        code_add(codes, e->code);
        if (!(e->n & ompt_task_explicit))
          break;
        idinfo_t *t = id_find(ids, e->a);
        if (t) {
          t->flags |= ID_TASK;
          t->code = e->code;
          t->create_track = tr;
          t->wm1 = (uint16_t)((e->n & TRACE_CREATE_W_MASK) >> TRACE_CREATE_W_SHIFT);
        }
        taskext_t *x = id_ext(ids, e->a);
        if (x)
          x->create_t = e->t;
        m->threads[tr].created++;
        break;
      }
      case EV_PARALLEL_BEGIN: {
        code_add(codes, e->code);
        idinfo_t *t = id_find(ids, e->a);
        if (t) {
          t->flags |= ID_REGION;
          t->code = e->code;
        }
        break;
      }
      case EV_TARGET_BEGIN: { // for the device records it issued (EV_GPU_BEGIN)
        code_add(codes, e->code);
        idinfo_t *t = id_find(ids, e->a);
        if (t)
          t->code = e->code;
        break;
      }
      case EV_TASK_SCHEDULE: { // b is an id, not a code address
        idinfo_t *t = id_find(ids, e->b);
        if (t)
          t->run_track = !t->run_track || t->run_track == tr + 1 ? tr + 1 : RUN_SEVERAL;
        break;
      }
      case EV_ITASK_BEGIN:
      case EV_ITASK_END:
      case EV_TASK_DEP:
      case EV_GPU_BEGIN:
      case EV_GPU_END:
        break; // b is an id or a count, not a code address
      default:
        code_add(codes, e->code);
      }
    }
    trace_cursor_close(&c);
  }
}

static void resolve_deps(replay_ctx_t *c) {
  for (size_t i = 0; i < c->ndeps; i++) {
    idinfo_t *src = explicit_task(c->ids, c->deps[i].src);
    idinfo_t *sink = explicit_task(c->ids, c->deps[i].sink);
    taskext_t *xs = id_ext(c->ids, c->deps[i].src), *xk = id_ext(c->ids, c->deps[i].sink);
    if (src && sink && xs && xk && (src->flags & ID_ENDED) && (sink->flags & ID_STARTED) &&
        !c->loc_ok && xs->end_t >= c->w0 && xk->start_t <= c->w1)
      add_flow(c->m, xs->end_t, xs->end_track, xk->start_t, xk->start_track, FLOW_DEPEND);
  }
}

// Which locations pass GLASS_TRACE_ONLY: a pattern is a function name, a file (its base name or
// a suffix of its path) or file:line.
static bool *location_filter(const trace_locs_t *locs) {
  if (!trace_opt.only[0])
    return NULL;
  bool *ok = calloc(locs->n + 1, sizeof(bool));
  if (!ok)
    return NULL;
  char buf[sizeof(trace_opt.only)];
  snprintf(buf, sizeof(buf), "%s", trace_opt.only);
  for (char *save, *p = strtok_r(buf, ", ", &save); p; p = strtok_r(NULL, ", ", &save))
    for (size_t i = 1; i < locs->n; i++) {
      const trace_loc_t *l = &locs->v[i];
      size_t lf = strlen(l->file), lp = strlen(p);
      const char *colon = strrchr(l->label, ':');
      size_t lfile = colon ? (size_t)(colon - l->label) : strlen(l->label);
      bool file = (lf >= lp && strcmp(l->file + lf - lp, p) == 0 &&
                   (lf == lp || l->file[lf - lp - 1] == '/')) ||
                  (lfile == lp && strncmp(l->label, p, lp) == 0);
      if (strcmp(l->label, p) == 0 || strcmp(l->func, p) == 0 || file)
        ok[i] = true;
    }
  return ok;
}

// ---------------------------------------------------------------------------------------------

void trace_replay(trace_model_t *m, trace_locs_t *locs, trace_sink_t *const *sinks, size_t nsinks,
                  bool flows) {
  memset(m, 0, sizeof(*m));
  memset(locs, 0, sizeof(*locs));
  size_t nth = 0;
  for (trace_thread_t *th = atomic_load(&trace_threads); th; th = th->next_thread)
    if (th->track + 1 > nth)
      nth = th->track + 1;
  m->ntracks = (uint32_t)nth;
  m->threads = calloc(nth ? nth : 1, sizeof(thread_info_t));
  trace_thread_t **threads = calloc(nth ? nth : 1, sizeof(*threads));
  ids_t ids = {calloc(nth ? nth : 1, sizeof(idtab_t)), (uint32_t)nth};
  stream_t *st = calloc(nth ? nth : 1, sizeof(stream_t));
  stream_t **heap = calloc(nth ? nth : 1, sizeof(*heap));
  codeset_t codes = {0};
  replay_ctx_t c = {.m = m,
                    .ids = &ids,
                    .locs = locs,
                    .sinks = sinks,
                    .nsinks = nsinks,
                    .w0 = trace_opt.window0,
                    .w1 = trace_opt.window1,
                    .flows = flows};
  if (!m->threads || !threads || !ids.tab || !st || !heap)
    goto out;
  for (trace_thread_t *th = atomic_load(&trace_threads); th; th = th->next_thread) {
    threads[th->track] = th;
    m->threads[th->track].type = th->type;
    m->threads[th->track].device = th->device;
    m->threads[th->track].lane = th->lane;
  }
  scan(m, &ids, &codes, threads, flows);
  // The codes, compacted, go to the symbolizer.
  size_t u = 0;
  for (size_t i = 0; i < codes.cap; i++)
    if (codes.v[i])
      codes.v[u++] = codes.v[i];
  trace_symbolize_codes(codes.v, u, locs);
  bool *loc_ok = location_filter(locs);
  c.loc_ok = loc_ok;
  size_t n = 0;
  for (uint32_t tr = 0; tr < nth; tr++) {
    stream_t *s = &st[tr];
    s->r = (replay_t){.c = &c, .track = tr};
    if (threads[tr] && trace_cursor_open(&s->cur, threads[tr]) &&
        (s->ev = trace_cursor_next(&s->cur)))
      heap[n++] = s;
  }
  for (size_t i = n / 2; i-- > 0;)
    sift_down(heap, n, i);
  uint64_t stop = trace_opt.window1; // past the window nothing more can show
  while (n > 0) {
    stream_t *s = heap[0];
    if (s->ev->t > stop && s->r.past_window) {
      heap[0] = heap[--n]; // this thread is done
      sift_down(heap, n, 0);
      continue;
    }
    window_edges(&s->r, s->ev->t);
    replay_event(&s->r, s->ev);
    s->r.c->m->threads[s->r.track].last = s->ev->t;
    if ((s->ev = trace_cursor_next(&s->cur)))
      sift_down(heap, n, 0);
    else {
      heap[0] = heap[--n];
      sift_down(heap, n, 0);
    }
  }
  for (uint32_t tr = 0; tr < nth; tr++) {
    replay_t *r = &st[tr].r;
    uint64_t last = m->threads[tr].last;
    if (last > c.w1)
      last = c.w1;
    while (r->depth > 0) {
      open_slice_t *o = top(r, 0);
      if (!(o->s.flags & SLF_HIDDEN) && o->shown) {
        o->s.flags |= SLF_TRUNCATED;
        m->truncated++;
      }
      close_top(r, last < o->s.t0 ? o->s.t0 : last);
    }
    free(r->stack);
    trace_cursor_close(&st[tr].cur);
  }
  resolve_deps(&c);
  m->nslices_seen = c.nslices;
  free(loc_ok);
out:
  for (uint32_t tr = 0; tr < nth; tr++) {
    if (threads && threads[tr]) {
      m->threads[tr].dropped = threads[tr]->dropped;
      m->threads[tr].spilled = threads[tr]->spilled;
      m->dropped += threads[tr]->dropped;
      m->spilled += threads[tr]->spilled;
      m->threads[tr].sampled_out = threads[tr]->sampled_out;
      m->sampled_out += threads[tr]->sampled_out;
      m->threads[tr].measured_ns = threads[tr]->smp.measured_ns;
      m->threads[tr].measured_tasks = threads[tr]->smp.measured_tasks;
      m->threads[tr].period_max = threads[tr]->smp.period_max;
    }
    if (ids.tab)
      free(ids.tab[tr].v), free(ids.tab[tr].x);
  }
  free(ids.tab);
  free(codes.v);
  free(c.deps);
  free(threads);
  free(st);
  free(heap);
}

// ---------------------------------------------------------------------------------------------
// The in-memory model as a sink.

static size_t model_open(void *ctx, const slice_t *s) {
  trace_model_t *m = ctx;
  slice_t *v = grow(m->slices, &m->capslices, m->nslices + 1, sizeof(slice_t));
  if (!v)
    return SIZE_MAX; // links to it become 0, "no parent" (SIZE_MAX + 1)
  m->slices = v;
  v[m->nslices] = *s;
  return m->nslices++;
}

static void model_close(void *ctx, const slice_t *s, size_t handle, uint64_t excl,
                        const slice_t *parent, bool outermost_itask) {
  trace_model_t *m = ctx;
  if (handle < m->nslices) {
    m->slices[handle].t0 = s->t0;
    m->slices[handle].t1 = s->t1;
    m->slices[handle].flags = s->flags;
  }
}

static void model_instant(void *ctx, const instant_t *in) {
  trace_model_t *m = ctx;
  instant_t *v = grow(m->instants, &m->capinstants, m->ninstants + 1, sizeof(*v));
  if (v) {
    m->instants = v;
    v[m->ninstants++] = *in;
  }
}

void trace_build_model(trace_model_t *m, trace_locs_t *locs) {
  trace_model_t tmp; // the sink's context must outlive trace_replay's reset of *m
  memset(&tmp, 0, sizeof(tmp));
  trace_sink_t sink = {&tmp, model_open, model_close, model_instant};
  trace_sink_t *sinks[] = {&sink};
  trace_replay(m, locs, sinks, 1, true);
  m->slices = tmp.slices;
  m->nslices = tmp.nslices;
  m->capslices = tmp.capslices;
  m->instants = tmp.instants;
  m->ninstants = tmp.ninstants;
  m->capinstants = tmp.capinstants;
}
