// CUPTI's activity API, declared here (no build dependency on CUPTI): buffers are requested
// and completed by CUPTI's own thread; records are translated by cupti_xlate.
#define _GNU_SOURCE
#include "cupti.h"

#include "clock_pair.h"
#include "cupti_xlate.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int CUptiResult; // 0: success
enum {
  CUPTI_ERROR_MAX_LIMIT_REACHED = 12,
  CUPTI_FLUSH_FORCED = 1,
  CUPTI_BUFFER_BYTES = 4 << 20,
  CUPTI_BUFFER_ALIGN = 8,
};
typedef void (*buffer_requested_fn)(uint8_t **buffer, size_t *size, size_t *max_records);
typedef void (*buffer_completed_fn)(void *ctx, uint32_t stream, uint8_t *buffer, size_t size,
                                    size_t valid);

#define CUPTI_FUNCTIONS(X)                                                                         \
  X(cuptiActivityEnable, (uint32_t kind))                                                          \
  X(cuptiActivityDisable, (uint32_t kind))                                                         \
  X(cuptiActivityRegisterCallbacks, (buffer_requested_fn req, buffer_completed_fn done))           \
  X(cuptiActivityGetNextRecord, (uint8_t * buffer, size_t valid, void **record))                   \
  X(cuptiActivityFlushAll, (uint32_t flags))                                                       \
  X(cuptiActivityGetNumDroppedRecords, (void *ctx, uint32_t stream, size_t *dropped))              \
  X(cuptiGetTimestamp, (uint64_t * ns))                                                            \
  X(cuptiActivityPushExternalCorrelationId, (uint32_t kind, uint64_t id))                          \
  X(cuptiActivityPopExternalCorrelationId, (uint32_t kind, uint64_t * last))                       \
  X(cuptiGetResultString, (CUptiResult r, const char **str))

#define CUPTI_DECLARE(name, args) CUptiResult(*name) args;
static struct { CUPTI_FUNCTIONS(CUPTI_DECLARE) } cupti;
#undef CUPTI_DECLARE

// GLASS_CUPTI_API_RECORDS=1 adds CUPTI's driver API records (ignored here): should a CUPTI
// version pair external ids only with recorded API calls, that is the switch.
enum { CUPTI_KIND_DRIVER = 4 };
static const uint32_t activity_kinds[] = {CUPTI_KIND_CONCURRENT_KERNEL, CUPTI_KIND_MEMCPY,
                                          CUPTI_KIND_MEMSET, CUPTI_KIND_EXTERNAL_CORRELATION,
                                          CUPTI_KIND_DRIVER};

