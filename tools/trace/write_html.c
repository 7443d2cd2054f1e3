// The self-contained HTML timeline, bounded in size whatever the number of slices:
//
//   - gt-meta: construct names, locations, lanes (a host thread's lane, then its device lane if
//     it offloaded), the summary, the detail windows, and per lane a pyramid of aggregates: the
//     run cut into NB0 buckets (then NB0/4, NB0/16, ... down to 64), and for every bucket the
//     share of it each category (parallel, task, wait, ...) was the innermost construct on the
//     lane, one byte per bucket and category (base64). At coarse zoom the viewer draws these,
//     one column per pixel.
//   - gt-w<N>: the slices and flows of detail window N, as JSON, parsed by the viewer only when
//     it zooms into the window. Windows hold about WINDOW_SLICES slices each (by start time);
//     a slice that runs on past its window's end is repeated in the windows it covers (with a
//     negative start offset), so each window draws alone.
//
// GLASS_TRACE_HTML_MAX bounds the file (default 32 MiB). The aggregates get at most a quarter of
// it (NB0 is lowered to fit); detail windows fill the rest. When they do not all fit, the page
// keeps the contiguous stretch of windows covering the most time and says so; the JSON (or
// Perfetto) trace holds everything.
#define _GNU_SOURCE
#include "trace.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// timeline.js, placed in .rodata by the assembler (TRACE_TIMELINE_JS is its path).
__asm__(".section .rodata\n"
        ".global trace_timeline_js\n"
        ".hidden trace_timeline_js\n"
        "trace_timeline_js:\n"
        ".incbin \"" TRACE_TIMELINE_JS "\"\n"
        ".byte 0\n"
        ".previous\n");
extern const char trace_timeline_js[];

enum {
  WINDOW_SLICES = 16384, // own slices per detail window
  NB_MAX = 65536,        // finest aggregate buckets per lane
  NB_MIN = 256,
  NB_ALL = 4096, // when every slice is in the page
  NB_COARSEST = 64,
  PAGE_CATS = 10,
  DEVICE_ROWS = 8,      // rows for concurrent device operations (nowait, async)
  PAGE_INSTANTS = 4096, // device events and map clauses drawn (the JSON has them all)
};
#define HTML_MAX_DEFAULT ((size_t)32 << 20)

enum { PG_KINDS = 32 }; // room in the name table for every slice kind

// Categories the page knows, in legend order; the last three are device operations, drawn on
// the device lane under the host thread that issued them.
static const char *const page_cat[PAGE_CATS] = {
    "parallel", "work", "sync", "wait", "task", "mutex", "target", "transfer", "kernel", "other"};

static int cat_index(const char *c) {
  for (int i = 0; i < PAGE_CATS - 1; i++)
    if (strcmp(page_cat[i], c) == 0)
      return i;
  return PAGE_CATS - 1;
}

// Offload slices get a category each (the JSON's is "device" for transfers and kernels alike).
static int page_category_of(const slice_t *s) {
  switch (s->kind) {
  case SL_TARGET:
    return cat_index("target");
  case SL_DATA_OP:
    return cat_index("transfer");
  case SL_KERNEL:
    return cat_index("kernel");
  default:
    return cat_index(trace_slice_category(s));
  }
}

// The category depends on the kind only: looked up per slice, so a table (filled on first use).
static int page_category(const slice_t *s) {
  static _Atomic int8_t tab[SL_KINDS];
  if (s->kind >= SL_KINDS)
    return page_category_of(s);
  int c = tab[s->kind];
  if (!c)
    tab[s->kind] = (int8_t)(c = page_category_of(s) + 1);
  return c - 1;
}

static int name_key(const slice_t *s) {
  return s->kind % PG_KINDS * 256 + s->sub;
}

// What a record's last field holds, by kind: the tooltip's extra line.
static const char *extra_name(uint8_t kind) {
  return kind == SL_DATA_OP  ? "bytes"
         : kind == SL_KERNEL ? "teams"
         : kind == SL_TARGET ? "device"
                             : "";
}

static uint64_t extra_value(const slice_t *s) {
  return s->kind == SL_DATA_OP                          ? s->task
         : s->kind == SL_KERNEL || s->kind == SL_TARGET ? s->count
                                                        : 0;
}

typedef struct lane {
  uint32_t track;
  bool device;
  uint16_t rows;
  uint16_t cats; // bit per category with time on the lane
  float *acc;    // popcount(cats) x nb0 shares, then the coarser levels after each other
  uint64_t ends[DEVICE_ROWS]; // device lane: where each row's last operation ends
} lane_t;

typedef struct window {
  uint64_t t0, t1;
  size_t first, nown;  // own slices: order[first .. first + nown)
  size_t dup0, ndup;   // continued slices: dups[dup0 .. dup0 + ndup)
  size_t flow0, nflow; // flows starting here: forder[flow0 .. flow0 + nflow)
  size_t fdup0, nfdup; // flows from earlier windows ending here: fdups[...]
  size_t bytes;
  char *text; // the rendered script element (formatted once, to measure and to write)
  bool kept;
} window_t;

typedef struct page {
  const trace_model_t *m;
  const trace_locs_t *locs;
  uint32_t *lane_of; // per slice
  uint16_t *row;     // per slice: row in its lane
  uint8_t *cat;      // per slice: page category
  lane_t *lanes;
  uint32_t nlanes;
  int name_of[PG_KINDS * 256];
  uint64_t t0, t1; // the page's time range: first start (less a margin) to the end
  size_t nb0;      // finest buckets per lane
  size_t *order;   // slices by start
  size_t *dups;
  size_t *forder; // flows by start
  size_t *fdups;
  uint32_t *host_lane; // per track
  window_t *w;
  size_t nw;
  size_t bound, detail_bytes;
  const char *state;           // all, lod (every window, the longer slices), partial, none
  char *summary;               // the summary table's text
  uint64_t a0, a1;             // the aggregates' time range
  size_t total;                // slices in the trace (a streamed page keeps the first ones only)
  const struct trace_page *st; // a streamed trace's aggregates, or NULL
  bool measuring;              // render_meta leaves the aggregates out (agg_bytes counts them)
  const instant_t *inst;       // the instants the page draws (page_instant's kinds), by time
  size_t ninst, inst_total;    // drawn, and seen in the trace
} page_t;

// A streamed trace (write_html.c's end): its aggregates, gathered as slices close.
static bool stream_device_lane(const struct trace_page *st, uint32_t track);
static bool stream_agg(page_t *p);
static size_t stream_buckets(const page_t *p);
static void stream_range(page_t *p);
static uint64_t page_min_dur(const struct trace_page *st);

// ---------------------------------------------------------------------------------------------
// Output helpers. Each returns the bytes it wrote, or would write when f is NULL.

static size_t put(FILE *f, const char *s) {
  size_t n = strlen(s);
  if (f)
    fwrite(s, 1, n, f);
  return n;
}

static void html_text(FILE *f, const char *s) {
  for (; *s; s++)
    if (*s == '<')
      fputs("&lt;", f);
    else if (*s == '&')
      fputs("&amp;", f);
    else
      fputc(*s, f);
}

// A JSON string that is also safe inside <script>: no "</" sequence.
static void script_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else if (c == '<')
      fputs("\\u003c", f);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

static size_t base64(FILE *f, const uint8_t *p, size_t n) {
  static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t out = 4 * ((n + 2) / 3);
  if (!f)
    return out;
  char q[4096]; // written a block at a time: the aggregates are megabytes of it
  size_t k = 0;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0) |
                 (i + 2 < n ? p[i + 2] : 0);
    q[k++] = tab[v >> 18];
    q[k++] = tab[v >> 12 & 63];
    q[k++] = i + 1 < n ? tab[v >> 6 & 63] : '=';
    q[k++] = i + 2 < n ? tab[v & 63] : '=';
    if (k == sizeof(q))
      fwrite(q, 1, k, f), k = 0;
  }
  fwrite(q, 1, k, f);
  return out;
}

