// The entry points compilers call for target constructs: kernels (clang >= 17's
// __tgt_target_kernel and clang-14's __tgt_target{,_teams}_mapper) and the data constructs.
// A non-zero return from a kernel entry point tells the caller to run its host fallback.
#include "omptarget.h"

#include <stdlib.h>
#include <string.h>

#define OFFLOAD_FAIL (~0)

static void wait_deps(const tgt_ident_t *loc, int32_t ndeps, void *deps, int32_t nnoalias,
                      void *noalias) {
  if (ndeps + nnoalias > 0)
    __kmpc_omp_wait_deps(loc, __kmpc_global_thread_num(loc), ndeps, deps, nnoalias, noalias);
}

typedef int (*data_step)(struct tgt_device *, const struct map_args *, const tgt_ident_t *);

// ompt_target_t: target data begin/end are reported as enter/exit data, as LLVM does.
enum { OMPT_TARGET = 1, OMPT_ENTER = 2, OMPT_EXIT = 3, OMPT_UPDATE = 4 };

static void data_op(const tgt_ident_t *loc, int64_t device_id, const struct map_args *a,
                    data_step op, const char *what, int ompt_kind, const void *codeptr,
                    bool nowait) {
  struct tgt_device *d = tgt_device_get(&device_id, loc, what);
  if (!d)
    return;
  struct tgt_async as;
  tgt_async_begin(&as, d, nowait);
  TGT_INFO(INFO_KERNEL_ARGS, d->id, "%s with %d argument(s)", what, a->n);
  struct tgt_ompt_region r = {
      .kind = ompt_kind, .device = d->id, .codeptr = codeptr, .loc = loc, .dev = d};
  if (tgt_ompt_on)
    tgt_ompt_target(&r, true);
  pthread_mutex_lock(&d->lock);
  // Items are reported with the device address they have while the construct holds them:
  // after entry's mapping, before exit's unmapping.
  bool entering = ompt_kind == OMPT_ENTER;
  if (tgt_ompt_on && !entering)
    tgt_ompt_map(d, a, ompt_kind == OMPT_EXIT);
  op(d, a, loc);
  if (tgt_ompt_on && entering)
    tgt_ompt_map(d, a, false);
  pthread_mutex_unlock(&d->lock);
  if (tgt_ompt_on)
    tgt_ompt_target(&r, false);
  tgt_async_end(&as, loc);
  if (tgt_info_flags & INFO_DUMP_TABLE)
    tgt_dump_table(d, loc);
}

#define RA __builtin_return_address(0)
#define DATA_ENTRY(suffix, op, what, kind)                                                         \
  TGT_API void __tgt_target_data_##suffix##_mapper(tgt_ident_t *loc, int64_t device_id, int32_t n, \
                                                   void **bases, void **begins, int64_t *sizes,    \
                                                   int64_t *types, void **names, void **mappers) { \
    struct map_args a = {n, bases, begins, sizes, types, names, mappers};                          \
    data_op(loc, device_id, &a, op, what, kind, RA, false);                                        \
  }                                                                                                \
  TGT_API void __tgt_target_data_##suffix##_nowait_mapper(                                         \
      tgt_ident_t *loc, int64_t device_id, int32_t n, void **bases, void **begins, int64_t *sizes, \
      int64_t *types, void **names, void **mappers, int32_t ndeps, void *deps, int32_t nnoalias,   \
      void *noalias) {                                                                             \
    wait_deps(loc, ndeps, deps, nnoalias, noalias);                                                \
    struct map_args a = {n, bases, begins, sizes, types, names, mappers};                          \
    data_op(loc, device_id, &a, op, what, kind, RA, true);                                         \
  }                                                                                                \
  TGT_API void __tgt_target_data_##suffix(int64_t device_id, int32_t n, void **bases,              \
                                          void **begins, int64_t *sizes, int64_t *types) {         \
    struct map_args a = {n, bases, begins, sizes, types, NULL, NULL};                              \
    data_op(NULL, device_id, &a, op, what, kind, RA, false);                                       \
  }                                                                                                \
  TGT_API void __tgt_target_data_##suffix##_nowait(                                                \
      int64_t device_id, int32_t n, void **bases, void **begins, int64_t *sizes, int64_t *types,   \
      int32_t ndeps, void *deps, int32_t nnoalias, void *noalias) {                                \
    wait_deps(NULL, ndeps, deps, nnoalias, noalias);                                               \
    struct map_args a = {n, bases, begins, sizes, types, NULL, NULL};                              \
    data_op(NULL, device_id, &a, op, what, kind, RA, true);                                        \
  }

