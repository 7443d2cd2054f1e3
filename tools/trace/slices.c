// From events to slices: each thread's events are replayed against a stack of open slices, so
// a slice's depth is its nesting on its thread's track and every end closes the slice its
// begin opened. Explicit tasks are known from their creation (on any thread) and give flows:
// creation -> first start, and source task end -> sink task start for each dependence.
//
// The stream is not trusted: an end with no open begin is counted and ignored, a begin whose
// end never comes is closed at the thread's last event (counted), and an end that skips over
// open slices closes them. A lock held across another lock's release, or a task suspended
// under another, is split instead, since nesting is not promised for those.
#include "trace.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { SLF_HIDDEN = 4 }; // the initial implicit task: open on the stack, never drawn

// ---------------------------------------------------------------------------------------------
// Explicit tasks by id: open addressing, linear probing.

typedef struct task_rec {
  uint64_t id;
  uint64_t create_t, start_t, end_t;
  uint32_t create_track, start_track, end_track;
  bool started, ended;
} task_rec_t;

typedef struct task_map {
  task_rec_t *v;
  size_t cap, n;
} task_map_t;

static size_t hash64(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (size_t)x;
}

static task_rec_t *task_find(task_map_t *m, uint64_t id, bool add) {
  if (id == 0 || (m->cap == 0 && !add))
    return NULL;
  if (add && (m->n + 1) * 2 > m->cap) {
    task_map_t g = {calloc(m->cap ? m->cap * 2 : 1024, sizeof(task_rec_t)),
                    m->cap ? m->cap * 2 : 1024, 0};
    if (!g.v)
      return NULL;
    for (size_t i = 0; i < m->cap; i++)
      if (m->v[i].id)
        *task_find(&g, m->v[i].id, true) = m->v[i];
    free(m->v);
    *m = g;
  }
  for (size_t i = hash64(id) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    if (m->v[i].id == id)
      return &m->v[i];
    if (m->v[i].id == 0) {
      if (!add)
        return NULL;
      m->v[i].id = id;
      m->n++;
      return &m->v[i];
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

static slice_t *new_slice(trace_model_t *m) {
  slice_t *s = grow(m->slices, &m->capslices, m->nslices + 1, sizeof(slice_t));
  if (!s)
    return NULL;
  m->slices = s;
  memset(&s[m->nslices], 0, sizeof(slice_t));
  return &s[m->nslices++];
}

static void add_flow(trace_model_t *m, uint64_t t0, uint32_t tr0, uint64_t t1, uint32_t tr1,
                     uint8_t kind) {
  flow_t *f = grow(m->flows, &m->capflows, m->nflows + 1, sizeof(flow_t));
  if (!f)
    return;
  m->flows = f;
  f[m->nflows++] = (flow_t){t0, t1, tr0, tr1, kind};
}

// ---------------------------------------------------------------------------------------------
// One thread's replay.

typedef struct replay {
  trace_model_t *m;
  task_map_t *tasks;
  uint32_t track;
  size_t *stack; // indices into m->slices
  size_t depth, cap;
} replay_t;

static slice_t *top(replay_t *r, size_t k) {
  return &r->m->slices[r->stack[r->depth - 1 - k]];
}

static void push(replay_t *r, uint8_t kind, uint8_t sub, uint64_t t, uint64_t id, const void *code,
                 uint8_t flags) {
  size_t *st = grow(r->stack, &r->cap, r->depth + 1, sizeof(size_t));
  if (!st)
    return;
  r->stack = st;
  uint64_t par = 0;
  uint16_t depth = 0;
  for (size_t k = r->depth; k-- > 0;) {
    slice_t *below = &r->m->slices[st[k]];
    if (!(below->flags & SLF_HIDDEN))
      depth++;
    if (!par && below->kind == SL_ITASK && !(below->flags & SLF_HIDDEN))
      par = below->id;
  }
  slice_t *s = new_slice(r->m);
  if (!s)
    return;
  *s = (slice_t){.t0 = t,
                 .t1 = t,
                 .id = id,
                 .par = kind == SL_ITASK ? id : par,
                 .code = code,
                 .track = r->track,
                 .depth = depth,
                 .kind = kind,
                 .sub = sub,
                 .flags = flags};
  for (size_t k = r->depth; k-- > 0;) // the enclosing visible slice
    if (!(r->m->slices[st[k]].flags & SLF_HIDDEN)) {
      s->parent = st[k] + 1;
      break;
    }
  st[r->depth++] = (size_t)(s - r->m->slices);
}

static void close_top(replay_t *r, uint64_t t) {
  slice_t *s = top(r, 0);
  s->t1 = t;
  if (s->kind == SL_TASK) {
    task_rec_t *tr = task_find(r->tasks, s->id, false);
    if (tr) {
      tr->ended = true;
      tr->end_t = t;
      tr->end_track = r->track;
    }
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
    if (fn(top(r, k), kind, sub, id))
      break;
  if (k == r->depth) {
    r->m->unmatched_ends++;
    return false;
  }
  // Slices above the match: locks and tasks are re-opened after it closes (split); anything
  // else lost its end.
  slice_t saved[8];
  size_t nsaved = 0;
  for (size_t i = 0; i < k; i++) {
    slice_t *s = top(r, 0);
    if (splittable(s) && nsaved < 8)
      saved[nsaved++] = *s;
    else if (!(s->flags & SLF_HIDDEN))
      r->m->unmatched_begins++;
    s->flags |= SLF_TRUNCATED;
    close_top(r, t);
  }
  close_top(r, t);
  while (nsaved > 0) {
    slice_t *s = &saved[--nsaved];
    push(r, s->kind, s->sub, t, s->id, s->code, SLF_RESUMED);
  }
  return true;
}

static bool in_stack(replay_t *r, uint8_t kind, uint64_t id) {
  for (size_t k = 0; k < r->depth; k++)
    if (top(r, k)->kind == kind && top(r, k)->id == id)
      return true;
  return false;
}

static bool terminal(uint8_t status) {
  return status == ompt_task_complete || status == ompt_task_cancel || status == ompt_task_detach ||
         status == ompt_task_early_fulfill || status == ompt_task_late_fulfill;
}

static void on_schedule(replay_t *r, const trace_ev_t *e) {
  task_rec_t *prior = task_find(r->tasks, e->a, false);
  task_rec_t *next = task_find(r->tasks, e->b, false);
  if (prior && terminal(e->sub))
    pop_match(r, e->t, by_kind_id, SL_TASK, 0, e->a);
  else if (prior && (!next || in_stack(r, SL_TASK, e->b)) && in_stack(r, SL_TASK, e->a))
    // Suspended, and the thread goes back to a task below it (or to its implicit task): an
    // untied task's part returned, and the task resumes later, here or on another thread, as
    // a new piece. A task that waits or yields runs the next task above itself instead.
    pop_match(r, e->t, by_kind_id, SL_TASK, 0, e->a);
  if (!next || in_stack(r, SL_TASK, e->b))
    return;
  push(r, SL_TASK, 0, e->t, e->b, NULL, next->started ? SLF_RESUMED : 0);
  if (!next->started) {
    next->started = true;
    next->start_t = e->t;
    next->start_track = r->track;
    r->m->threads[r->track].executed++;
    if (next->create_track != UINT32_MAX)
      add_flow(r->m, next->create_t, next->create_track, e->t, r->track, FLOW_CREATE);
  }
}

static bool try_lock_kind(uint8_t kind) {
  return kind == ompt_mutex_test_lock || kind == ompt_mutex_test_nest_lock;
}

static void replay_event(replay_t *r, const trace_ev_t *e) {
  switch (e->kind) {
  case EV_PARALLEL_BEGIN:
    push(r, SL_PARALLEL, 0, e->t, e->a, e->code, 0);
    top(r, 0)->count = e->n;
    break;
  case EV_PARALLEL_END:
    pop_match(r, e->t, by_kind_id, SL_PARALLEL, 0, e->a);
    break;
  case EV_ITASK_BEGIN:
    push(r, SL_ITASK, 0, e->t, e->a, NULL, e->sub ? SLF_HIDDEN : 0);
    top(r, 0)->count = e->n; // index in the team
    top(r, 0)->task = e->b;
    break;
  case EV_ITASK_END:
    pop_match(r, e->t, by_task, SL_ITASK, 0, e->b);
    break;
  case EV_WORK_BEGIN:
    push(r, SL_WORK, e->sub, e->t, 0, e->code, 0);
    top(r, 0)->count = e->n;
    break;
  case EV_WORK_END:
    pop_match(r, e->t, by_kind, SL_WORK, e->sub, 0);
    break;
  case EV_MASKED_BEGIN:
    push(r, SL_MASKED, 0, e->t, 0, e->code, 0);
    break;
  case EV_MASKED_END:
    pop_match(r, e->t, by_kind, SL_MASKED, 0, 0);
    break;
  case EV_SYNC_BEGIN:
    push(r, SL_SYNC, e->sub, e->t, 0, e->code, 0);
    break;
  case EV_SYNC_END:
    pop_match(r, e->t, by_kind_sub, SL_SYNC, e->sub, 0);
    break;
  case EV_WAIT_BEGIN:
    push(r, SL_WAIT, e->sub, e->t, 0, e->code, 0);
    break;
  case EV_WAIT_END:
    pop_match(r, e->t, by_kind_sub, SL_WAIT, e->sub, 0);
    break;
  case EV_REDUCTION_BEGIN:
    push(r, SL_REDUCTION, e->sub, e->t, 0, e->code, 0);
    break;
  case EV_REDUCTION_END:
    pop_match(r, e->t, by_kind, SL_REDUCTION, e->sub, 0);
    break;
  case EV_TASK_SCHEDULE:
    on_schedule(r, e);
    break;
  case EV_MUTEX_ACQUIRE:
    if (!try_lock_kind(e->sub))
      push(r, SL_MUTEX_WAIT, e->sub, e->t, e->a, e->code, 0);
    break;
  case EV_MUTEX_ACQUIRED:
    if (r->depth && top(r, 0)->kind == SL_MUTEX_WAIT && top(r, 0)->id == e->a)
      close_top(r, e->t);
    else if (!try_lock_kind(e->sub))
      pop_match(r, e->t, by_kind_id, SL_MUTEX_WAIT, 0, e->a);
    push(r, SL_MUTEX_HELD, e->sub, e->t, e->a, e->code, 0);
    break;
  case EV_NEST_LOCK: // re-acquired a nestable lock it holds: the acquire did not wait
    if (e->sub == ompt_scope_begin && r->depth && top(r, 0)->kind == SL_MUTEX_WAIT &&
        top(r, 0)->id == e->a)
      close_top(r, e->t);
    break;
  case EV_MUTEX_RELEASED:
    pop_match(r, e->t, by_kind_id, SL_MUTEX_HELD, 0, e->a);
    break;
  case EV_CONTROL: {
    instant_t *in = grow(r->m->instants, &r->m->capinstants, r->m->ninstants + 1, sizeof(*in));
    if (in) {
      r->m->instants = in;
      in[r->m->ninstants++] = (instant_t){e->t, r->track, e->n, e->a, IN_CONTROL};
    }
    break;
  }
  default:
    break;
  }
}

// Task slices get their creation's code address (the task construct in the source).
static void name_tasks(trace_model_t *m, const void **codes, task_map_t *tasks) {
  for (size_t i = 0; i < m->nslices; i++)
    if (m->slices[i].kind == SL_TASK) {
      task_rec_t *tr = task_find(tasks, m->slices[i].id, false);
      if (tr)
        m->slices[i].code = codes[tr - tasks->v];
    }
}

// A worker's end-of-region barrier has no code address in some runtimes (its thread never
// called anything at that point): it takes its parallel region's.
static int by_id(const void *a, const void *b) {
  const slice_t *x = a, *y = b;
  return x->id < y->id ? -1 : x->id > y->id;
}

static void implicit_barrier_codes(trace_model_t *m) {
  size_t n = 0;
  for (size_t i = 0; i < m->nslices; i++)
    n += m->slices[i].kind == SL_PARALLEL;
  slice_t *regions = malloc((n + 1) * sizeof(slice_t));
  if (!regions)
    return;
  n = 0;
  for (size_t i = 0; i < m->nslices; i++)
    if (m->slices[i].kind == SL_PARALLEL)
      regions[n++] = m->slices[i];
  qsort(regions, n, sizeof(slice_t), by_id);
  for (size_t i = 0; i < m->nslices; i++) {
    slice_t *s = &m->slices[i];
    if (s->code || !s->par || (s->kind != SL_SYNC && s->kind != SL_WAIT) ||
        s->sub != ompt_sync_region_barrier_implicit_parallel)
      continue;
    slice_t key = {.id = s->par};
    slice_t *r = bsearch(&key, regions, n, sizeof(slice_t), by_id);
    if (r)
      s->code = r->code;
  }
  free(regions);
}

static trace_ev_t *read_all(trace_thread_t *th, size_t *count) {
  size_t total = trace_thread_count(th), k = 0;
  trace_ev_t *v = malloc((total ? total : 1) * sizeof(trace_ev_t));
  trace_cursor_t c;
  if (v && trace_cursor_open(&c, th)) {
    for (const trace_ev_t *e; k < total && (e = trace_cursor_next(&c));)
      v[k++] = *e;
    trace_cursor_close(&c);
  }
  *count = k;
  return v;
}

void trace_build_model(trace_model_t *m) {
  memset(m, 0, sizeof(*m));
  size_t nth = 0;
  for (trace_thread_t *th = atomic_load(&trace_threads); th; th = th->next_thread)
    if (th->track + 1 > nth)
      nth = th->track + 1;
  m->ntracks = (uint32_t)nth;
  m->threads = calloc(nth ? nth : 1, sizeof(thread_info_t));
  trace_ev_t **evs = calloc(nth ? nth : 1, sizeof(*evs));
  size_t *nev = calloc(nth ? nth : 1, sizeof(size_t));
  if (!m->threads || !evs || !nev)
    return;
  for (trace_thread_t *th = atomic_load(&trace_threads); th; th = th->next_thread) {
    evs[th->track] = read_all(th, &nev[th->track]);
    thread_info_t *ti = &m->threads[th->track];
    ti->type = th->type;
    ti->events = nev[th->track];
    ti->dropped = th->dropped;
    ti->spilled = th->spilled;
    m->dropped += th->dropped;
    m->spilled += th->spilled;
  }
  // Pass 1: explicit tasks and their creation points, dependences.
  task_map_t tasks = {0};
  for (uint32_t tr = 0; tr < nth; tr++)
    for (size_t i = 0; i < nev[tr]; i++) {
      const trace_ev_t *e = &evs[tr][i];
      if (e->t > m->tend)
        m->tend = e->t;
      if (e->kind == EV_TASK_CREATE && (e->n & ompt_task_explicit)) {
        task_rec_t *t = task_find(&tasks, e->a, true);
        if (t) {
          t->create_t = e->t;
          t->create_track = tr;
        }
        m->threads[tr].created++;
      }
    }
  const void **codes = calloc(tasks.cap ? tasks.cap : 1, sizeof(void *));
  for (uint32_t tr = 0; tr < nth; tr++)
    for (size_t i = 0; i < nev[tr]; i++)
      if (evs[tr][i].kind == EV_TASK_CREATE && codes) {
        task_rec_t *t = task_find(&tasks, evs[tr][i].a, false);
        if (t)
          codes[t - tasks.v] = evs[tr][i].code;
      }
  // Pass 2: each thread's slices.
  for (uint32_t tr = 0; tr < nth; tr++) {
    replay_t r = {.m = m, .tasks = &tasks, .track = tr};
    for (size_t i = 0; i < nev[tr]; i++)
      replay_event(&r, &evs[tr][i]);
    uint64_t last = nev[tr] ? evs[tr][nev[tr] - 1].t : 0;
    while (r.depth > 0) {
      slice_t *s = top(&r, 0);
      if (!(s->flags & SLF_HIDDEN)) {
        s->flags |= SLF_TRUNCATED;
        m->truncated++;
      }
      close_top(&r, last);
    }
    free(r.stack);
  }
  // Dependences: from the end of the source task to the start of the sink.
  for (uint32_t tr = 0; tr < nth; tr++)
    for (size_t i = 0; i < nev[tr]; i++)
      if (evs[tr][i].kind == EV_TASK_DEP) {
        task_rec_t *src = task_find(&tasks, evs[tr][i].a, false);
        task_rec_t *sink = task_find(&tasks, evs[tr][i].b, false);
        if (src && sink && src->ended && sink->started)
          add_flow(m, src->end_t, src->end_track, sink->start_t, sink->start_track, FLOW_DEPEND);
      }
  if (codes)
    name_tasks(m, codes, &tasks);
  implicit_barrier_codes(m);
  // Hidden slices (the initial task) leave the model; parent links follow.
  size_t *newidx = malloc((m->nslices + 1) * sizeof(size_t));
  size_t k = 0;
  for (size_t i = 0; newidx && i < m->nslices; i++)
    newidx[i] = m->slices[i].flags & SLF_HIDDEN ? 0 : ++k;
  k = 0;
  for (size_t i = 0; newidx && i < m->nslices; i++)
    if (!(m->slices[i].flags & SLF_HIDDEN)) {
      m->slices[k] = m->slices[i];
      m->slices[k].parent = m->slices[k].parent ? newidx[m->slices[k].parent - 1] : 0;
      k++;
    }
  if (newidx)
    m->nslices = k;
  free(newidx);
  free(codes);
  free(tasks.v);
  for (uint32_t tr = 0; tr < nth; tr++)
    free(evs[tr]);
  free(evs);
  free(nev);
}
