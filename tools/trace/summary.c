// The summary table: one row per construct and source location, in order of first appearance.
//   count      instances (parallel regions; per-thread executions for team constructs; tasks)
//   total/mean time inside the construct, summed over threads
//   wait       time spent waiting: in the barriers of a parallel region, in the wait of a
//              barrier/taskwait/taskgroup, before acquiring a lock or critical section
//   imbalance  (max - mean) / max of the per-thread time: the share of the slowest thread's
//              time that the others, on average, spend idle. For a parallel region, of each
//              thread's implicit-task time minus its barrier waits (per region, weighted by
//              duration); otherwise of each thread's total time in the construct
// Then one row per thread: tasks created and executed, busy and waiting time.
#include "trace.h"

#include <stdlib.h>
#include <string.h>

typedef struct row {
  uint8_t kind, sub;
  uint32_t loc;
  uint64_t first;
  uint64_t count, total, wait;
  double imb_weighted, imb_weight;
  uint64_t *per_thread;
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
                          const size_t *region_slice) {
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
  qsort(idx, n, sizeof(size_t), by_par);
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
      if (region_row[r])
        region_row[r]->wait += s->t1 - s->t0;
      busy[s->track] -= busy[s->track] >= s->t1 - s->t0 ? s->t1 - s->t0 : busy[s->track];
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

static void fmt_ms(char *b, size_t n, uint64_t ns) {
  snprintf(b, n, "%.3f", (double)ns / 1e6);
}

void trace_write_summary(const trace_model_t *m, const trace_locs_t *locs, FILE *f) {
  table_t t = {.ntracks = m->ntracks};
  size_t nregions = 0;
  size_t *region_slice = malloc((m->nslices + 1) * sizeof(size_t));
  row_t **region_row = NULL;
  uint64_t *th_busy = calloc(m->ntracks + 1, sizeof(uint64_t));
  uint64_t *th_bwait = calloc(m->ntracks + 1, sizeof(uint64_t));
  uint64_t *th_lwait = calloc(m->ntracks + 1, sizeof(uint64_t));
  uint64_t *th_twait = calloc(m->ntracks + 1, sizeof(uint64_t));
  if (!region_slice || !th_busy || !th_bwait || !th_lwait || !th_twait)
    goto out;
  for (size_t i = 0; i < m->nslices; i++) {
    const slice_t *s = &m->slices[i];
    uint64_t d = s->t1 - s->t0;
    row_t *r = NULL;
    switch (s->kind) {
    case SL_PARALLEL:
      r = row_for(&t, s->kind, 0, s->loc, s->t0);
      if (r) {
        r->count++;
        r->total += d;
      }
      region_slice[nregions++] = i;
      continue;
    case SL_ITASK:
      th_busy[s->track] += d;
      continue;
    case SL_WAIT: {
      // The wait belongs to its enclosing sync region (whose begin may be on another line).
      const slice_t *p = s->parent ? &m->slices[s->parent - 1] : NULL;
      uint32_t loc = p && p->kind == SL_SYNC && p->sub == s->sub ? p->loc : s->loc;
      r = row_for(&t, SL_SYNC, s->sub, loc, s->t0);
      if (r)
        r->wait += d;
      if (is_barrier(s->sub))
        th_bwait[s->track] += d;
      else
        th_twait[s->track] += d;
      continue;
    }
    case SL_MUTEX_WAIT:
      r = row_for(&t, SL_MUTEX_HELD, s->sub, s->loc, s->t0);
      if (r)
        r->wait += d;
      th_lwait[s->track] += d;
      continue;
    default:
      r = row_for(&t, s->kind, s->kind == SL_TASK ? 0 : s->sub, s->loc, s->t0);
      if (r) {
        r->count++;
        r->total += d;
        r->per_thread[s->track] += d;
      }
    }
  }
  // A parallel region's wait: its barrier waits, on every thread.
  region_row = calloc(nregions + 1, sizeof(row_t *));
  if (!region_row)
    goto out;
  for (size_t r = 0; r < nregions; r++)
    region_row[r] = row_for(&t, SL_PARALLEL, 0, m->slices[region_slice[r]].loc, UINT64_MAX);
  parallel_rows(m, region_row, nregions, region_slice);
  qsort(t.v, t.n, sizeof(row_t), by_first);

  fprintf(f, "\nglass-trace summary: %u thread(s), %.3f ms traced, %zu slices\n", m->ntracks,
          (double)m->tend / 1e6, m->nslices);
  fprintf(f, "%-30s %-24s %8s %11s %11s %10s %9s\n", "construct", "location", "count", "total ms",
          "mean us", "wait ms", "imbalance");
  for (size_t i = 0; i < t.n; i++) {
    row_t *r = &t.v[i];
    slice_t probe = {.kind = r->kind, .sub = r->sub};
    char name[256], tot[32], wait[32], mean[32], imb[32];
    trace_slice_name(&probe, name, sizeof(name), NULL);
    fmt_ms(tot, sizeof(tot), r->total);
    fmt_ms(wait, sizeof(wait), r->wait);
    snprintf(mean, sizeof(mean), "%.1f", r->count ? (double)r->total / r->count / 1e3 : 0.0);
    double im = r->kind == SL_PARALLEL ? (r->imb_weight > 0 ? r->imb_weighted / r->imb_weight : -1)
                                       : imbalance(r->per_thread, m->ntracks);
    if (im >= 0)
      snprintf(imb, sizeof(imb), "%.1f%%", im * 100);
    else
      snprintf(imb, sizeof(imb), "-");
    const char *where = r->loc < locs->n ? locs->v[r->loc].label : "-";
    if (r->count == 0) // only waits seen (the construct's own events were not traced)
      snprintf(tot, sizeof(tot), "-"), snprintf(mean, sizeof(mean), "-");
    fprintf(f, "%-30s %-24s %8llu %11s %11s %10s %9s\n", name, where, (unsigned long long)r->count,
            tot, mean, wait, imb);
  }
  fprintf(f, "\n%-7s %-12s %9s %9s %13s %12s %12s %12s\n", "thread", "type", "created", "executed",
          "in regions ms", "barrier ms", "task wait ms", "lock wait ms");
  for (uint32_t i = 0; i < m->ntracks; i++) {
    const thread_info_t *ti = &m->threads[i];
    const char *type = ti->type == ompt_thread_initial  ? "initial"
                       : ti->type == ompt_thread_worker ? "worker"
                       : ti->type == ompt_thread_other  ? "other"
                                                        : "unannounced";
    char a[32], b[32], c[32], d[32];
    fmt_ms(a, sizeof(a), th_busy[i]);
    fmt_ms(b, sizeof(b), th_bwait[i]);
    fmt_ms(c, sizeof(c), th_twait[i]);
    fmt_ms(d, sizeof(d), th_lwait[i]);
    fprintf(f, "%-7u %-12s %9llu %9llu %13s %12s %12s %12s\n", i, type,
            (unsigned long long)ti->created, (unsigned long long)ti->executed, a, b, c, d);
  }
  if (m->spilled)
    fprintf(f, "(%llu events went through spill files: GLASS_TRACE_BUFFER was full)\n",
            (unsigned long long)m->spilled);
out:
  for (size_t i = 0; i < t.n; i++)
    free(t.v[i].per_thread);
  free(t.v);
  free(region_slice);
  free(region_row);
  free(th_busy);
  free(th_bwait);
  free(th_lwait);
  free(th_twait);
}