DATA_ENTRY(begin, tgt_data_begin, "target data begin", OMPT_ENTER)
DATA_ENTRY(end, tgt_data_end, "target data end", OMPT_EXIT)
DATA_ENTRY(update, tgt_data_update, "target update", OMPT_UPDATE)

// Device-side private copies of firstprivate aggregates, freed after the kernel.
struct privates {
  void **ptrs;
  int n;
};

// A lambda captured by a target region travels as a private copy, and each of its captures by
// reference as a member entry marked pointer-and-object, literal and implicit, whose base is
// the capture's field in the host lambda and whose begin is the referenced object. The field
// of the device copy must point to that object's device copy; an object that is not mapped
// keeps its host address.
#define MAP_LAMBDA_CAPTURE (MAP_PTR_AND_OBJ | MAP_LITERAL | MAP_IMPLICIT)

static void patch_lambda_capture(struct tgt_device *d, const struct map_args *a, int i,
                                 void **dev_begin) {
  int parent = map_parent(a->types[i]);
  if (parent < 0 || parent >= i || !dev_begin[parent])
    return;
  uintptr_t object = (uintptr_t)a->begins[i];
  void *dev_object =
      a->sizes[i] ? map_translate(&d->table, object) : map_translate_pointer(&d->table, object);
  if (!dev_object || (uintptr_t)dev_object == object)
    return;
  char *field = (char *)dev_begin[parent] + ((char *)a->bases[i] - (char *)a->begins[parent]);
  d->rtl->submit(d->rtl_id, field, &dev_object, sizeof dev_object);
}

// The kernel's arguments: the device base address of every TARGET_PARAM entry, a literal's
// value, or a private copy. A pointer whose storage is not mapped keeps its host value.
static void **kernel_args(struct tgt_device *d, const struct map_args *a, bool dyn_ptr, int *nargs,
                          struct privates *priv, const tgt_ident_t *loc) {
  // One block, freed with args: the arguments, then the private copies, then the device
  // address of each private copy's begin (for the captures of lambdas).
  size_t n = (size_t)a->n;
  void **args = calloc(3 * n + 9, sizeof *args);
  if (!args)
    tgt_fatal(loc, "out of memory");
  priv->ptrs = args + n + 7;
  priv->n = 0;
  void **dev_begin = priv->ptrs + n + 1;
  int k = 0;
  if (dyn_ptr)
    args[k++] = NULL; // the launch environment, which host kernels do not read
  for (int i = 0; i < a->n; i++) {
    int64_t type = a->types[i];
    if ((type & MAP_LAMBDA_CAPTURE) == MAP_LAMBDA_CAPTURE)
      patch_lambda_capture(d, a, i, dev_begin);
    if (!(type & MAP_TARGET_PARAM))
      continue;
    uintptr_t base = (uintptr_t)a->bases[i], begin = (uintptr_t)a->begins[i];
    if (type & MAP_LITERAL) {
      args[k++] = a->bases[i];
    } else if (type & MAP_PRIVATE) {
      void *p = d->rtl->alloc(d->rtl_id, a->sizes[i] ? a->sizes[i] : 1);
      if (!p)
        tgt_fatal(loc, "device %d: cannot allocate a private copy of %lld bytes", d->id,
                  (long long)a->sizes[i]);
      if (type & MAP_TO)
        d->rtl->submit(d->rtl_id, p, (void *)begin, a->sizes[i]);
      priv->ptrs[priv->n++] = p;
      dev_begin[i] = p;
      args[k++] = (char *)p - (begin - base);
    } else {
      // A pointer-and-object parameter is the pointer's value (its base is the pointer's
      // address): the device address as far from the pointee's copy as the value is.
      if (type & MAP_PTR_AND_OBJ)
        memcpy(&base, (void *)base, sizeof base);
      uint64_t size;
      tgt_entry_range(d, a, i, &begin, &size);
      void *t = size ? map_translate(&d->table, begin) : map_translate_pointer(&d->table, begin);
      args[k++] = t ? (char *)t - (begin - base) : (void *)base;
    }
  }
  *nargs = k;
  return args;
}

