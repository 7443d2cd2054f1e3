// The NVIDIA plugin: GPUs through the CUDA driver, opened at run time (libcuda.so.1), so one
// build runs everywhere and finds 0 devices where there is no driver or no GPU. Kernels follow
// LLVM 19's NVPTX device runtime contract (launch.h). Every operation runs on a stream of its
// own, taken from the device's set, and is waited for before the call returns, except in an
// asynchronous chain (queue_begin: a `target nowait`), whose operations share one stream and
// complete together (queue_done).
#define _GNU_SOURCE
#include "../plugin.h"
#include "cupti.h"
#include "driver.h"
#include "image.h"
#include "launch.h"
#include "pool.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define API __attribute__((visibility("default")))

static struct cu_driver cu;
static char status_line[256] = "not initialised";

// One stream with its pinned staging buffer: small transfers go through it, so that the copy
// is asynchronous to the driver and the host buffer may be anything.
enum { STAGING_BYTES = 64 << 10 };
struct slot {
  CUstream stream;
  void *staging; // pinned, STAGING_BYTES; NULL when the driver refused
  CUevent done;  // a chain's end (queue_end), made on first use
  struct slot *next;
};

struct device {
  CUdevice dev;
  CUcontext ctx;
  int sm;
  struct device_limits lim;
  int smem_optin, clock_khz, threads_per_sm;
  pthread_mutex_t lock; // guards free_slots
  struct slot *free_slots;
  struct dev_pool pool;
  CUdeviceptr launch_env; // zeroed; for kernels without cross-team reductions
};
static struct device *devices;
static int ndevices;

struct module {
  CUmodule mod;
  bool new_runtime; // has __omp_rtl_device_environment: kernels take the launch environment
};

struct kernel {
  CUfunction fn;
  bool has_env;
  struct kernel_env env;
  int fn_max_threads;
  int smem_set; // the dynamic shared memory the function was last allowed
};

static const char *cu_err(CUresult r) {
  const char *name = NULL;
  if (cu.cuGetErrorName && cu.cuGetErrorName(r, &name) == CU_OK && name)
    return name;
  return "unknown CUDA error";
}

static bool cu_check(CUresult r, const char *what) {
  if (r == CU_OK)
    return true;
  fprintf(stderr, "omptarget error: cuda plugin: %s: %s (%d)\n", what, cu_err(r), r);
  return false;
}

// ---- driver and devices -------------------------------------------------------------------

