// The summary table: one row per construct and source location, in order of first appearance.
//   count      instances (parallel regions; per-thread executions for team constructs; tasks)
//   incl       time inside the construct, nested constructs included, summed over threads
//   excl       the same without the time in nested constructs (a task run inside a taskwait
//              counts for the task, not for the taskwait), so that exclusive times add up to
//              at most threads x traced time
//   mean       incl / count (for a parallel region: the region's own duration per instance)
//   p50/p99    of the per-instance (per-slice) inclusive time
//   wait       exclusive time spent waiting: in the barriers of a parallel region, in the wait
//              of a barrier/taskwait/taskgroup, before acquiring a lock or critical section
//   imbalance  (max - mean) / max of the per-thread time: the share of the slowest thread's
//              time that the others, on average, spend idle. For a parallel region, of each
//              thread's implicit-task time minus its barrier waits (per region, weighted by
//              duration); otherwise of each thread's total time in the construct
// Then one row per thread: tasks created and executed, busy and waiting time.
#include "trace.h"

#include <stdlib.h>
#include <string.h>

// qsort for arrays that may be empty (and then NULL: qsort's pointer must not be, even for 0).
static void sort_n(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
  if (n > 1)
    qsort(base, n, size, cmp);
}

typedef struct row {
  uint8_t kind, sub;
  uint32_t loc;
  uint64_t first;
  uint64_t count, total, wait;
  uint64_t incl, excl;
  uint64_t bytes; // data operations
  // Task sampling: count, incl and excl with each slice counted as many times as it stands for
  // (its weight); weighted: some slice's weight was above 1.
  uint64_t wcount, wincl, wexcl;
  bool weighted;
  double imb_weighted, imb_weight;
  uint64_t *per_thread;
  uint64_t *dur; // per-instance inclusive times, for the percentiles
  size_t ndur, capdur;
  uint64_t seen, rng; // instances offered to dur; the sample's random state
  uint64_t pct_seen;  // seen when p50 and p99 were computed (the summary is written twice)
  uint64_t p50, p99;
} row_t;

enum { ROW_CACHE = 16 };

typedef struct table {
  row_t *v;
  size_t n, cap;
  uint32_t ntracks;
  uint32_t cache[ROW_CACHE]; // by (kind, sub, loc): 1 + a row that had them, or 0
} table_t;

static bool is_barrier(uint8_t sub) {
  return sub != ompt_sync_region_taskwait && sub != ompt_sync_region_taskgroup &&
         sub != ompt_sync_region_reduction;
}

// Rows are found by a scan; a small cache keeps it off the path of a trace's millions of
// slices, which come from a handful of constructs.
static row_t *row_for(table_t *t, uint8_t kind, uint8_t sub, uint32_t loc, uint64_t when) {
  size_t h = (kind * 31u + sub * 7u + loc) & (ROW_CACHE - 1);
  size_t hit = t->cache[h];
  if (hit && hit <= t->n && t->v[hit - 1].kind == kind && t->v[hit - 1].sub == sub &&
      t->v[hit - 1].loc == loc) {
    if (when < t->v[hit - 1].first)
      t->v[hit - 1].first = when;
    return &t->v[hit - 1];
  }
  for (size_t i = 0; i < t->n; i++)
    if (t->v[i].kind == kind && t->v[i].sub == sub && t->v[i].loc == loc) {
      if (when < t->v[i].first)
        t->v[i].first = when;
      t->cache[h] = (uint32_t)i + 1;
      return &t->v[i];
    }
  if (t->n == t->cap) {
    size_t c = t->cap ? t->cap * 2 : 32;
    row_t *v = realloc(t->v, c * sizeof(row_t));
    if (!v)
      return NULL;
    t->v = v;
    t->cap = c;
  }
  row_t *r = &t->v[t->n++];
  memset(r, 0, sizeof(*r));
  r->kind = kind;
  r->sub = sub;
  r->loc = loc;
  r->first = when;
  r->per_thread = calloc(t->ntracks ? t->ntracks : 1, sizeof(uint64_t));
  return r;
}

static int by_first(const void *a, const void *b) {
  const row_t *x = a, *y = b;
  return x->first < y->first ? -1 : x->first > y->first;
}

