// A stand-in for libcuda.so.1 and libcupti.so in one library, for testing the CUDA plugin
// without a GPU: one sm_90 device whose memory is host memory, no modules (images fail to load:
// the programs offload data, not code), and a CUPTI that writes MEMCPY/MEMSET activity records,
// stamped with CLOCK_MONOTONIC, for every copy and memset, with an EXTERNAL_CORRELATION record
// for the innermost external id pushed when the copy was issued. Every other record goes before
// its pair, so both orders occur. MOCK_CUPTI_REFUSE=1 makes cuptiActivityEnable fail as when
// another profiler holds CUPTI.
// Streams are lazy, as a busy GPU would be: copies and memsets are queued and done only when
// something waits for them (cuStreamSynchronize, cuEventSynchronize, a cuEventQuery that finds
// the event reached, a copy to pageable host memory, which the driver does at once). A copy
// from pinned memory (cuMemAllocHost) reads its source when done; from pageable memory, when
// issued. MOCK_EVENT_DELAY=n: each recorded event answers CUDA_ERROR_NOT_READY to its first n
// queries; MOCK_EVENT_FAIL=1 makes event queries and waits fail (an error in a chain's work, as
// a kernel's fault would). MOCK_LOG=1 writes every stream and event call to stderr ("mock: ...").
#include "driver.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define API __attribute__((visibility("default")))

API CUresult cuInit(unsigned flags) {
  return 0;
}
API CUresult cuDriverGetVersion(int *v) {
  *v = 13000;
  return 0;
}
API CUresult cuGetErrorName(CUresult e, const char **name) {
  *name = e == 200 ? "CUDA_ERROR_INVALID_IMAGE" : "CUDA_ERROR_MOCK";
  return 0;
}
API CUresult cuDeviceGetCount(int *n) {
  *n = 1;
  return 0;
}
API CUresult cuDeviceGet(CUdevice *d, int ordinal) {
  *d = ordinal;
  return ordinal == 0 ? 0 : 101;
}
API CUresult cuDeviceGetAttribute(int *v, int attr, CUdevice d) {
  switch (attr) {
  case CU_ATTR_COMPUTE_CAPABILITY_MAJOR:
    *v = 9;
    break;
  case CU_ATTR_COMPUTE_CAPABILITY_MINOR:
    *v = 0;
    break;
  case CU_ATTR_MAX_THREADS_PER_BLOCK:
    *v = 1024;
    break;
  case CU_ATTR_MAX_GRID_DIM_X:
    *v = 2147483647;
    break;
  case CU_ATTR_WARP_SIZE:
    *v = 32;
    break;
  case CU_ATTR_MULTIPROCESSOR_COUNT:
    *v = 132;
    break;
  case CU_ATTR_CLOCK_RATE:
    *v = 1980000;
    break;
  case CU_ATTR_MAX_THREADS_PER_MULTIPROCESSOR:
    *v = 2048;
    break;
  case CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *v = 232448;
    break;
  default:
    *v = 0;
  }
  return 0;
}
API CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) {
  *c = (CUcontext)(uintptr_t)0x1000;
  return 0;
}
API CUresult cuCtxSetCurrent(CUcontext c) {
  return 0;
}
API CUresult cuCtxSetLimit(int limit, size_t value) {
  return 0;
}
API CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned n, int *o, void **v) {
  return 200;
}
API CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  return 500;
}
API CUresult cuModuleGetGlobal_v2(CUdeviceptr *p, size_t *b, CUmodule m, const char *name) {
  return 500;
}
API CUresult cuFuncGetAttribute(int *v, int attr, CUfunction f) {
  return 1;
}
API CUresult cuFuncSetAttribute(CUfunction f, int attr, int v) {
  return 1;
}
API CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes) {
  void *m = NULL;
  if (posix_memalign(&m, 256, bytes ? bytes : 1))
    return 2; // CUDA_ERROR_OUT_OF_MEMORY
  *p = (CUdeviceptr)(uintptr_t)m;
  return 0;
}
API CUresult cuMemFree_v2(CUdeviceptr p) {
  free((void *)(uintptr_t)p);
  return 0;
}
API CUresult cuStreamCreate(CUstream *s, unsigned flags) {
  static int n;
  *s = (CUstream)(uintptr_t)(0x100 + __atomic_add_fetch(&n, 1, __ATOMIC_RELAXED));
  return 0;
}
API CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                            unsigned by, unsigned bz, unsigned shared, CUstream s, void **p,
                            void **e) {
  return 1;
}