// The instants the page draws: device events and map clauses (the ones with a name).
static bool page_instant(const instant_t *in) {
  return in->kind == IN_DEVICE_INIT || in->kind == IN_DEVICE_LOAD || in->kind == IN_DEVICE_UNLOAD ||
         in->kind == IN_DEVICE_FINALIZE || in->kind == IN_TARGET_MAP;
}

// ---------------------------------------------------------------------------------------------
// Options.

static size_t html_bound(void) {
  const char *v = getenv("GLASS_TRACE_HTML_MAX");
  if (!v || !*v)
    return HTML_MAX_DEFAULT;
  bool ok;
  size_t n = trace_parse_size(v, &ok);
  if (ok)
    return n;
  fprintf(stderr, "glass-trace: GLASS_TRACE_HTML_MAX=%s is not a size (e.g. 4M, 512K); using 32M\n",
          v);
  return HTML_MAX_DEFAULT;
}

// ---------------------------------------------------------------------------------------------
// Lanes and rows.

static int by_start(const void *a, const void *b, void *arg) {
  const slice_t *s = arg;
  uint64_t x = s[*(const size_t *)a].t0, y = s[*(const size_t *)b].t0;
  return x < y ? -1 : x > y;
}

static int flow_by_start(const void *a, const void *b, void *arg) {
  const flow_t *fl = arg;
  uint64_t x = fl[*(const size_t *)a].t0, y = fl[*(const size_t *)b].t0;
  return x < y ? -1 : x > y;
}

// Device operations issued asynchronously may overlap: each takes the first row free at its
// start (they arrive in start order on their track).
static uint16_t device_row(lane_t *l, const slice_t *s) {
  uint16_t r = 0;
  while (r + 1 < DEVICE_ROWS && l->ends[r] > s->t0)
    r++;
  if (l->ends[r] < s->t1)
    l->ends[r] = s->t1;
  return r;
}

