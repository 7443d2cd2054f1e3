// Memory allocators (OpenMP 5.1 §2.13, §3.13): predefined allocators and memory spaces,
// user allocators with traits (alignment, pool size, fallback), omp_alloc and friends, the
// __kmpc_alloc entry points clang emits for `allocate` and depobj storage, and libomp's kmp_*
// allocation extensions.
//
// On the host every memory space is ordinary memory; what differs between allocators is their
// traits. Every block carries a small header just before the user pointer so that omp_free and
// omp_realloc work whatever allocator (or omp_null_allocator) they are given, and blocks are at
// least 16-byte aligned: clang's code for `allocate` uses aligned SSE moves (libomp returns
// 8-byte alignment and crashes there).
#include "glass.h"
#include "kmpc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uintptr_t handle_t;

// Trait keys and values (omp_alloctrait_key_t / omp_alloctrait_value_t).
enum {
  ATK_SYNC_HINT = 1,
  ATK_ALIGNMENT,
  ATK_ACCESS,
  ATK_POOL_SIZE,
  ATK_FALLBACK,
  ATK_FB_DATA,
  ATK_PINNED,
  ATK_PARTITION,
  ATK_PIN_DEVICE,
  ATK_PREFERRED_DEVICE,
  ATK_DEVICE_ACCESS,
  ATK_TARGET_ACCESS,
  ATK_ATOMIC_SCOPE,
  ATK_PART_SIZE,
};
enum {
  ATV_FALSE = 0,
  ATV_TRUE = 1,
  ATV_DEFAULT_OLD = 2,
  ATV_CONTENDED = 3,
  ATV_UNCONTENDED = 4,
  ATV_SERIALIZED = 5,
  ATV_PRIVATE = 6,
  ATV_ALL_OLD_OR_DEVICE = 7,
  ATV_THREAD = 8,
  ATV_PTEAM = 9,
  ATV_CGROUP = 10,
  ATV_DEFAULT_MEM_FB = 11,
  ATV_NULL_FB = 12,
  ATV_ABORT_FB = 13,
  ATV_ALLOCATOR_FB = 14,
  ATV_ENVIRONMENT = 15,
  ATV_NEAREST = 16,
  ATV_BLOCKED = 17,
  ATV_INTERLEAVED = 18,
  ATV_ALL = 19,
};
#define ATV_DEFAULT ((uintptr_t)-1) // LLVM 22's encoding; LLVM 19's is 2 (ATV_DEFAULT_OLD)

// Predefined allocator handles and memory spaces (LLVM 22 encodings; memory space 0 was the
// default space before LLVM 22 and is accepted as such).
enum {
  H_NULL = 0,
  H_DEFAULT = 1,
  H_LARGE_CAP,
  H_CONST,
  H_HIGH_BW,
  H_LOW_LAT,
  H_CGROUP,
  H_PTEAM,
  H_THREAD,
  H_LAST_PREDEFINED = H_THREAD
};
enum { H_TARGET_HOST = 100, H_TARGET_SHARED = 101, H_TARGET_DEVICE = 102 };
enum {
  MS_NULL = 0,
  MS_LARGE_CAP = 1,
  MS_CONST = 2,
  MS_HIGH_BW = 3,
  MS_LOW_LAT = 4,
  MS_DEFAULT = 99
};