// ---- CUPTI ------------------------------------------------------------------------------------

typedef void (*requested_fn)(uint8_t **buffer, size_t *size, size_t *max);
typedef void (*completed_fn)(void *ctx, uint32_t stream, uint8_t *buffer, size_t size,
                             size_t valid);
static requested_fn on_requested;
static completed_fn on_completed;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint8_t *buf;
static size_t buf_size, buf_used;
static uint64_t enabled_kinds;
static uint32_t next_corr = 1;
static __thread uint64_t ext_stack[8];
static __thread int ext_depth;

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static size_t size_of(uint32_t kind) {
  return kind == 1 ? 96 : kind == 2 ? 88 : kind == 39 ? 24 : 216;
}

// Called with the lock held.
static void deliver_buffer(void) {
  if (buf && buf_used) {
    uint8_t *b = buf;
    size_t s = buf_size, u = buf_used;
    buf = NULL, buf_used = 0;
    on_completed(NULL, 0, b, s, u);
  }
}

static void put(const uint8_t *rec, uint32_t kind) {
  size_t n = size_of(kind);
  if (buf && buf_used + n > buf_size)
    deliver_buffer();
  if (!buf) {
    size_t max;
    on_requested(&buf, &buf_size, &max);
    buf_used = 0;
  }
  if (buf && buf_used + n <= buf_size) {
    memcpy(buf + buf_used, rec, n);
    buf_used += n;
  }
}

static void activity(uint32_t kind, uint8_t copy_kind, uint64_t bytes, uint64_t start,
                     uint64_t ext) {
  if (!on_completed || !(enabled_kinds & (1ull << kind)))
    return;
  uint8_t rec[216] = {0}, pair[24] = {0};
  uint64_t end = now_ns();
  pthread_mutex_lock(&lock);
  uint32_t corr = next_corr++;
  memcpy(rec, &kind, 4);
  rec[4] = copy_kind;
  memcpy(rec + 8, &bytes, 8), memcpy(rec + 16, &start, 8), memcpy(rec + 24, &end, 8);
  memcpy(rec + 44, &corr, 4);
  uint32_t k39 = 39, custom0 = 3;
  memcpy(pair, &k39, 4), memcpy(pair + 4, &custom0, 4);
  memcpy(pair + 16, &corr, 4);
  bool paired = ext && (enabled_kinds & (1ull << 39));
  if (paired)
    memcpy(pair + 8, &ext, 8);
  if (paired && corr % 2)
    put(pair, 39);
  put(rec, kind);
  if (paired && corr % 2 == 0)
    put(pair, 39);
  pthread_mutex_unlock(&lock);
}

// ---- lazy streams -----------------------------------------------------------------------------

enum { OP_HTOD, OP_DTOH, OP_DTOD, OP_SET, MAX_STREAMS = 64, MAX_PINNED = 256 };
static const char *const op_names[] = {"HtoD", "DtoH", "DtoD", "memset"};
struct op {
  int kind;
  void *dst;
  const void *src;
  void *owned; // the snapshot of a pageable source
  size_t n;
  unsigned char value;
  uint64_t ext; // the external id pushed when issued (0: none)
  struct op *next;
};
struct stream {
  struct op *head, **tail;
  uint64_t issued, done;
};
struct event {
  int stream; // -1: never recorded
  uint64_t upto;
  int delay;
};
static pthread_mutex_t stream_lock = PTHREAD_MUTEX_INITIALIZER; // taken before `lock`
static struct stream streams[MAX_STREAMS];
static struct {
  const char *p;
  size_t n;
} pinned[MAX_PINNED];
static int npinned;