// The percentiles come from every instance up to DUR_MAX of them, and above that from a uniform
// sample of DUR_MAX (reservoir sampling): a task tree of millions of tasks kept 8 bytes per
// slice in fresh memory for them, which cost more than the rest of the summary. A sample of
// 65,536 puts the 99th percentile's rank within 0.1 points of the true one (95% of the time);
// 2^20 of them cost 8 MiB of fresh memory per row and a selection over it, for nothing a table
// of 0.1 us digits shows.
enum { DUR_MAX = 1 << 16 };

static void add_instance(row_t *r, uint64_t d) {
  r->seen++;
  if (r->ndur == DUR_MAX) {
    r->rng ^= r->rng << 13, r->rng ^= r->rng >> 7, r->rng ^= r->rng << 17; // xorshift64
    uint64_t j = (uint64_t)(((unsigned __int128)r->rng * r->seen) >> 64);  // in [0, seen)
    if (j < DUR_MAX)
      r->dur[j] = d;
    return;
  }
  if (r->ndur == r->capdur) {
    size_t c = r->capdur ? r->capdur * 2 : 64;
    uint64_t *v = realloc(r->dur, c * sizeof(uint64_t));
    if (!v)
      return; // the percentiles then describe the instances recorded so far
    r->dur = v;
    r->capdur = c;
  }
  r->dur[r->ndur++] = d;
  r->rng = 0x9e3779b97f4a7c15ull;
}

// The k-th smallest of v (0-based), moving v's elements (quickselect: linear on average, where
// sorting millions of task durations dominated the summary's cost).
static uint64_t select_k(uint64_t *v, size_t n, size_t k) {
  size_t lo = 0, hi = n - 1;
  while (lo < hi) {
    uint64_t pivot = v[lo + (hi - lo) / 2];
    size_t i = lo, j = hi;
    while (i <= j) {
      while (v[i] < pivot)
        i++;
      while (v[j] > pivot)
        j--;
      if (i <= j) {
        uint64_t t = v[i];
        v[i] = v[j];
        v[j] = t;
        i++;
        if (j == 0)
          break;
        j--;
      }
    }
    if (k <= j)
      hi = j;
    else if (k >= i)
      lo = i;
    else
      break;
  }
  return v[k];
}

// Nearest-rank percentile of the per-instance times.
static uint64_t percentile(row_t *r, unsigned pct) {
  if (r->ndur == 0)
    return 0;
  size_t k = (r->ndur * pct + 99) / 100;
  return select_k(r->dur, r->ndur, k ? k - 1 : 0);
}

// The median and 99th percentile, selected again only when instances came since.
static void percentiles(row_t *r) {
  if (r->pct_seen == r->seen && r->seen)
    return;
  r->p50 = percentile(r, 50);
  r->p99 = percentile(r, 99);
  r->pct_seen = r->seen;
}

static int by_excl(const void *a, const void *b) {
  const row_t *x = *(row_t *const *)a, *y = *(row_t *const *)b;
  return x->excl > y->excl ? -1 : x->excl < y->excl;
}

static double imbalance(const uint64_t *v, uint32_t n) {
  uint64_t max = 0, sum = 0;
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++)
    if (v[i]) {
      sum += v[i];
      k++;
      if (v[i] > max)
        max = v[i];
    }
  if (k < 2 || max == 0)
    return -1;
  return ((double)max - (double)sum / k) / (double)max;
}

// Adds to a row's count and times, and (times w, the slice's weight) to their estimates.
static void row_add(row_t *r, uint64_t w, uint64_t count, uint64_t incl, uint64_t excl) {
  r->count += count, r->incl += incl, r->excl += excl;
  r->wcount += w * count, r->wincl += w * incl, r->wexcl += w * excl;
  r->weighted |= w > 1;
}

// Parallel regions: their row, duration and time on each thread, gathered as slices close (in
// any order: a worker's implicit task may close before its region's parallel slice is seen).
typedef struct region {
  uint64_t id;
  uint64_t dur;
  uint32_t loc;
  bool seen; // its parallel slice closed
  uint64_t incl, excl, wait;
  uint64_t wincl, wexcl; // weighted (task sampling)
  bool weighted;
} region_t;

typedef struct region_thread { // one thread's part of a region
  uint64_t id;
  uint32_t track;
  uint64_t busy, bwait; // implicit-task time, barrier waits in it
} region_thread_t;