// Host thread t's lane, then its device lane when any device slice came from it.
static bool make_lanes(page_t *p) {
  const trace_model_t *m = p->m;
  size_t n = m->nslices;
  p->lane_of = malloc((n + 1) * sizeof(uint32_t));
  p->row = malloc((n + 1) * sizeof(uint16_t));
  p->cat = malloc(n + 1);
  bool *dev = calloc(m->ntracks + 1, sizeof(bool));
  uint32_t *first = malloc((m->ntracks + 1) * sizeof(uint32_t));
  p->lanes = calloc(2 * (size_t)m->ntracks + 1, sizeof(lane_t));
  p->host_lane = calloc(m->ntracks + 1, sizeof(uint32_t));
  if (!p->host_lane || !p->lane_of || !p->row || !p->cat || !dev || !first || !p->lanes) {
    free(dev);
    free(first);
    return false;
  }
  for (size_t i = 0; i < n; i++) {
    p->cat[i] = (uint8_t)page_category(&m->slices[i]);
    if ((m->slices[i].flags & SLF_DEVICE) && m->slices[i].track < m->ntracks)
      dev[m->slices[i].track] = true;
  }
  for (uint32_t t = 0; p->st && t < m->ntracks; t++)
    dev[t] |= stream_device_lane(p->st, t);
  for (uint32_t t = 0; t < m->ntracks; t++) {
    first[t] = p->host_lane[t] = p->nlanes;
    p->lanes[p->nlanes++] = (lane_t){.track = t, .rows = 1};
    if (dev[t])
      p->lanes[p->nlanes++] = (lane_t){.track = t, .device = true, .rows = 1};
  }
  for (size_t i = 0; i < n; i++) {
    const slice_t *s = &m->slices[i];
    uint32_t tr = s->track < m->ntracks ? s->track : 0;
    p->lane_of[i] = first[tr] + (s->flags & SLF_DEVICE ? 1 : 0);
    // A wait is drawn over the sync region it belongs to, saving a row per level.
    const slice_t *par = s->parent ? &m->slices[s->parent - 1] : NULL;
    if (par && p->lane_of[s->parent - 1] != p->lane_of[i])
      par = NULL;
    bool over = par && s->kind == SL_WAIT && par->kind == SL_SYNC;
    p->row[i] = par ? (uint16_t)(p->row[s->parent - 1] + (over ? 0 : 1)) : 0;
    if (p->st) // a streamed page's slices come with their row (and no parent)
      p->row[i] = s->depth;
    lane_t *l = &p->lanes[p->lane_of[i]];
    if (l->device && !p->row[i])
      p->row[i] = device_row(l, s);
    if (p->row[i] + 1 > l->rows)
      l->rows = (uint16_t)(p->row[i] + 1);
    l->cats |= (uint16_t)(1u << p->cat[i]);
  }
  free(dev);
  free(first);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Aggregates.

static size_t levels(size_t nb0, size_t *total) {
  size_t k = 0, sum = 0;
  for (size_t nb = nb0; nb >= NB_COARSEST; nb /= 4, k++)
    sum += nb;
  *total = sum;
  return k;
}

// Bytes of the aggregates in the page at nb0 buckets.
static size_t agg_bytes(const page_t *p, size_t nb0) {
  size_t total, bytes = 0;
  size_t nlev = levels(nb0, &total);
  for (uint32_t l = 0; l < p->nlanes; l++) {
    size_t nc = (size_t)__builtin_popcount(p->lanes[l].cats);
    for (size_t nb = nb0, k = 0; k < nlev; nb /= 4, k++)
      bytes += 4 * ((nc * nb + 2) / 3) + 3;
    bytes += 40;
  }
  return bytes + 128 + 24 * nlev; // the header: times and levels
}

static int slot(const lane_t *l, int cat) {
  return __builtin_popcount(l->cats & ((1u << cat) - 1));
}

// Adds sign x the part of [t0, t1) in each bucket, in bucket widths.
static void add_span(float *a, size_t nb, double x0, double x1, float sign) {
  if (x0 < 0)
    x0 = 0;
  if (x1 > (double)nb)
    x1 = (double)nb;
  if (x1 <= x0)
    return;
  size_t b0 = (size_t)x0, b1 = (size_t)x1;
  if (b0 == b1) {
    a[b0] += sign * (float)(x1 - x0);
    return;
  }
  a[b0] += sign * (float)((double)(b0 + 1) - x0);
  for (size_t b = b0 + 1; b < b1; b++)
    a[b] += sign;
  if (b1 < nb)
    a[b1] += sign * (float)(x1 - (double)b1);
}

static bool alloc_agg(page_t *p) {
  size_t total;
  levels(p->nb0, &total);
  for (uint32_t l = 0; l < p->nlanes; l++) {
    size_t nc = (size_t)__builtin_popcount(p->lanes[l].cats);
    p->lanes[l].acc = calloc(nc * total + 1, sizeof(float));
    if (!p->lanes[l].acc)
      return false;
  }
  return true;
}

// Coarser levels: the mean of four buckets.
static void pyramid(page_t *p) {
  size_t total;
  levels(p->nb0, &total);
  for (uint32_t l = 0; l < p->nlanes; l++) {
    size_t nc = (size_t)__builtin_popcount(p->lanes[l].cats);
    for (size_t c = 0; c < nc; c++) {
      float *a = p->lanes[l].acc + c * total;
      for (size_t nb = p->nb0; nb / 4 >= NB_COARSEST; a += nb, nb /= 4)
        for (size_t b = 0; b < nb / 4; b++)
          a[nb + b] = (a[4 * b] + a[4 * b + 1] + a[4 * b + 2] + a[4 * b + 3]) / 4;
    }
  }
}

// Each slice's time counts for its category, less its children's: the innermost construct.
static bool build_agg(page_t *p) {
  if (p->st)
    return stream_agg(p);
  if (!alloc_agg(p))
    return false;
  size_t total;
  levels(p->nb0, &total);
  double scale = (double)p->nb0 / (double)(p->a1 - p->a0);
  for (size_t i = 0; i < p->m->nslices; i++) {
    const slice_t *s = &p->m->slices[i];
    lane_t *l = &p->lanes[p->lane_of[i]];
    double x0 = (double)(s->t0 - p->a0) * scale, x1 = (double)(s->t1 - p->a0) * scale;
    add_span(l->acc + (size_t)slot(l, p->cat[i]) * total, p->nb0, x0, x1, 1);
    if (s->parent && p->lane_of[s->parent - 1] == p->lane_of[i])
      add_span(l->acc + (size_t)slot(l, p->cat[s->parent - 1]) * total, p->nb0, x0, x1, -1);
  }
  pyramid(p);
  return true;
}

// A share as a byte: anything above float noise shows (at least 1/255).
static uint8_t quantize(float v) {
  if (v < 1e-4f)
    return 0;
  if (v >= 1)
    return 255;
  int q = (int)(v * 255 + 0.5f);
  return (uint8_t)(q < 1 ? 1 : q);
}

static void write_agg(FILE *f, const page_t *p) {
  size_t total, nlev = levels(p->nb0, &total);
  fprintf(f, "\"agg\":{\"t0\":%llu,\"t1\":%llu,\"levels\":[", (unsigned long long)p->a0,
          (unsigned long long)p->a1);
  for (size_t nb = p->nb0, k = 0; k < nlev; nb /= 4, k++)
    fprintf(f, "%s%zu", k ? "," : "", nb);
  fputs("],\"lanes\":[", f);
  uint8_t *buf = malloc(PAGE_CATS * p->nb0 + 1);
  for (uint32_t l = 0; l < p->nlanes; l++) {
    const lane_t *ln = &p->lanes[l];
    size_t nc = (size_t)__builtin_popcount(ln->cats);
    fputs(l ? ",{\"cats\":[" : "{\"cats\":[", f);
    for (int c = 0, k = 0; c < PAGE_CATS; c++)
      if (ln->cats & (1u << c))
        fprintf(f, "%s%d", k++ ? "," : "", c);
    fputs("],\"d\":[", f);
    size_t off = 0;
    for (size_t nb = p->nb0, k = 0; k < nlev; off += nb, nb /= 4, k++) {
      for (size_t c = 0; buf && c < nc; c++)
        for (size_t b = 0; b < nb; b++)
          buf[c * nb + b] = quantize(ln->acc[c * total + off + b]);
      fputs(k ? ",\"" : "\"", f);
      if (buf)
        base64(f, buf, nc * nb);
      fputc('"', f);
    }
    fputs("]}", f);
  }
  free(buf);
  fputs("]}", f);
}

// ---------------------------------------------------------------------------------------------
// Detail windows.

static size_t find_window(const page_t *p, uint64_t t) {
  size_t lo = 0, hi = p->nw; // last window with t0 <= t
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    if (p->w[mid].t0 <= t)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// The repeated entries of every window, counted (in the count field at offset n), get their
// places in one array: each window's start field (offset at) is set and its count reset for
// the pass that fills them.
static size_t *place(page_t *p, size_t at, size_t n, size_t total) {
  size_t *v = malloc((total + 1) * sizeof(size_t));
  for (size_t k = 0, sum = 0; v && k < p->nw; k++) {
    size_t *start = (size_t *)((char *)&p->w[k] + at), *count = (size_t *)((char *)&p->w[k] + n);
    *start = sum;
    sum += *count;
    *count = 0;
  }
  return v;
}

static bool make_windows(page_t *p) {
  const trace_model_t *m = p->m;
  size_t n = m->nslices;
  p->order = malloc((n + 1) * sizeof(size_t));
  p->forder = malloc((m->nflows + 1) * sizeof(size_t));
  p->w = calloc(n / WINDOW_SLICES + 3, sizeof(window_t));
  if (!p->order || !p->forder || !p->w)
    return false;
  for (size_t i = 0; i < n; i++)
    p->order[i] = i;
  for (size_t i = 0; i < m->nflows; i++)
    p->forder[i] = i;
  // A streamed page's slices come in the order they opened: sorted already, mostly.
  bool sorted = true;
  for (size_t i = 1; i < n && sorted; i++)
    sorted = m->slices[i - 1].t0 <= m->slices[i].t0;
  if (n > 1 && !sorted)
    qsort_r(p->order, n, sizeof(size_t), by_start, m->slices);
  if (m->nflows > 1)
    qsort_r(p->forder, m->nflows, sizeof(size_t), flow_by_start, m->flows);
  // Cut every WINDOW_SLICES slices, where the start time changes.
  for (size_t i = 0; i < n;) {
    window_t *w = &p->w[p->nw++];
    w->t0 = p->nw == 1 ? p->t0 : m->slices[p->order[i]].t0;
    w->first = i;
    size_t j = i + WINDOW_SLICES < n ? i + WINDOW_SLICES : n;
    while (j < n && m->slices[p->order[j]].t0 == m->slices[p->order[j - 1]].t0)
      j++;
    w->nown = j - i;
    i = j;
  }
  if (p->nw == 0)
    p->w[p->nw++] = (window_t){.t0 = p->t0};
  for (size_t k = 0; k < p->nw; k++)
    p->w[k].t1 = k + 1 < p->nw ? p->w[k + 1].t0 : p->t1;
  // Continued slices, counted then placed.
  size_t ndups = 0;
  for (int pass = 0; pass < 2; pass++) {
    for (size_t k = 0; k < p->nw; k++)
      for (size_t i = p->w[k].first; i < p->w[k].first + p->w[k].nown; i++) {
        uint64_t t1 = m->slices[p->order[i]].t1;
        for (size_t j = k + 1; j < p->nw && p->w[j].t0 < t1; j++)
          if (pass == 0)
            p->w[j].ndup++, ndups++;
          else
            p->dups[p->w[j].dup0 + p->w[j].ndup++] = p->order[i];
      }
    if (pass == 0 &&
        !(p->dups = place(p, offsetof(window_t, dup0), offsetof(window_t, ndup), ndups)))
      return false;
  }
  // Flows by their start; a flow ending in a later window is repeated there.
  size_t nfdups = 0;
  for (size_t i = 0; i < m->nflows; i++) {
    const flow_t *fl = &m->flows[p->forder[i]];
    size_t k = find_window(p, fl->t0);
    if (p->w[k].nflow++ == 0)
      p->w[k].flow0 = i;
    if (find_window(p, fl->t1) != k)
      p->w[find_window(p, fl->t1)].nfdup++, nfdups++;
  }
  if (!(p->fdups = place(p, offsetof(window_t, fdup0), offsetof(window_t, nfdup), nfdups)))
    return false;
  for (size_t i = 0; i < m->nflows; i++) {
    const flow_t *fl = &m->flows[p->forder[i]];
    size_t k0 = find_window(p, fl->t0), k1 = find_window(p, fl->t1);
    if (k1 != k0)
      p->fdups[p->w[k1].fdup0 + p->w[k1].nfdup++] = p->forder[i];
  }
  return true;
}

// A record of numbers, formatted by hand into a small buffer and written with one call: the
// windows hold up to a million slices, and a call per field was most of the page's cost.
typedef struct rec {
  char b[192];
  size_t n;
} rec_t;

static void rec_u64(rec_t *r, uint64_t v, char sep) {
  char t[24], *e = t + sizeof(t), *q = trace_fmt_u64(e, v);
  memcpy(r->b + r->n, q, (size_t)(e - q));
  r->n += (size_t)(e - q);
  r->b[r->n++] = sep;
}

static void rec_i64(rec_t *r, int64_t v, char sep) {
  if (v < 0)
    r->b[r->n++] = '-';
  rec_u64(r, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v, sep);
}

static size_t rec_put(FILE *f, rec_t *r) {
  r->n--; // the last separator
  if (f)
    fwrite_unlocked(r->b, 1, r->n, f);
  return r->n;
}

static size_t put_slice(FILE *f, const page_t *p, size_t i, uint64_t base, bool comma) {
  const slice_t *s = &p->m->slices[i];
  rec_t r = {.n = 0};
  if (comma)
    r.b[r.n++] = ',';
  rec_u64(&r, p->lane_of[i], ',');
  rec_u64(&r, p->row[i], ',');
  rec_i64(&r, (int64_t)(s->t0 - base), ',');
  rec_u64(&r, s->t1 - s->t0, ',');
  rec_i64(&r, p->name_of[name_key(s)], ',');
  rec_u64(&r, s->loc, ',');
  rec_u64(&r, extra_value(s), ',');
  return rec_put(f, &r);
}

static size_t put_flow(FILE *f, const page_t *p, const flow_t *fl, uint64_t base, bool comma) {
  rec_t r = {.n = 0};
  if (comma)
    r.b[r.n++] = ',';
  rec_i64(&r, (int64_t)(fl->t0 - base), ',');
  rec_u64(&r, p->host_lane[fl->track0 < p->m->ntracks ? fl->track0 : 0], ',');
  rec_i64(&r, (int64_t)(fl->t1 - base), ',');
  rec_u64(&r, p->host_lane[fl->track1 < p->m->ntracks ? fl->track1 : 0], ',');
  rec_u64(&r, fl->kind == FLOW_DEPEND, ',');
  return rec_put(f, &r);
}

// One window's script element; with f NULL, its size.
static size_t put_window(FILE *f, const page_t *p, size_t k) {
  const window_t *w = &p->w[k];
  char head[96];
  snprintf(head, sizeof(head), "<script type=\"application/json\" id=\"gt-w%zu\">{\"c\":[", k);
  size_t n = put(f, head);
  for (size_t i = 0; i < w->ndup; i++)
    n += put_slice(f, p, p->dups[w->dup0 + i], w->t0, i > 0);
  n += put(f, "],\n\"s\":[");
  for (size_t i = 0; i < w->nown; i++) {
    n += put_slice(f, p, p->order[w->first + i], w->t0, i > 0);
    if (i % 8 == 7)
      n += put(f, "\n");
  }
  n += put(f, "],\n\"f\":[");
  for (size_t i = 0; i < w->nflow; i++)
    n += put_flow(f, p, &p->m->flows[p->forder[w->flow0 + i]], w->t0, i > 0);
  n += put(f, "],\n\"g\":[");
  for (size_t i = 0; i < w->nfdup; i++)
    n += put_flow(f, p, &p->m->flows[p->fdups[w->fdup0 + i]], w->t0, i > 0);
  return n + put(f, "]}</script>\n");
}

// Renders window k into memory; returns its size.
static size_t render_window(page_t *p, size_t k) {
  size_t len = 0;
  FILE *f = open_memstream(&p->w[k].text, &len);
  if (!f)
    return put_window(NULL, p, k);
  put_window(f, p, k);
  if (fclose(f) != 0) {
    free(p->w[k].text);
    p->w[k].text = NULL;
    return put_window(NULL, p, k);
  }
  return len;
}

// Keeps the contiguous stretch of windows covering the most time within the budget.
static void choose_windows(page_t *p, size_t budget) {
  size_t total = 0;
  for (size_t k = 0; k < p->nw; k++) {
    if (!p->w[k].text) // rendered already by an earlier plan
      p->w[k].bytes = render_window(p, k);
    total += p->w[k].bytes;
    p->w[k].kept = false;
  }
  if (total <= budget) {
    for (size_t k = 0; k < p->nw; k++)
      p->w[k].kept = true;
    p->detail_bytes = total;
    // A streamed page holds the slices of at least min_dur: its level of detail.
    p->state = p->total == p->m->nslices ? "all" : p->st && page_min_dur(p->st) ? "lod" : "partial";
    return;
  }
  size_t best0 = 0, best1 = 0, bytes = 0;
  uint64_t best = 0;
  for (size_t a = 0, b = 0; a < p->nw; bytes -= p->w[a++].bytes) {
    if (b < a)
      b = a, bytes = 0;
    while (b < p->nw && bytes + p->w[b].bytes <= budget)
      bytes += p->w[b++].bytes;
    if (b > a && p->w[b - 1].t1 - p->w[a].t0 > best) {
      best = p->w[b - 1].t1 - p->w[a].t0;
      best0 = a;
      best1 = b;
    }
    if (b == a) // window a alone is over the budget
      bytes += p->w[b++].bytes;
  }
  p->detail_bytes = 0;
  for (size_t k = best0; k < best1; k++) {
    p->w[k].kept = true;
    p->detail_bytes += p->w[k].bytes;
  }
  p->state = best1 > best0 ? "partial" : "none";
}

// ---------------------------------------------------------------------------------------------
// The page.

static const char *head =
    "<!doctype html>\n<html><head><meta charset=\"utf-8\">\n<title>glass-trace: %s</title>\n"
    "<style>\n"
    "body{font:13px system-ui,sans-serif;margin:0;background:#fafafa;color:#222}\n"
    "header{padding:8px 12px;border-bottom:1px solid #ddd;background:#fff}\n"
    "header div{margin-top:4px}\n"
    "#legend span{display:inline-block;margin-right:14px}\n"
    "#legend i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-2px;"
    "border-radius:2px}\n"
    "#note{color:#a33}\n"
    "#wrap{position:relative;overflow:hidden}\ncanvas{display:block;cursor:grab}\n"
    "#tip{position:absolute;pointer-events:none;background:#fff;border:1px solid #999;"
    "padding:4px 6px;font-size:12px;display:none;white-space:pre;box-shadow:0 1px 4px #0003}\n"
    "pre{padding:8px 12px;font-size:12px;overflow:auto;background:#fff;border-top:1px solid "
    "#ddd;margin:0}\n"
    "</style></head><body>\n"
    "<header><b>glass-trace</b> &middot; %s &middot; <span id=\"info\"></span>\n"
    "<div id=\"legend\"></div>\n"
    "<div>wheel: zoom &middot; drag: pan &middot; double-click: whole run &middot; hover: "
    "details &middot; <label><input type=\"checkbox\" id=\"flows\" checked> task flows "
    "(dashed: creation, solid: dependence)</label> &middot; <span id=\"mode\"></span></div>\n"
    "<div id=\"note\"></div></header>\n"
    "<div id=\"wrap\"><canvas id=\"c\"></canvas><div id=\"tip\"></div></div>\n"
    "<pre id=\"sum\"></pre>\n";

static void write_names(FILE *f, page_t *p) {
  memset(p->name_of, -1, sizeof(p->name_of));
  int nnames = 0;
  fputs("\"names\":[", f);
  for (size_t i = 0; i < p->m->nslices; i++) {
    const slice_t *s = &p->m->slices[i];
    int key = name_key(s);
    if (p->name_of[key] >= 0)
      continue;
    p->name_of[key] = nnames++;
    slice_t probe = {.kind = s->kind, .sub = s->sub};
    char name[256];
    fputs(nnames > 1 ? ",{\"n\":" : "{\"n\":", f);
    script_string(f, trace_slice_name(&probe, name, sizeof(name), NULL));
    fprintf(f, ",\"c\":%d,\"x\":\"%s\"}", p->cat[i], extra_name(s->kind));
  }
  fputs("],\n\"cats\":[", f);
  for (int c = 0; c < PAGE_CATS; c++)
    fprintf(f, "%s\"%s\"", c ? "," : "", page_cat[c]);
  fputs("],\n\"locs\":[", f);
  for (size_t i = 0; i < p->locs->n; i++) {
    fputs(i ? ",{\"l\":" : "{\"l\":", f);
    script_string(f, p->locs->v[i].label);
    fputs(",\"f\":", f);
    script_string(f, p->locs->v[i].func);
    fputs("}", f);
  }
  fputs("],\n", f);
}

static void write_lanes(FILE *f, const page_t *p) {
  fputs("\"lanes\":[", f);
  for (uint32_t l = 0; l < p->nlanes; l++) {
    const lane_t *ln = &p->lanes[l];
    uint8_t ty = p->m->threads[ln->track].type;
    const char *type = ty == ompt_thread_initial  ? "initial"
                       : ty == ompt_thread_worker ? "worker"
                       : ty == ompt_thread_other  ? "other"
                                                  : "unannounced";
    char label[96];
    if (ln->device)
      fprintf(f, "%s{\"n\":\"device ops of thread %u\",\"dev\":1,", l ? "," : "", ln->track);
    else if (ty == TRACE_THREAD_DEVICE)
      fprintf(f, "%s{\"n\":\"%s\",\"dev\":0,", l ? "," : "",
              trace_track_label(&p->m->threads[ln->track], ln->track, label, sizeof(label)));
    else
      fprintf(f, "%s{\"n\":\"thread %u (%s)\",\"dev\":0,", l ? "," : "", ln->track, type);
    fprintf(f, "\"track\":%u,\"rows\":%u}", ln->track, ln->rows);
  }
  fputs("],\n", f);
}

// Each drawn instant as [time, lane, kind, n, a]; "kinds" names the kinds (trace.h's
// instant_kind values index it).
static void write_instants(FILE *f, const page_t *p) {
  fprintf(f, "\"instants\":{\"total\":%zu,\"kinds\":[", p->inst_total);
  for (int k = 0; k <= IN_TARGET_MAP; k++)
    fprintf(f, "%s\"%s\"", k ? "," : "", trace_instant_name((uint8_t)k));
  fputs("],\"v\":[", f);
  for (size_t i = 0; i < p->ninst; i++) {
    const instant_t *in = &p->inst[i];
    uint32_t lane = p->host_lane[in->track < p->m->ntracks ? in->track : 0];
    fprintf(f, "%s%llu,%u,%u,%u,%llu", i ? "," : "", (unsigned long long)in->t, lane,
            (unsigned)in->kind, in->n, (unsigned long long)in->a);
    if (i % 8 == 7)
      fputc('\n', f);
  }
  fputs("]},\n", f);
}

static void write_detail_meta(FILE *f, const page_t *p, const char *full) {
  fprintf(f, "\"detail\":{\"state\":\"%s\",\"bound\":%zu,\"bytes\":%zu,\"full\":", p->state,
          p->bound, p->detail_bytes);
  script_string(f, full);
  fprintf(f, ",\"slices\":%zu,\"outside\":%zu,\"flows\":%zu,\"min_dur\":%llu,\"windows\":[",
          p->total, p->total - p->m->nslices, p->m->nflows,
          (unsigned long long)(p->st ? page_min_dur(p->st) : 0));
  for (size_t k = 0; k < p->nw; k++) {
    const window_t *w = &p->w[k];
    fprintf(f, "%s[%llu,%llu,%zu,%zu,%d]", k ? "," : "", (unsigned long long)w->t0,
            (unsigned long long)w->t1, w->nown, w->nown + w->ndup, w->kept);
    if (k % 8 == 7)
      fputc('\n', f);
  }
  fputs("]},\n", f);
}

// Everything but the detail windows, into a memory stream.
static char *render_meta(page_t *p, const char *full, size_t *len) {
  char *buf = NULL;
  FILE *f = open_memstream(&buf, len);
  if (!f)
    return NULL;
  fputs("<script type=\"application/json\" id=\"gt-meta\">{", f);
  write_names(f, p);
  write_lanes(f, p);
  fprintf(f, "\"end\":%llu,\"start\":%llu,\n", (unsigned long long)p->t1,
          (unsigned long long)p->t0);
  write_detail_meta(f, p, full);
  write_instants(f, p);
  if (!p->measuring)
    write_agg(f, p);
  fputs(",\n\"summary\":", f);
  if (!p->summary) { // once: the meta is rendered twice
    size_t sumlen = 0;
    FILE *sf = open_memstream(&p->summary, &sumlen);
    if (sf) {
      trace_write_summary(p->m, p->locs, sf);
      fclose(sf);
    }
  }
  script_string(f, p->summary ? p->summary : "");
  fputs("}</script>\n", f);
  if (fclose(f) != 0) {
    free(buf);
    return NULL;
  }
  return buf;
}

static void page_free(page_t *p) {
  free(p->summary);
  for (uint32_t l = 0; p->lanes && l < p->nlanes; l++)
    free(p->lanes[l].acc);
  for (size_t k = 0; p->w && k < p->nw; k++)
    free(p->w[k].text);
  void *arrays[] = {p->lanes,  p->lane_of, p->row,   p->cat,       p->order,
                    p->forder, p->dups,    p->fdups, p->host_lane, p->w};
  for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++)
    free(arrays[i]);
}

static void page_range(page_t *p) {
  const trace_model_t *m = p->m;
  uint64_t first = m->tend, end = m->tend;
  for (size_t i = 0; i < m->nslices; i++) {
    if (m->slices[i].t0 < first)
      first = m->slices[i].t0;
    if (m->slices[i].t1 > end)
      end = m->slices[i].t1;
  }
  for (size_t i = 0; i < p->ninst; i++) {
    if (p->inst[i].t < first)
      first = p->inst[i].t;
    if (p->inst[i].t > end)
      end = p->inst[i].t;
  }
  uint64_t margin = (end - first) / 50;
  p->t0 = first > margin ? first - margin : 0;
  p->t1 = end > p->t0 ? end : p->t0 + 1;
  p->a0 = p->t0;
  p->a1 = p->t1;
}

// Picks the finest aggregates that fit a quarter of the bound, then the detail that fits the
// rest; returns the rendered meta.
// Plans the page with nb0 buckets: measures the meta at its longest (*len) and chooses the
// windows that fit beside it.
static bool try_plan(page_t *p, size_t fixed, const char *full, size_t *len) {
  if (!build_agg(p))
    return false;
  p->state = "partial";
  for (size_t k = 0; k < p->nw; k++)
    p->w[k].kept = true;
  p->detail_bytes = (size_t)-1 / 2;
  p->measuring = true; // the aggregates' size is known without encoding them
  char *meta = render_meta(p, full, len);
  p->measuring = false;
  if (!meta)
    return false;
  *len += agg_bytes(p, p->nb0);
  size_t used = fixed + *len;
  choose_windows(p, used < p->bound ? p->bound - used : 0);
  free(meta);
  return true;
}

static char *plan(page_t *p, size_t fixed, const char *full, size_t *len) {
  // With every slice in the page, aggregates show only at zooms of more than MAXDRAW slices
  // (timeline.js): a few thousand buckets are enough. Tried first: most pages hold everything.
  if (!p->st) {
    p->nb0 = NB_ALL;
    if (!try_plan(p, fixed, full, len))
      return NULL;
    if (p->state[0] == 'a')
      return render_meta(p, full, len);
    for (uint32_t l = 0; l < p->nlanes; l++)
      free(p->lanes[l].acc), p->lanes[l].acc = NULL;
  }
  p->nb0 = p->st ? stream_buckets(p) : NB_MAX;
  while (p->nb0 > NB_MIN && agg_bytes(p, p->nb0) > p->bound / 4)
    p->nb0 /= 4;
  // Measure the meta with every window kept (the longest it can be), then choose.
  if (!try_plan(p, fixed, full, len))
    return NULL;
  size_t used = fixed + *len;
  for (size_t k = 0; k < p->nw; k++)
    if (!p->w[k].kept) {
      free(p->w[k].text);
      p->w[k].text = NULL;
    }
  if (used > p->bound)
    fprintf(stderr,
            "glass-trace: the HTML page needs %zu bytes for its summary and coarse timeline, "
            "more than GLASS_TRACE_HTML_MAX=%zu\n",
            used, p->bound);
  return render_meta(p, full, len);
}

static void page_title(char *title, size_t size) {
  char exe[512];
  trace_exe_name(exe, sizeof(exe));
  FILE *tf = fmemopen(title, size, "w");
  if (tf) {
    html_text(tf, exe);
    fclose(tf);
  } else {
    snprintf(title, size, "program");
  }
}

static int write_page(page_t *pp, const char *path) {
  page_t p = *pp;
  char title[1200];
  page_title(title, sizeof(title));
  char full[4200];
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  int stem = (int)(strlen(base) > 5 ? strlen(base) - 5 : 0);
  // The full trace beside the page: the JSON, or for a streamed trace Perfetto's protobuf.
  snprintf(full, sizeof(full), "%.*s.%s", stem, base, p.st ? "pftrace" : "json");
  page_range(&p);
  size_t len = 0;
  char *meta = NULL;
  if (make_lanes(&p) && make_windows(&p)) {
    if (p.st)
      stream_range(&p);
    size_t fixed = strlen(head) - 4 + 2 * strlen(title) + strlen(trace_timeline_js) + 64;
    meta = plan(&p, fixed, full, &len);
  }
  if (!meta) {
    fprintf(stderr, "glass-trace: out of memory writing %s\n", path);
    page_free(&p);
    return 1;
  }
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "glass-trace: cannot write %s: %m\n", path);
    free(meta);
    page_free(&p);
    return 1;
  }
  fprintf(f, head, title, title);
  fwrite(meta, 1, len, f);
  free(meta);
  for (size_t k = 0; k < p.nw; k++)
    if (p.w[k].kept && p.w[k].text)
      fwrite(p.w[k].text, 1, p.w[k].bytes, f);
    else if (p.w[k].kept)
      put_window(f, &p, k);
  fputs("<script>\n", f);
  fputs(trace_timeline_js, f);
  fputs("</script>\n</body></html>\n", f);
  int bad = ferror(f);
  bad |= fclose(f) != 0;
  if (bad)
    fprintf(stderr, "glass-trace: error writing %s\n", path);
  page_free(&p);
  return bad;
}

