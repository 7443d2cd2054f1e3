// Per-thread event buffers: chunks of records, allocated a chunk at a time (never per event),
// within a per-thread memory budget (GLASS_TRACE_BUFFER). When the budget is spent the thread
// either spills its full chunks to a private temporary file and reuses them (the default), or
// stops recording and counts what it drops (GLASS_TRACE_FULL=drop). Either way the records
// that are kept form a prefix or the whole of the thread's stream, so pairing never breaks.
#define _GNU_SOURCE
#include "trace.h"

#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

trace_options_t trace_opt;
trace_thread_t *_Atomic trace_threads;
bool trace_use_tsc;
static _Atomic uint32_t next_track;

uint32_t trace_ntracks(void) {
  return atomic_load(&next_track);
}
static uint64_t tick0, ns0;      // at trace_clock_start
static double ns_per_tick = 1.0; // calibrated at trace_clock_stop

uint64_t trace_monotonic(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

// The TSC is usable when the CPU says it ticks at a constant rate in every power state; a
// virtual machine that hides it from /proc/cpuinfo gets CLOCK_MONOTONIC.
static bool tsc_usable(void) {
#if defined(__x86_64__)
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (!f)
    return false;
  char line[8192];
  bool constant = false, nonstop = false;
  while (fgets(line, sizeof(line), f) && !(constant && nonstop))
    if (strncmp(line, "flags", 5) == 0) {
      constant = strstr(line, " constant_tsc") != NULL;
      nonstop = strstr(line, " nonstop_tsc") != NULL;
      break;
    }
  fclose(f);
  return constant && nonstop;
#else
  return false;
#endif
}

void trace_clock_start(void) {
  const char *v = getenv("GLASS_TRACE_CLOCK");
  if (v && *v && strcmp(v, "tsc") != 0 && strcmp(v, "monotonic") != 0)
    fprintf(stderr,
            "glass-trace: GLASS_TRACE_CLOCK=%s: expected tsc or monotonic; using the "
            "default\n",
            v);
  trace_use_tsc = v && strcmp(v, "monotonic") == 0 ? false : tsc_usable();
  ns0 = trace_monotonic();
  tick0 = trace_now();
}

void trace_clock_stop(void) {
  if (!trace_use_tsc)
    return;
  uint64_t ns1 = trace_monotonic(), tick1 = trace_now();
  if (tick1 > tick0 && ns1 > ns0)
    ns_per_tick = (double)(ns1 - ns0) / (double)(tick1 - tick0);
}

uint64_t trace_ns(uint64_t ticks) {
  if (!trace_use_tsc)
    return ticks > ns0 ? ticks - ns0 : 0;
  return ticks > tick0 ? (uint64_t)((double)(ticks - tick0) * ns_per_tick) : 0;
}

trace_thread_t *trace_thread_new(uint8_t type) {
  trace_thread_t *th = calloc(1, sizeof(*th));
  if (!th)
    return NULL;
  th->type = type;
  th->spill_fd = -1;
  th->track = atomic_fetch_add(&next_track, 1);
  th->next_id = ((uint64_t)th->track + 1) << 40;
  trace_thread_t *old = atomic_load(&trace_threads);
  do
    th->next_thread = old;
  while (!atomic_compare_exchange_weak(&trace_threads, &old, th));
  return th;
}

// Chunks of the largest size are one huge page each (2 MiB, aligned, MADV_HUGEPAGE where the
// kernel offers it): a thread's budget then costs a few dozen page faults instead of one per
// 4 KiB, and the faults were a quarter of the recording's cost.
static bool chunk_is_huge(size_t cap) {
  return cap == TRACE_CHUNK_HUGE;
}

static void *huge_alloc(void) {
  size_t sz = TRACE_HUGE_BYTES;
  char *p = mmap(NULL, 2 * sz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return NULL;
  char *a = (char *)(((uintptr_t)p + sz - 1) & ~(uintptr_t)(sz - 1));
  if (a > p)
    munmap(p, (size_t)(a - p));
  if (a + sz < p + 2 * sz)
    munmap(a + sz, (size_t)(p + 2 * sz - (a + sz)));
#ifdef MADV_HUGEPAGE
  madvise(a, sz, MADV_HUGEPAGE);
#endif
  return a;
}

static void chunk_free(trace_chunk_t *c) {
  if (chunk_is_huge(c->cap))
    munmap(c, TRACE_HUGE_BYTES);
  else
    free(c);
}

static trace_chunk_t *chunk_new(void) {
  size_t cap = trace_opt.chunk_events;
  trace_chunk_t *c =
      chunk_is_huge(cap) ? huge_alloc() : malloc(sizeof(*c) + cap * sizeof(trace_ev_t));
  if (c) {
    c->next = NULL;
    c->used = 0;
    c->cap = (uint32_t)cap;
  }
  return c;
}

static void warn_once(trace_thread_t *th, const char *what) {
  char msg[256];
  int n = snprintf(msg, sizeof(msg),
                   "glass-trace: thread %u: buffer full (GLASS_TRACE_BUFFER=%zu bytes): %s\n",
                   th->track, trace_opt.buffer_bytes, what);
  if (write(STDERR_FILENO, msg, (size_t)n) < 0)
    return;
}

static int spill_open(trace_thread_t *th) {
  char path[4200];
  snprintf(path, sizeof(path), "%s/glass-trace-spill-XXXXXX", trace_opt.spill_dir);
  int fd = mkostemp(path, O_CLOEXEC);
  if (fd >= 0)
    unlink(path); // the file lives as long as the descriptor
  return fd;
}

static bool write_all(int fd, const void *p, size_t n) {
  const char *c = p;
  while (n) {
    ssize_t w = write(fd, c, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return false;
    c += w;
    n -= (size_t)w;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Spill files hold packed blocks, one per chunk: a header (bytes, events) and the events as
// varints: kind, sub, then the time, a and b/code as zigzag deltas from the previous event of
// the same kind in the block, then n and pad. About 8 bytes an event instead of 32: writing
// the records into the page cache was the largest single cost of a large trace.

enum { PACK_EV_MAX = 2 + 3 * 10 + 10 }; // bytes of one packed event, at most

typedef struct pack_hdr {
  uint32_t bytes, events;
} pack_hdr_t;

typedef struct pack_prev { // per kind: the last event's fields
  uint64_t t[256], a[256], b[256];
} pack_prev_t;

static size_t trace_pack_bound(size_t events) {
  return sizeof(pack_hdr_t) + events * PACK_EV_MAX;
}

// A packing buffer: a block of up to `events` events, then (aligned) the per-kind state.
static size_t pack_state_at(size_t events) {
  size_t a = _Alignof(pack_prev_t);
  return (trace_pack_bound(events) + a - 1) / a * a;
}

static size_t pack_buffer_bytes(size_t events) {
  return pack_state_at(events) + sizeof(pack_prev_t);
}

static pack_prev_t *pack_prev(uint8_t *buf, size_t events) {
  return (pack_prev_t *)(void *)(buf + pack_state_at(events));
}

static uint8_t *put_var(uint8_t *o, uint64_t v) {
  for (; v >= 0x80; v >>= 7)
    *o++ = (uint8_t)(v | 0x80);
  *o++ = (uint8_t)v;
  return o;
}

static uint8_t *put_delta(uint8_t *o, uint64_t v, uint64_t *prev) {
  uint64_t d = v - *prev;
  *prev = v;
  return put_var(o, d << 1 ^ (uint64_t)((int64_t)d >> 63)); // zigzag
}

// Packs n events into out (trace_pack_bound(n) bytes); returns the bytes used, header included.
static size_t pack(const trace_ev_t *ev, size_t n, uint8_t *out, pack_prev_t *pv) {
  memset(pv, 0, sizeof(*pv));
  uint8_t *o = out + sizeof(pack_hdr_t);
  for (size_t i = 0; i < n; i++) {
    const trace_ev_t *e = &ev[i];
    *o++ = e->kind;
    *o++ = e->sub;
    o = put_delta(o, e->t, &pv->t[e->kind]);
    o = put_delta(o, e->a, &pv->a[e->kind]);
    o = put_delta(o, e->b, &pv->b[e->kind]);
    o = put_var(o, (uint64_t)e->n | (uint64_t)e->pad << 32);
  }
  pack_hdr_t h = {(uint32_t)(o - out - sizeof(h)), (uint32_t)n};
  memcpy(out, &h, sizeof(h));
  return (size_t)(o - out);
}

static bool get_var_slow(const uint8_t **p, const uint8_t *end, uint64_t *v) {
  uint64_t x = 0;
  for (int shift = 0; *p < end && shift < 64; shift += 7) {
    uint8_t c = *(*p)++;
    x |= (uint64_t)(c & 0x7f) << shift;
    if (c < 0x80) {
      *v = x;
      return true;
    }
  }
  return false;
}

// Most fields take one or two bytes: those without the loop (reading back was a third of a
// large trace's time at exit).
static inline bool get_var(const uint8_t **p, const uint8_t *end, uint64_t *v) {
  const uint8_t *q = *p;
  if (__builtin_expect(end - q >= 2, 1)) {
    if (q[0] < 0x80) {
      *v = q[0];
      *p = q + 1;
      return true;
    }
    if (q[1] < 0x80) {
      *v = (uint64_t)(q[0] & 0x7f) | (uint64_t)q[1] << 7;
      *p = q + 2;
      return true;
    }
  }
  return get_var_slow(p, end, v);
}

static inline bool get_delta(const uint8_t **p, const uint8_t *end, uint64_t *prev) {
  uint64_t z;
  if (!get_var(p, end, &z))
    return false;
  *prev += (z >> 1) ^ ((uint64_t)0 - (z & 1));
  return true;
}

// Unpacks a block's payload of n events; false if it is malformed (a damaged file).
static bool unpack(const uint8_t *p, size_t bytes, size_t n, trace_ev_t *ev, pack_prev_t *pv) {
  memset(pv, 0, sizeof(*pv));
  const uint8_t *end = p + bytes;
  for (size_t i = 0; i < n; i++) {
    if (end - p < 2)
      return false;
    uint8_t kind = *p++, sub = *p++;
    uint64_t np;
    if (!get_delta(&p, end, &pv->t[kind]) || !get_delta(&p, end, &pv->a[kind]) ||
        !get_delta(&p, end, &pv->b[kind]) || !get_var(&p, end, &np))
      return false;
    ev[i] = (trace_ev_t){.t = pv->t[kind],
                         .a = pv->a[kind],
                         .b = pv->b[kind],
                         .n = (uint32_t)np,
                         .kind = kind,
                         .sub = sub,
                         .pad = (uint16_t)(np >> 32)};
  }
  return p == end;
}

// Writes every chunk to the spill file, packed, and keeps the first one for reuse.
static bool spill(trace_thread_t *th) {
  if (th->spill_fd < 0) {
    th->pack = malloc(pack_buffer_bytes(trace_opt.chunk_events));
    th->spill_fd = th->pack ? spill_open(th) : -1;
    if (th->spill_fd < 0)
      return false;
    warn_once(th, "spilling to a temporary file");
  }
  pack_prev_t *pv = pack_prev(th->pack, trace_opt.chunk_events);
  for (trace_chunk_t *c = th->head; c; c = c->next) {
    size_t bytes = pack(c->ev, c->used, th->pack, pv);
    if (!write_all(th->spill_fd, th->pack, bytes))
      return false;
    th->spilled += c->used;
    c->used = 0;
  }
  th->cur = th->head;
  return true;
}

void trace_chunk_full(trace_thread_t *th, const trace_ev_t *ev) {
  if (th->dropping) {
    th->dropped++;
    return;
  }
  if (th->cur && th->cur->next) { // reuse a chunk emptied by a spill
    th->cur = th->cur->next;
  } else {
    size_t size = sizeof(trace_chunk_t) + trace_opt.chunk_events * sizeof(trace_ev_t);
    trace_chunk_t *c = th->bytes + size <= trace_opt.buffer_bytes ? chunk_new() : NULL;
    if (c) {
      th->bytes += size;
      if (th->cur)
        th->cur->next = c;
      else
        th->head = c;
      th->cur = c;
    } else if (th->head && !trace_opt.drop && spill(th)) {
      // th->cur is the emptied first chunk
    } else {
      th->dropping = true;
      th->dropped++;
      warn_once(th, trace_opt.drop ? "dropping further events (GLASS_TRACE_FULL=drop)"
                                   : "cannot spill, dropping further events");
      return;
    }
  }
  th->cur->ev[th->cur->used++] = *ev;
}

static size_t in_memory(const trace_thread_t *th) {
  size_t n = 0;
  for (trace_chunk_t *c = th->head; c; c = c->next) {
    n += c->used;
    if (c == th->cur)
      break; // chunks after cur were emptied by a spill
  }
  return n;
}

size_t trace_thread_count(const trace_thread_t *th) {
  return th->spilled + in_memory(th);
}

bool trace_cursor_open(trace_cursor_t *c, trace_thread_t *th) {
  memset(c, 0, sizeof(*c));
  c->th = th;
  c->cap = trace_opt.chunk_events;
  c->blk = malloc(c->cap * sizeof(trace_ev_t));
  c->pack = th->spilled ? malloc(pack_buffer_bytes(c->cap)) : NULL;
  c->chunk = th->head;
  c->stage = th->spilled ? 0 : 1;
  return c->blk != NULL && (c->pack || !th->spilled);
}

static bool read_at(int fd, void *p, size_t bytes, off_t off) {
  size_t got = 0;
  while (got < bytes) {
    ssize_t r = pread(fd, (char *)p + got, bytes - got, off + (off_t)got);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return false;
    got += (size_t)r;
  }
  return true;
}

// Reads the next block of the spill file; a short, failed or malformed read ends the stream
// there (what was read is a consistent prefix; the rest, memory included, is counted as
// dropped).
static bool read_spill(trace_cursor_t *c) {
  trace_thread_t *th = c->th;
  size_t want = th->spilled - c->spill_done;
  pack_hdr_t h;
  pack_prev_t *pv = pack_prev(c->pack, c->cap);
  c->n = 0;
  if (read_at(th->spill_fd, &h, sizeof(h), (off_t)c->spill_off) && h.events <= c->cap &&
      h.events <= want && h.events > 0 && h.bytes <= trace_pack_bound(h.events) &&
      read_at(th->spill_fd, c->pack, h.bytes, (off_t)(c->spill_off + sizeof(h))) &&
      unpack(c->pack, h.bytes, h.events, c->blk, pv)) {
    c->n = h.events;
    c->spill_off += sizeof(h) + h.bytes;
  }
  c->spill_done += c->n;
  if (c->n == 0) {
    if (!th->unreadable) {
      th->unreadable = true;
      th->dropped += th->spilled - c->spill_done + in_memory(th);
    }
    c->stage = 2;
  } else if (c->spill_done == th->spilled)
    c->stage = 1;
  return c->n > 0;
}

static bool read_memory(trace_cursor_t *c) {
  trace_thread_t *th = c->th;
  trace_chunk_t *k = c->chunk;
  if (!k || th->unreadable) {
    c->stage = 2;
    return false;
  }
  memcpy(c->blk, k->ev, k->used * sizeof(trace_ev_t));
  c->n = k->used;
  c->chunk = k == th->cur ? NULL : k->next;
  return true;
}

const trace_ev_t *trace_cursor_next(trace_cursor_t *c) {
  while (c->i == c->n) {
    c->i = c->n = 0;
    if (c->stage == 2 || !c->blk)
      return NULL;
    if (c->stage == 0 ? read_spill(c) : read_memory(c))
      for (size_t k = 0; k < c->n; k++) {
        // Strictly increasing per thread: the clock may tick coarser than events come (or
        // step back a little when the thread moves to another core), and consumers order
        // begins and ends by time, so ties would make nesting ambiguous.
        uint64_t t = trace_ns(c->blk[k].t);
        c->last = t = c->started && t <= c->last ? c->last + 1 : t;
        c->started = true;
        c->blk[k].t = t;
      }
  }
  return &c->blk[c->i++];
}

void trace_cursor_close(trace_cursor_t *c) {
  free(c->blk);
  free(c->pack);
  c->blk = NULL;
  c->pack = NULL;
}

void trace_thread_release(trace_thread_t *th) {
  for (trace_chunk_t *c = th->head, *n; c; c = n) {
    n = c->next;
    chunk_free(c);
  }
  th->head = th->cur = NULL;
  free(th->pack);
  th->pack = NULL;
  if (th->spill_fd >= 0)
    close(th->spill_fd);
  th->spill_fd = -1;
}

// ---------------------------------------------------------------------------------------------
// Options.

static unsigned parse_groups(const char *s, bool *ok) {
  static const struct {
    const char *name;
    unsigned bits;
  } names[] = {{"all", TRACE_G_ALL},       {"parallel", TRACE_G_PARALLEL},
               {"work", TRACE_G_WORK},     {"sync", TRACE_G_SYNC},
               {"tasks", TRACE_G_TASKS},   {"task", TRACE_G_TASKS},
               {"mutex", TRACE_G_MUTEX},   {"locks", TRACE_G_MUTEX},
               {"target", TRACE_G_TARGET}, {"offload", TRACE_G_TARGET}};
  unsigned bits = 0;
  *ok = true;
  char buf[256];
  snprintf(buf, sizeof(buf), "%s", s);
  for (char *save, *tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
    size_t i;
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
      if (strcasecmp(tok, names[i].name) == 0)
        break;
    if (i == sizeof(names) / sizeof(names[0]))
      *ok = false;
    else
      bits |= names[i].bits;
  }
  return bits;
}

// "A:B" in milliseconds since the start (fractions allowed); either side may be empty.
static bool parse_window(const char *s, uint64_t *w0, uint64_t *w1) {
  char *end;
  double a = 0, b = -1;
  const char *colon = strchr(s, ':');
  if (!colon)
    return false;
  if (colon != s) {
    a = strtod(s, &end);
    if (end != colon || a < 0)
      return false;
  }
  if (colon[1]) {
    b = strtod(colon + 1, &end);
    if (*end || b < a)
      return false;
  }
  *w0 = (uint64_t)(a * 1e6);
  *w1 = b < 0 ? UINT64_MAX : (uint64_t)(b * 1e6);
  return true;
}

static int parse_more(void) {
  int bad = 0;
  const char *v;
  trace_opt.window1 = UINT64_MAX;
  trace_opt.sample = 1;
  trace_opt.json_max_events = 1000000;
  trace_opt.max_bytes = 4ull << 30;
  if ((v = getenv("GLASS_TRACE_FORMAT")) && *v) {
    static const char *names[] = {"auto", "json", "perfetto", "both"};
    int f = -1;
    for (int i = 0; i < 4; i++)
      if (strcmp(v, names[i]) == 0)
        f = i;
    if (f < 0)
      fprintf(stderr,
              "glass-trace: GLASS_TRACE_FORMAT=%s: expected auto, json, perfetto or both; "
              "using auto\n",
              v),
          bad++;
    trace_opt.format = f < 0 ? TRACE_FMT_AUTO : f;
  }
  if ((v = getenv("GLASS_TRACE_JSON_MAX")) && *v) {
    char *end;
    unsigned long long n = strtoull(v, &end, 10);
    if (*end || end == v)
      fprintf(stderr,
              "glass-trace: GLASS_TRACE_JSON_MAX=%s is not a number of events; using "
              "1000000\n",
              v),
          bad++;
    else
      trace_opt.json_max_events = n;
  }
  if ((v = getenv("GLASS_TRACE_MAX_SIZE")) && *v) {
    bool ok;
    size_t b = strcmp(v, "0") == 0 ? 0 : trace_parse_size(v, &ok);
    if (strcmp(v, "0") == 0 || ok)
      trace_opt.max_bytes = b;
    else
      fprintf(stderr,
              "glass-trace: GLASS_TRACE_MAX_SIZE=%s is not a size (e.g. 300M, 2G, 0 = "
              "no cap); using 4G\n",
              v),
          bad++;
  }
  if ((v = getenv("GLASS_TRACE_WINDOW")) && *v &&
      !parse_window(v, &trace_opt.window0, &trace_opt.window1)) {
    fprintf(stderr,
            "glass-trace: GLASS_TRACE_WINDOW=%s: expected START:END in ms since the start "
            "(e.g. 100:250, 100:, :50); tracing the whole run\n",
            v);
    trace_opt.window0 = 0, trace_opt.window1 = UINT64_MAX, bad++;
  }
  if ((v = getenv("GLASS_TRACE_ONLY")) && *v)
    snprintf(trace_opt.only, sizeof(trace_opt.only), "%s", v);
  if ((v = getenv("GLASS_TRACE_SAMPLE")) && *v) {
    char *end;
    unsigned long n = strtoul(v, &end, 10);
    if (*end || end == v || n == 0 || n > 1000000000)
      fprintf(stderr,
              "glass-trace: GLASS_TRACE_SAMPLE=%s: expected N >= 1 (record one task in "
              "N); recording every task\n",
              v),
          bad++;
    else
      trace_opt.sample = (uint32_t)n;
  }
  return bad;
}

int trace_parse_options(void) {
  int bad = 0;
  const char *v;
  trace_opt.buffer_bytes = 16u << 20;
  trace_opt.groups = TRACE_G_ALL;
  trace_opt.summary = true;
  snprintf(trace_opt.out, sizeof(trace_opt.out), "glass-trace.%d", (int)getpid());
  if ((v = getenv("GLASS_TRACE_OUT")) && *v)
    snprintf(trace_opt.out, sizeof(trace_opt.out), "%s", v);
  if ((v = getenv("GLASS_TRACE_BUFFER")) && *v) {
    bool ok;
    size_t b = trace_parse_size(v, &ok);
    if (ok)
      trace_opt.buffer_bytes = b;
    else
      fprintf(stderr,
              "glass-trace: GLASS_TRACE_BUFFER=%s is not a size (e.g. 4096, 64K, 16M); "
              "using 16M\n",
              v),
          bad++;
  }
  if ((v = getenv("GLASS_TRACE_EVENTS")) && *v) {
    bool ok;
    unsigned g = parse_groups(v, &ok);
    if (!ok)
      fprintf(stderr,
              "glass-trace: GLASS_TRACE_EVENTS=%s: unknown group (known: all, parallel, "
              "work, sync, tasks, mutex, target)%s\n",
              v, g ? "; ignoring it" : "; tracing all"),
          bad++;
    trace_opt.groups = g ? g : TRACE_G_ALL;
  }
  trace_opt.groups |= TRACE_G_PARALLEL; // tracks and nesting hang on the implicit tasks
  if ((v = getenv("GLASS_TRACE_FULL")) && *v) {
    if (strcmp(v, "drop") == 0)
      trace_opt.drop = true;
    else if (strcmp(v, "flush") != 0 && strcmp(v, "spill") != 0)
      fprintf(stderr, "glass-trace: GLASS_TRACE_FULL=%s: expected flush or drop; using flush\n", v),
          bad++;
  }
  if ((v = getenv("GLASS_TRACE_SUMMARY")) && strcmp(v, "0") == 0)
    trace_opt.summary = false;
  // Chunks: at most a quarter of the budget so a spill keeps most of the memory busy, at least
  // one event, at most a huge page.
  size_t per = trace_opt.buffer_bytes / 4 / sizeof(trace_ev_t);
  trace_opt.chunk_events = per < 1 ? 1 : per >= TRACE_CHUNK_HUGE ? TRACE_CHUNK_HUGE : per;
  if (trace_opt.buffer_bytes < sizeof(trace_chunk_t) + sizeof(trace_ev_t))
    trace_opt.buffer_bytes = sizeof(trace_chunk_t) + sizeof(trace_ev_t);
  const char *tmp = getenv("TMPDIR");
  snprintf(trace_opt.spill_dir, sizeof(trace_opt.spill_dir), "%s", tmp && *tmp ? tmp : "/tmp");
  bad += parse_more();
  v = getenv("GLASS_TRACE_SYMBOLIZER");
  snprintf(trace_opt.symbolizer, sizeof(trace_opt.symbolizer), "%s", v ? v : "addr2line");
  return bad;
}