struct trace_summary {
  table_t t;
  table_t gpu; // device trace records (SLF_GPU): kernels and transfers as the device saw them
  uint32_t ntracks;
  uint64_t nslices;
  region_t *reg;
  size_t nreg, capreg;
  region_thread_t *rt;
  size_t nrt, caprt;
  uint64_t *th_busy, *th_bwait, *th_lwait, *th_twait, *th_excl;
  bool rows_done;
  uint64_t instants[IN_TARGET_MAP + 1]; // device events and map clauses, per instant kind
  uint64_t map_items, map_bytes;        // of the target_map instants
};

// Open addressing over (id, track); track UINT32_MAX keys the region itself.
static void *find_in(void **v, size_t *n, size_t *cap, size_t elem, uint64_t id, uint32_t track,
                     bool is_reg);

static region_t *region_find(trace_summary_t *S, uint64_t id) {
  return find_in((void **)&S->reg, &S->nreg, &S->capreg, sizeof(region_t), id, 0, true);
}

static region_thread_t *rt_find(trace_summary_t *S, uint64_t id, uint32_t track) {
  return find_in((void **)&S->rt, &S->nrt, &S->caprt, sizeof(region_thread_t), id, track, false);
}

static uint64_t key_id(const void *e, bool is_reg) {
  return is_reg ? ((const region_t *)e)->id : ((const region_thread_t *)e)->id;
}

static bool same(const void *e, uint64_t id, uint32_t track, bool is_reg) {
  return is_reg ? ((const region_t *)e)->id == id
                : ((const region_thread_t *)e)->id == id &&
                      ((const region_thread_t *)e)->track == track;
}

static void *find_in(void **v, size_t *n, size_t *cap, size_t elem, uint64_t id, uint32_t track,
                     bool is_reg) {
  if (id == 0)
    return NULL;
  if ((*n + 1) * 2 > *cap) {
    size_t c = *cap ? *cap * 2 : 64;
    char *g = calloc(c, elem);
    if (!g)
      return NULL;
    for (size_t i = 0; i < *cap; i++) {
      char *e = (char *)*v + i * elem;
      if (!key_id(e, is_reg))
        continue;
      uint32_t tr = is_reg ? 0 : ((region_thread_t *)e)->track;
      size_t j = (trace_hash64(key_id(e, is_reg) * 31 + tr)) & (c - 1);
      while (key_id(g + j * elem, is_reg))
        j = (j + 1) & (c - 1);
      memcpy(g + j * elem, e, elem);
    }
    free(*v);
    *v = g;
    *cap = c;
  }
  for (size_t j = trace_hash64(id * 31 + (is_reg ? 0 : track)) & (*cap - 1);;
       j = (j + 1) & (*cap - 1)) {
    char *e = (char *)*v + j * elem;
    if (!key_id(e, is_reg)) {
      if (is_reg)
        ((region_t *)e)->id = id;
      else
        ((region_thread_t *)e)->id = id, ((region_thread_t *)e)->track = track;
      (*n)++;
      return e;
    }
    if (same(e, id, track, is_reg))
      return e;
  }
}

trace_summary_t *trace_summary_new(uint32_t ntracks) {
  trace_summary_t *S = calloc(1, sizeof(*S));
  if (!S)
    return NULL;
  S->ntracks = ntracks;
  S->t.ntracks = ntracks;
  S->gpu.ntracks = 1;
  // The five per-thread columns, in one block.
  size_t n = (size_t)ntracks + 1;
  S->th_busy = calloc(5 * n, sizeof(uint64_t));
  if (!S->th_busy) {
    free(S);
    return NULL;
  }
  S->th_bwait = S->th_busy + n;
  S->th_lwait = S->th_busy + 2 * n;
  S->th_twait = S->th_busy + 3 * n;
  S->th_excl = S->th_busy + 4 * n;
  return S;
}

void trace_summary_free(trace_summary_t *S) {
  if (!S)
    return;
  for (size_t i = 0; i < S->t.n; i++)
    free(S->t.v[i].per_thread), free(S->t.v[i].dur);
  for (size_t i = 0; i < S->gpu.n; i++)
    free(S->gpu.v[i].per_thread), free(S->gpu.v[i].dur);
  free(S->t.v);
  free(S->gpu.v);
  free(S->reg);
  free(S->rt);
  free(S->th_busy); // and the other columns
  free(S);
}