// Exported as data for programs built with headers that declare the handles as constants (libomp
// does the same); omp.h makes the names enumerators, so the C names here differ.
#define EXPORT_HANDLE(name, value) GLASS_API const handle_t name##_data __asm__(#name) = value;
EXPORT_HANDLE(omp_null_allocator, H_NULL)
EXPORT_HANDLE(omp_default_mem_alloc, H_DEFAULT)
EXPORT_HANDLE(omp_large_cap_mem_alloc, H_LARGE_CAP)
EXPORT_HANDLE(omp_const_mem_alloc, H_CONST)
EXPORT_HANDLE(omp_high_bw_mem_alloc, H_HIGH_BW)
EXPORT_HANDLE(omp_low_lat_mem_alloc, H_LOW_LAT)
EXPORT_HANDLE(omp_cgroup_mem_alloc, H_CGROUP)
EXPORT_HANDLE(omp_pteam_mem_alloc, H_PTEAM)
EXPORT_HANDLE(omp_thread_mem_alloc, H_THREAD)
EXPORT_HANDLE(omp_null_mem_space, MS_NULL)
EXPORT_HANDLE(omp_default_mem_space, MS_DEFAULT)
EXPORT_HANDLE(omp_large_cap_mem_space, MS_LARGE_CAP)
EXPORT_HANDLE(omp_const_mem_space, MS_CONST)
EXPORT_HANDLE(omp_high_bw_mem_space, MS_HIGH_BW)
EXPORT_HANDLE(omp_low_lat_mem_space, MS_LOW_LAT)

#define ALLOCATOR_MAGIC 0x676c616cu // "glal"

typedef struct allocator {
  uint32_t magic;
  uint32_t memspace;
  size_t alignment;
  size_t pool_size; // 0: unlimited
  _Atomic size_t used;
  uintptr_t fallback;
  handle_t fb_data;
} allocator_t;

// A block's header, immediately before the pointer handed out.
typedef struct {
  void *base;
  size_t size;
  handle_t allocator;
  size_t charged; // bytes counted against the allocator's pool
} header_t;

#define MIN_ALIGN 16

static allocator_t predefined[H_LAST_PREDEFINED + 1];

static void predefined_init(void) {
  for (int h = H_DEFAULT; h <= H_LAST_PREDEFINED; h++) {
    predefined[h].magic = ALLOCATOR_MAGIC;
    predefined[h].memspace = MS_DEFAULT;
    predefined[h].alignment = MIN_ALIGN;
    predefined[h].fallback = ATV_DEFAULT_MEM_FB;
  }
  // Memory that is "limited" by nature falls back to nothing rather than to default memory.
  predefined[H_CONST].fallback = ATV_NULL_FB;
}

static allocator_t *resolve(handle_t h) {
  if (h >= H_DEFAULT && h <= H_LAST_PREDEFINED)
    return &predefined[h];
  if (h == H_TARGET_HOST || h == H_TARGET_SHARED || h == H_TARGET_DEVICE)
    return &predefined[H_DEFAULT]; // no device: host memory
  allocator_t *a = (allocator_t *)h;
  if (h > 0xffff && a->magic == ALLOCATOR_MAGIC)
    return a;
  return NULL;
}

static handle_t default_allocator(void) {
  glass_thread_t *th = glass_self();
  handle_t h = th->task->icvs.def_allocator;
  return h ? h : H_DEFAULT;
}

static GLASS_COLD void *alloc_failed(allocator_t *a, handle_t h, size_t align, size_t size);

static void *alloc_with(handle_t h, size_t align, size_t size) {
  if (h == H_NULL)
    h = default_allocator();
  allocator_t *a = resolve(h);
  if (!a) {
    glass_warn("omp_alloc: %#lx is not an allocator; using omp_default_mem_alloc",
               (unsigned long)h);
    h = H_DEFAULT;
    a = &predefined[H_DEFAULT];
  }
  if (size == 0)
    return NULL;
  if (align < a->alignment)
    align = a->alignment;
  if (align < MIN_ALIGN)
    align = MIN_ALIGN;
  size_t total = size + align + sizeof(header_t);
  if (total < size)
    return alloc_failed(a, h, align, size);
  if (a->pool_size) {
    size_t before = atomic_fetch_add_explicit(&a->used, total, memory_order_relaxed);
    if (before + total > a->pool_size) {
      atomic_fetch_sub_explicit(&a->used, total, memory_order_relaxed);
      return alloc_failed(a, h, align, size);
    }
  }
  char *base = malloc(total);
  if (!base) {
    if (a->pool_size)
      atomic_fetch_sub_explicit(&a->used, total, memory_order_relaxed);
    return alloc_failed(a, h, align, size);
  }
  uintptr_t user = ((uintptr_t)base + sizeof(header_t) + align - 1) & ~(uintptr_t)(align - 1);
  header_t *hd = (header_t *)user - 1;
  hd->base = base;
  hd->size = size;
  hd->allocator = h;
  hd->charged = a->pool_size ? total : 0;
  return (void *)user;
}

