// Per-thread event buffers: chunks of records, allocated a chunk at a time (never per event),
// within a per-thread memory budget (GLASS_TRACE_BUFFER). When the budget is spent the thread
// either spills its full chunks to a private temporary file and reuses them (the default), or
// stops recording and counts what it drops (GLASS_TRACE_FULL=drop). Either way the records
// that are kept form a prefix or the whole of the thread's stream, so pairing never breaks.
#define _GNU_SOURCE
#include "trace.h"
#include "tsc.h"

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
static _Atomic size_t allocated; // bytes of chunks, all threads together

uint32_t trace_ntracks(void) {
  return atomic_load(&next_track);
}
// ns = (ticks - start.tick) * ns_per_tick32 >> 32: the same formula for both clocks
// (CLOCK_MONOTONIC counts ns, so 1 << 32), in fixed point since it runs once per event read back.
static glass_tsc_pair_t start;              // at trace_clock_start
static uint64_t ns_per_tick32 = 1ull << 32; // calibrated at trace_clock_stop

uint64_t trace_monotonic(void) {
  return glass_tsc_mono_ns();
}

// The TSC where common/tsc.h's rule says it is usable, else CLOCK_MONOTONIC (whose "ticks" are
// its own ns: the start pair is one reading twice, the rate stays 1 << 32).
void trace_clock_start(void) {
  const char *v = getenv("GLASS_TRACE_CLOCK");
  if (v && *v && strcmp(v, "tsc") != 0 && strcmp(v, "monotonic") != 0)
    fprintf(stderr,
            "glass-trace: GLASS_TRACE_CLOCK=%s: expected tsc or monotonic; using the "
            "default\n",
            v);
  trace_use_tsc = v && strcmp(v, "monotonic") == 0 ? false : glass_tsc_usable("glass-trace");
  if (trace_use_tsc)
    start = glass_tsc_pair();
  else
    start.tick = start.ns = trace_monotonic();
}

void trace_clock_stop(void) {
  if (!trace_use_tsc)
    return;
  uint64_t rate32 = glass_tsc_rate32(start, glass_tsc_pair());
  if (rate32)
    ns_per_tick32 = rate32;
}

static inline uint64_t ticks_ns(uint64_t ticks) {
  return ticks > start.tick ? glass_tsc_scale(ticks - start.tick, ns_per_tick32) : 0;
}

uint64_t trace_ns(uint64_t ticks) {
  return ticks_ns(ticks);
}