// One closed slice: ex is its exclusive time, p the enclosing visible slice.
void trace_summary_add(trace_summary_t *S, const slice_t *s, uint64_t ex, const slice_t *p,
                       bool outermost_itask) {
  table_t *t = &S->t;
  uint64_t d = s->t1 - s->t0;
  row_t *r = NULL;
  if (s->track >= S->ntracks)
    return;
  S->nslices++;
  if (s->flags & SLF_GPU) { // the device's own time, in a table of its own (not
                            // in the per-thread or per-construct times)
    r = row_for(&S->gpu, s->kind, s->kind == SL_KERNEL ? 0 : s->sub, s->loc, s->t0);
    if (r)
      r->count++, r->total += d, r->bytes += s->kind == SL_DATA_OP ? s->task : 0;
    return;
  }
  S->th_excl[s->track] += ex;
  uint64_t w = (uint64_t)s->wm1 + 1;
  switch (s->kind) {
  case SL_PARALLEL: {
    r = row_for(t, s->kind, 0, s->loc, s->t0);
    if (r) {
      row_add(r, w, 1, ex, ex); // the implicit tasks bring the rest, on every thread
      r->total += d;
      add_instance(r, d);
    }
    region_t *g = region_find(S, s->id);
    if (g) {
      g->seen = true;
      g->dur = d;
      g->loc = s->loc;
    }
    return;
  }
  case SL_ITASK: { // their regions' rows get their time at the end, once every region is known
    if (outermost_itask)
      S->th_busy[s->track] += d;
    region_t *g = region_find(S, s->id);
    region_thread_t *rt = rt_find(S, s->id, s->track);
    if (g) {
      g->incl += d, g->excl += ex;
      g->wincl += w * d, g->wexcl += w * ex, g->weighted |= w > 1;
    }
    if (rt)
      rt->busy += d;
    return;
  }
  case SL_WAIT: {
    // The wait belongs to its enclosing sync region (whose begin may be on another line).
    bool inside = p && p->kind == SL_SYNC && p->sub == s->sub;
    r = row_for(t, SL_SYNC, s->sub, inside ? p->loc : s->loc, s->t0);
    if (r) {
      r->wait += ex;
      row_add(r, w, 0, inside ? 0 : d, ex); // inside: in the region's time already
    }
    if (is_barrier(s->sub)) {
      S->th_bwait[s->track] += ex;
      // Tasks run inside the wait are work, not waiting.
      region_t *g = s->par ? region_find(S, s->par) : NULL;
      region_thread_t *rt = s->par ? rt_find(S, s->par, s->track) : NULL;
      if (g)
        g->wait += ex;
      if (rt)
        rt->bwait += ex;
    } else
      S->th_twait[s->track] += ex;
    return;
  }
  case SL_MUTEX_WAIT:
    r = row_for(t, SL_MUTEX_HELD, s->sub, s->loc, s->t0);
    if (r) {
      r->wait += ex;
      row_add(r, w, 0, d, ex); // a lock's inclusive time runs from the acquire to the release
    }
    S->th_lwait[s->track] += ex;
    return;
  default:
    r = row_for(t, s->kind, s->kind == SL_TASK || s->kind == SL_KERNEL ? 0 : s->sub, s->loc, s->t0);
    if (r) {
      row_add(r, w, 1, d, ex);
      r->total += d;
      r->per_thread[s->track] += d;
      if (s->kind == SL_DATA_OP)
        r->bytes += s->task;
      add_instance(r, d);
    }
  }
}

static int by_rt(const void *a, const void *b) {
  const region_thread_t *x = a, *y = b;
  return x->id < y->id ? -1 : x->id > y->id;
}