static bool logging(void) {
  const char *v = getenv("MOCK_LOG");
  return v && *v == '1';
}
#define LOG(...) (logging() ? fprintf(stderr, "mock: " __VA_ARGS__) : 0)

static int stream_index(CUstream s) {
  int i = (int)((uintptr_t)s - 0x101);
  return i >= 0 && i < MAX_STREAMS ? i : 0;
}

static bool is_pinned(const void *p) {
  for (int i = 0; i < npinned; i++)
    if ((const char *)p >= pinned[i].p && (const char *)p < pinned[i].p + pinned[i].n)
      return true;
  return false;
}

API CUresult cuMemAllocHost_v2(void **p, size_t bytes) {
  *p = malloc(bytes);
  pthread_mutex_lock(&stream_lock);
  if (*p && npinned < MAX_PINNED)
    pinned[npinned].p = *p, pinned[npinned++].n = bytes;
  pthread_mutex_unlock(&stream_lock);
  return *p ? 0 : 2;
}

// Called with stream_lock held: does the stream's operations up to number `upto`.
static void run_stream(int si, uint64_t upto) {
  struct stream *st = &streams[si];
  while (st->head && st->done < upto) {
    struct op *o = st->head;
    st->head = o->next;
    if (!st->head)
      st->tail = &st->head;
    uint64_t t = now_ns();
    if (o->kind == OP_SET)
      memset(o->dst, o->value, o->n);
    else
      memmove(o->dst, o->owned ? o->owned : o->src, o->n);
    static const uint8_t copy_kinds[] = {1, 2, 8, 0};
    activity(o->kind == OP_SET ? 2 : 1, copy_kinds[o->kind], o->n, t, o->ext);
    LOG("stream %d: %s of %zu bytes done\n", si + 1, op_names[o->kind], o->n);
    free(o->owned);
    free(o);
    st->done++;
  }
}

static CUresult issue(CUstream s, int kind, void *dst, const void *src, size_t n,
                      unsigned char value) {
  struct op *o = calloc(1, sizeof *o);
  if (!o)
    return 2;
  *o = (struct op){kind, dst, src, NULL, n, value, ext_depth > 0 ? ext_stack[ext_depth - 1] : 0};
  pthread_mutex_lock(&stream_lock);
  if (kind == OP_HTOD && !is_pinned(src) && (o->owned = malloc(n ? n : 1)))
    memcpy(o->owned, src, n);
  int si = stream_index(s);
  struct stream *st = &streams[si];
  if (!st->tail)
    st->tail = &st->head;
  *st->tail = o, st->tail = &o->next;
  st->issued++;
  LOG("stream %d: %s of %zu bytes issued\n", si + 1, op_names[kind], n);
  if (kind == OP_DTOH && !is_pinned(dst)) // the driver copies to pageable memory at once
    run_stream(si, st->issued);
  pthread_mutex_unlock(&stream_lock);
  return 0;
}

API CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void *s, size_t n, CUstream st) {
  return issue(st, OP_HTOD, (void *)(uintptr_t)d, s, n, 0);
}
API CUresult cuMemcpyDtoHAsync_v2(void *d, CUdeviceptr s, size_t n, CUstream st) {
  return issue(st, OP_DTOH, d, (const void *)(uintptr_t)s, n, 0);
}
API CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t n, CUstream st) {
  return issue(st, OP_DTOD, (void *)(uintptr_t)d, (const void *)(uintptr_t)s, n, 0);
}
API CUresult cuMemsetD8Async(CUdeviceptr d, unsigned char v, size_t n, CUstream st) {
  return issue(st, OP_SET, (void *)(uintptr_t)d, NULL, n, v);
}

API CUresult cuStreamSynchronize(CUstream s) {
  pthread_mutex_lock(&stream_lock);
  int si = stream_index(s);
  LOG("stream %d: synchronize\n", si + 1);
  run_stream(si, streams[si].issued);
  pthread_mutex_unlock(&stream_lock);
  return 0;
}

