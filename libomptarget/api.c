// The device memory routines of OpenMP 5.2 §18.8 and the device queries libomp forwards here.
// Device numbers: 0..n-1 are devices, n (omp_get_initial_device()) is the host.
#include "omptarget.h"

#include <omp.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define EINVAL_RC 22 // EINVAL: the routines return non-zero on failure

TGT_API int omp_get_num_devices(void) {
  return tgt_num_devices();
}

TGT_API int omp_get_initial_device(void) {
  return tgt_num_devices();
}

// Host code (and host-device kernels, which call libomp) runs on the initial device.
TGT_API int omp_get_device_num(void) {
  return tgt_num_devices();
}

#define RA __builtin_return_address(0)

static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;
static struct alloc_set host_allocs;

// The device for a routine's device number; *host when it is the initial device. Reports an
// invalid number on behalf of `what`.
static struct tgt_device *api_device(int dev, bool *host, const char *what) {
  *host = dev == tgt_num_devices();
  if (*host)
    return NULL;
  struct tgt_device *d = tgt_device_at(dev);
  if (!d && dev >= 0 && dev < tgt_num_devices())
    tgt_error("%s: device %d cannot be used (it failed to initialise, or cannot honour the "
              "program's requires clauses)",
              what, dev);
  else if (!d)
    tgt_error("%s: device %d does not exist (devices are 0 to %d, %d is the host)", what, dev,
              tgt_num_devices() - 1, tgt_num_devices());
  return d;
}

// A host block recorded in s (under host_lock), so that only its own kind of free releases it.
static void *host_block(struct alloc_set *s, size_t size) {
  pthread_mutex_lock(&host_lock);
  void *p = malloc(size);
  if (p && !alloc_set_add(s, (uintptr_t)p))
    free(p), p = NULL;
  pthread_mutex_unlock(&host_lock);
  return p;
}

static bool host_unblock(struct alloc_set *s, void *p) {
  pthread_mutex_lock(&host_lock);
  bool known = alloc_set_remove(s, (uintptr_t)p);
  if (known)
    free(p);
  pthread_mutex_unlock(&host_lock);
  return known;
}

static void *target_alloc(size_t size, int dev, const char *what, const void *codeptr) {
  bool host;
  struct tgt_device *d = api_device(dev, &host, what);
  if (size == 0 || (!d && !host))
    return NULL;
  if (host)
    return host_block(&host_allocs, size);
  uint64_t op_id = 0;
  if (tgt_ompt_on)
    tgt_ompt_api_op(OMPT_ALLOC, true, &op_id, NULL, dev, NULL, size, codeptr);
  pthread_mutex_lock(&d->lock);
  void *p = d->rtl->alloc(d->rtl_id, size);
  if (p && !alloc_set_add(&d->allocs, (uintptr_t)p))
    d->rtl->free(d->rtl_id, p), p = NULL;
  pthread_mutex_unlock(&d->lock);
  if (tgt_ompt_on)
    tgt_ompt_api_op(OMPT_ALLOC, false, &op_id, NULL, dev, p, size, codeptr);
  TGT_INFO(INFO_DATA_TRANSFER, dev, "%s(%zu) = %p", what, size, p);
  return p;
}

// `alloc_name` is the routine whose blocks `what` frees, for the message.
static void target_free(void *ptr, int dev, const char *what, const char *alloc_name,
                        const void *codeptr) {
  bool host, known;
  if (!ptr)
    return;
  struct tgt_device *d = api_device(dev, &host, what);
  if (host) {
    known = host_unblock(&host_allocs, ptr);
  } else if (d) {
    // Only a block that is really freed is reported. Its size is not kept: 0 bytes.
    uint64_t op_id = 0;
    pthread_mutex_lock(&d->lock);
    known = alloc_set_remove(&d->allocs, (uintptr_t)ptr);
    if (known && tgt_ompt_on)
      tgt_ompt_api_op(OMPT_DELETE, true, &op_id, NULL, dev, ptr, 0, codeptr);
    if (known)
      d->rtl->free(d->rtl_id, ptr);
    if (known && tgt_ompt_on)
      tgt_ompt_api_op(OMPT_DELETE, false, &op_id, NULL, dev, ptr, 0, codeptr);
    pthread_mutex_unlock(&d->lock);
  } else {
    return;
  }
  if (!known)
    tgt_error("%s: %p is not memory %s returned for device %d (freed twice?); ignored", what, ptr,
              alloc_name, dev);
}