// Per region: each thread's implicit-task time minus its barrier waits gives the imbalance,
// weighted by the region's duration; the implicit tasks' time and the barrier waits go to the
// region's row.
static void region_rows(trace_summary_t *S) {
  size_t n = 0;
  for (size_t i = 0; i < S->caprt; i++)
    if (S->rt[i].id)
      S->rt[n++] = S->rt[i];
  S->nrt = n;
  S->caprt = n; // no longer a hash table
  sort_n(S->rt, n, sizeof(region_thread_t), by_rt);
  uint64_t *busy = calloc(S->ntracks + 1, sizeof(uint64_t));
  if (!busy)
    return;
  for (size_t i = 0; i < n;) {
    size_t j = i;
    memset(busy, 0, S->ntracks * sizeof(uint64_t));
    for (; j < n && S->rt[j].id == S->rt[i].id; j++) {
      const region_thread_t *e = &S->rt[j];
      busy[e->track] = e->busy - (e->busy >= e->bwait ? e->bwait : e->busy);
    }
    region_t *g = region_find(S, S->rt[i].id);
    row_t *r = g && g->seen ? row_for(&S->t, SL_PARALLEL, 0, g->loc, UINT64_MAX) : NULL;
    double imb = imbalance(busy, S->ntracks);
    if (r && imb >= 0) {
      r->imb_weighted += imb * (double)g->dur;
      r->imb_weight += (double)g->dur;
    }
    i = j;
  }
  free(busy);
  // A region whose parallel slice is not in the trace (its encountering thread dropped its
  // events) still has its threads' time: it goes to a parallel row without a location.
  for (size_t i = 0; i < S->capreg; i++) {
    region_t *g = &S->reg[i];
    row_t *r = g->id ? row_for(&S->t, SL_PARALLEL, 0, g->seen ? g->loc : 0, UINT64_MAX) : NULL;
    if (r) {
      r->incl += g->incl;
      r->excl += g->excl;
      r->wait += g->wait;
      r->wincl += g->wincl, r->wexcl += g->wexcl, r->weighted |= g->weighted;
    }
  }
}

static size_t sum_open(void *ctx, const slice_t *s) {
  return 0;
}

static void sum_close(void *ctx, const slice_t *s, size_t handle, uint64_t excl,
                      const slice_t *parent, bool outermost_itask) {
  trace_summary_add(ctx, s, excl, parent, outermost_itask);
}

void trace_summary_instant(trace_summary_t *S, const instant_t *in) {
  if (in->kind > IN_TARGET_MAP)
    return;
  S->instants[in->kind]++;
  if (in->kind == IN_TARGET_MAP)
    S->map_items += in->n, S->map_bytes += in->a;
}

static void sum_instant(void *ctx, const instant_t *in) {
  trace_summary_instant(ctx, in);
}

trace_sink_t trace_summary_sink(trace_summary_t *S) {
  return (trace_sink_t){S, sum_open, sum_close, sum_instant};
}

// Device events (initialize, load, unload, finalize) and map clauses: how many of each kind.
static void device_events_table(const trace_summary_t *S, FILE *f) {
  static const uint8_t kinds[] = {IN_DEVICE_INIT, IN_DEVICE_LOAD, IN_TARGET_MAP, IN_DEVICE_UNLOAD,
                                  IN_DEVICE_FINALIZE};
  bool any = false;
  for (size_t i = 0; i < sizeof(kinds); i++) {
    uint64_t n = S->instants[kinds[i]];
    if (!n)
      continue;
    if (!any)
      fprintf(f, "\n%-30s %8s %10s %14s\n", "device events", "count", "items", "bytes");
    any = true;
    if (kinds[i] == IN_TARGET_MAP)
      fprintf(f, "%-30s %8llu %10llu %14llu\n", trace_instant_name(kinds[i]), (unsigned long long)n,
              (unsigned long long)S->map_items, (unsigned long long)S->map_bytes);
    else
      fprintf(f, "%-30s %8llu\n", trace_instant_name(kinds[i]), (unsigned long long)n);
  }
}

static void fmt_ms(char *b, size_t n, uint64_t ns) {
  snprintf(b, n, "%.3f", (double)ns / 1e6);
}

// A row's construct name (into name) and its location's label.
static const char *row_names(const row_t *r, const trace_locs_t *locs, char *name, size_t size) {
  slice_t probe = {.kind = r->kind, .sub = r->sub};
  trace_slice_name(&probe, name, size, NULL);
  return r->loc < locs->n ? locs->v[r->loc].label : "-";
}

// Offload: per construct and location, the bytes moved and the kernels run.
static void offload_table(const table_t *t, const trace_locs_t *locs, FILE *f) {
  bool any = false;
  for (size_t i = 0; i < t->n; i++) {
    const row_t *r = &t->v[i];
    if (r->kind != SL_TARGET && r->kind != SL_DATA_OP && r->kind != SL_KERNEL)
      continue;
    if (!any)
      fprintf(f, "\n%-30s %-24s %8s %11s %14s\n", "offload", "location", "count", "incl ms",
              "bytes");
    any = true;
    char name[256], inc[32];
    const char *where = row_names(r, locs, name, sizeof(name));
    fmt_ms(inc, sizeof(inc), r->incl);
    fprintf(f, "%-30s %-24s %8llu %11s %14llu\n", name, where, (unsigned long long)r->count, inc,
            (unsigned long long)r->bytes);
  }
}