static int run_region(tgt_ident_t *loc, int64_t device_id, void *region_id,
                      const struct map_args *a, const struct glass_launch *how, const void *codeptr,
                      bool nowait) {
  int32_t teams = how->num_teams, threads = how->thread_limit;
  struct tgt_device *d = tgt_device_get(&device_id, loc, "target");
  if (!d)
    return OFFLOAD_FAIL;
  bool dyn_ptr = false;
  void *fn = tgt_kernel_lookup(d, region_id, &dyn_ptr);
  if (!fn) {
    if (tgt_offload_policy() == 2)
      tgt_fatal(loc, "device %d has no code for this target region", d->id);
    TGT_INFO(INFO_KERNEL_LAUNCH, d->id, "no code for region %p; running on the host", region_id);
    return OFFLOAD_FAIL;
  }
  if (tgt_info_flags & INFO_KERNEL_ARGS) {
    char where[256];
    tgt_info(d->id, "entering OpenMP kernel at %s with %d arguments",
             tgt_loc_str(loc, where, sizeof where), a->n);
  }
  struct privates priv;
  int nargs;
  struct tgt_ompt_region r = {
      .kind = OMPT_TARGET, .device = d->id, .codeptr = codeptr, .loc = loc, .dev = d};
  uint64_t op_id = 0;
  struct tgt_async as;
  tgt_async_begin(&as, d, nowait);
  if (tgt_ompt_on)
    tgt_ompt_target(&r, true);
  pthread_mutex_lock(&d->lock);
  tgt_data_begin(d, a, loc);
  if (tgt_ompt_on)
    tgt_ompt_map(d, a, false);
  void **args = kernel_args(d, a, dyn_ptr, &nargs, &priv, loc);
  pthread_mutex_unlock(&d->lock);
  TGT_INFO(INFO_KERNEL_LAUNCH, d->id,
           "launching kernel %p with %d argument(s), num_teams %d, "
           "thread_limit %d",
           fn, nargs, teams, threads);
  if (tgt_ompt_on)
    tgt_ompt_submit(true, &op_id, teams >= 0 ? (unsigned)teams : 1);
  int rc = d->rtl->launch_kernel ? d->rtl->launch_kernel(d->rtl_id, fn, args, nargs, how)
                                 : d->rtl->launch(d->rtl_id, fn, args, nargs);
  if (tgt_ompt_on)
    tgt_ompt_submit(false, &op_id, teams >= 0 ? (unsigned)teams : 1);
  if (rc)
    tgt_fatal(loc, "device %d: kernel launch failed", d->id);
  pthread_mutex_lock(&d->lock);
  for (int i = 0; i < priv.n; i++)
    d->rtl->free(d->rtl_id, priv.ptrs[i]);
  tgt_data_end(d, a, loc);
  pthread_mutex_unlock(&d->lock);
  free(args); // and priv.ptrs with it
  if (tgt_ompt_on)
    tgt_ompt_target(&r, false);
  tgt_async_end(&as, loc);
  if (tgt_info_flags & INFO_DUMP_TABLE)
    tgt_dump_table(d, loc);
  return 0;
}

static int kernel(tgt_ident_t *loc, int64_t device_id, int32_t num_teams, int32_t thread_limit,
                  void *region_id, struct tgt_kernel_args *ka, const void *codeptr, bool nowait) {
  if (ka->version < 2) {
    tgt_error("kernel arguments version %u is not supported; running on the host", ka->version);
    return OFFLOAD_FAIL;
  }
  struct map_args a = {(int32_t)ka->nargs, ka->base_ptrs, ka->ptrs,   ka->sizes,
                       ka->types,          ka->names,     ka->mappers};
  struct glass_launch how = {num_teams, thread_limit, ka->tripcount, ka->dyn_cgroup_mem};
  return run_region(loc, device_id, region_id, &a, &how, codeptr, nowait);
}