static void *alloc_failed(allocator_t *a, handle_t h, size_t align, size_t size) {
  switch (a->fallback) {
  case ATV_NULL_FB:
    return NULL;
  case ATV_ABORT_FB:
    fprintf(stderr, "OMP: Error: allocation of %zu bytes failed (allocator fallback abort_fb)\n",
            size);
    abort();
  case ATV_ALLOCATOR_FB:
    if (a->fb_data && a->fb_data != h)
      return alloc_with(a->fb_data, align, size);
    return NULL;
  default: // default_mem_fb
    if (h == H_DEFAULT)
      return NULL;
    return alloc_with(H_DEFAULT, align, size);
  }
}

static void free_block(void *ptr) {
  if (!ptr)
    return;
  header_t *hd = (header_t *)ptr - 1;
  if (hd->charged) {
    allocator_t *a = resolve(hd->allocator);
    if (a)
      atomic_fetch_sub_explicit(&a->used, hd->charged, memory_order_relaxed);
  }
  free(hd->base);
}

static bool power_of_two(size_t x) {
  return x && !(x & (x - 1));
}

// ---------------------------------------------------------------------------------------------
// omp_* routines.

GLASS_API void *omp_alloc(size_t size, handle_t allocator) {
  return alloc_with(allocator, 0, size);
}

GLASS_API void *omp_aligned_alloc(size_t alignment, size_t size, handle_t allocator) {
  if (!power_of_two(alignment))
    return NULL;
  return alloc_with(allocator, alignment, size);
}

GLASS_API void *omp_calloc(size_t nmemb, size_t size, handle_t allocator) {
  if (nmemb && size > SIZE_MAX / nmemb)
    return NULL;
  void *p = alloc_with(allocator, 0, nmemb * size);
  if (p)
    memset(p, 0, nmemb * size);
  return p;
}

GLASS_API void *omp_aligned_calloc(size_t alignment, size_t nmemb, size_t size,
                                   handle_t allocator) {
  if (!power_of_two(alignment) || (nmemb && size > SIZE_MAX / nmemb))
    return NULL;
  void *p = alloc_with(allocator, alignment, nmemb * size);
  if (p)
    memset(p, 0, nmemb * size);
  return p;
}

GLASS_API void *omp_realloc(void *ptr, size_t size, handle_t allocator, handle_t free_allocator) {
  (void)free_allocator; // the block's header knows where it came from
  if (!ptr)
    return omp_alloc(size, allocator);
  if (size == 0) {
    free_block(ptr);
    return NULL;
  }
  header_t *hd = (header_t *)ptr - 1;
  void *p = alloc_with(allocator ? allocator : hd->allocator, 0, size);
  if (!p)
    return NULL; // the old block stays valid
  memcpy(p, ptr, hd->size < size ? hd->size : size);
  free_block(ptr);
  return p;
}

GLASS_API void omp_free(void *ptr, handle_t allocator) {
  free_block(ptr);
}

static bool memspace_ok(handle_t ms) {
  return ms == MS_DEFAULT || ms == MS_NULL || (ms >= MS_LARGE_CAP && ms <= MS_LOW_LAT) ||
         (ms >= 100 && ms <= 102);
}