int trace_write_html(const trace_model_t *m, const trace_locs_t *locs, const char *path,
                     const char *summary) {
  page_t p = {.m = m, .locs = locs, .bound = html_bound(), .total = m->nslices};
  p.summary = summary ? strdup(summary) : NULL;
  instant_t *inst = malloc((m->ninstants + 1) * sizeof(*inst));
  for (size_t i = 0; inst && i < m->ninstants; i++)
    if (page_instant(&m->instants[i]) && p.inst_total++ < PAGE_INSTANTS)
      inst[p.ninst++] = m->instants[i];
  p.inst = inst;
  int bad = write_page(&p, path);
  free(inst);
  return bad;
}

// ---------------------------------------------------------------------------------------------
// Streamed traces: the page as a sink of the replay, with memory bounded whatever the trace.
// Every slice adds to the aggregates, kept per lane (2 per thread: host, device) and category
// over buckets of a width that doubles whenever a slice ends past the last bucket. The detail is
// a level of detail over the whole run: the slices of at least min_dur, as many as the page's
// detail can hold. A slice takes its place in the kept array when it opens (so the array stays
// in the order slices start, as the page wants them) and leaves it when it closes shorter than
// min_dur. min_dur starts at 0 (every slice) and, whenever the array is full, rises to the
// smallest quarter power of 2 that leaves at most half of it (a histogram of the kept slices'
// durations says which), and the shorter ones go. A slice lasts at least as long as any slice
// inside it, so what is kept is whole from each kept slice up to the top of its lane.