TGT_API void *omp_target_alloc(size_t size, int dev) {
  return target_alloc(size, dev, "omp_target_alloc", RA);
}

TGT_API void omp_target_free(void *ptr, int dev) {
  target_free(ptr, dev, "omp_target_free", "omp_target_alloc", RA);
}

// Copies between any two of host and devices; 0 on success.
static int copy_data(struct tgt_device *dd, struct tgt_device *sd, char *dst, const char *src,
                     size_t n, bool dst_host, bool src_host) {
  if (src_host)
    return dd->rtl->submit(dd->rtl_id, dst, src, n);
  if (dst_host)
    return sd->rtl->retrieve(sd->rtl_id, dst, src, n);
  if (dd == sd)
    return dd->rtl->copy(dd->rtl_id, dst, src, n);
  char *bounce = malloc(n);
  if (!bounce)
    return EINVAL_RC;
  int rc = sd->rtl->retrieve(sd->rtl_id, bounce, src, n);
  if (!rc)
    rc = dd->rtl->submit(dd->rtl_id, dst, bounce, n);
  free(bounce);
  return rc;
}

// A copy that involves a device is one data operation: from the device when it goes to the
// host, else to the (destination) device. Host-to-host copies involve no device and no event.
static int copy(char *dst, const char *src, size_t n, int dst_dev, int src_dev, const char *what,
                const void *codeptr) {
  bool dst_host, src_host;
  struct tgt_device *dd = api_device(dst_dev, &dst_host, what);
  struct tgt_device *sd = api_device(src_dev, &src_host, what);
  if ((!dd && !dst_host) || (!sd && !src_host))
    return EINVAL_RC;
  if (n == 0)
    return 0;
  if (dst_host && src_host) {
    memmove(dst, src, n);
    return 0;
  }
  TGT_INFO(INFO_DATA_TRANSFER, dst_host ? src_dev : dst_dev,
           "%s: %zu bytes %p (device %d) -> %p "
           "(device %d)",
           what, n, (const void *)src, src_dev, (void *)dst, dst_dev);
  int op = dst_host ? OMPT_FROM : OMPT_TO;
  uint64_t op_id = 0;
  if (tgt_ompt_on)
    tgt_ompt_data_op_at(op, true, &op_id, src, src_dev, dst, dst_dev, n, codeptr);
  int rc = copy_data(dd, sd, dst, src, n, dst_host, src_host);
  if (tgt_ompt_on)
    tgt_ompt_data_op_at(op, false, &op_id, src, src_dev, dst, dst_dev, n, codeptr);
  return rc;
}

static int memcpy_at(void *dst, const void *src, size_t length, size_t dst_offset,
                     size_t src_offset, int dst_dev, int src_dev, const void *codeptr) {
  if (!dst || !src) {
    tgt_error("omp_target_memcpy: null %s pointer", dst ? "source" : "destination");
    return EINVAL_RC;
  }
  return copy((char *)dst + dst_offset, (const char *)src + src_offset, length, dst_dev, src_dev,
              "omp_target_memcpy", codeptr);
}

TGT_API int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                              size_t src_offset, int dst_dev, int src_dev) {
  return memcpy_at(dst, src, length, dst_offset, src_offset, dst_dev, src_dev, RA);
}

static int copy_rect(char *dst, const char *src, size_t elem, int ndims, const size_t *volume,
                     const size_t *dst_off, const size_t *src_off, const size_t *dst_dims,
                     const size_t *src_dims, int dst_dev, int src_dev, const void *codeptr) {
  if (ndims == 1)
    return copy(dst + dst_off[0] * elem, src + src_off[0] * elem, volume[0] * elem, dst_dev,
                src_dev, "omp_target_memcpy_rect", codeptr);
  size_t dst_row = elem, src_row = elem;
  for (int i = 1; i < ndims; i++)
    dst_row *= dst_dims[i], src_row *= src_dims[i];
  for (size_t i = 0; i < volume[0]; i++) {
    int rc = copy_rect(dst + (dst_off[0] + i) * dst_row, src + (src_off[0] + i) * src_row, elem,
                       ndims - 1, volume + 1, dst_off + 1, src_off + 1, dst_dims + 1, src_dims + 1,
                       dst_dev, src_dev, codeptr);
    if (rc)
      return rc;
  }
  return 0;
}