static bool load_driver(void) {
  const char *lib = getenv("GLASS_CUDA_DRIVER");
  void *h = dlopen(lib && *lib ? lib : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    snprintf(status_line, sizeof status_line, "no CUDA driver (%s)", dlerror());
    return false;
  }
#define CU_LOAD(name, ret, args)                                                                   \
  if (!(cu.name = (ret(*) args)dlsym(h, #name))) {                                                 \
    snprintf(status_line, sizeof status_line, "the CUDA driver lacks %s", #name);                  \
    return false;                                                                                  \
  }
  CU_FUNCTIONS(CU_LOAD)
#undef CU_LOAD
  return true;
}

static int attr(struct device *d, int which) {
  int v = 0;
  return cu.cuDeviceGetAttribute(&v, which, d->dev) == CU_OK ? v : 0;
}

static struct slot *slot_get(struct device *d) {
  pthread_mutex_lock(&d->lock);
  struct slot *s = d->free_slots;
  if (s)
    d->free_slots = s->next;
  pthread_mutex_unlock(&d->lock);
  if (s)
    return s;
  s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  if (!cu_check(cu.cuStreamCreate(&s->stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate")) {
    free(s);
    return NULL;
  }
  if (cu.cuMemAllocHost_v2(&s->staging, STAGING_BYTES) != CU_OK)
    s->staging = NULL;
  return s;
}

static void slot_put(struct device *d, struct slot *s) {
  pthread_mutex_lock(&d->lock);
  s->next = d->free_slots;
  d->free_slots = s;
  pthread_mutex_unlock(&d->lock);
}

// Makes the device's context current on the calling thread: every entry point starts here.
static struct device *enter(int dev) {
  if (dev < 0 || dev >= ndevices)
    return NULL;
  struct device *d = &devices[dev];
  return cu_check(cu.cuCtxSetCurrent(d->ctx), "cuCtxSetCurrent") ? d : NULL;
}

static bool device_open(struct device *d, int ordinal) {
  if (!cu_check(cu.cuDeviceGet(&d->dev, ordinal), "cuDeviceGet") ||
      !cu_check(cu.cuDevicePrimaryCtxRetain(&d->ctx, d->dev), "cuDevicePrimaryCtxRetain") ||
      !cu_check(cu.cuCtxSetCurrent(d->ctx), "cuCtxSetCurrent"))
    return false;
  d->sm =
      attr(d, CU_ATTR_COMPUTE_CAPABILITY_MAJOR) * 10 + attr(d, CU_ATTR_COMPUTE_CAPABILITY_MINOR);
  d->lim = (struct device_limits){
      .max_threads_per_block = attr(d, CU_ATTR_MAX_THREADS_PER_BLOCK),
      .max_grid_x = attr(d, CU_ATTR_MAX_GRID_DIM_X),
      .warp_size = attr(d, CU_ATTR_WARP_SIZE),
      .multiprocessors = attr(d, CU_ATTR_MULTIPROCESSOR_COUNT),
      .default_threads = 128,
      .teams_per_sm = 4,
  };
  d->smem_optin = attr(d, CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  d->clock_khz = attr(d, CU_ATTR_CLOCK_RATE);
  d->threads_per_sm = attr(d, CU_ATTR_MAX_THREADS_PER_MULTIPROCESSOR);
  pthread_mutex_init(&d->lock, NULL);
  dev_pool_init(&d->pool);
  if (!cu_check(cu.cuMemAlloc_v2(&d->launch_env, LAUNCH_ENV_SIZE), "cuMemAlloc"))
    return false;
  struct slot *s = slot_get(d);
  bool ok = s &&
            cu_check(cu.cuMemsetD8Async(d->launch_env, 0, LAUNCH_ENV_SIZE, s->stream),
                     "cuMemsetD8Async") &&
            cu_check(cu.cuStreamSynchronize(s->stream), "cuStreamSynchronize");
  if (s)
    slot_put(d, s);
  return ok;
}

static int cuda_init(void) {
  if (!load_driver())
    return 0;
  int version = 0, n = 0;
  CUresult r = cu.cuInit(0);
  if (r != CU_OK) {
    snprintf(status_line, sizeof status_line, "cuInit: %s (%d); no devices", cu_err(r), r);
    return 0;
  }
  cu.cuDriverGetVersion(&version);
  r = cu.cuDeviceGetCount(&n);
  if (r != CU_OK || n <= 0) {
    snprintf(status_line, sizeof status_line, "driver %d.%d: no GPU", version / 1000,
             version % 1000 / 10);
    return 0;
  }
  devices = calloc((size_t)n, sizeof *devices);
  if (!devices)
    return 0;
  for (int i = 0; i < n; i++) {
    if (!device_open(&devices[ndevices], i))
      continue;
    ndevices++;
  }
  cupti_init_devices(ndevices);
  snprintf(status_line, sizeof status_line, "driver %d.%d: %d GPU(s), the first sm_%d with %d SMs",
           version / 1000, version % 1000 / 10, ndevices, ndevices ? devices[0].sm : 0,
           ndevices ? devices[0].lim.multiprocessors : 0);
  return ndevices;
}

static const char *cuda_describe(void) {
  return status_line;
}

static const char *cuda_device_type(int dev) {
  static __thread char name[16];
  snprintf(name, sizeof name, "sm_%d", dev >= 0 && dev < ndevices ? devices[dev].sm : 0);
  return name;
}

// ---- images -------------------------------------------------------------------------------

static bool cuda_is_compatible(const void *image, size_t size) {
  struct cuda_image_info info;
  return cuda_image_inspect(image, size, &info);
}

static int cuda_image_fit(int dev, const void *image, size_t size) {
  struct cuda_image_info info;
  if (dev < 0 || dev >= ndevices || !cuda_image_inspect(image, size, &info))
    return 0;
  return cuda_image_score(&info, devices[dev].sm);
}

static bool sync_slot(struct slot *s, const char *what) {
  return cu_check(cu.cuStreamSynchronize(s->stream), what);
}

// The plugin's own copies (environments): synchronous, and no OpenMP operation for CUPTI.
static bool own_copy(struct device *d, void *dst, const void *src, size_t n, bool to_device) {
  struct slot *s = slot_get(d);
  bool internal = cupti_internal_begin();
  bool ok =
      s &&
      cu_check(to_device ? cu.cuMemcpyHtoDAsync_v2((CUdeviceptr)(uintptr_t)dst, src, n, s->stream)
                         : cu.cuMemcpyDtoHAsync_v2(dst, (CUdeviceptr)(uintptr_t)src, n, s->stream),
               to_device ? "cuMemcpyHtoD" : "cuMemcpyDtoH");
  cupti_internal_end(internal);
  ok = ok && sync_slot(s, "cuStreamSynchronize");
  if (s)
    slot_put(d, s);
  return ok;
}

static bool put_bytes(struct device *d, CUdeviceptr dst, const void *src, size_t n) {
  return own_copy(d, (void *)(uintptr_t)dst, src, n, true);
}

static bool get_bytes(struct device *d, void *dst, CUdeviceptr src, size_t n) {
  return own_copy(d, dst, (const void *)(uintptr_t)src, n, false);
}

static size_t env_size(const char *name, size_t fallback) {
  const char *v = getenv(name);
  if (!v || !*v)
    return fallback;
  char *end;
  unsigned long long x = strtoull(v, &end, 0);
  if (*end) {
    fprintf(stderr, "omptarget warning: %s=%s is not a number; using %zu\n", name, v, fallback);
    return fallback;
  }
  return (size_t)x;
}

// The device runtime's environment: its device number, clock, dynamic shared memory.
static bool write_device_env(struct device *d, int dev, CUmodule mod) {
  CUdeviceptr p;
  size_t bytes;
  if (cu.cuModuleGetGlobal_v2(&p, &bytes, mod, "__omp_rtl_device_environment") != CU_OK)
    return true; // not built with LLVM's device runtime: nothing to tell it
  if (bytes < DEVICE_ENV_SIZE)
    return false;
  struct device_env e = {
      .debug_kind = (uint32_t)env_size("LIBOMPTARGET_DEVICE_RTL_DEBUG", 0),
      .num_devices = (uint32_t)ndevices,
      .device_num = (uint32_t)dev,
      .dynamic_mem_size = (uint32_t)env_size("LIBOMPTARGET_SHARED_MEMORY_SIZE", 0),
      .clock_frequency = (uint64_t)d->clock_khz * 1000,
      .hardware_parallelism = (uint64_t)d->lim.multiprocessors * (uint64_t)d->threads_per_sm,
  };
  unsigned char b[DEVICE_ENV_SIZE];
  device_env_encode(&e, b);
  return put_bytes(d, p, b, sizeof b);
}

// The device heap of LLVM 19's runtime: a bump allocator over __omp_rtl_device_memory_pool
// {pointer, size}. Its bound is computed as the global's own address plus the size field (read
// from the bitcode), so the size stored is what makes that sum the heap's end.
static bool write_heap(struct device *d, CUmodule mod) {
  CUdeviceptr p;
  size_t bytes;
  if (cu.cuModuleGetGlobal_v2(&p, &bytes, mod, "__omp_rtl_device_memory_pool") != CU_OK)
    return true;
  size_t heap_size = env_size("LIBOMPTARGET_HEAP_SIZE", 16 << 20);
  CUdeviceptr heap = 0;
  if (heap_size && !cu_check(cu.cuMemAlloc_v2(&heap, heap_size), "cuMemAlloc (device heap)"))
    return false;
  uint64_t pool[2] = {heap, heap + heap_size - p};
  return bytes >= sizeof pool && put_bytes(d, p, pool, sizeof pool);
}

static int cuda_load(int dev, const void *image, size_t size, void **out, char *why,
                     size_t whylen) {
  struct device *d = enter(dev);
  if (!d) {
    snprintf(why, whylen, "no such device");
    return -1;
  }
  struct module *m = calloc(1, sizeof *m);
  char log[1024] = "";
  int opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)(uintptr_t)sizeof log};
  CUresult r = m ? cu.cuModuleLoadDataEx(&m->mod, image, 2, opts, vals) : 1;
  if (r != CU_OK) {
    snprintf(why, whylen, "cuModuleLoadData: %s (%d)%s%s", m ? cu_err(r) : "out of memory", r,
             *log ? ": " : "", log);
    free(m);
    return -1;
  }
  CUdeviceptr p;
  size_t bytes;
  m->new_runtime =
      cu.cuModuleGetGlobal_v2(&p, &bytes, m->mod, "__omp_rtl_device_environment") == CU_OK;
  if (!write_device_env(d, dev, m->mod) || !write_heap(d, m->mod)) {
    snprintf(why, whylen, "cannot set up the device runtime's environment");
    free(m);
    return -1;
  }
  *out = m;
  return 0;
}

static struct kernel *kernel_open(struct device *d, struct module *m, CUfunction fn,
                                  const char *name) {
  struct kernel *k = calloc(1, sizeof *k);
  if (!k)
    return NULL;
  k->fn = fn;
  cu.cuFuncGetAttribute(&k->fn_max_threads, CU_FUNC_ATTR_MAX_THREADS_PER_BLOCK, fn);
  char sym[512];
  snprintf(sym, sizeof sym, "%s_kernel_environment", name);
  CUdeviceptr p;
  size_t bytes;
  unsigned char b[KERNEL_ENV_SIZE];
  if (m->new_runtime && cu.cuModuleGetGlobal_v2(&p, &bytes, m->mod, sym) == CU_OK &&
      bytes >= KERNEL_ENV_SIZE && get_bytes(d, b, p, sizeof b)) {
    k->has_env = kernel_env_decode(b, &k->env);
    if (!k->has_env)
      fprintf(stderr, "omptarget warning: cuda plugin: %s: unknown execution mode %d\n", name,
              b[2]);
  }
  return k;
}

// Kernels resolve to a handle of the plugin's (launch reads it); globals to their device
// address. ".offloading.entry.<name>" is libomptarget asking whether kernels take the launch
// environment argument: they do when the image carries LLVM's device runtime.
static void *cuda_lookup(int dev, void *module, const char *name) {
  struct device *d = enter(dev);
  struct module *m = module;
  if (!d || !m)
    return NULL;
  static const char entry[] = ".offloading.entry.";
  if (!strncmp(name, entry, sizeof entry - 1))
    return m->new_runtime ? (void *)m : NULL;
  CUfunction fn;
  if (cu.cuModuleGetFunction(&fn, m->mod, name) == CU_OK)
    return kernel_open(d, m, fn, name);
  CUdeviceptr p;
  size_t bytes;
  if (cu.cuModuleGetGlobal_v2(&p, &bytes, m->mod, name) == CU_OK)
    return (void *)(uintptr_t)p;
  return NULL;
}

// ---- memory -------------------------------------------------------------------------------

static CUresult raw_alloc(void *ctx, size_t bytes, uint64_t *out) {
  (void)ctx;
  CUdeviceptr p = 0;
  CUresult r = cu.cuMemAlloc_v2(&p, bytes);
  *out = p;
  return r;
}

static void *cuda_alloc(int dev, size_t size) {
  struct device *d = enter(dev);
  if (!d)
    return NULL;
  uint64_t p = dev_pool_alloc(&d->pool, size ? size : 1, raw_alloc, NULL);
  return (void *)(uintptr_t)p;
}

static bool release(struct device *d, uint64_t p) {
  if (!p || dev_pool_free(&d->pool, p))
    return true;
  return cu_check(cu.cuMemFree_v2((CUdeviceptr)p), "cuMemFree");
}

// ---- operations and chains ------------------------------------------------------------------

// What waits for a chain's device work: a copy from the staging buffer to the host (n > 0), or
// the release of device memory `ptr` (n == 0).
struct after {
  void *host;
  const void *from;
  size_t n;
  uint64_t ptr;
  struct after *next;
};

// An asynchronous chain (queue_begin .. queue_end): every operation the thread asks of the
// device goes on the one slot's stream; queue_done waits for its event and then does `after`.
struct queue {
  int dev;
  struct device *d;
  struct slot *s;
  size_t staged; // staging bytes taken by the chain's operations
  bool failed, recorded;
  struct after *after, **tail; // in issue order
};
static __thread struct queue *thread_queue;

static struct queue *chain_of(int dev) {
  return thread_queue && thread_queue->dev == dev ? thread_queue : NULL;
}

// One operation: its stream is the thread's chain's, or a slot taken for this call alone.
struct op {
  struct device *d;
  struct slot *s;
  struct queue *q;
  size_t staged;    // staging bytes taken (no chain)
  struct after out; // done once the operation's work is
};

static bool op_open(int dev, struct op *o) {
  *o = (struct op){.d = enter(dev)};
  if (!o->d)
    return false;
  o->q = chain_of(dev);
  o->s = o->q ? o->q->s : slot_get(o->d);
  return o->s != NULL;
}

// `n` bytes of the slot's pinned staging buffer for this operation, or NULL (too few left).
static void *op_stage(struct op *o, size_t n) {
  size_t *used = o->q ? &o->q->staged : &o->staged;
  size_t at = (*used + 15) & ~(size_t)15;
  if (!o->s->staging || at + n > STAGING_BYTES)
    return NULL;
  *used = at + n;
  return (char *)o->s->staging + at;
}

static bool after_run(struct device *d, const struct after *a, bool copy) {
  if (a->n) {
    if (copy)
      memcpy(a->host, a->from, a->n);
    return true;
  }
  return release(d, a->ptr);
}

static bool after_push(struct queue *q, const struct after *a) {
  struct after *n = malloc(sizeof *n);
  if (!n)
    return false;
  *n = *a;
  n->next = NULL;
  *q->tail = n, q->tail = &n->next;
  return true;
}

// Ends an operation: outside a chain, waits for it and gives the slot back; in one, leaves
// `out` to the chain's end (or, with no memory for that, waits for the stream now).
static bool op_close(struct op *o, bool ok, const char *what) {
  bool pending = o->out.n || o->out.ptr;
  if (o->q) {
    if (!ok)
      o->q->failed = true;
    if (!pending || after_push(o->q, &o->out))
      return ok;
    ok = sync_slot(o->s, what) && ok;
    return after_run(o->d, &o->out, ok) && ok;
  }
  ok = ok && sync_slot(o->s, what);
  if (pending)
    ok = after_run(o->d, &o->out, ok) && ok;
  slot_put(o->d, o->s);
  return ok;
}

static void *cuda_queue_begin(int dev) {
  struct device *d = enter(dev);
  struct queue *q = d && !thread_queue ? calloc(1, sizeof *q) : NULL;
  if (!q)
    return NULL;
  *q = (struct queue){.dev = dev, .d = d, .s = slot_get(d)};
  q->tail = &q->after;
  if (!q->s) {
    free(q);
    return NULL;
  }
  thread_queue = q;
  return q;
}

static void cuda_queue_end(void *queue) {
  struct queue *q = queue;
  thread_queue = NULL;
  struct slot *s = q->s;
  if (!s->done && cu.cuEventCreate(&s->done, CU_EVENT_DISABLE_TIMING) != CU_OK)
    s->done = NULL;
  q->recorded = s->done && cu.cuEventRecord(s->done, s->stream) == CU_OK;
}

static int cuda_queue_done(void *queue, bool wait) {
  struct queue *q = queue;
  if (!enter(q->dev))
    return -1;
  CUresult r = !q->recorded ? cu.cuStreamSynchronize(q->s->stream)
               : wait       ? cu.cuEventSynchronize(q->s->done)
                            : cu.cuEventQuery(q->s->done);
  if (r == CU_ERROR_NOT_READY && !wait)
    return 0;
  bool ok = cu_check(r, "the end of a target task's device work") && !q->failed;
  for (struct after *a = q->after, *next; a; a = next) {
    next = a->next;
    ok = after_run(q->d, a, ok) && ok;
    free(a);
  }
  slot_put(q->d, q->s);
  free(q);
  return ok ? 1 : -1;
}

// Memory a chain may still use is released at the chain's end (with no memory to note that,
// once the chain's work so far is done).
static int cuda_free(int dev, void *p) {
  struct device *d = enter(dev);
  if (!d)
    return -1;
  struct queue *q = chain_of(dev);
  struct after a = {.ptr = (uint64_t)(uintptr_t)p};
  if (q && p && after_push(q, &a))
    return 0;
  if (q && p && !sync_slot(q->s, "cuStreamSynchronize before a release"))
    q->failed = true;
  return release(d, a.ptr) ? 0 : -1;
}

enum op_kind { OP_TO, OP_FROM, OP_WITHIN, OP_SET };

// The one driver call of a transfer or a memset, traced as the operation libomptarget
// describes.
static bool op_issue(struct op *o, int dev, enum op_kind kind, void *dst, const void *src,
                     size_t size, int value) {
  CUdeviceptr dd = (CUdeviceptr)(uintptr_t)dst, ds = (CUdeviceptr)(uintptr_t)src;
  struct cupti_op trace;
  cupti_op_begin(dev, &trace);
  CUresult r = kind == OP_TO     ? cu.cuMemcpyHtoDAsync_v2(dd, src, size, o->s->stream)
               : kind == OP_FROM ? cu.cuMemcpyDtoHAsync_v2(dst, ds, size, o->s->stream)
               : kind == OP_WITHIN
                   ? cu.cuMemcpyDtoDAsync_v2(dd, ds, size, o->s->stream)
                   : cu.cuMemsetD8Async(dd, (unsigned char)value, size, o->s->stream);
  cupti_op_end(&trace);
  static const char *const names[] = {"cuMemcpyHtoD", "cuMemcpyDtoH", "cuMemcpyDtoD", "cuMemsetD8"};
  return cu_check(r, names[kind]);
}

// Transfers and memsets. Small pieces to and from the host go through the slot's pinned
// buffer, so that the copy is asynchronous to the driver and the host buffer may be anything;
// a piece from the device reaches the host buffer when the operation (or its chain) ends.
static int transfer(int dev, enum op_kind kind, void *dst, const void *src, size_t size,
                    int value) {
  struct op o;
  if (size == 0)
    return 0;
  if (!op_open(dev, &o))
    return -1;
  void *st = kind == OP_TO || kind == OP_FROM ? op_stage(&o, size) : NULL;
  if (st && kind == OP_TO)
    memcpy(st, src, size), src = st;
  if (st && kind == OP_FROM)
    o.out = (struct after){.host = dst, .from = st, .n = size}, dst = st;
  bool ok = op_issue(&o, dev, kind, dst, src, size, value);
  return op_close(&o, ok, "cuStreamSynchronize after a transfer") ? 0 : -1;
}

static int cuda_submit(int dev, void *tgt, const void *host, size_t size) {
  return transfer(dev, OP_TO, tgt, host, size, 0);
}

static int cuda_retrieve(int dev, void *host, const void *tgt, size_t size) {
  return transfer(dev, OP_FROM, host, tgt, size, 0);
}

static int cuda_copy(int dev, void *dst, const void *src, size_t size) {
  return transfer(dev, OP_WITHIN, dst, src, size, 0);
}

static int cuda_set(int dev, void *tgt, int value, size_t size) {
  return transfer(dev, OP_SET, tgt, NULL, size, value);
}

// ---- kernels ------------------------------------------------------------------------------

// The launch environment of one launch: the shared zeroed one, or, for a kernel that reduces
// across teams, a fresh one {0, 0, buffer} with the buffer the kernel environment sizes, released
// when the launch (or its chain) ends.
static CUdeviceptr launch_env(struct op *o, const struct kernel *k) {
  struct device *d = o->d;
  if (!k->has_env || k->env.reduction_size <= 0 || k->env.reduction_length <= 0)
    return d->launch_env;
  size_t buf = (size_t)k->env.reduction_size * (size_t)k->env.reduction_length;
  uint64_t p = dev_pool_alloc(&d->pool, LAUNCH_ENV_SIZE + buf, raw_alloc, NULL);
  if (!p)
    return 0;
  o->out.ptr = p;
  uint64_t env[2] = {0, p + LAUNCH_ENV_SIZE}; // counters 0, then the buffer's address
  // From the pinned buffer, or from the stack: the driver reads pageable memory before the
  // call returns.
  void *st = op_stage(o, sizeof env);
  if (st)
    memcpy(st, env, sizeof env);
  bool internal = cupti_internal_begin();
  bool copied = cu_check(cu.cuMemcpyHtoDAsync_v2(p, st ? st : env, sizeof env, o->s->stream),
                         "cuMemcpyHtoD (launch environment)");
  cupti_internal_end(internal);
  return copied ? p : 0;
}

static bool allow_shared(struct device *d, struct kernel *k, unsigned bytes) {
  if (bytes <= 48 << 10 || (int)bytes <= k->smem_set)
    return true;
  if ((int)bytes > d->smem_optin) {
    fprintf(stderr,
            "omptarget error: cuda plugin: %u bytes of dynamic shared memory; the device "
            "allows %d\n",
            bytes, d->smem_optin);
    return false;
  }
  if (!cu_check(
          cu.cuFuncSetAttribute(k->fn, CU_FUNC_ATTR_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)bytes),
          "cuFuncSetAttribute"))
    return false;
  k->smem_set = (int)bytes;
  return true;
}

static int cuda_launch_kernel(int dev, void *fn, void **args, int nargs,
                              const struct glass_launch *how) {
  struct kernel *k = fn;
  struct op o;
  if (!k || !op_open(dev, &o))
    return -1;
  struct grid g = launch_grid(how, &k->env, k->fn_max_threads, &o.d->lim);
  unsigned shared = how->dyn_shared + (unsigned)env_size("LIBOMPTARGET_SHARED_MEMORY_SIZE", 0);
  void **params = calloc(nargs > 0 ? (size_t)nargs : 1, sizeof *params);
  bool ok = params && allow_shared(o.d, k, shared);
  if (ok && k->has_env && nargs > 0) {
    CUdeviceptr env = launch_env(&o, k);
    args[0] = (void *)(uintptr_t)env;
    ok = env != 0;
  }
  for (int i = 0; ok && i < nargs; i++)
    params[i] = &args[i];
  // The launch environment's copy went before: CUPTI pairs this id with the kernel alone.
  struct cupti_op trace = {0};
  if (ok)
    cupti_op_begin(dev, &trace);
  ok = ok && cu_check(cu.cuLaunchKernel(k->fn, g.teams, 1, 1, g.threads, 1, 1, shared, o.s->stream,
                                        params, NULL),
                      "cuLaunchKernel");
  cupti_op_end(&trace);
  free(params); // the driver has copied the arguments
  return op_close(&o, ok, "the kernel") ? 0 : -1;
}

static int cuda_launch(int dev, void *fn, void **args, int nargs) {
  struct glass_launch how = {0, 0, 0, 0};
  return cuda_launch_kernel(dev, fn, args, nargs, &how);
}

// ---- tracing ------------------------------------------------------------------------------

static int cuda_trace_start(int dev, const struct glass_trace_sink *sink) {
  char why[256];
  if (cupti_trace_start(dev, sink, why, sizeof why) == 0)
    return 0;
  static bool said;
  if (!__atomic_exchange_n(&said, true, __ATOMIC_RELAXED))
    fprintf(stderr,
            "omptarget warning: cuda plugin: device tracing without CUPTI (%s): records carry "
            "times read around each operation, not the device's\n",
            why);
  return -1;
}

static uint64_t cuda_device_time(int dev) {
  (void)dev;
  return cupti_now();
}

static double cuda_translate_time(int dev, uint64_t t) {
  (void)dev;
  return cupti_to_wtime(t);
}

static int cuda_num_procs(int dev) {
  return dev >= 0 && dev < ndevices ? devices[dev].lim.multiprocessors : 0;
}

static const struct glass_plugin cuda_plugin = {
    .abi = GLASS_PLUGIN_ABI,
    .name = "cuda",
    .init = cuda_init,
    .device_type = cuda_device_type,
    .is_compatible = cuda_is_compatible,
    .load = cuda_load,
    .lookup = cuda_lookup,
    .alloc = cuda_alloc,
    .free = cuda_free,
    .submit = cuda_submit,
    .retrieve = cuda_retrieve,
    .copy = cuda_copy,
    .set = cuda_set,
    .launch = cuda_launch,
    .image_score = cuda_image_fit,
    .launch_kernel = cuda_launch_kernel,
    .describe = cuda_describe,
    .get_device_time = cuda_device_time,
    .translate_time = cuda_translate_time,
    .num_procs = cuda_num_procs,
    .trace_start = cuda_trace_start,
    .trace_flush = cupti_trace_flush,
    .trace_stop = cupti_trace_stop,
    .trace_native = cupti_trace_native,
    .queue_begin = cuda_queue_begin,
    .queue_end = cuda_queue_end,
    .queue_done = cuda_queue_done,
};

API const struct glass_plugin *glass_plugin_get(void) {
  return &cuda_plugin;
}