static handle_t init_allocator(handle_t memspace, int ntraits, const void *traits_v) {
  typedef struct {
    int key;
    uintptr_t value;
  } trait_t;
  const trait_t *traits = traits_v;
  if (!memspace_ok(memspace) || ntraits < 0 || (ntraits > 0 && !traits)) {
    glass_warn("omp_init_allocator: invalid memory space %#lx or traits; returning "
               "omp_null_allocator",
               (unsigned long)memspace);
    return H_NULL;
  }
  allocator_t *a = glass_zalloc(sizeof(*a));
  a->magic = ALLOCATOR_MAGIC;
  a->memspace = (uint32_t)memspace;
  a->alignment = MIN_ALIGN;
  a->fallback = ATV_DEFAULT_MEM_FB;
  for (int i = 0; i < ntraits; i++) {
    uintptr_t v = traits[i].value;
    bool is_default = v == ATV_DEFAULT || v == ATV_DEFAULT_OLD;
    switch (traits[i].key) {
    case ATK_ALIGNMENT:
      if (is_default)
        break;
      if (!power_of_two(v))
        goto bad;
      a->alignment = v > MIN_ALIGN ? v : MIN_ALIGN;
      break;
    case ATK_POOL_SIZE:
      a->pool_size = is_default ? 0 : v;
      break;
    case ATK_FALLBACK:
      if (is_default)
        break;
      if (v < ATV_DEFAULT_MEM_FB || v > ATV_ALLOCATOR_FB)
        goto bad;
      a->fallback = v;
      break;
    case ATK_FB_DATA:
      a->fb_data = v;
      break;
    case ATK_SYNC_HINT:
    case ATK_ACCESS:
    case ATK_PINNED:
    case ATK_PARTITION:
    case ATK_PIN_DEVICE:
    case ATK_PREFERRED_DEVICE:
    case ATK_DEVICE_ACCESS:
    case ATK_TARGET_ACCESS:
    case ATK_ATOMIC_SCOPE:
    case ATK_PART_SIZE:
      break; // meaningful on devices and NUMA memory; host memory honours them trivially
    default:
      goto bad;
    }
  }
  if (a->fallback == ATV_ALLOCATOR_FB && !resolve(a->fb_data))
    goto bad;
  return (handle_t)a;
bad:
  glass_warn("omp_init_allocator: invalid allocator trait; returning omp_null_allocator");
  glass_free(a);
  return H_NULL;
}

GLASS_API handle_t omp_init_allocator(handle_t memspace, int ntraits, omp_alloctrait_t traits[]) {
  glass_ensure_init();
  return init_allocator(memspace, ntraits, traits);
}

GLASS_API void omp_destroy_allocator(handle_t allocator) {
  if (allocator <= H_LAST_PREDEFINED || (allocator >= 100 && allocator <= 102))
    return; // predefined allocators are never destroyed
  allocator_t *a = resolve(allocator);
  if (!a) {
    glass_warn("omp_destroy_allocator: %#lx is not an allocator; ignored",
               (unsigned long)allocator);
    return;
  }
  a->magic = 0;
  glass_free(a);
}

GLASS_API void omp_set_default_allocator(handle_t allocator) {
  glass_thread_t *th = glass_self();
  if (allocator != H_NULL && !resolve(allocator)) {
    glass_warn("omp_set_default_allocator: %#lx is not an allocator; ignored",
               (unsigned long)allocator);
    return;
  }
  th->task->icvs.def_allocator = allocator;
}

GLASS_API handle_t omp_get_default_allocator(void) {
  glass_thread_t *th = glass_self();
  handle_t h = th->task->icvs.def_allocator;
  return h ? h : H_DEFAULT;
}

// ---------------------------------------------------------------------------------------------
// Compiler entry points.

GLASS_API void *__kmpc_alloc(int32_t gtid, size_t size, handle_t allocator) {
  return alloc_with(allocator, 0, size);
}

GLASS_API void *__kmpc_aligned_alloc(int32_t gtid, size_t align, size_t size, handle_t allocator) {
  return power_of_two(align) ? alloc_with(allocator, align, size) : NULL;
}

GLASS_API void *__kmpc_calloc(int32_t gtid, size_t nmemb, size_t size, handle_t allocator) {
  return omp_calloc(nmemb, size, allocator);
}

GLASS_API void *__kmpc_realloc(int32_t gtid, void *ptr, size_t size, handle_t allocator,
                               handle_t free_allocator) {
  return omp_realloc(ptr, size, allocator, free_allocator);
}