static int memcpy_rect_at(void *dst, const void *src, size_t elem, int ndims, const size_t *volume,
                          const size_t *dst_off, const size_t *src_off, const size_t *dst_dims,
                          const size_t *src_dims, int dst_dev, int src_dev, const void *codeptr) {
  if (!dst && !src)
    return INT_MAX; // the number of dimensions supported
  if (!dst || !src || ndims < 1 || !volume || !dst_off || !src_off || !dst_dims || !src_dims) {
    tgt_error("omp_target_memcpy_rect: invalid arguments");
    return EINVAL_RC;
  }
  return copy_rect(dst, src, elem, ndims, volume, dst_off, src_off, dst_dims, src_dims, dst_dev,
                   src_dev, codeptr);
}

// Each contiguous row of the rectangle is one transfer, with its own data-op events.
TGT_API int omp_target_memcpy_rect(void *dst, const void *src, size_t elem, int ndims,
                                   const size_t *volume, const size_t *dst_off,
                                   const size_t *src_off, const size_t *dst_dims,
                                   const size_t *src_dims, int dst_dev, int src_dev) {
  return memcpy_rect_at(dst, src, elem, ndims, volume, dst_off, src_off, dst_dims, src_dims,
                        dst_dev, src_dev, RA);
}

// The async forms finish before returning, after the dependences their depobjs name.
static void wait_depobjs(int n, void **depobjs) {
  if (n <= 0 || !depobjs)
    return;
  struct dep {
    uintptr_t addr;
    size_t len;
    uint64_t flags;
  } *deps = malloc(n * sizeof *deps);
  if (!deps)
    return;
  for (int i = 0; i < n; i++)
    memcpy(&deps[i], depobjs[i], sizeof *deps); // omp_depend_t points at a kmp_depend_info
  __kmpc_omp_wait_deps(NULL, __kmpc_global_thread_num(NULL), n, deps, 0, NULL);
  free(deps);
}

TGT_API int omp_target_memcpy_async(void *dst, const void *src, size_t length, size_t dst_offset,
                                    size_t src_offset, int dst_dev, int src_dev, int ndeps,
                                    void **depobjs) {
  wait_depobjs(ndeps, depobjs);
  return memcpy_at(dst, src, length, dst_offset, src_offset, dst_dev, src_dev, RA);
}

TGT_API int omp_target_memcpy_rect_async(void *dst, const void *src, size_t elem, int ndims,
                                         const size_t *volume, const size_t *dst_off,
                                         const size_t *src_off, const size_t *dst_dims,
                                         const size_t *src_dims, int dst_dev, int src_dev,
                                         int ndeps, void **depobjs) {
  wait_depobjs(ndeps, depobjs);
  return memcpy_rect_at(dst, src, elem, ndims, volume, dst_off, src_off, dst_dims, src_dims,
                        dst_dev, src_dev, RA);
}

static void *memset_at(void *ptr, int value, size_t count, int dev, const void *codeptr) {
  bool host;
  struct tgt_device *d = api_device(dev, &host, "omp_target_memset");
  if (!ptr || count == 0)
    return ptr;
  if (host) {
    memset(ptr, value, count);
    return ptr;
  }
  if (!d)
    return ptr;
  // OpenMP 5.1 and 5.2 have no memset operation: a transfer to the device of `count` bytes,
  // with no host source (what the device receives; LLVM copies from a host buffer).
  uint64_t op_id = 0;
  if (tgt_ompt_on)
    tgt_ompt_api_op(OMPT_TO, true, &op_id, NULL, dev, ptr, count, codeptr);
  int rc = d->rtl->set(d->rtl_id, ptr, value, count);
  if (tgt_ompt_on)
    tgt_ompt_api_op(OMPT_TO, false, &op_id, NULL, dev, ptr, count, codeptr);
  if (rc)
    tgt_error("omp_target_memset: device %d failed", dev);
  return ptr;
}

TGT_API void *omp_target_memset(void *ptr, int value, size_t count, int dev) {
  return memset_at(ptr, value, count, dev, RA);
}

