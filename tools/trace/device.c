// Device trace records: what each device itself did (kernels, data transfers), with the
// device's own times, through OpenMP's device-tracing interface. At device_initialize the
// tool enables the kernel and data-operation record types and starts tracing; the runtime
// hands buffers back as they fill and at exit. The records are kept in memory (about 48 bytes
// each) and, at finalization, turned into slices on one track per device: records sorted by
// start, each on the first lane of its device that is free by then (a device runs operations
// concurrently), so each lane is a time-ordered stream like a thread's. Each record's host_op_id
// is the tool's id of the target construct that issued it (record.c sets it in the data-op and
// submit callbacks), which links the device's slice to the construct's.
#define _GNU_SOURCE
#include "trace.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct gpu_rec {
  double t0, t1;   // omp_get_wtime's clock (translate_time)
  uint64_t target; // the tool's target construct id (0: none)
  uint64_t amount; // bytes, or granted teams
  int32_t device;
  uint8_t op; // 0 kernel, else ompt_target_data_op_t
} gpu_rec_t;

enum { MAX_DEVICES = 64, MAX_LANES = 32, BUFFER_BYTES = 1 << 20 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static gpu_rec_t *recs;
static size_t nrecs, caprecs;
static uint64_t lost; // records that found no memory
static struct {
  ompt_device_t *handle;
  ompt_translate_time_t translate;
  ompt_get_record_ompt_t get;
  ompt_advance_buffer_cursor_t advance;
} devs[MAX_DEVICES];
static double (*wtime)(void);
static uint64_t tick0; // trace_now() at wtime0
static double wtime0;

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

// One instant on both clocks: the tightest of 16 readings of wtime between two of the trace's.
static void sample_clocks(uint64_t *tick, double *w) {
  uint64_t best = UINT64_MAX;
  for (int i = 0; i < 16; i++) {
    uint64_t a = trace_now();
    double x = wtime();
    uint64_t b = trace_now();
    if (b - a < best)
      best = b - a, *tick = a + (b - a) / 2, *w = x;
  }
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
static bool convert(int device, const ompt_record_ompt_t *r, gpu_rec_t *g) {
  ompt_translate_time_t tr = devs[device].translate;
  *g = (gpu_rec_t){.t0 = tr(devs[device].handle, r->time), .device = device};
  if (r->type == ompt_callback_target_submit || r->type == ompt_callback_target_submit_emi) {
    g->t1 = tr(devs[device].handle, r->record.target_kernel.end_time);
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
  g->t1 = tr(devs[device].handle, d->end_time);
  g->target = d->host_op_id;
  g->amount = d->bytes;
  g->op = (uint8_t)op;
  return true;
}

static void on_complete(int device, ompt_buffer_t *buffer, size_t bytes, ompt_buffer_cursor_t begin,
                        int owned) {
  if (device >= 0 && device < MAX_DEVICES && devs[device].get && bytes > begin) {
    ompt_buffer_cursor_t c = begin;
    do {
      const ompt_record_ompt_t *r = devs[device].get(buffer, c);
      gpu_rec_t g;
      if (r && convert(device, r, &g))
        keep(&g);
    } while (devs[device].advance(devs[device].handle, buffer, bytes, c, &c));
  }
  if (owned)
    free(buffer);
}

void trace_device_init(int device_num, const char *type, ompt_device_t *device,
                       ompt_function_lookup_t lookup) {
  if (device_num < 0 || device_num >= MAX_DEVICES || !lookup || !device_wanted(type))
    return;
#define LOOK(name) ((ompt_##name##_t)lookup("ompt_" #name))
  ompt_set_trace_ompt_t set = LOOK(set_trace_ompt);
  ompt_start_trace_t start = LOOK(start_trace);
  ompt_translate_time_t translate = LOOK(translate_time);
  ompt_get_record_ompt_t get = LOOK(get_record_ompt);
  ompt_advance_buffer_cursor_t advance = LOOK(advance_buffer_cursor);
#undef LOOK
  pthread_mutex_lock(&lock);
  if (!wtime && (wtime = (double (*)(void))dlsym(RTLD_DEFAULT, "omp_get_wtime")))
    sample_clocks(&tick0, &wtime0);
  pthread_mutex_unlock(&lock);
  if (!set || !start || !translate || !get || !advance || !wtime) // no device tracing offered
    return;
  devs[device_num].handle = device, devs[device_num].translate = translate;
  devs[device_num].get = get, devs[device_num].advance = advance;
  set(device, 1, ompt_callback_target_submit);
  set(device, 1, ompt_callback_target_data_op);
  if (!start(device, on_request, on_complete))
    devs[device_num].get = NULL;
}

static int by_start(const void *a, const void *b) {
  const gpu_rec_t *x = a, *y = b;
  return x->device != y->device ? (x->device > y->device) - (x->device < y->device)
                                : (x->t0 > y->t0) - (x->t0 < y->t0);
}

// The lanes of one device: each a track whose events are in time order.
typedef struct lane {
  trace_thread_t *th;
  uint64_t free_at;
} lane_t;

static trace_thread_t *lane_for(lane_t *lanes, int *n, int device, uint64_t t0) {
  for (int i = 0; i < *n; i++)
    if (lanes[i].free_at <= t0)
      return lanes[i].th;
  if (*n == MAX_LANES) // more overlap than lanes: the last lane takes it, nested or not
    return lanes[*n - 1].th;
  trace_thread_t *th = trace_thread_new(TRACE_THREAD_DEVICE);
  if (!th)
    return NULL;
  th->device = device | (*n << 16);
  lanes[(*n)++] = (lane_t){th, 0};
  return th;
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
  lane_t lanes[MAX_LANES];
  int nlanes = 0, device = -1;
  for (size_t i = 0; i < nrecs; i++) {
    const gpu_rec_t *g = &recs[i];
    if (g->device != device)
      nlanes = 0, device = g->device;
    double d0 = (g->t0 - wtime0) * per_s, d1 = (g->t1 - wtime0) * per_s;
    uint64_t t0 = tick0 + (uint64_t)(d0 > 0 ? d0 : 0);
    uint64_t t1 = tick0 + (uint64_t)(d1 > d0 ? d1 : d0 > 0 ? d0 : 0);
    trace_thread_t *th = lane_for(lanes, &nlanes, device, t0);
    if (!th)
      continue;
    for (int k = 0; k < nlanes; k++)
      if (lanes[k].th == th && lanes[k].free_at < t1)
        lanes[k].free_at = t1;
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
  if (lost)
    fprintf(stderr, "glass-trace: %llu device record(s) not kept (out of memory)\n",
            (unsigned long long)lost);
  free(recs);
  recs = NULL, nrecs = caprecs = 0;
  pthread_mutex_unlock(&lock);
}