// How many slices to keep: one per KEPT_BYTES of the bound, so about half of the page's bound
// (a slice takes about 30 bytes). The page is the smaller output of a large run, and keeping a
// slice (80 bytes of fresh memory) and writing it cost as much as the Perfetto trace's slices.
enum { KEPT_BYTES = 64 };
#define NOT_KEPT ((size_t)-2)
#define OPEN_T1  UINT64_MAX              // a kept slice still open: its parent field is its handle
enum { DUR_BUCKETS = 256, DEAD = 0xff }; // durations by quarter powers of 2; kind of a gap

typedef struct open_slice { // a slice open in the replay, by handle
  size_t at;                // its place in kept
  uint64_t flow;            // 1 + the creation time of the task whose first piece this is, or 0
  uint16_t row;
  uint8_t kind;
  bool device;
} open_slice_t;

// Creation flows: each "task create" instant of a task that another thread runs waits, by task
// id, for the task's first slice (SLF_FLOW_END), which takes its time (kept slices hold it in
// their task field, unused for tasks). At most FLOW_PENDING creations wait at a time; a flow
// whose creation found no room is not drawn (counted).
enum { FLOW_PENDING = 1 << 18 };
typedef struct flow_map {
  trace_map_t m; // key: task id, val: creation time
  uint64_t lost; // creations not recorded: the map was full
} flow_map_t;