trace_thread_t *trace_thread_new(uint8_t type) {
  trace_thread_t *th = calloc(1, sizeof(*th));
  if (!th)
    return NULL;
  th->type = type;
  th->spill_fd = -1;
  th->hi = UINT64_MAX; // the first record brings the clock's upper bits
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

enum { CHUNK_MIN_WORDS = 4 * TRACE_W_MAX }; // a time record and a full record fit, and more

static size_t chunk_bytes(void) {
  return sizeof(trace_chunk_t) + trace_opt.chunk_words * sizeof(uint64_t);
}

static trace_chunk_t *chunk_new(void) {
  size_t cap = trace_opt.chunk_words;
  trace_chunk_t *c = chunk_is_huge(cap) ? huge_alloc() : malloc(chunk_bytes());
  if (c) {
    c->next = NULL;
    c->used = 0;
    c->cap = (uint32_t)cap;
    c->events = 0;
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
// Recording's slow path. The fast path (trace_put) writes into the current chunk up to its end
// less TRACE_W_MAX words; here a full chunk is closed (its words and records noted) and the next
// one comes from the budget, from the chunks a spill emptied, or from a spill.

// The spill file holds the chunks' words as they are, a block per chunk after a header: the
// records are already compact (16 to 32 bytes), and copying them into the page cache costs
// less than packing them tighter did.
typedef struct spill_hdr {
  uint32_t words, events;
} spill_hdr_t;

static void chunk_close(trace_thread_t *th) {
  trace_chunk_t *c = th->cur;
  if (!c)
    return;
  c->used = (uint32_t)(th->pos - c->w);
  c->events = th->events - th->events0;
}

static void chunk_enter(trace_thread_t *th, trace_chunk_t *c) {
  th->cur = c;
  th->pos = c->w + c->used;
  th->end = c->w + c->cap - TRACE_W_MAX;
  th->events0 = th->events - c->events;
}

// Writes every chunk to the spill file and keeps them for reuse, the first one current.
static bool spill(trace_thread_t *th) {
  if (th->spill_fd < 0) {
    th->spill_fd = spill_open(th);
    if (th->spill_fd < 0)
      return false;
    warn_once(th, "spilling to a temporary file");
  }
  for (trace_chunk_t *c = th->head; c; c = c->next) {
    spill_hdr_t h = {c->used, (uint32_t)c->events};
    if (c->used && (!write_all(th->spill_fd, &h, sizeof(h)) ||
                    !write_all(th->spill_fd, c->w, c->used * sizeof(uint64_t))))
      return false;
    th->spilled += c->events;
    c->used = 0;
    c->events = 0;
  }
  chunk_enter(th, th->head);
  return true;
}

// A new chunk is within the thread's budget and the total one; a thread's first chunk is always
// allowed (a thread with no chunk could neither record nor spill).
static bool within_budget(trace_thread_t *th) {
  size_t size = chunk_bytes();
  if (th->bytes + size > trace_opt.buffer_bytes)
    return false;
  size_t before = atomic_fetch_add(&allocated, size);
  if (!th->head || before + size <= trace_opt.total_bytes)
    return true;
  atomic_fetch_sub(&allocated, size);
  return false;
}

// The next chunk to fill; false when there is none (the thread then drops).
static bool chunk_next(trace_thread_t *th) {
  chunk_close(th);
  if (th->cur && th->cur->next) { // emptied by a spill
    chunk_enter(th, th->cur->next);
    return true;
  }
  trace_chunk_t *c = NULL;
  if (within_budget(th) && !(c = chunk_new()))
    atomic_fetch_sub(&allocated, chunk_bytes());
  if (c) {
    th->bytes += chunk_bytes();
    if (th->cur)
      th->cur->next = c;
    else
      th->head = c;
    chunk_enter(th, c);
    return true;
  }
  if (th->head && !trace_opt.drop && spill(th))
    return true;
  th->dropping = true;
  warn_once(th, trace_opt.drop ? "dropping further events (GLASS_TRACE_FULL=drop)"
                               : "cannot spill, dropping further events");
  return false;
}

void trace_put_slow(trace_thread_t *th, uint64_t t, uint8_t kind, uint8_t sub, uint64_t a,
                    uint64_t b, uint32_t n) {
  if (th->dropping) {
    th->dropped++;
    return;
  }
  bool hi = (t >> 48) != th->hi;
  size_t need = (hi ? 2 : 0) + TRACE_W_MAX;
  if ((!th->cur || (size_t)(th->cur->w + th->cur->cap - th->pos) < need) && !chunk_next(th)) {
    th->dropped++;
    return;
  }
  if ((t >> 48) != th->hi) { // a fresh chunk after a spill keeps the stream's upper bits
    th->hi = t >> 48;
    th->pos = trace_store(th->pos, 0, TRACE_W_HI, 0, th->hi, 0, 0);
  }
  th->pos = trace_store(th->pos, t, kind, sub, a, b, n);
  th->events++;
}

static uint64_t chunk_used(const trace_thread_t *th, const trace_chunk_t *c) {
  return c == th->cur ? (uint64_t)(th->pos - c->w) : c->used;
}

size_t trace_thread_count(const trace_thread_t *th) {
  return th->events;
}

// ---------------------------------------------------------------------------------------------
// Reading back.

// Words of a record with fields f (TRACE_F_*).
static inline size_t rec_words(unsigned f) {
  return (size_t) "\1\2\2\3\2\3\3\4"[f & 7];
}

// The records in w[0..nw), or -1 unless the words are exactly whole records of known kinds.
static long count_records(const uint64_t *w, size_t nw) {
  long k = 0;
  for (size_t i = 0; i < nw;) {
    uint8_t kind = (uint8_t)w[i];
    if (kind >= TRACE_EV_MAX || !(TRACE_W_KINDS >> kind & 1))
      return -1;
    i += rec_words(trace_ev_fields[kind]);
    k += kind != TRACE_W_HI;
  }
  return k;
}

enum { CURSOR_EVENTS = 1024 }; // decoded at a time

bool trace_cursor_open(trace_cursor_t *c, trace_thread_t *th) {
  memset(c, 0, sizeof(*c));
  c->th = th;
  c->blk = malloc(CURSOR_EVENTS * sizeof(trace_ev_t));
  c->words = th->spilled ? malloc(trace_opt.chunk_words * sizeof(uint64_t)) : NULL;
  c->chunk = th->head;
  c->stage = th->spilled ? 0 : 1;
  return c->blk != NULL && (c->words || !th->spilled);
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

// A damaged or short spill file ends the thread's stream where it stops making sense: what was
// read is a consistent prefix; the rest, memory included, is counted as dropped.
static bool stream_broken(trace_cursor_t *c) {
  trace_thread_t *th = c->th;
  if (!th->unreadable) {
    th->unreadable = true;
    th->dropped += th->events - c->done;
  }
  c->stage = 2;
  return false;
}

// A spill block: its header, then exactly its words holding exactly its records, all of known
// kinds (checked before any of them is handed out).
static bool next_spill_block(trace_cursor_t *c) {
  trace_thread_t *th = c->th;
  spill_hdr_t h;
  if (!read_at(th->spill_fd, &h, sizeof(h), (off_t)c->spill_off) || h.words == 0 ||
      h.words > trace_opt.chunk_words || h.events == 0 || h.events > th->spilled - c->spill_done ||
      !read_at(th->spill_fd, c->words, h.words * sizeof(uint64_t),
               (off_t)(c->spill_off + sizeof(h))) ||
      count_records(c->words, h.words) != (long)h.events)
    return stream_broken(c);
  c->spill_off += sizeof(h) + h.words * sizeof(uint64_t);
  c->spill_done += h.events;
  c->w = c->words;
  c->nw = h.words;
  return true;
}

// The next block of words to decode: from the spill file, then the chunks in memory.
static bool next_block(trace_cursor_t *c) {
  trace_thread_t *th = c->th;
  if (c->stage == 0 && c->spill_done == th->spilled)
    c->stage = 1;
  if (c->stage == 0)
    return next_spill_block(c);
  trace_chunk_t *k = c->chunk;
  if (c->stage == 2 || !k || th->unreadable) {
    c->stage = 2;
    return false;
  }
  c->w = k->w;
  c->nw = chunk_used(th, k);
  c->chunk = k == th->cur ? NULL : k->next;
  return true;
}

// Decodes records from c->w into blk, at most a block's worth, times in ns since the start and
// strictly increasing per thread: the clock may tick coarser than events come (or step back a
// little when the thread moves to another core), and consumers order begins and ends by time,
// so ties would make nesting ambiguous. Returns the events, -1 on a record that is not whole or
// of no known kind.
static long decode(trace_cursor_t *c) {
  const uint64_t *w = c->w, *end = w + c->nw;
  trace_ev_t *e = c->blk, *full = e + CURSOR_EVENTS;
  uint64_t hi = c->hi, last = c->last;
  while (w < end && e < full) {
    uint64_t w0 = *w;
    uint8_t kind = (uint8_t)w0;
    if (kind >= TRACE_EV_MAX || !(TRACE_W_KINDS >> kind & 1))
      return -1;
    unsigned f = trace_ev_fields[kind];
    const uint64_t *p = w + 1;
    w += rec_words(f);
    if (w > end)
      return -1;
    if (kind == TRACE_W_HI) {
      hi = *p;
      continue;
    }
    uint64_t t = ticks_ns(hi << 48 | w0 >> 16);
    last = t = c->started && t <= last ? last + 1 : t;
    c->started = true;
    e->t = t;
    e->kind = kind;
    e->sub = (uint8_t)(w0 >> 8);
    e->pad = 0;
    e->a = f & TRACE_F_A ? *p++ : 0;
    e->b = f & TRACE_F_B ? *p++ : 0;
    e->n = f & TRACE_F_N ? (uint32_t)*p : 0;
    if (kind == TRACE_W_SWITCH) {
      e->kind = EV_TASK_SCHEDULE;
      trace_switch_unpack(e->a, &e->a, &e->b);
    } else if (kind == TRACE_W_CREATE) {
      e->kind = EV_TASK_CREATE;
      e->n = e->sub;
      e->sub = 0;
    }
    e++;
  }
  c->hi = hi;
  c->last = last;
  c->nw = (size_t)(end - w);
  c->w = w;
  return e - c->blk;
}

const trace_ev_t *trace_cursor_refill(trace_cursor_t *c) {
  c->i = c->n = 0;
  if (!c->blk)
    return NULL;
  for (;;) {
    if (c->nw == 0 && !next_block(c))
      return NULL;
    long n = decode(c);
    if (n < 0)
      return stream_broken(c), NULL;
    c->done += (uint64_t)n;
    if (n > 0) {
      c->n = (size_t)n;
      c->i = 1;
      return &c->blk[0];
    }
  }
}

void trace_cursor_close(trace_cursor_t *c) {
  free(c->blk);
  free(c->words);
  c->blk = NULL;
  c->words = NULL;
}

void trace_thread_release(trace_thread_t *th) {
  for (trace_chunk_t *c = th->head, *n; c; c = n) {
    n = c->next;
    chunk_free(c);
  }
  th->head = th->cur = NULL;
  th->pos = th->end = NULL;
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
  trace_opt.sample = TRACE_SAMPLE_AUTO;
  trace_opt.sample_cost = TRACE_SAMPLE_COST_NS;
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
  if ((v = getenv("GLASS_TRACE_SAMPLE")) && *v && strcmp(v, "auto") != 0) {
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (*end || end == v || errno || n == 0 || n > TRACE_SAMPLE_FIXED_MAX || *v == '-')
      fprintf(stderr,
              "glass-trace: GLASS_TRACE_SAMPLE=%s: expected auto, 1 (every task) or N from 2 "
              "to %u (one task in N); using auto\n",
              v, TRACE_SAMPLE_FIXED_MAX),
          bad++;
    else
      trace_opt.sample = (uint32_t)n;
  }
  if ((v = getenv("GLASS_TRACE_SAMPLE_COST")) && *v) {
    char *end;
    double c = strtod(v, &end);
    if (*end || end == v || !(c > 0 && c <= 1e9))
      fprintf(stderr,
              "glass-trace: GLASS_TRACE_SAMPLE_COST=%s: expected the ns one recorded event "
              "costs (e.g. 130); using %.0f\n",
              v, TRACE_SAMPLE_COST_NS),
          bad++;
    else
      trace_opt.sample_cost = c;
  }
  return bad;
}

int trace_parse_options(void) {
  int bad = 0;
  const char *v;
  trace_opt.buffer_bytes = 64u << 20;
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
              "using 64M\n",
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
  // room for a few records, at most a huge page.
  size_t per = trace_opt.buffer_bytes / 4 / sizeof(uint64_t);
  trace_opt.chunk_words = per < CHUNK_MIN_WORDS     ? CHUNK_MIN_WORDS
                          : per >= TRACE_CHUNK_HUGE ? TRACE_CHUNK_HUGE
                                                    : per;
  if (trace_opt.buffer_bytes < chunk_bytes())
    trace_opt.buffer_bytes = chunk_bytes();
  trace_opt.total_bytes = trace_opt.buffer_bytes * TRACE_TOTAL_BUFFERS;
  const char *tmp = getenv("TMPDIR");
  snprintf(trace_opt.spill_dir, sizeof(trace_opt.spill_dir), "%s", tmp && *tmp ? tmp : "/tmp");
  bad += parse_more();
  v = getenv("GLASS_TRACE_SYMBOLIZER");
  snprintf(trace_opt.symbolizer, sizeof(trace_opt.symbolizer), "%s", v ? v : "addr2line");
  return bad;
}