// Also the writers' name for a track.
const char *trace_track_label(const thread_info_t *ti, uint32_t track, char *buf, size_t size) {
  static const char *const types[] = {"unannounced", "initial", "worker", "other"};
  if (ti->type == TRACE_THREAD_DEVICE && ti->lane)
    snprintf(buf, size, "device %d lane %u", ti->device, ti->lane);
  else if (ti->type == TRACE_THREAD_DEVICE)
    snprintf(buf, size, "device %d", ti->device);
  else
    snprintf(buf, size, "OpenMP thread %u (%s)", track, types[ti->type < 4 ? ti->type : 0]);
  return buf;
}

// Device trace records: per kernel and per transfer direction and location, the device's own
// time; then the bytes per direction.
static void gpu_table(const table_t *t, const trace_locs_t *locs, FILE *f) {
  if (!t->n)
    return;
  fprintf(f, "\n%-30s %-24s %8s %11s %10s %14s\n", "device (trace records)", "location", "count",
          "device ms", "mean us", "bytes");
  uint64_t dir_bytes[2] = {0, 0}, dir_ns[2] = {0, 0};
  for (size_t i = 0; i < t->n; i++) {
    const row_t *r = &t->v[i];
    char name[256], ms[32];
    const char *where = row_names(r, locs, name, sizeof(name));
    fmt_ms(ms, sizeof(ms), r->total);
    fprintf(f, "%-30s %-24s %8llu %11s %10.1f %14llu\n", name, where, (unsigned long long)r->count,
            ms, r->count ? (double)r->total / r->count / 1e3 : 0.0, (unsigned long long)r->bytes);
    bool from = r->kind == SL_DATA_OP && r->sub == ompt_target_data_transfer_from_device;
    if (r->kind == SL_DATA_OP)
      dir_bytes[from] += r->bytes, dir_ns[from] += r->total;
  }
  for (int k = 0; k < 2; k++) {
    char ms[32];
    fmt_ms(ms, sizeof(ms), dir_ns[k]);
    fprintf(f, "%-30s %-24s %8s %11s %10s %14llu\n",
            k ? "all copies from device" : "all copies to device", "-", "-", ms, "-",
            (unsigned long long)dir_bytes[k]);
  }
}

// 1234567 as "1,234,567".
static const char *fmt_count(char *b, size_t n, uint64_t v) {
  char digits[32];
  int len = snprintf(digits, sizeof(digits), "%llu", (unsigned long long)v), k = 0;
  for (int i = 0; i < len && (size_t)k + 2 < n; i++) {
    b[k++] = digits[i];
    if ((len - i - 1) % 3 == 0 && i + 1 < len)
      b[k++] = ',';
  }
  b[k] = 0;
  return b;
}

void trace_sampling_note(const trace_model_t *m, FILE *f, const char *head, const char *tail) {
  uint64_t recorded = 0, ns = 0, tasks = 0;
  uint32_t period = 1;
  for (uint32_t i = 0; i < m->ntracks; i++) {
    const thread_info_t *ti = &m->threads[i];
    recorded += ti->created;
    ns += ti->measured_ns, tasks += ti->measured_tasks;
    period = ti->period_max > period ? ti->period_max : period;
  }
  char a[32], b[32];
  fputs(head, f);
  if (trace_opt.sample == TRACE_SAMPLE_AUTO && tasks)
    fprintf(f, "tasks created every %.0f ns on average; ", (double)ns / (double)tasks);
  fprintf(f, "recorded %s of %s tasks (1 in %u%s); %s\n", fmt_count(a, sizeof(a), recorded),
          fmt_count(b, sizeof(b), recorded + m->sampled_out), (unsigned)period,
          trace_opt.sample == TRACE_SAMPLE_AUTO ? " at most" : "", tail);
}