GLASS_API void __kmpc_free(int32_t gtid, void *ptr, handle_t allocator) {
  free_block(ptr);
}

GLASS_API handle_t __kmpc_init_allocator(int32_t gtid, handle_t memspace, int ntraits,
                                         const void *traits) {
  glass_ensure_init();
  return init_allocator(memspace, ntraits, traits);
}

GLASS_API void __kmpc_destroy_allocator(int32_t gtid, handle_t allocator) {
  omp_destroy_allocator(allocator);
}

GLASS_API void __kmpc_set_default_allocator(int32_t gtid, handle_t allocator) {
  omp_set_default_allocator(allocator);
}

GLASS_API handle_t __kmpc_get_default_allocator(int32_t gtid) {
  return omp_get_default_allocator();
}

// ---------------------------------------------------------------------------------------------
// libomp's kmp_* allocation extensions: plain heap blocks, freed with kmp_free.

GLASS_API void *kmp_malloc(size_t size) {
  return malloc(size);
}
GLASS_API void *kmp_calloc(size_t nelem, size_t elsize) {
  return calloc(nelem, elsize);
}
GLASS_API void *kmp_realloc(void *ptr, size_t size) {
  return realloc(ptr, size);
}
GLASS_API void kmp_free(void *ptr) {
  free(ptr);
}
// An alignment that is not a power of two (0 included) gets NULL, as in libomp; a smaller power
// of two than posix_memalign accepts is rounded up to a pointer's.
GLASS_API void *kmp_aligned_malloc(size_t size, size_t alignment) {
  void *p = NULL;
  if (!power_of_two(alignment))
    return NULL;
  if (alignment < sizeof(void *))
    alignment = sizeof(void *);
  return posix_memalign(&p, alignment, size) == 0 ? p : NULL;
}

// ---------------------------------------------------------------------------------------------
// OMP_ALLOCATOR (OpenMP 5.1 §6.21): a predefined allocator name, or a memory space name with
// optional traits "omp_high_bw_mem_space:pool_size=1048576,fallback=null_fb".

static const struct {
  const char *name;
  handle_t handle;
} allocator_names[] = {
    {"omp_default_mem_alloc", H_DEFAULT}, {"omp_large_cap_mem_alloc", H_LARGE_CAP},
    {"omp_const_mem_alloc", H_CONST},     {"omp_high_bw_mem_alloc", H_HIGH_BW},
    {"omp_low_lat_mem_alloc", H_LOW_LAT}, {"omp_cgroup_mem_alloc", H_CGROUP},
    {"omp_pteam_mem_alloc", H_PTEAM},     {"omp_thread_mem_alloc", H_THREAD},
};

static const struct {
  const char *name;
  handle_t memspace;
} memspace_names[] = {
    {"omp_default_mem_space", MS_DEFAULT}, {"omp_large_cap_mem_space", MS_LARGE_CAP},
    {"omp_const_mem_space", MS_CONST},     {"omp_high_bw_mem_space", MS_HIGH_BW},
    {"omp_low_lat_mem_space", MS_LOW_LAT},
};

