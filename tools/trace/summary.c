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
  double imb_weighted, imb_weight;
  uint64_t *per_thread;
  uint64_t *dur; // per-instance inclusive times, for the percentiles
  size_t ndur, capdur;
} row_t;

typedef struct table {
  row_t *v;
  size_t n, cap;
  uint32_t ntracks;
} table_t;

static bool is_barrier(uint8_t sub) {
  return sub != ompt_sync_region_taskwait && sub != ompt_sync_region_taskgroup &&
         sub != ompt_sync_region_reduction;
}

static row_t *row_for(table_t *t, uint8_t kind, uint8_t sub, uint32_t loc, uint64_t when) {
  for (size_t i = 0; i < t->n; i++)
    if (t->v[i].kind == kind && t->v[i].sub == sub && t->v[i].loc == loc) {
      if (when < t->v[i].first)
        t->v[i].first = when;
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

static void add_instance(row_t *r, uint64_t d) {
  if (r->ndur == r->capdur) {
    size_t c = r->capdur ? r->capdur * 2 : 64;
    uint64_t *v = realloc(r->dur, c * sizeof(uint64_t));
    if (!v)
      return; // the percentiles then describe the instances recorded so far
    r->dur = v;
    r->capdur = c;
  }
  r->dur[r->ndur++] = d;
}

static int by_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

// Nearest-rank percentile of the sorted per-instance times.
static uint64_t percentile(const row_t *r, unsigned pct) {
  if (r->ndur == 0)
    return 0;
  size_t k = (r->ndur * pct + 99) / 100;
  return r->dur[k ? k - 1 : 0];
}

// Each slice's time minus its children's: children nest inside their parent on the same track,
// so summed over a track these add up to the time covered by its top-level slices.
static uint64_t *exclusive_times(const trace_model_t *m) {
  uint64_t *ex = malloc((m->nslices + 1) * sizeof(uint64_t));
  if (!ex)
    return NULL;
  for (size_t i = 0; i < m->nslices; i++)
    ex[i] = m->slices[i].t1 - m->slices[i].t0;
  for (size_t i = 0; i < m->nslices; i++) {
    const slice_t *s = &m->slices[i];
    if (s->parent) {
      uint64_t d = s->t1 - s->t0;
      ex[s->parent - 1] -= ex[s->parent - 1] >= d ? d : ex[s->parent - 1];
    }
  }
  return ex;
}

// An implicit task not nested in another one on its track: the thread's time in regions.
static bool outermost_itask(const trace_model_t *m, const slice_t *s) {
  for (size_t p = s->parent; p; p = m->slices[p - 1].parent)
    if (m->slices[p - 1].kind == SL_ITASK)
      return false;
  return true;
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

// Slices of each parallel region, found by binary search in the slices sorted by region id.
static const slice_t *sort_base;
static int by_par(const void *a, const void *b) {
  uint64_t x = sort_base[*(const size_t *)a].par, y = sort_base[*(const size_t *)b].par;
  return x < y ? -1 : x > y;
}

static const size_t *sort_region;
static int by_region_id(const void *a, const void *b) {
  uint64_t x = sort_base[sort_region[*(const size_t *)a]].id;
  uint64_t y = sort_base[sort_region[*(const size_t *)b]].id;
  return x < y ? -1 : x > y;
}

static size_t first_of(const trace_model_t *m, const size_t *idx, size_t n, uint64_t par) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (m->slices[idx[mid]].par < par)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

// Per region: each thread's implicit-task time minus its barrier waits, and the region's
// barrier waits on every thread.
static void parallel_rows(const trace_model_t *m, row_t **region_row, size_t nregions,
                          const size_t *region_slice, const uint64_t *ex) {
  uint64_t *busy = calloc(m->ntracks ? m->ntracks : 1, sizeof(uint64_t));
  size_t *idx = malloc((m->nslices + 1) * sizeof(size_t));
  if (!busy || !idx) {
    free(busy);
    free(idx);
    return;
  }
  size_t n = 0;
  for (size_t i = 0; i < m->nslices; i++)
    if (m->slices[i].par && (m->slices[i].kind == SL_ITASK || m->slices[i].kind == SL_WAIT))
      idx[n++] = i;
  sort_base = m->slices;
  sort_n(idx, n, sizeof(size_t), by_par);
  for (size_t r = 0; r < nregions; r++) {
    const slice_t *p = &m->slices[region_slice[r]];
    memset(busy, 0, m->ntracks * sizeof(uint64_t));
    size_t lo = first_of(m, idx, n, p->id), hi;
    for (hi = lo; hi < n && m->slices[idx[hi]].par == p->id; hi++)
      if (m->slices[idx[hi]].kind == SL_ITASK)
        busy[m->slices[idx[hi]].track] += m->slices[idx[hi]].t1 - m->slices[idx[hi]].t0;
    for (size_t k = lo; k < hi; k++) {
      const slice_t *s = &m->slices[idx[k]];
      if (s->kind != SL_WAIT || !is_barrier(s->sub))
        continue;
      // Tasks run inside the wait are work, not waiting.
      uint64_t w = ex[idx[k]];
      if (region_row[r])
        region_row[r]->wait += w;
      busy[s->track] -= busy[s->track] >= w ? w : busy[s->track];
    }
    double imb = imbalance(busy, m->ntracks);
    if (imb >= 0 && region_row[r]) {
      region_row[r]->imb_weighted += imb * (double)(p->t1 - p->t0);
      region_row[r]->imb_weight += (double)(p->t1 - p->t0);
    }
  }
  free(busy);
  free(idx);
}

// An implicit task's time, with its own (the region's code outside nested constructs), goes
// to its parallel region's row: the region's time on every thread.
static void itask_times(const trace_model_t *m, row_t **region_row, size_t nregions,
                        const size_t *region_slice, const uint64_t *ex) {
  size_t *idx = malloc((nregions + 1) * sizeof(size_t));
  if (!idx)
    return;
  for (size_t r = 0; r < nregions; r++)
    idx[r] = r;
  sort_region = region_slice;
  sort_base = m->slices;
  sort_n(idx, nregions, sizeof(size_t), by_region_id);
  for (size_t i = 0; i < m->nslices; i++) {
    const slice_t *s = &m->slices[i];
    if (s->kind != SL_ITASK)
      continue;
    size_t lo = 0, hi = nregions;
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (m->slices[region_slice[idx[mid]]].id < s->id)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo == nregions || m->slices[region_slice[idx[lo]]].id != s->id || !region_row[idx[lo]])
      continue;
    region_row[idx[lo]]->incl += s->t1 - s->t0;
    region_row[idx[lo]]->excl += ex[i];
  }
  free(idx);
}

static void fmt_ms(char *b, size_t n, uint64_t ns) {
  snprintf(b, n, "%.3f", (double)ns / 1e6);
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

void trace_write_summary(const trace_model_t *m, const trace_locs_t *locs, FILE *f) {
  table_t t = {.ntracks = m->ntracks};
  size_t nregions = 0;
  size_t *region_slice = malloc((m->nslices + 1) * sizeof(size_t));
  row_t **region_row = NULL;
  uint64_t *ex = exclusive_times(m);
  uint64_t *th_busy = calloc(m->ntracks + 1, sizeof(uint64_t));
  uint64_t *th_bwait = calloc(m->ntracks + 1, sizeof(uint64_t));
  uint64_t *th_lwait = calloc(m->ntracks + 1, sizeof(uint64_t));
  uint64_t *th_twait = calloc(m->ntracks + 1, sizeof(uint64_t));
  uint64_t *th_excl = calloc(m->ntracks + 1, sizeof(uint64_t));
  if (!region_slice || !ex || !th_busy || !th_bwait || !th_lwait || !th_twait || !th_excl)
    goto out;
  for (size_t i = 0; i < m->nslices; i++) {
    const slice_t *s = &m->slices[i];
    uint64_t d = s->t1 - s->t0;
    row_t *r = NULL;
    th_excl[s->track] += ex[i];
    switch (s->kind) {
    case SL_PARALLEL:
      r = row_for(&t, s->kind, 0, s->loc, s->t0);
      if (r) {
        r->count++;
        r->total += d;
        r->incl += ex[i]; // the implicit tasks bring the rest, on every thread
        r->excl += ex[i];
        add_instance(r, d);
      }
      region_slice[nregions++] = i;
      continue;
    case SL_ITASK: // their regions' rows get their time below, once every region is known
      if (outermost_itask(m, s))
        th_busy[s->track] += d;
      continue;
    case SL_WAIT: {
      // The wait belongs to its enclosing sync region (whose begin may be on another line).
      const slice_t *p = s->parent ? &m->slices[s->parent - 1] : NULL;
      uint32_t loc = p && p->kind == SL_SYNC && p->sub == s->sub ? p->loc : s->loc;
      r = row_for(&t, SL_SYNC, s->sub, loc, s->t0);
      if (r) {
        r->wait += ex[i];
        r->excl += ex[i];
        if (!(p && p->kind == SL_SYNC && p->sub == s->sub)) // else inside the region's time
          r->incl += d;
      }
      if (is_barrier(s->sub))
        th_bwait[s->track] += ex[i];
      else
        th_twait[s->track] += ex[i];
      continue;
    }
    case SL_MUTEX_WAIT:
      r = row_for(&t, SL_MUTEX_HELD, s->sub, s->loc, s->t0);
      if (r) {
        r->wait += ex[i];
        r->incl += d; // a lock's inclusive time runs from the acquire to the release
        r->excl += ex[i];
      }
      th_lwait[s->track] += ex[i];
      continue;
    default:
      r = row_for(&t, s->kind, s->kind == SL_TASK ? 0 : s->sub, s->loc, s->t0);
      if (r) {
        r->count++;
        r->total += d;
        r->incl += d;
        r->excl += ex[i];
        r->per_thread[s->track] += d;
        add_instance(r, d);
      }
    }
  }
  // A parallel region's wait: its barrier waits, on every thread.
  region_row = calloc(nregions + 1, sizeof(row_t *));
  if (!region_row)
    goto out;
  for (size_t r = 0; r < nregions; r++)
    region_row[r] = row_for(&t, SL_PARALLEL, 0, m->slices[region_slice[r]].loc, UINT64_MAX);
  parallel_rows(m, region_row, nregions, region_slice, ex);
  itask_times(m, region_row, nregions, region_slice, ex);
  sort_n(t.v, t.n, sizeof(row_t), by_first);

  fprintf(f, "\nglass-trace summary: %u thread(s), %.3f ms traced, %zu slices\n", m->ntracks,
          (double)m->tend / 1e6, m->nslices);
  fprintf(f, "%-30s %-24s %8s %11s %11s %10s %10s %10s %10s %9s\n", "construct", "location",
          "count", "incl ms", "excl ms", "mean us", "p50 us", "p99 us", "wait ms", "imbalance");
  for (size_t i = 0; i < t.n; i++) {
    row_t *r = &t.v[i];
    slice_t probe = {.kind = r->kind, .sub = r->sub};
    char name[256], inc[32], exc[32], wait[32], mean[32], p50[32], p99[32], imb[32];
    trace_slice_name(&probe, name, sizeof(name), NULL);
    sort_n(r->dur, r->ndur, sizeof(uint64_t), by_u64);
    fmt_ms(inc, sizeof(inc), r->incl);
    fmt_ms(exc, sizeof(exc), r->excl);
    fmt_ms(wait, sizeof(wait), r->wait);
    snprintf(mean, sizeof(mean), "%.1f", r->count ? (double)r->total / r->count / 1e3 : 0.0);
    snprintf(p50, sizeof(p50), "%.1f", (double)percentile(r, 50) / 1e3);
    snprintf(p99, sizeof(p99), "%.1f", (double)percentile(r, 99) / 1e3);
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
    fprintf(f, "%-30s %-24s %8llu %11s %11s %10s %10s %10s %10s %9s\n", name, where,
            (unsigned long long)r->count, inc, exc, mean, p50, p99, wait, imb);
  }
  fprintf(f, "\n%-7s %-12s %9s %9s %13s %12s %12s %12s %10s\n", "thread", "type", "created",
          "executed", "in regions ms", "barrier ms", "task wait ms", "lock wait ms", "excl ms");
  for (uint32_t i = 0; i < m->ntracks; i++) {
    const thread_info_t *ti = &m->threads[i];
    const char *type = ti->type == ompt_thread_initial  ? "initial"
                       : ti->type == ompt_thread_worker ? "worker"
                       : ti->type == ompt_thread_other  ? "other"
                                                        : "unannounced";
    char a[32], b[32], c[32], d[32], e[32];
    fmt_ms(a, sizeof(a), th_busy[i]);
    fmt_ms(b, sizeof(b), th_bwait[i]);
    fmt_ms(c, sizeof(c), th_twait[i]);
    fmt_ms(d, sizeof(d), th_lwait[i]);
    fmt_ms(e, sizeof(e), th_excl[i]);
    fprintf(f, "%-7u %-12s %9llu %9llu %13s %12s %12s %12s %10s\n", i, type,
            (unsigned long long)ti->created, (unsigned long long)ti->executed, a, b, c, d, e);
  }
  top_table(&t, m, locs, f);
  if (m->spilled)
    fprintf(f, "(%llu events went through spill files: GLASS_TRACE_BUFFER was full)\n",
            (unsigned long long)m->spilled);
out:
  for (size_t i = 0; i < t.n; i++)
    free(t.v[i].per_thread), free(t.v[i].dur);
  free(t.v);
  free(region_slice);
  free(region_row);
  free(th_busy);
  free(th_bwait);
  free(th_lwait);
  free(th_twait);
  free(th_excl);
  free(ex);
}