TGT_API void *omp_target_memset_async(void *ptr, int value, size_t count, int dev, int ndeps,
                                      void **depobjs) {
  wait_depobjs(ndeps, depobjs);
  return memset_at(ptr, value, count, dev, RA);
}

TGT_API int omp_target_is_present(const void *ptr, int dev) {
  bool host;
  struct tgt_device *d = api_device(dev, &host, "omp_target_is_present");
  if (host || !ptr)
    return host || !ptr;
  if (!d)
    return 0;
  pthread_mutex_lock(&d->lock);
  int present = map_translate(&d->table, (uintptr_t)ptr) != NULL;
  pthread_mutex_unlock(&d->lock);
  return present;
}

// A host device with memory of its own cannot dereference host addresses.
TGT_API int omp_target_is_accessible(const void *ptr, size_t size, int dev) {
  bool host;
  api_device(dev, &host, "omp_target_is_accessible");
  return host;
}

TGT_API void *omp_get_mapped_ptr(const void *ptr, int dev) {
  bool host;
  struct tgt_device *d = api_device(dev, &host, "omp_get_mapped_ptr");
  if (!ptr || host)
    return (void *)ptr;
  if (!d)
    return NULL;
  pthread_mutex_lock(&d->lock);
  void *t = map_translate(&d->table, (uintptr_t)ptr);
  pthread_mutex_unlock(&d->lock);
  return t;
}

// associate and disassociate change only the present table: their events (and record) come
// together, under the device's lock, once the change is known to succeed.
static void api_instant(int op, const void *host, int dev, void *dev_ptr, size_t bytes,
                        const void *codeptr) {
  uint64_t op_id = 0;
  tgt_ompt_api_op(op, true, &op_id, host, dev, dev_ptr, bytes, codeptr);
  tgt_ompt_api_op(op, false, &op_id, host, dev, dev_ptr, bytes, codeptr);
}

TGT_API int omp_target_associate_ptr(const void *host_ptr, const void *dev_ptr, size_t size,
                                     size_t offset, int dev) {
  bool host, extends;
  struct tgt_device *d = api_device(dev, &host, "omp_target_associate_ptr");
  if (!host_ptr || !dev_ptr || !d) {
    if (!host_ptr || !dev_ptr || !host)
      tgt_error("omp_target_associate_ptr: null pointer or invalid device");
    return EINVAL_RC;
  }
  uintptr_t tgt = (uintptr_t)dev_ptr + offset;
  pthread_mutex_lock(&d->lock);
  struct map_row *r = map_find(&d->table, (uintptr_t)host_ptr, size, &extends);
  int rc = 0;
  if (r) {
    rc = r->tgt + ((uintptr_t)host_ptr - r->begin) == tgt ? 0 : EINVAL_RC;
  } else if (extends || !(r = map_insert(&d->table, (uintptr_t)host_ptr, size, tgt))) {
    rc = EINVAL_RC;
  } else {
    r->dyn_ref = REF_INF;
    r->associated = true;
  }
  if (!rc && tgt_ompt_on)
    api_instant(OMPT_ASSOCIATE, host_ptr, dev, (void *)tgt, size, RA);
  pthread_mutex_unlock(&d->lock);
  if (rc)
    tgt_error("omp_target_associate_ptr: %p (%zu bytes) is already mapped differently on device "
              "%d",
              host_ptr, size, dev);
  return rc;
}

TGT_API int omp_target_disassociate_ptr(const void *host_ptr, int dev) {
  bool host, extends;
  struct tgt_device *d = api_device(dev, &host, "omp_target_disassociate_ptr");
  if (!d || !host_ptr)
    return EINVAL_RC;
  pthread_mutex_lock(&d->lock);
  struct map_row *r = map_find(&d->table, (uintptr_t)host_ptr, 0, &extends);
  int rc = r && r->associated && r->begin == (uintptr_t)host_ptr ? 0 : EINVAL_RC;
  // An ompx_hold reference promises the mapping to a construct still running.
  uint64_t held = !rc ? r->hold_ref : 0;
  rc = held ? EINVAL_RC : rc;
  if (!rc && tgt_ompt_on)
    api_instant(OMPT_DISASSOCIATE, host_ptr, dev, (void *)r->tgt, r->end - r->begin, RA);
  if (!rc)
    map_remove(&d->table, r);
  pthread_mutex_unlock(&d->lock);
  if (held)
    tgt_error("omp_target_disassociate_ptr: %p is held on device %d by %llu ompx_hold "
              "reference(s); not disassociated",
              host_ptr, dev, (unsigned long long)held);
  else if (rc)
    tgt_error("omp_target_disassociate_ptr: %p was not associated on device %d", host_ptr, dev);
  return rc;
}