TGT_API int __tgt_target_kernel(tgt_ident_t *loc, int64_t device_id, int32_t num_teams,
                                int32_t thread_limit, void *region_id, struct tgt_kernel_args *ka) {
  return kernel(loc, device_id, num_teams, thread_limit, region_id, ka, RA, false);
}

TGT_API int __tgt_target_kernel_nowait(tgt_ident_t *loc, int64_t device_id, int32_t num_teams,
                                       int32_t thread_limit, void *region_id,
                                       struct tgt_kernel_args *ka, int32_t ndeps, void *deps,
                                       int32_t nnoalias, void *noalias) {
  wait_deps(loc, ndeps, deps, nnoalias, noalias);
  return kernel(loc, device_id, num_teams, thread_limit, region_id, ka, RA, true);
}

// clang-14's entry points.
#define LEGACY(loc, teams, threads, nowait)                                                        \
  struct map_args a = {n, bases, begins, sizes, types, names, mappers};                            \
  struct glass_launch how = {teams, threads, 0, 0};                                                \
  return run_region(loc, device_id, region_id, &a, &how, RA, nowait)

TGT_API int __tgt_target_teams_mapper(tgt_ident_t *loc, int64_t device_id, void *region_id,
                                      int32_t n, void **bases, void **begins, int64_t *sizes,
                                      int64_t *types, void **names, void **mappers, int32_t teams,
                                      int32_t threads) {
  LEGACY(loc, teams, threads, false);
}

TGT_API int __tgt_target_mapper(tgt_ident_t *loc, int64_t device_id, void *region_id, int32_t n,
                                void **bases, void **begins, int64_t *sizes, int64_t *types,
                                void **names, void **mappers) {
  LEGACY(loc, -1, 0, false);
}

TGT_API int __tgt_target_teams_nowait_mapper(tgt_ident_t *loc, int64_t device_id, void *region_id,
                                             int32_t n, void **bases, void **begins, int64_t *sizes,
                                             int64_t *types, void **names, void **mappers,
                                             int32_t teams, int32_t threads, int32_t ndeps,
                                             void *deps, int32_t nnoalias, void *noalias) {
  wait_deps(loc, ndeps, deps, nnoalias, noalias);
  LEGACY(loc, teams, threads, true);
}

TGT_API int __tgt_target_nowait_mapper(tgt_ident_t *loc, int64_t device_id, void *region_id,
                                       int32_t n, void **bases, void **begins, int64_t *sizes,
                                       int64_t *types, void **names, void **mappers, int32_t ndeps,
                                       void *deps, int32_t nnoalias, void *noalias) {
  wait_deps(loc, ndeps, deps, nnoalias, noalias);
  LEGACY(loc, -1, 0, true);
}

TGT_API int __tgt_target(int64_t device_id, void *region_id, int32_t n, void **bases, void **begins,
                         int64_t *sizes, int64_t *types) {
  void **names = NULL, **mappers = NULL;
  LEGACY(NULL, -1, 0, false);
}

TGT_API int __tgt_target_teams(int64_t device_id, void *region_id, int32_t n, void **bases,
                               void **begins, int64_t *sizes, int64_t *types, int32_t teams,
                               int32_t threads) {
  void **names = NULL, **mappers = NULL;
  LEGACY(NULL, teams, threads, false);
}

// The loop trip count is a hint for GPU launch geometry; host kernels size their own teams.
TGT_API void __kmpc_push_target_tripcount_mapper(tgt_ident_t *loc, int64_t device_id,
                                                 uint64_t tripcount) {}
TGT_API void __kmpc_push_target_tripcount(int64_t device_id, uint64_t tripcount) {}

// A target construct completes before its entry point returns, or (async.c) completes its
// target task through the task's event: nothing is left for libomp to query.
TGT_API int __tgt_target_nowait_query(void **handle) {
  if (handle)
    *handle = NULL;
  return 0;
}