struct trace_page {
  uint32_t ntracks;
  size_t nb;      // buckets per lane and category
  uint64_t width; // ns per bucket: 1 << shift
  unsigned shift;
  float inv_width;
  float **lane;   // per lane: PAGE_CATS x nb shares, NULL until the lane has a slice
  uint16_t *mask; // per lane: categories with time
  slice_t *kept;  // by start: open, closed (depth = row, no parent) or DEAD (closed too short)
  size_t nkept, capkept, maxkept, ndead, nclosed;
  uint64_t min_dur;
  uint64_t hist[DUR_BUCKETS]; // closed kept slices by dur_bucket of their duration
  open_slice_t *open;
  size_t nopen, capopen;
  size_t *free_handles; // handles of closed slices, for reuse
  size_t nfree;
  bool broken;   // out of memory for the open slices: no detail
  uint64_t seen; // slices closed
  size_t bound;
  instant_t inst[PAGE_INSTANTS]; // the first instants the page draws
  size_t ninst, inst_total;
  flow_map_t flows;
};

static void flow_put(flow_map_t *f, uint64_t id, uint64_t t) {
  bool fresh;
  trace_map_ent_t *e = f->m.n < FLOW_PENDING ? trace_map_get(&f->m, id, &fresh) : NULL;
  if (e)
    e->val = t;
  else
    f->lost++;
}

// The creation time of task id + 1, or 0; the entry goes (backward-shift deletion, so that
// linear probing needs no tombstones).
static uint64_t flow_take(flow_map_t *fm, uint64_t id) {
  trace_map_t *f = &fm->m;
  if (!f->n)
    return 0;
  size_t mask = f->cap - 1, j = trace_hash64(id) & mask;
  while (f->v[j].key != id) {
    if (!f->v[j].key)
      return 0;
    j = (j + 1) & mask;
  }
  uint64_t t = f->v[j].val;
  for (size_t k = (j + 1) & mask; f->v[k].key; k = (k + 1) & mask) {
    size_t home = trace_hash64(f->v[k].key) & mask;
    // Entry k may move to the hole at j if its home is not in (j, k] (cyclically).
    if (j <= k ? (home <= j || home > k) : (home <= j && home > k)) {
      f->v[j] = f->v[k];
      j = k;
    }
  }
  f->v[j].key = 0;
  f->n--;
  return t + 1;
}