static bool parse_trait(const char *k, size_t klen, const char *v, int *key, uintptr_t *value) {
  static const struct {
    const char *name;
    int key;
  } keys[] = {{"sync_hint", ATK_SYNC_HINT}, {"alignment", ATK_ALIGNMENT}, {"access", ATK_ACCESS},
              {"pool_size", ATK_POOL_SIZE}, {"fallback", ATK_FALLBACK},   {"pinned", ATK_PINNED},
              {"partition", ATK_PARTITION}};
  static const struct {
    const char *name;
    uintptr_t value;
  } values[] = {{"true", ATV_TRUE},
                {"false", ATV_FALSE},
                {"default", ATV_DEFAULT},
                {"contended", ATV_CONTENDED},
                {"uncontended", ATV_UNCONTENDED},
                {"serialized", ATV_SERIALIZED},
                {"private", ATV_PRIVATE},
                {"all", ATV_ALL},
                {"thread", ATV_THREAD},
                {"pteam", ATV_PTEAM},
                {"cgroup", ATV_CGROUP},
                {"default_mem_fb", ATV_DEFAULT_MEM_FB},
                {"null_fb", ATV_NULL_FB},
                {"abort_fb", ATV_ABORT_FB},
                {"environment", ATV_ENVIRONMENT},
                {"nearest", ATV_NEAREST},
                {"blocked", ATV_BLOCKED},
                {"interleaved", ATV_INTERLEAVED}};
  *key = 0;
  for (size_t i = 0; i < sizeof(keys) / sizeof(*keys); i++)
    if (strlen(keys[i].name) == klen && strncmp(k, keys[i].name, klen) == 0)
      *key = keys[i].key;
  if (!*key)
    return false;
  if (*key == ATK_ALIGNMENT || *key == ATK_POOL_SIZE) {
    char *end;
    unsigned long long x = strtoull(v, &end, 10);
    if (end == v)
      return false;
    *value = (uintptr_t)x;
    return true;
  }
  for (size_t i = 0; i < sizeof(values) / sizeof(*values); i++)
    if (strcmp(v, values[i].name) == 0) {
      *value = values[i].value;
      return true;
    }
  return false;
}

// The initial def-allocator-var, from OMP_ALLOCATOR (called once while the environment is read).
uintptr_t glass_alloc_from_env(const char *text) {
  predefined_init();
  if (!text)
    return H_DEFAULT;
  for (size_t i = 0; i < sizeof(allocator_names) / sizeof(*allocator_names); i++)
    if (strcmp(text, allocator_names[i].name) == 0)
      return allocator_names[i].handle;
  const char *colon = strchr(text, ':');
  size_t mlen = colon ? (size_t)(colon - text) : strlen(text);
  handle_t ms = (handle_t)-1;
  for (size_t i = 0; i < sizeof(memspace_names) / sizeof(*memspace_names); i++)
    if (strlen(memspace_names[i].name) == mlen && strncmp(text, memspace_names[i].name, mlen) == 0)
      ms = memspace_names[i].memspace;
  if (ms == (handle_t)-1)
    goto bad;
  struct {
    int key;
    uintptr_t value;
  } traits[16];
  int n = 0;
  if (colon) {
    char buf[512];
    snprintf(buf, sizeof(buf), "%s", colon + 1);
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
      char *eq = strchr(t, '=');
      if (!eq || n == 16 ||
          !parse_trait(t, (size_t)(eq - t), eq + 1, &traits[n].key, &traits[n].value))
        goto bad;
      n++;
    }
  }
  handle_t h = init_allocator(ms, n, traits);
  if (h != H_NULL)
    return h;
bad:
  glass_warn("OMP_ALLOCATOR=\"%s\" is invalid (expected a predefined allocator, or a memory space "
             "with traits); using omp_default_mem_alloc",
             text);
  return H_DEFAULT;
}

// Fortran names: handles and counts by reference.
GLASS_FORTRAN_BEGIN
GLASS_API handle_t omp_init_allocator_(handle_t *memspace, int *ntraits, const void *traits) {
  glass_ensure_init();
  return init_allocator(*memspace, *ntraits, traits);
}
GLASS_FORTRAN_SET(omp_destroy_allocator, handle_t)
GLASS_FORTRAN_SET(omp_set_default_allocator, handle_t)
GLASS_FORTRAN_END
GLASS_ALIAS(omp_get_default_allocator_, omp_get_default_allocator);

// libomp's kmpc_* spellings of the kmp_* allocation routines: the same functions.
GLASS_ALIAS(kmpc_malloc, kmp_malloc);
GLASS_ALIAS(kmpc_calloc, kmp_calloc);
GLASS_ALIAS(kmpc_realloc, kmp_realloc);
GLASS_ALIAS(kmpc_free, kmp_free);
GLASS_ALIAS(kmpc_aligned_malloc, kmp_aligned_malloc);
