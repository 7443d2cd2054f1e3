// Device trace records: what each device itself did (kernels, data transfers), with the
// device's own times, through OpenMP's device-tracing interface. At device_initialize the
// tool enables the kernel and data-operation record types and starts tracing; the runtime
// hands buffers back as they fill and at exit. The records are kept in memory (about 48 bytes
// each) and, at finalization, turned into slices on one track per device: records sorted by
// start, each on the first lane of its device that is free by then (a device runs operations
// concurrently: it gets as many lanes as it ever ran at once), so each lane is a time-ordered
// stream like a thread's. Each record's host_op_id
// is the tool's id of the target construct that issued it (record.c sets it in the data-op and
// submit callbacks), which links the device's slice to the construct's.
#define _GNU_SOURCE
#include "trace.h"
#include "clock_pair.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct gpu_rec {
  double t0, t1;   // omp_get_wtime's clock (translate_time)
  uint64_t target; // the tool's target construct id (0: none)
  uint64_t amount; // bytes, or granted teams
  int32_t device;
  uint8_t op; // 0 kernel, else ompt_target_data_op_t
} gpu_rec_t;

enum { BUFFER_BYTES = 1 << 20 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static gpu_rec_t *recs;
static size_t nrecs, caprecs;
static uint64_t lost; // records that found no memory

// A device's tracing entry points. They live in chunks, made as devices initialize and never
// moved or freed, so that on_complete (any thread, any time) finds its device's without the
// lock while another device initializes.
typedef struct gpu_dev {
  ompt_device_t *handle;
  ompt_translate_time_t translate;
  ompt_get_record_ompt_t get;
  ompt_advance_buffer_cursor_t advance;
} gpu_dev_t;
enum { DEV_CHUNK = 64, DEV_CHUNKS = 1024, DEV_MAX = DEV_CHUNK * DEV_CHUNKS };
static _Atomic(gpu_dev_t *) dev_chunks[DEV_CHUNKS];

static gpu_dev_t *dev_find(int device) {
  if (device < 0 || device >= DEV_MAX)
    return NULL;
  gpu_dev_t *c = atomic_load_explicit(&dev_chunks[device / DEV_CHUNK], memory_order_acquire);
  return c ? &c[device % DEV_CHUNK] : NULL;
}

// The device's entry, made if needed (under the lock); NULL, said on stderr, when it cannot be.
static gpu_dev_t *dev_make(int device) {
  gpu_dev_t *d = dev_find(device);
  if (d)
    return d;
  gpu_dev_t *c = device >= 0 && device < DEV_MAX ? calloc(DEV_CHUNK, sizeof(*c)) : NULL;
  if (!c) {
    fprintf(stderr, "glass-trace: device %d: its trace records are not kept (%s)\n", device,
            device >= 0 && device < DEV_MAX ? "out of memory" : "not a device number 0 to 65535");
    return NULL;
  }
  atomic_store_explicit(&dev_chunks[device / DEV_CHUNK], c, memory_order_release);
  return &c[device % DEV_CHUNK];
}

static double (*wtime)(void);
static uint64_t tick0; // trace_now() at wtime0
static double wtime0;

static uint64_t wtime_bits(void) {
  return glass_clock_bits(wtime());
}

// One instant on both clocks: omp_get_wtime read between two readings of the trace's clock.
static void sample_clocks(uint64_t *tick, double *w) {
  glass_clock_pair_t p = glass_clock_pair(trace_now, wtime_bits);
  if (!p.ok) // the trace's clock went backwards every time: one reading of each
    p.outer = trace_now(), p.inner = wtime_bits();
  *tick = p.outer, *w = glass_clock_double(p.inner);
}

// GLASS_TRACE_DEVICE: auto (every device but the host's x86-64 ones), all, off.
static bool device_wanted(const char *type) {
  const char *v = getenv("GLASS_TRACE_DEVICE");
  if (v && !strcmp(v, "off"))
    return false;
  if (v && !strcmp(v, "all"))
    return true;
  static bool warned;
  if (v && *v && strcmp(v, "auto") && !warned) {
    warned = true;
    fprintf(stderr, "glass-trace: GLASS_TRACE_DEVICE=%s is not auto, all or off; using auto\n", v);
  }
  return !type || strncmp(type, "x86_64", 6) != 0;
}

static void keep(const gpu_rec_t *g) {
  pthread_mutex_lock(&lock);
  if (nrecs == caprecs) {
    size_t cap = caprecs ? 2 * caprecs : 1024;
    gpu_rec_t *v = realloc(recs, cap * sizeof(*v));
    if (v)
      recs = v, caprecs = cap;
  }
  if (nrecs < caprecs)
    recs[nrecs++] = *g;
  else
    lost++;
  pthread_mutex_unlock(&lock);
}

static void on_request(int device, ompt_buffer_t **buffer, size_t *bytes) {
  *buffer = malloc(BUFFER_BYTES);
  *bytes = *buffer ? BUFFER_BYTES : 0;
}

// A transfer's record or a kernel's, as a gpu_rec; false for anything else (allocations and
// releases, which take no device time of their own).
static bool convert(const gpu_dev_t *dev, int device, const ompt_record_ompt_t *r, gpu_rec_t *g) {
  ompt_translate_time_t tr = dev->translate;
  *g = (gpu_rec_t){.t0 = tr(dev->handle, r->time), .device = device};
  if (r->type == ompt_callback_target_submit || r->type == ompt_callback_target_submit_emi) {
    g->t1 = tr(dev->handle, r->record.target_kernel.end_time);
    g->target = r->record.target_kernel.host_op_id;
    g->amount = r->record.target_kernel.granted_num_teams;
    return true;
  }
  if (r->type != ompt_callback_target_data_op && r->type != ompt_callback_target_data_op_emi)
    return false;
  const ompt_record_target_data_op_t *d = &r->record.target_data_op;
  int op = d->optype & 15;
  if (op != ompt_target_data_transfer_to_device && op != ompt_target_data_transfer_from_device)
    return false;
  g->t1 = tr(dev->handle, d->end_time);
  g->target = d->host_op_id;
  g->amount = d->bytes;
  g->op = (uint8_t)op;
  return true;
}

static void on_complete(int device, ompt_buffer_t *buffer, size_t bytes, ompt_buffer_cursor_t begin,
                        int owned) {
  const gpu_dev_t *dev = dev_find(device);
  if (dev && dev->get && bytes > begin) {
    ompt_buffer_cursor_t c = begin;
    do {
      const ompt_record_ompt_t *r = dev->get(buffer, c);
      gpu_rec_t g;
      if (r && convert(dev, device, r, &g))
        keep(&g);
    } while (dev->advance(dev->handle, buffer, bytes, c, &c));
  }
  if (owned)
    free(buffer);
}

void trace_device_init(int device_num, const char *type, ompt_device_t *device,
                       ompt_function_lookup_t lookup) {
  if (!lookup || !device_wanted(type))
    return;
#define LOOK(name) ((ompt_##name##_t)lookup("ompt_" #name))
  ompt_set_trace_ompt_t set = LOOK(set_trace_ompt);
  ompt_start_trace_t start = LOOK(start_trace);
  ompt_translate_time_t translate = LOOK(translate_time);
  ompt_get_record_ompt_t get = LOOK(get_record_ompt);
  ompt_advance_buffer_cursor_t advance = LOOK(advance_buffer_cursor);
#undef LOOK
  if (!set || !start || !translate || !get || !advance) // no device tracing offered
    return;
  pthread_mutex_lock(&lock);
  if (!wtime && (wtime = (double (*)(void))dlsym(RTLD_DEFAULT, "omp_get_wtime")))
    sample_clocks(&tick0, &wtime0);
  gpu_dev_t *dev = wtime ? dev_make(device_num) : NULL;
  if (dev)
    *dev = (gpu_dev_t){.handle = device, .translate = translate, .get = get, .advance = advance};
  pthread_mutex_unlock(&lock);
  if (!dev)
    return;
  set(device, 1, ompt_callback_target_submit);
  set(device, 1, ompt_callback_target_data_op);
  if (!start(device, on_request, on_complete))
    dev->get = NULL;
}

static int by_start(const void *a, const void *b) {
  const gpu_rec_t *x = a, *y = b;
  return x->device != y->device ? (x->device > y->device) - (x->device < y->device)
                                : (x->t0 > y->t0) - (x->t0 < y->t0);
}

// A device's lanes, each a track whose events are in time order. The records come by start,
// and each takes the lowest-numbered lane that is free by then, or a new one: a device gets as
// many lanes as it ever ran operations at once. Two heaps make that O(log lanes) a record: the
// busy lanes by the time they free up, the free ones by number. Each lane is in one of them,
// so once the lane exists its place in them does too.
typedef struct lane_key {
  uint64_t key;
  uint32_t lane;
} lane_key_t;

typedef struct heap {
  lane_key_t *v;
  size_t n;
} heap_t;

typedef struct lanes {
  trace_thread_t **th;
  uint32_t n, cap;
  heap_t busy, idle;
} lanes_t;

static bool key_less(lane_key_t a, lane_key_t b) {
  return a.key != b.key ? a.key < b.key : a.lane < b.lane;
}

static void heap_push(heap_t *h, lane_key_t k) {
  size_t i = h->n++;
  for (; i && key_less(k, h->v[(i - 1) / 2]); i = (i - 1) / 2)
    h->v[i] = h->v[(i - 1) / 2];
  h->v[i] = k;
}

static lane_key_t heap_pop(heap_t *h) {
  lane_key_t top = h->v[0], last = h->v[--h->n];
  size_t i = 0;
  for (size_t c; (c = 2 * i + 1) < h->n; i = c) {
    if (c + 1 < h->n && key_less(h->v[c + 1], h->v[c]))
      c++;
    if (!key_less(h->v[c], last))
      break;
    h->v[i] = h->v[c];
  }
  h->v[i] = last;
  return top;
}

// Room for one lane more in the lanes' arrays.
static bool lanes_grow(lanes_t *L) {
  if (L->n < L->cap)
    return true;
  if (L->cap > UINT32_MAX / 2)
    return false;
  uint32_t cap = L->cap ? 2 * L->cap : 8;
  trace_thread_t **th = realloc(L->th, cap * sizeof(*th));
  if (th)
    L->th = th;
  lane_key_t *busy = th ? realloc(L->busy.v, cap * sizeof(*busy)) : NULL;
  if (busy)
    L->busy.v = busy;
  lane_key_t *idle = busy ? realloc(L->idle.v, cap * sizeof(*idle)) : NULL;
  if (idle)
    L->idle.v = idle, L->cap = cap;
  return idle != NULL;
}

// The lane of an operation from t0 to t1 on the device, busy until t1; NULL when out of memory.
static trace_thread_t *lane_for(lanes_t *L, int device, uint64_t t0, uint64_t t1) {
  while (L->busy.n && L->busy.v[0].key <= t0) {
    lane_key_t k = heap_pop(&L->busy);
    heap_push(&L->idle, (lane_key_t){k.lane, k.lane});
  }
  uint32_t lane;
  if (L->idle.n) {
    lane = heap_pop(&L->idle).lane;
  } else {
    trace_thread_t *th = lanes_grow(L) ? trace_thread_new(TRACE_THREAD_DEVICE) : NULL;
    if (!th)
      return NULL;
    th->device = device, th->lane = L->n;
    lane = L->n++;
    L->th[lane] = th;
  }
  heap_push(&L->busy, (lane_key_t){t1, lane});
  return L->th[lane];
}

// The records, on the trace's clock (the map from omp_get_wtime's is taken between the first
// device_initialize and now), become events on the devices' lanes.
void trace_device_finish(void) {
  pthread_mutex_lock(&lock);
  if (!wtime || !nrecs) {
    pthread_mutex_unlock(&lock);
    return;
  }
  uint64_t tick1;
  double wtime1;
  sample_clocks(&tick1, &wtime1);
  double span = wtime1 - wtime0;
  double per_s = span > 0 ? (double)(tick1 - tick0) / span : 1e9;
  qsort(recs, nrecs, sizeof(*recs), by_start);
  lanes_t lanes = {0};
  int device = -1;
  for (size_t i = 0; i < nrecs; i++) {
    const gpu_rec_t *g = &recs[i];
    if (g->device != device) // a new device: its lanes start afresh
      lanes.n = 0, lanes.busy.n = lanes.idle.n = 0, device = g->device;
    double d0 = (g->t0 - wtime0) * per_s, d1 = (g->t1 - wtime0) * per_s;
    uint64_t t0 = tick0 + (uint64_t)(d0 > 0 ? d0 : 0);
    uint64_t t1 = tick0 + (uint64_t)(d1 > d0 ? d1 : d0 > 0 ? d0 : 0);
    trace_thread_t *th = lane_for(&lanes, device, t0, t1);
    if (!th) {
      lost++;
      continue;
    }
    trace_ev_t b = {.t = t0,
                    .a = g->target,
                    .b = g->amount,
                    .n = (uint32_t)device,
                    .kind = EV_GPU_BEGIN,
                    .sub = g->op};
    trace_ev_t e = {.t = t1, .kind = EV_GPU_END, .sub = g->op};
    trace_push(th, &b);
    trace_push(th, &e);
  }
  free(lanes.th);
  free(lanes.busy.v);
  free(lanes.idle.v);
  if (lost)
    fprintf(stderr, "glass-trace: %llu device record(s) not kept (out of memory)\n",
            (unsigned long long)lost);
  free(recs);
  recs = NULL, nrecs = caprecs = 0;
  pthread_mutex_unlock(&lock);
}