static uint64_t page_min_dur(const struct trace_page *st) {
  return st->min_dur;
}

static bool stream_device_lane(const struct trace_page *st, uint32_t track) {
  return track < st->ntracks && st->lane[2 * track + 1] != NULL;
}

trace_page_t *trace_page_open(uint32_t ntracks) {
  trace_page_t *pg = calloc(1, sizeof(*pg));
  if (!pg)
    return NULL;
  pg->ntracks = ntracks ? ntracks : 1;
  pg->nb = pg->ntracks <= 16 ? NB_MAX : pg->ntracks <= 64 ? NB_MAX / 4 : NB_MAX / 16;
  pg->shift = 10;
  pg->width = 1024;
  pg->inv_width = 1.0f / 1024;
  pg->bound = html_bound();
  pg->maxkept = pg->bound / KEPT_BYTES;
  pg->lane = calloc(2 * (size_t)pg->ntracks, sizeof(float *));
  pg->mask = calloc(2 * (size_t)pg->ntracks, sizeof(uint16_t));
  if (!pg->lane || !pg->mask) {
    free(pg->lane);
    free(pg->mask);
    free(pg);
    return NULL;
  }
  return pg;
}

// A lane's PAGE_CATS x nb shares are followed by as many differences: a span adds its whole
// buckets there as +1 at its first and -1 past its last (a task tree's outer slices cover most
// buckets, and adding to each was the page's largest cost); they are summed into the shares
// before the buckets change or are read.
static void stream_settle(trace_page_t *pg) {
  size_t n = PAGE_CATS * pg->nb;
  for (size_t l = 0; l < 2 * (size_t)pg->ntracks; l++) {
    float *a = pg->lane[l], *d = a ? a + n : NULL;
    for (size_t c = 0; a && c < PAGE_CATS; c++) {
      float run = 0;
      for (size_t b = c * pg->nb; b < (c + 1) * pg->nb; b++) {
        run += d[b];
        a[b] += run;
        d[b] = 0;
      }
    }
  }
}

// Twice the width: each bucket becomes the mean of two.
static void stream_coarsen(trace_page_t *pg) {
  stream_settle(pg);
  pg->width *= 2;
  pg->shift++;
  pg->inv_width /= 2;
  for (size_t l = 0; l < 2 * (size_t)pg->ntracks; l++)
    for (size_t c = 0; pg->lane[l] && c < PAGE_CATS; c++) {
      float *a = pg->lane[l] + c * pg->nb;
      for (size_t b = 0; b < pg->nb / 2; b++)
        a[b] = (a[2 * b] + a[2 * b + 1]) / 2;
      memset(a + pg->nb / 2, 0, pg->nb / 2 * sizeof(float));
    }
}

static float *stream_lane(trace_page_t *pg, const slice_t *s) {
  if (s->track >= pg->ntracks)
    return NULL;
  size_t l = 2 * (size_t)s->track + (s->flags & SLF_DEVICE ? 1 : 0);
  if (!pg->lane[l])
    pg->lane[l] = calloc(2 * PAGE_CATS * pg->nb, sizeof(float)); // shares, differences
  return pg->lane[l];
}

// Durations by quarter powers of 2: 0..3 alone, then 4 buckets per bit length.
static int dur_bucket(uint64_t v) {
  if (v < 4)
    return (int)v;
  int bl = 64 - __builtin_clzll(v);
  return (bl - 3) * 4 + (int)(v >> (bl - 3));
}

static uint64_t bucket_floor(int b) { // the shortest duration in bucket b
  return b < 4 ? (uint64_t)b : (uint64_t)(b % 4 + 4) << (b / 4 - 1);
}

// The kept array is full: the gaps go and, if that frees less than half of it, min_dur rises
// until it does (or only open slices are left); open slices learn their new places.
static void compact(trace_page_t *pg) {
  size_t live = pg->nkept - pg->ndead;
  int b = dur_bucket(pg->min_dur);
  while (live > pg->maxkept / 2 && pg->nclosed > 0 && b + 1 < DUR_BUCKETS) {
    live -= pg->hist[b], pg->nclosed -= pg->hist[b];
    pg->hist[b++] = 0;
  }
  pg->min_dur = bucket_floor(b);
  size_t n = 0;
  for (size_t i = 0; i < pg->nkept; i++) {
    const slice_t *k = &pg->kept[i];
    if (k->t1 == OPEN_T1)
      pg->open[k->parent].at = n;
    else if (k->kind == DEAD || k->t1 - k->t0 < pg->min_dur)
      continue;
    pg->kept[n++] = *k;
  }
  pg->nkept = n;
  pg->ndead = 0;
}

// A place in kept for a slice that opens, or NOT_KEPT.
static size_t kept_slot(trace_page_t *pg) {
  if (pg->nkept == pg->capkept) {
    // At once the most it may keep: untouched pages cost nothing, and growing by doubling
    // copied the slices kept so far each time.
    size_t cap = pg->capkept ? 2 * pg->capkept : pg->maxkept;
    cap = cap < pg->maxkept ? cap : pg->maxkept;
    slice_t *k = cap > pg->capkept ? realloc(pg->kept, cap * sizeof(slice_t)) : NULL;
    if (!k && !pg->capkept && cap > 4096) // too much at once: grow instead
      k = realloc(pg->kept, (cap = 4096) * sizeof(slice_t));
    if (k) {
      pg->kept = k;
      pg->capkept = cap;
    } else {
      pg->maxkept = pg->capkept; // the most it can have
      compact(pg);
    }
  }
  return pg->nkept < pg->capkept ? pg->nkept++ : NOT_KEPT;
}

static size_t new_handle(trace_page_t *pg) {
  if (pg->nfree)
    return pg->free_handles[--pg->nfree];
  if (pg->nopen == pg->capopen) {
    size_t cap = pg->capopen ? 2 * pg->capopen : 256;
    open_slice_t *o = realloc(pg->open, cap * sizeof(*o));
    if (o)
      pg->open = o;
    size_t *f = realloc(pg->free_handles, cap * sizeof(*f));
    if (f)
      pg->free_handles = f;
    if (!o || !f)
      return NOT_KEPT;
    pg->capopen = cap;
  }
  return pg->nopen++;
}

// Out of memory: the page gets no detail rather than a wrong one.
static size_t page_broken(trace_page_t *pg) {
  pg->broken = true;
  pg->nkept = 0;
  return NOT_KEPT;
}

// add_span for the stream's power-of-2 buckets: shifts instead of divisions (the stream adds two
// spans per slice, millions of times).
static void stream_span(const trace_page_t *pg, float *a, uint64_t t0, uint64_t t1, float sign) {
  size_t b0 = (size_t)(t0 >> pg->shift), b1 = (size_t)(t1 >> pg->shift);
  if (b0 >= pg->nb || t1 <= t0)
    return;
  if (b0 == b1) {
    a[b0] += sign * (float)(t1 - t0) * pg->inv_width;
    return;
  }
  a[b0] += sign * (float)(((uint64_t)(b0 + 1) << pg->shift) - t0) * pg->inv_width;
  size_t end = b1 < pg->nb ? b1 : pg->nb;
  float *d = a + PAGE_CATS * pg->nb; // the differences (stream_settle)
  if (b0 + 1 < end) {
    d[b0 + 1] += sign;
    if (end < pg->nb)
      d[end] -= sign;
  }
  if (b1 < pg->nb)
    a[b1] += sign * (float)(t1 - ((uint64_t)b1 << pg->shift)) * pg->inv_width;
}