static size_t kinds_used(void) {
  const char *v = getenv("GLASS_CUPTI_API_RECORDS");
  size_t n = sizeof activity_kinds / sizeof *activity_kinds;
  return v && *v == '1' ? n : n - 1;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; // loading, start, stop
static int loaded;                                       // 0 not tried, 1 loaded, -1 failed
static char load_error[200];
static bool callbacks_registered;
static int ndev;
static const struct glass_trace_sink **sinks; // per device; NULL while it does not trace
static int *native_flags;                     // per device: ompt_native_mon_flag_t on
static int tracing;                           // devices tracing
static struct xl_state xl;
static uint64_t next_ext = 1;
static uint64_t dropped_total;

static const char *cupti_err(CUptiResult r) {
  const char *s = NULL;
  if (cupti.cuptiGetResultString && cupti.cuptiGetResultString(r, &s) == 0 && s)
    return s;
  return "CUPTI error";
}

// Called once (load_once).
static bool load_cupti(void) {
  const char *env = getenv("GLASS_CUPTI_LIBRARY");
  const char *names[] = {env && *env ? env : "libcupti.so", "libcupti.so.13",
                         "/usr/local/cuda/lib64/libcupti.so",
                         "/usr/local/cuda/extras/CUPTI/lib64/libcupti.so"};
  void *h = NULL;
  for (size_t i = 0; !h && i < sizeof names / sizeof *names; i++)
    h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  loaded = -1;
  if (!h) {
    snprintf(load_error, sizeof load_error, "no CUPTI library (%s)", dlerror());
    return false;
  }
#define CUPTI_LOAD(name, args)                                                                     \
  if (!(cupti.name = (CUptiResult(*) args)dlsym(h, #name))) {                                      \
    snprintf(load_error, sizeof load_error, "the CUPTI library lacks %s", #name);                  \
    return false;                                                                                  \
  }
  CUPTI_FUNCTIONS(CUPTI_LOAD)
#undef CUPTI_LOAD
  loaded = 1;
  return true;
}

void cupti_init_devices(int n) {
  sinks = calloc(n > 0 ? (size_t)n : 1, sizeof *sinks);
  native_flags = calloc(n > 0 ? (size_t)n : 1, sizeof *native_flags);
  ndev = sinks && native_flags ? n : 0;
  xl_init(&xl);
}

// ---- time -----------------------------------------------------------------------------------

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static void load_once_fn(void) {
  load_cupti();
}

// The device clock is chosen once: CUPTI's when the library loads, else CLOCK_MONOTONIC.
uint64_t cupti_now(void) {
  pthread_once(&load_once, load_once_fn);
  uint64_t t;
  if (loaded > 0 && cupti.cuptiGetTimestamp(&t) == 0)
    return t;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

// The offset between the device clock and omp_get_wtime's, sampled once: both advance in
// real time, and a trace is short next to any drift between them. The tightest of several
// samples counts (glass_clock_pair); clocks that agree within its spread are the same clock
// (CUPTI's timestamp may be CLOCK_MONOTONIC, as omp_get_wtime is in Glass), and then the offset
// is exactly 0.
static double clock_offset;
static pthread_once_t offset_once = PTHREAD_ONCE_INIT;
static double (*wtime)(void);
static uint64_t wtime_bits(void) {
  return glass_clock_bits(wtime());
}
static void sample_offset(void) {
  wtime = (double (*)(void))dlsym(RTLD_DEFAULT, "omp_get_wtime");
  if (!wtime)
    return;
  glass_clock_pair_t p = glass_clock_pair(cupti_now, wtime_bits);
  double spread = (double)p.width * 1e-9;
  clock_offset = glass_clock_double(p.inner) - (double)p.outer * 1e-9;
  if (clock_offset < 2 * spread + 1e-7 && clock_offset > -(2 * spread + 1e-7))
    clock_offset = 0;
}

double cupti_to_wtime(uint64_t t) {
  pthread_once(&offset_once, sample_offset);
  return (double)t * 1e-9 + clock_offset;
}

// ---- records ----------------------------------------------------------------------------------

static void deliver(const ompt_record_ompt_t *r, int dev) {
  if (dev < 0 || dev >= ndev) // an operation nobody noted: the first tracing device's
    for (dev = 0; dev < ndev && !__atomic_load_n(&sinks[dev], __ATOMIC_ACQUIRE); dev++)
      ;
  const struct glass_trace_sink *sink =
      dev < ndev ? __atomic_load_n(&sinks[dev], __ATOMIC_ACQUIRE) : NULL;
  if (!sink)
    return;
  struct glass_trace_op op = {
      .start = r->time, .target_id = r->target_id, .thread_id = r->thread_id};
  if (r->type == ompt_callback_target_submit) {
    op.kind = GLASS_TRACE_KERNEL;
    op.host_op_id = r->record.target_kernel.host_op_id;
    op.requested_teams = r->record.target_kernel.requested_num_teams;
    op.granted_teams = r->record.target_kernel.granted_num_teams;
    op.end = r->record.target_kernel.end_time;
  } else {
    const ompt_record_target_data_op_t *d = &r->record.target_data_op;
    op.kind = GLASS_TRACE_DATA_OP;
    op.optype = (int)d->optype;
    op.host_op_id = d->host_op_id;
    op.src = d->src_addr, op.dst = d->dest_addr;
    op.src_device = d->src_device_num, op.dst_device = d->dest_device_num;
    op.bytes = d->bytes;
    op.end = d->end_time;
  }
  sink->record(sink, &op);
}

// ---- native records ---------------------------------------------------------------------------

enum {
  NATIVE_DATA_MOTION_EXPLICIT = 0x01, // ompt_native_mon_flag_t: copies and memsets
  NATIVE_KERNEL_EXECUTION = 0x08,     // kernels
  NATIVE_SUPPORTED = NATIVE_DATA_MOTION_EXPLICIT | NATIVE_KERNEL_EXECUTION,
  SET_NEVER = 1, // ompt_set_result_t
  SET_SOMETIMES = 3,
  SET_ALWAYS = 5,
};

int cupti_trace_native(int dev, int enable, int flags) {
  if (dev < 0 || dev >= ndev || !native_flags)
    return 0; // ompt_set_error
  int ours = flags & NATIVE_SUPPORTED;
  if (enable)
    __atomic_or_fetch(&native_flags[dev], ours, __ATOMIC_RELAXED);
  else
    __atomic_and_fetch(&native_flags[dev], ~ours, __ATOMIC_RELAXED);
  return !ours ? SET_NEVER : ours == flags ? SET_ALWAYS : SET_SOMETIMES;
}

// CUPTI's own record of an operation, beside its OMPT record, when the tool asked for it.
static void deliver_native(const void *raw, const ompt_record_ompt_t *r, int dev) {
  uint32_t kind;
  memcpy(&kind, raw, 4);
  bool kernel = kind == CUPTI_KIND_CONCURRENT_KERNEL || kind == CUPTI_KIND_KERNEL;
  int want = kernel ? NATIVE_KERNEL_EXECUTION : NATIVE_DATA_MOTION_EXPLICIT;
  const struct glass_trace_sink *sink =
      dev >= 0 && dev < ndev ? __atomic_load_n(&sinks[dev], __ATOMIC_ACQUIRE) : NULL;
  if (!sink || !sink->record_native ||
      !(__atomic_load_n(&native_flags[dev], __ATOMIC_RELAXED) & want))
    return;
  uint32_t hwid;
  memcpy(&hwid, (const char *)raw + (kernel ? CUPTI_KERNEL_DEVICE : CUPTI_COPY_DEVICE), 4);
  uint64_t end = kernel ? r->record.target_kernel.end_time : r->record.target_data_op.end_time;
  struct glass_native_abstract a = {2 /* ompt_record_native_event */,
                                    kernel                      ? "cupti kernel"
                                    : kind == CUPTI_KIND_MEMSET ? "cupti memset"
                                                                : "cupti memcpy",
                                    r->time, end, hwid};
  uint64_t host_op =
      kernel ? r->record.target_kernel.host_op_id : r->record.target_data_op.host_op_id;
  sink->record_native(sink, raw, xl_record_size(kind), &a, host_op);
}

static void drain(bool final) {
  ompt_record_ompt_t r;
  int dev;
  struct xl_pending raw;
  while (xl_next_ready(&xl, final, &r, &dev, &raw)) {
    deliver(&r, dev);
    deliver_native(raw.rec, &r, dev);
  }
}

static void buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records) {
  void *p = NULL;
  if (posix_memalign(&p, CUPTI_BUFFER_ALIGN, CUPTI_BUFFER_BYTES))
    p = NULL;
  *buffer = p;
  *size = p ? CUPTI_BUFFER_BYTES : 0;
  *max_records = 0;
}

static void buffer_completed(void *ctx, uint32_t stream, uint8_t *buffer, size_t size,
                             size_t valid) {
  (void)size;
  void *rec = NULL;
  while (buffer && cupti.cuptiActivityGetNextRecord(buffer, valid, &rec) == 0) {
    ompt_record_ompt_t r;
    int dev;
    if (xl_translate(&xl, rec, &r, &dev) == XL_RECORD) {
      deliver(&r, dev);
      deliver_native(rec, &r, dev);
    }
  }
  drain(false);
  size_t dropped = 0;
  if (cupti.cuptiActivityGetNumDroppedRecords(ctx, stream, &dropped) == 0 && dropped) {
    __atomic_fetch_add(&dropped_total, dropped, __ATOMIC_RELAXED);
    fprintf(stderr, "omptarget warning: cuda plugin: CUPTI dropped %zu activity records\n",
            dropped);
  }
  free(buffer);
}

// ---- start and stop ---------------------------------------------------------------------------

static bool enable_all(char *why, size_t whylen) {
  CUptiResult r = 0;
  if (!callbacks_registered) {
    r = cupti.cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed);
    if (r) {
      snprintf(why, whylen, "cuptiActivityRegisterCallbacks: %s (%d)", cupti_err(r), r);
      return false;
    }
    callbacks_registered = true;
  }
  for (size_t i = 0; i < kinds_used(); i++)
    if ((r = cupti.cuptiActivityEnable(activity_kinds[i]))) {
      snprintf(why, whylen, "cuptiActivityEnable(%u): %s (%d)", activity_kinds[i], cupti_err(r), r);
      while (i-- > 0)
        cupti.cuptiActivityDisable(activity_kinds[i]);
      return false;
    }
  return true;
}

int cupti_trace_start(int dev, const struct glass_trace_sink *sink, char *why, size_t whylen) {
  pthread_mutex_lock(&lock);
  int rc = -1;
  if (dev < 0 || dev >= ndev)
    snprintf(why, whylen, "no device %d", dev);
  else if ((pthread_once(&load_once, load_once_fn), loaded <= 0))
    snprintf(why, whylen, "%s", load_error);
  else if (sinks[dev])
    snprintf(why, whylen, "device %d already traces", dev);
  else if (tracing > 0 || enable_all(why, whylen))
    rc = 0;
  if (rc == 0) {
    __atomic_store_n(&sinks[dev], sink, __ATOMIC_RELEASE);
    __atomic_add_fetch(&tracing, 1, __ATOMIC_RELEASE);
    cupti_to_wtime(0); // sample the clocks now, while the device is quiet
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

void cupti_trace_flush(int dev) {
  if (loaded <= 0 || dev < 0 || dev >= ndev || !__atomic_load_n(&sinks[dev], __ATOMIC_ACQUIRE))
    return;
  cupti.cuptiActivityFlushAll(CUPTI_FLUSH_FORCED);
  drain(false);
}

void cupti_trace_stop(int dev) {
  pthread_mutex_lock(&lock);
  if (loaded > 0 && dev >= 0 && dev < ndev && sinks[dev]) {
    cupti.cuptiActivityFlushAll(CUPTI_FLUSH_FORCED);
    // The last device: every held record, with or without its pair.
    drain(__atomic_sub_fetch(&tracing, 1, __ATOMIC_ACQ_REL) == 0);
    if (tracing == 0)
      for (size_t i = 0; i < kinds_used(); i++)
        cupti.cuptiActivityDisable(activity_kinds[i]);
    __atomic_store_n(&sinks[dev], NULL, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&lock);
}

// ---- operations -------------------------------------------------------------------------------

void cupti_op_begin(int dev, struct cupti_op *h) {
  h->ext = 0, h->fallback = false, h->dev = dev;
  const struct glass_trace_sink *sink =
      dev >= 0 && dev < ndev ? __atomic_load_n(&sinks[dev], __ATOMIC_ACQUIRE) : NULL;
  const struct glass_trace_op *op = sink ? sink->current() : NULL;
  if (!op)
    return;
  h->op = *op;
  uint64_t ext = __atomic_fetch_add(&next_ext, 1, __ATOMIC_RELAXED);
  struct xl_op x = {
      .ext_id = ext,
      .target_id = op->target_id,
      .host_op_id = op->host_op_id,
      .thread_id = op->thread_id,
      .optype = op->kind == GLASS_TRACE_KERNEL ? 0 : op->optype,
      .src = (void *)op->src,
      .dst = (void *)op->dst,
      .src_dev = op->src_device,
      .dst_dev = op->dst_device,
      .requested_teams = op->requested_teams,
      .dev = dev,
  };
  if (xl_note_op(&xl, &x) &&
      cupti.cuptiActivityPushExternalCorrelationId(CUPTI_EXTERNAL_KIND_CUSTOM0, ext) == 0) {
    h->ext = ext;
    return;
  }
  h->fallback = true; // (a noted operation left behind is harmless: its id is never paired)
  h->op.start = cupti_now();
}

void cupti_op_end(struct cupti_op *h) {
  uint64_t last;
  if (h->ext)
    cupti.cuptiActivityPopExternalCorrelationId(CUPTI_EXTERNAL_KIND_CUSTOM0, &last);
  if (!h->fallback)
    return;
  h->op.end = cupti_now();
  const struct glass_trace_sink *sink = __atomic_load_n(&sinks[h->dev], __ATOMIC_ACQUIRE);
  if (sink)
    sink->record(sink, &h->op);
}

bool cupti_internal_begin(void) {
  return __atomic_load_n(&tracing, __ATOMIC_ACQUIRE) > 0 &&
         cupti.cuptiActivityPushExternalCorrelationId(CUPTI_EXTERNAL_KIND_CUSTOM0,
                                                      XL_INTERNAL_ID) == 0;
}

void cupti_internal_end(bool pushed) {
  uint64_t last;
  if (pushed)
    cupti.cuptiActivityPopExternalCorrelationId(CUPTI_EXTERNAL_KIND_CUSTOM0, &last);
}
