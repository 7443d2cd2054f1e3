// The recorder's storage (tools/trace/buffer.c), built from its source: records of every kind
// with random fields (task switches with ids that pack into one word and ids that do not, task
// creations with flags that fit in sub and flags that do not), times whose upper 16 bits change (so
// TRACE_W_HI records are written), through a 4 KiB budget that spills to a temporary file many
// times, read back by a cursor bit for bit (the fields a kind stores; the others read as 0). Then
// the damaged spill files: one cut short and one with an unknown kind give an exact prefix of the
// stream and count the rest as dropped, never an invented event; threads beyond the budget of all
// threads together spill sooner and lose nothing; dropping mode keeps an exact prefix with the
// count.
// RUN: %cc -O1 -g -I%S/../../tools/trace -I%S/../../common -I%incdir %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env TMPDIR=%t.d %t | %FileCheck %s
#include "buffer.c"

#include <stdio.h>

size_t trace_parse_size(const char *s, bool *ok) { // the options' helper (write_json.c)
  *ok = false;
  return 0;
}

enum { N = 20000 };
static trace_ev_t ev[N];
static uint64_t x = 88172645463325252ull;

static uint64_t rnd(void) {
  x ^= x << 13, x ^= x >> 7, x ^= x << 17;
  return x;
}

// Random events with strictly increasing times (the cursor would bump ties), some steps crossing
// 2^48 ticks; the fields a kind does not store are 0, as they read back.
static void make_events(void) {
  uint64_t t = (1ull << 48) - 5000;
  for (int i = 0; i < N; i++) {
    uint64_t r = rnd();
    t += 1 + (r & 255) + (i % 997 == 0 ? 1ull << 48 : 0);
    uint8_t kind = (uint8_t)(1 + rnd() % EV_GPU_END);
    unsigned f = trace_ev_fields[kind];
    ev[i] = (trace_ev_t){.t = t,
                         .a = f & TRACE_F_A ? rnd() : 0,
                         .b = f & TRACE_F_B ? rnd() : 0,
                         .n = f & TRACE_F_N ? (uint32_t)rnd() : 0,
                         .kind = kind,
                         .sub = (uint8_t)rnd()};
    if (kind == EV_TASK_CREATE) { // flags that fit in sub, or not; no sub
      ev[i].n = i & 1 ? ev[i].n & 0xff : ev[i].n;
      ev[i].sub = 0;
    }
    if (kind == EV_TASK_SCHEDULE && i & 1) // ids that pack (the boundaries included), or not
      ev[i].a = (ev[i].a & 0xff0000ffffffull) | (i & 2 ? 0xff0000ffffffull : 0),
      ev[i].b = ev[i].b & 0xff0000ffffffull;
  }
}

static trace_thread_t *record(void) {
  trace_thread_t *th = trace_thread_new(1);
  for (int i = 0; i < N; i++) {
    const trace_ev_t *e = &ev[i];
    if (e->kind == EV_TASK_SCHEDULE)
      trace_put_switch(th, e->t, e->sub, e->a, e->b);
    else if (e->kind == EV_TASK_CREATE)
      trace_put_create(th, e->t, e->a, e->b, e->n);
    else
      trace_put(th, e->t, e->kind, e->sub, e->a, e->b, e->n);
  }
  return th;
}

// Reads th back; returns the events that match ev[] from the start, -1 if one differs.
static long read_back(trace_thread_t *th) {
  trace_cursor_t c;
  if (!trace_cursor_open(&c, th))
    return -1;
  long k = 0;
  for (const trace_ev_t *e; (e = trace_cursor_next(&c)); k++)
    if (k >= N || memcmp(e, &ev[k], sizeof(*e)) != 0) {
      k = -1;
      break;
    }
  trace_cursor_close(&c);
  return k;
}

int main(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(trace_opt.spill_dir, sizeof(trace_opt.spill_dir), "%s", tmp ? tmp : "/tmp");
  trace_opt.buffer_bytes = 4096;
  trace_opt.total_bytes = SIZE_MAX;
  trace_opt.chunk_words = 4096 / 4 / 8;
  trace_use_tsc = false; // times are read back as they were recorded (ns0 = 0)
  make_events();

  trace_thread_t *th = record();
  long got = read_back(th);
  printf("spilled %s, read back %ld of %d, dropped %llu\n", th->spilled > N / 2 ? "most" : "few",
         got, N, (unsigned long long)th->dropped);
  // CHECK: spilled most, read back 20000 of 20000, dropped 0
  got = read_back(th); // a second pass reads the same
  printf("again %ld\n", got);
  // CHECK: again 20000

  // The spill file cut inside a block: the blocks before it and nothing after.
  off_t size = lseek(th->spill_fd, 0, SEEK_END);
  if (ftruncate(th->spill_fd, size / 2) != 0)
    return 1;
  got = read_back(th);
  printf("cut: prefix %s, dropped the rest %s\n", got > 0 && got < N ? "yes" : "no",
         th->dropped == (uint64_t)(N - got) && th->unreadable ? "yes" : "no");
  // CHECK: cut: prefix yes, dropped the rest yes

  // An unknown kind in the first record of the first block: nothing is made up.
  trace_thread_t *th2 = record();
  uint64_t w = 200;
  if (pwrite(th2->spill_fd, &w, sizeof(w), sizeof(spill_hdr_t)) != sizeof(w))
    return 1;
  got = read_back(th2);
  printf("unknown kind: read %ld, dropped %llu\n", got, (unsigned long long)th2->dropped);
  // CHECK: unknown kind: read 0, dropped 20000

  // The budget of all threads together: 6 threads with a budget of 4 KiB each share 4 budgets;
  // the threads past it spill early (each keeps at least its first chunk), nothing is lost.
  trace_opt.total_bytes = 4 * trace_opt.buffer_bytes;
  atomic_store(&allocated, 0);
  int exact = 0, early = 0;
  for (int i = 0; i < 6; i++) {
    trace_thread_t *t = record();
    exact += read_back(t) == N;
    early += t->bytes + chunk_bytes() <= trace_opt.buffer_bytes; // had room of its own left
  }
  printf("total budget: %d of 6 exact, %s spilled early, within %s\n", exact,
         early > 0 ? "some" : "none",
         atomic_load(&allocated) <= trace_opt.total_bytes + chunk_bytes() ? "yes" : "no");
  // CHECK: total budget: 6 of 6 exact, some spilled early, within yes

  // Dropping: an exact prefix, the rest counted.
  trace_opt.drop = true;
  trace_thread_t *th3 = record();
  got = read_back(th3);
  printf("drop: prefix %s, spilled %llu, total %s\n", got > 0 && got < N ? "yes" : "no",
         (unsigned long long)th3->spilled,
         (uint64_t)got + th3->dropped == N && th3->events == (uint64_t)got ? "exact" : "wrong");
  // CHECK: drop: prefix yes, spilled 0, total exact
  return 0;
}