API CUresult cuEventCreate(CUevent *e, unsigned flags) {
  struct event *ev = calloc(1, sizeof *ev);
  if (!ev)
    return 2;
  ev->stream = -1;
  *e = (CUevent)ev;
  return 0;
}
API CUresult cuEventRecord(CUevent e, CUstream s) {
  struct event *ev = (struct event *)e;
  const char *delay = getenv("MOCK_EVENT_DELAY");
  pthread_mutex_lock(&stream_lock);
  ev->stream = stream_index(s);
  ev->upto = streams[ev->stream].issued;
  ev->delay = delay ? atoi(delay) : 0;
  LOG("stream %d: event recorded after %llu operation(s)\n", ev->stream + 1,
      (unsigned long long)ev->upto);
  pthread_mutex_unlock(&stream_lock);
  return 0;
}
static bool event_fails(void) {
  const char *v = getenv("MOCK_EVENT_FAIL");
  return v && *v == '1';
}

API CUresult cuEventQuery(CUevent e) {
  struct event *ev = (struct event *)e;
  if (event_fails())
    return 999;
  pthread_mutex_lock(&stream_lock);
  bool ready = ev->stream < 0 || ev->delay-- <= 0;
  if (ready && ev->stream >= 0)
    run_stream(ev->stream, ev->upto);
  LOG("stream %d: event query: %s\n", ev->stream + 1, ready ? "reached" : "not ready");
  pthread_mutex_unlock(&stream_lock);
  return ready ? 0 : 600; // CUDA_ERROR_NOT_READY
}
API CUresult cuEventSynchronize(CUevent e) {
  struct event *ev = (struct event *)e;
  if (event_fails())
    return 999;
  pthread_mutex_lock(&stream_lock);
  if (ev->stream >= 0)
    run_stream(ev->stream, ev->upto);
  LOG("stream %d: event synchronize\n", ev->stream + 1);
  pthread_mutex_unlock(&stream_lock);
  return 0;
}

API int cuptiActivityEnable(uint32_t kind) {
  const char *refuse = getenv("MOCK_CUPTI_REFUSE");
  if (refuse && *refuse == '1')
    return 39; // CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED
  enabled_kinds |= 1ull << kind;
  return 0;
}
API int cuptiActivityDisable(uint32_t kind) {
  enabled_kinds &= ~(1ull << kind);
  return 0;
}
API int cuptiActivityRegisterCallbacks(requested_fn r, completed_fn c) {
  on_requested = r, on_completed = c;
  return 0;
}
API int cuptiActivityGetNextRecord(uint8_t *buffer, size_t valid, void **record) {
  uint8_t *next = *record ? (uint8_t *)*record + size_of(*(uint32_t *)*record) : buffer;
  if (next >= buffer + valid)
    return 12; // CUPTI_ERROR_MAX_LIMIT_REACHED
  *record = next;
  return 0;
}
API int cuptiActivityFlushAll(uint32_t flags) {
  pthread_mutex_lock(&lock);
  deliver_buffer();
  pthread_mutex_unlock(&lock);
  return 0;
}
API int cuptiActivityGetNumDroppedRecords(void *ctx, uint32_t stream, size_t *dropped) {
  *dropped = 0;
  return 0;
}
API int cuptiGetTimestamp(uint64_t *ns) {
  *ns = now_ns();
  return 0;
}
API int cuptiActivityPushExternalCorrelationId(uint32_t kind, uint64_t id) {
  if (ext_depth >= 8)
    return 1;
  ext_stack[ext_depth++] = id;
  return 0;
}
API int cuptiActivityPopExternalCorrelationId(uint32_t kind, uint64_t *last) {
  if (ext_depth <= 0)
    return 1;
  *last = ext_stack[--ext_depth];
  return 0;
}
API int cuptiGetResultString(int r, const char **s) {
  *s = r == 39 ? "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED" : "CUPTI_ERROR_MOCK";
  return 0;
}