static size_t stream_open(void *ctx, const slice_t *s) {
  trace_page_t *pg = ctx;
  if (pg->broken)
    return NOT_KEPT;
  size_t h = new_handle(pg);
  size_t at = h == NOT_KEPT ? NOT_KEPT : kept_slot(pg);
  if (at == NOT_KEPT)
    return page_broken(pg);
  // Its row: one below its parent's on the same lane, or over it for a wait in a sync region.
  size_t par = s->parent ? s->parent - 1 : NOT_KEPT;
  const open_slice_t *po = par < pg->nopen ? &pg->open[par] : NULL;
  bool device = (s->flags & SLF_DEVICE) != 0;
  uint16_t row = 0;
  if (po && po->device == device)
    row = (uint16_t)(po->row + !(s->kind == SL_WAIT && po->kind == SL_SYNC));
  uint64_t flow =
      s->kind == SL_TASK && (s->flags & SLF_FLOW_END) ? flow_take(&pg->flows, s->id) : 0;
  pg->open[h] =
      (open_slice_t){.at = at, .flow = flow, .row = row, .kind = s->kind, .device = device};
  // What compaction reads of an open slice; its close writes the rest.
  slice_t *k = &pg->kept[at];
  k->t0 = s->t0;
  k->t1 = OPEN_T1;
  k->parent = h;
  k->kind = s->kind;
  return h;
}

static void stream_close(void *ctx, const slice_t *s, size_t handle, uint64_t excl,
                         const slice_t *parent, bool outermost_itask) {
  trace_page_t *pg = ctx;
  (void)excl, (void)outermost_itask;
  pg->seen++;
  while (s->t1 >= pg->nb * pg->width && pg->width < (1ull << 62) / pg->nb)
    stream_coarsen(pg);
  float *a = stream_lane(pg, s);
  if (a) {
    int c = page_category(s);
    stream_span(pg, a + (size_t)c * pg->nb, s->t0, s->t1, 1);
    pg->mask[a == pg->lane[2 * (size_t)s->track] ? 2 * s->track : 2 * s->track + 1] |=
        (uint16_t)(1u << c);
    if (parent && (parent->flags & SLF_DEVICE) == (s->flags & SLF_DEVICE))
      stream_span(pg, a + (size_t)page_category(parent) * pg->nb, s->t0, s->t1, -1);
  }
  if (handle >= pg->nopen || pg->broken)
    return;
  pg->free_handles[pg->nfree++] = handle;
  slice_t *k = &pg->kept[pg->open[handle].at];
  if (s->t1 - s->t0 < pg->min_dur) { // too short: a gap until the next compaction
    k->kind = DEAD;
    k->t1 = k->t0;
    pg->ndead++;
    // Gaps at the end go now: a short slice usually opened last (a leaf task), and leaving
    // it made the array fill, and be compacted, every few hundred thousand slices.
    while (pg->nkept > 0 && pg->kept[pg->nkept - 1].kind == DEAD)
      pg->nkept--, pg->ndead--;
    return;
  }
  *k = *s;
  k->parent = 0;
  k->depth = pg->open[handle].row;
  if (s->kind == SL_TASK)
    k->task = pg->open[handle].flow;
  pg->hist[dur_bucket(s->t1 - s->t0)]++;
  pg->nclosed++;
}

static void stream_instant(void *ctx, const instant_t *in) {
  trace_page_t *pg = ctx;
  if (in->kind == IN_TASK_CREATE)
    flow_put(&pg->flows, in->a, in->t);
  if (page_instant(in) && pg->inst_total++ < PAGE_INSTANTS)
    pg->inst[pg->ninst++] = *in;
}

trace_sink_t trace_page_sink(trace_page_t *pg) {
  return (trace_sink_t){
      .ctx = pg, .open = stream_open, .close = stream_close, .instant = stream_instant};
}

// The finest buckets the page may have: the stream's (a power of 4).
static size_t stream_buckets(const page_t *p) {
  return p->st->nb;
}

// The aggregates span the stream's buckets from time 0; lanes get the stream's categories.
static void stream_range(page_t *p) {
  p->a0 = 0;
  p->a1 = p->st->nb * p->st->width;
  for (uint32_t l = 0; l < p->nlanes; l++) {
    lane_t *ln = &p->lanes[l];
    p->lanes[l].cats = 0;
    if (ln->track < p->st->ntracks)
      ln->cats = p->st->mask[2 * ln->track + ln->device];
  }
}

// The stream's shares at p->nb0 buckets (means of nb / nb0 buckets), then the coarser levels.
static bool stream_agg(page_t *p) {
  if (!alloc_agg(p))
    return false;
  size_t total, k = p->st->nb / p->nb0;
  levels(p->nb0, &total);
  for (uint32_t l = 0; l < p->nlanes; l++) {
    lane_t *ln = &p->lanes[l];
    const float *src = ln->track < p->st->ntracks ? p->st->lane[2 * ln->track + ln->device] : NULL;
    for (int c = 0; src && c < PAGE_CATS; c++) {
      if (!(ln->cats & (1u << c)))
        continue;
      float *dst = ln->acc + (size_t)slot(ln, c) * total;
      for (size_t b = 0; b < p->nb0; b++) {
        float sum = 0;
        for (size_t i = 0; i < k; i++)
          sum += src[(size_t)c * p->st->nb + b * k + i];
        dst[b] = sum / (float)k;
      }
    }
  }
  pyramid(p);
  return true;
}

static void stream_free(trace_page_t *pg) {
  free(pg->open);
  free(pg->free_handles);
  for (size_t l = 0; l < 2 * (size_t)pg->ntracks; l++)
    free(pg->lane[l]);
  free(pg->lane);
  free(pg->mask);
  free(pg->kept);
  free(pg->flows.m.v);
  free(pg);
}

// The creation flows of the kept slices: a flow is drawn when the task slice it ends at is.
static flow_t *stream_flows(const trace_page_t *pg, size_t *n) {
  size_t k = 0;
  for (size_t i = 0; i < pg->nkept; i++)
    k += pg->kept[i].kind == SL_TASK && pg->kept[i].task;
  flow_t *v = k ? malloc(k * sizeof(flow_t)) : NULL;
  *n = 0;
  for (size_t i = 0; v && i < pg->nkept; i++) {
    const slice_t *s = &pg->kept[i];
    if (s->kind == SL_TASK && s->task) // the id's high bits: 1 + the creating thread
      v[(*n)++] =
          (flow_t){s->task - 1, s->t0, (uint32_t)((s->id >> 40) - 1), s->track, FLOW_CREATE};
  }
  return v;
}

int trace_page_close(trace_page_t *pg, const trace_model_t *m, const trace_locs_t *locs,
                     trace_summary_t *S, const char *path) {
  if (!pg)
    return 1;
  stream_settle(pg);
  // Without the gaps (and slices never closed, which the replay does not leave).
  size_t n = 0;
  for (size_t i = 0; i < pg->nkept; i++)
    if (pg->kept[i].kind != DEAD && pg->kept[i].t1 != OPEN_T1)
      pg->kept[n++] = pg->kept[i];
  pg->nkept = n;
  trace_model_t pm = *m;
  pm.slices = pg->kept;
  pm.nslices = pg->nkept;
  pm.flows = stream_flows(pg, &pm.nflows);
  page_t p = {.m = &pm,
              .locs = locs,
              .bound = pg->bound,
              .total = pg->seen,
              .st = pg,
              .inst = pg->inst,
              .ninst = pg->ninst,
              .inst_total = pg->inst_total};
  size_t len = 0;
  FILE *sf = S ? open_memstream(&p.summary, &len) : NULL;
  if (sf) {
    trace_summary_write(S, m, locs, sf);
    fclose(sf);
  }
  int bad = write_page(&p, path);
  free(pm.flows);
  stream_free(pg);
  return bad;
}