// Task sampling: the table above holds what was recorded; this one estimates, for the rows that
// sampling touched, every task's share: each slice counted as many times as its task's period.
static void sampling_table(const table_t *t, const trace_model_t *m, const trace_locs_t *locs,
                           FILE *f) {
  fputc('\n', f);
  trace_sampling_note(m, f, "task sampling: ",
                      "estimated for all tasks: each recorded slice counted N times, N its "
                      "task's period (GLASS_TRACE_SAMPLE=1 records every task)");
  fprintf(f, "%-30s %-24s %9s %12s %12s\n", "estimated", "location", "~count", "~incl ms",
          "~excl ms");
  for (size_t i = 0; i < t->n; i++) {
    const row_t *r = &t->v[i];
    if (!r->weighted)
      continue;
    char name[256], inc[32], exc[32];
    const char *where = row_names(r, locs, name, sizeof(name));
    fmt_ms(inc, sizeof(inc), r->wincl);
    fmt_ms(exc, sizeof(exc), r->wexcl);
    fprintf(f, "%-30s %-24s %9llu %12s %12s\n", name, where, (unsigned long long)r->wcount, inc,
            exc);
  }
}

// The constructs that took the most time of their own, with their share of threads x traced.
static void top_table(const table_t *t, const trace_model_t *m, const trace_locs_t *locs, FILE *f) {
  enum { TOP = 10 };
  const row_t **v = malloc((t->n + 1) * sizeof(row_t *));
  if (!v)
    return;
  for (size_t i = 0; i < t->n; i++)
    v[i] = &t->v[i];
  sort_n(v, t->n, sizeof(row_t *), by_excl);
  double all = (double)m->tend * (m->ntracks ? m->ntracks : 1);
  fprintf(f, "\ntop constructs by exclusive time (share of %u thread(s) x %.3f ms)\n", m->ntracks,
          (double)m->tend / 1e6);
  for (size_t i = 0; i < t->n && i < TOP && v[i]->excl; i++) {
    slice_t probe = {.kind = v[i]->kind, .sub = v[i]->sub};
    char name[256], exc[32];
    trace_slice_name(&probe, name, sizeof(name), NULL);
    fmt_ms(exc, sizeof(exc), v[i]->excl);
    fprintf(f, "%-30s %-24s %11s %6.1f%%\n", name,
            v[i]->loc < locs->n ? locs->v[v[i]->loc].label : "-", exc,
            all > 0 ? 100.0 * (double)v[i]->excl / all : 0.0);
  }
  free(v);
}