// ---- LLVM's extensions --------------------------------------------------------------------

// Device memory: the device's own, as omp_target_alloc's (either free releases it).
TGT_API void *llvm_omp_target_alloc_device(size_t size, int dev) {
  return target_alloc(size, dev, "llvm_omp_target_alloc_device", RA);
}

TGT_API void llvm_omp_target_free_device(void *ptr, int dev) {
  target_free(ptr, dev, "llvm_omp_target_free_device", "llvm_omp_target_alloc_device", RA);
}

// Host and shared memory: host memory that host devices' kernels, running in this process, can
// use too (as a GPU uses pinned or managed memory). Another kind of device cannot here.
static struct alloc_set host_kind_allocs; // under host_lock

static void *host_kind_alloc(size_t size, int dev, const char *what) {
  bool host;
  struct tgt_device *d = api_device(dev, &host, what);
  if (size == 0 || (!d && !host))
    return NULL;
  if (d && strcmp(d->rtl->name, "host") != 0) {
    tgt_error("%s: device %d is a %s device, which cannot use host memory here; NULL", what, dev,
              d->rtl->name);
    return NULL;
  }
  void *p = host_block(&host_kind_allocs, size);
  TGT_INFO(INFO_DATA_TRANSFER, dev, "%s(%zu) = %p", what, size, p);
  return p;
}

static void host_kind_free(void *ptr, int dev, const char *what) {
  bool host;
  if (ptr && (api_device(dev, &host, what) || host) && !host_unblock(&host_kind_allocs, ptr))
    tgt_error("%s: %p is not memory llvm_omp_target_alloc_host or _shared returned (freed "
              "twice?); ignored",
              what, ptr);
}

TGT_API void *llvm_omp_target_alloc_host(size_t size, int dev) {
  return host_kind_alloc(size, dev, "llvm_omp_target_alloc_host");
}

TGT_API void *llvm_omp_target_alloc_shared(size_t size, int dev) {
  return host_kind_alloc(size, dev, "llvm_omp_target_alloc_shared");
}

TGT_API void llvm_omp_target_free_host(void *ptr, int dev) {
  host_kind_free(ptr, dev, "llvm_omp_target_free_host");
}

TGT_API void llvm_omp_target_free_shared(void *ptr, int dev) {
  host_kind_free(ptr, dev, "llvm_omp_target_free_shared");
}

// Page locking is not done: host devices copy with memcpy, and the CUDA plugin copies pageable
// memory too (through its staging buffers). The memory is usable as it was.
TGT_API void *llvm_omp_target_lock_mem(void *ptr, size_t size, int dev) {
  bool host;
  (void)size;
  if (!api_device(dev, &host, "llvm_omp_target_lock_mem") && !host)
    return NULL;
  return ptr;
}

TGT_API void llvm_omp_target_unlock_mem(void *ptr, int dev) {
  bool host;
  (void)ptr;
  api_device(dev, &host, "llvm_omp_target_unlock_mem");
}

// ---- device UIDs (OpenMP 6.0) -------------------------------------------------------------

#define INITIAL_UID "initial"

// Conforming device numbers: 0..n-1, and n or -1 (OpenMP 5.2's initial-device number); NULL for
// anything else.
TGT_API const char *omp_get_uid_from_device(int dev) {
  int n = tgt_num_devices();
  if (dev == n || dev == -1)
    return INITIAL_UID;
  struct tgt_device *d = tgt_device_peek(dev);
  return d ? d->uid : NULL;
}

TGT_API int omp_get_device_from_uid(const char *uid) {
  int n = tgt_num_devices();
  if (!uid)
    return omp_invalid_device;
  if (!strcmp(uid, INITIAL_UID))
    return n;
  for (int i = 0; i < n; i++)
    if (!strcmp(tgt_device_peek(i)->uid, uid))
      return i;
  return omp_invalid_device;
}