void trace_summary_write(trace_summary_t *S, const trace_model_t *m, const trace_locs_t *locs,
                         FILE *f) {
  if (!S)
    return;
  if (!S->rows_done) {
    region_rows(S);
    sort_n(S->t.v, S->t.n, sizeof(row_t), by_first);
    S->rows_done = true;
  }
  table_t t = S->t;
  const uint64_t *th_busy = S->th_busy, *th_bwait = S->th_bwait, *th_twait = S->th_twait,
                 *th_lwait = S->th_lwait, *th_excl = S->th_excl;
  fprintf(f, "\nglass-trace summary: %u thread(s), %.3f ms traced, %llu slices\n", m->ntracks,
          (double)m->tend / 1e6, (unsigned long long)S->nslices);
  fprintf(f, "%-30s %-24s %8s %11s %11s %10s %10s %10s %10s %9s\n", "construct", "location",
          "count", "incl ms", "excl ms", "mean us", "p50 us", "p99 us", "wait ms", "imbalance");
  for (size_t i = 0; i < t.n; i++) {
    row_t *r = &t.v[i];
    slice_t probe = {.kind = r->kind, .sub = r->sub};
    char name[256], inc[32], exc[32], wait[32], mean[32], p50[32], p99[32], imb[32], cnt[32];
    trace_slice_name(&probe, name, sizeof(name), NULL);
    fmt_ms(inc, sizeof(inc), r->incl);
    fmt_ms(exc, sizeof(exc), r->excl);
    snprintf(cnt, sizeof(cnt), "%llu", (unsigned long long)r->count);
    fmt_ms(wait, sizeof(wait), r->wait);
    snprintf(mean, sizeof(mean), "%.1f", r->count ? (double)r->total / r->count / 1e3 : 0.0);
    percentiles(r);
    snprintf(p50, sizeof(p50), "%.1f", (double)r->p50 / 1e3);
    snprintf(p99, sizeof(p99), "%.1f", (double)r->p99 / 1e3);
    double im = r->kind == SL_PARALLEL ? (r->imb_weight > 0 ? r->imb_weighted / r->imb_weight : -1)
                                       : imbalance(r->per_thread, m->ntracks);
    if (im >= 0)
      snprintf(imb, sizeof(imb), "%.1f%%", im * 100);
    else
      snprintf(imb, sizeof(imb), "-");
    const char *where = r->loc < locs->n ? locs->v[r->loc].label : "-";
    if (r->count == 0) // only waits seen (the construct's own events were not traced)
      snprintf(mean, sizeof(mean), "-"), snprintf(p50, sizeof(p50), "-"),
          snprintf(p99, sizeof(p99), "-");
    fprintf(f, "%-30s %-24s %8s %11s %11s %10s %10s %10s %10s %9s\n", name, where, cnt, inc, exc,
            mean, p50, p99, wait, imb);
  }
  fprintf(f, "\n%-7s %-12s %9s %9s %13s %12s %12s %12s %10s\n", "thread", "type", "created",
          "executed", "in regions ms", "barrier ms", "task wait ms", "lock wait ms", "excl ms");
  for (uint32_t i = 0; i < m->ntracks; i++) {
    const thread_info_t *ti = &m->threads[i];
    const char *type = ti->type == ompt_thread_initial   ? "initial"
                       : ti->type == ompt_thread_worker  ? "worker"
                       : ti->type == ompt_thread_other   ? "other"
                       : ti->type == TRACE_THREAD_DEVICE ? "device"
                                                         : "unannounced";
    char a[32], b[32], c[32], d[32], e[32];
    fmt_ms(a, sizeof(a), th_busy[i]);
    fmt_ms(b, sizeof(b), th_bwait[i]);
    fmt_ms(c, sizeof(c), th_twait[i]);
    fmt_ms(d, sizeof(d), th_lwait[i]);
    fmt_ms(e, sizeof(e), th_excl[i]);
    fprintf(f, "%-7u %-12s %9llu %9llu %13s %12s %12s %12s %10s\n", i, type,
            (unsigned long long)(ti->created + ti->sampled_out), (unsigned long long)ti->executed,
            a, b, c, d, e);
  }
  offload_table(&t, locs, f);
  gpu_table(&S->gpu, locs, f);
  device_events_table(S, f);
  top_table(&t, m, locs, f);
  if (m->sampled_out)
    sampling_table(&t, m, locs, f);
  if (trace_opt.window0 || trace_opt.window1 != UINT64_MAX) {
    fprintf(f, "\n(GLASS_TRACE_WINDOW: only what falls between %.3f ms and ",
            trace_opt.window0 / 1e6);
    if (trace_opt.window1 == UINT64_MAX)
      fprintf(f, "the end)\n");
    else
      fprintf(f, "%.3f ms)\n", trace_opt.window1 / 1e6);
  }
  if (trace_opt.only[0])
    fprintf(f, "(GLASS_TRACE_ONLY: only constructs at %s)\n", trace_opt.only);

  if (m->spilled)
    fprintf(f, "(%llu events went through spill files: GLASS_TRACE_BUFFER was full)\n",
            (unsigned long long)m->spilled);
}

void trace_write_summary(const trace_model_t *m, const trace_locs_t *locs, FILE *f) {
  trace_summary_t *S = trace_summary_new(m->ntracks);
  uint64_t *ex = malloc((m->nslices + 1) * sizeof(uint64_t));
  if (!S || !ex) {
    trace_summary_free(S);
    free(ex);
    return;
  }
  // Each slice's time minus its children's: children nest inside their parent on the same
  // track, so summed over a track these add up to the time covered by its top-level slices.
  for (size_t i = 0; i < m->nslices; i++)
    ex[i] = m->slices[i].t1 - m->slices[i].t0;
  for (size_t i = 0; i < m->nslices; i++) {
    const slice_t *s = &m->slices[i];
    if (s->parent && !(s->flags & SLF_DEVICE)) { // device slices run beside their parent
      uint64_t d = s->t1 - s->t0;
      ex[s->parent - 1] -= ex[s->parent - 1] >= d ? d : ex[s->parent - 1];
    }
  }
  for (size_t i = 0; i < m->nslices; i++) {
    const slice_t *s = &m->slices[i];
    bool outer = s->kind == SL_ITASK;
    for (size_t p = s->parent; p && outer; p = m->slices[p - 1].parent)
      outer = m->slices[p - 1].kind != SL_ITASK;
    trace_summary_add(S, s, ex[i], s->parent ? &m->slices[s->parent - 1] : NULL, outer);
  }
  for (size_t i = 0; i < m->ninstants; i++)
    trace_summary_instant(S, &m->instants[i]);
  trace_summary_write(S, m, locs, f);
  trace_summary_free(S);
  free(ex);
}
