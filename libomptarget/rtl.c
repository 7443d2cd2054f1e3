// The registry of device images, the plugins and devices, and the offload policy.
// Images are registered by constructors before main; plugins load and devices initialise on
// first use, so a program that never offloads never pays for them.
#define _GNU_SOURCE
#include "omptarget.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The registry's lock and each device's are recursive: a tool may call ompt_finalize_tool from
// a callback made under them (device_load, data ops, target_map), and the finalization reports
// device_unload, which takes them again.
static pthread_mutex_t registry_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static struct tgt_image **images;
static int nimages;

// Region ids of kernels, sorted, for the launch path.
struct region {
  void *id;
  int image, entry;
};
static struct region *regions;
static int nregions;

static pthread_once_t rtl_once = PTHREAD_ONCE_INIT;
static struct tgt_device *devices;
static int ndevices;
static bool rtl_done; // ndevices and devices are set

void tgt_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("omptarget error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

// A failure the program cannot continue past: one message naming the construct, exit 1.
void tgt_fatal(const tgt_ident_t *loc, const char *fmt, ...) {
  char where[256];
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "omptarget fatal error: %s: ", tgt_loc_str(loc, where, sizeof where));
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  fflush(NULL);
  _exit(1);
}

int tgt_offload_policy(void) {
  return __kmpc_get_target_offload();
}

// ---- images -------------------------------------------------------------------------------

// clang >= 19 entries open with a zero word and version 1 (56 bytes); older ones with the
// address (32 bytes).
struct entry_v2 {
  uint64_t reserved;
  uint16_t version, kind;
  uint32_t flags;
  void *addr;
  const char *name;
  uint64_t size, data;
  void *aux;
};
struct entry_v1 {
  void *addr;
  const char *name;
  uint64_t size;
  int32_t flags, reserved;
};

static bool entries_are_v2(const void *begin, const void *end) {
  const struct entry_v2 *e = begin;
  return (const char *)end - (const char *)begin >= (long)sizeof *e && e->reserved == 0 &&
         e->version == 1;
}

static void note_requires(int64_t flags);

static int parse_entries(const void *begin, const void *end, struct tgt_entry **out) {
  bool v2 = entries_are_v2(begin, end);
  size_t step = v2 ? sizeof(struct entry_v2) : sizeof(struct entry_v1);
  int n = (int)(((const char *)end - (const char *)begin) / step), k = 0;
  struct tgt_entry *e = calloc(n ? n : 1, sizeof *e);
  for (int i = 0; e && i < n; i++) {
    const char *p = (const char *)begin + i * step;
    if (v2) {
      const struct entry_v2 *x = (const void *)p;
      if (x->kind != 1) // not OpenMP's
        continue;
      if (x->flags & ENTRY_REQUIRES) // the clauses in `data`
        note_requires((int64_t)x->data);
      else
        e[k++] = (struct tgt_entry){x->addr, x->name, x->size, x->flags};
    } else {
      const struct entry_v1 *x = (const void *)p;
      if (x->flags & ENTRY_REQUIRES) // clang-19: the clauses in `reserved`
        note_requires(x->reserved);
      else
        e[k++] = (struct tgt_entry){x->addr, x->name, x->size, (uint32_t)x->flags};
    }
  }
  *out = e;
  return e ? k : -1;
}

// The device code of an image: the image itself when it is an ELF file, else the first entry
// of an OffloadBinary (magic 10 FF 10 AD) that wraps it (an ELF file, or PTX text for a GPU:
// the plugins judge).
static bool image_elf(const struct tgt_device_image *img, const void **elf, size_t *size) {
  const unsigned char *p = img->start;
  size_t len = (size_t)((const char *)img->end - (const char *)img->start);
  if (len >= 4 && !memcmp(p,
                          "\x7f"
                          "ELF",
                          4)) {
    *elf = p, *size = len;
    return true;
  }
  if (len < 32 || memcmp(p, "\x10\xff\x10\xad", 4))
    return false;
  uint64_t total, eoff, esize;
  memcpy(&total, p + 8, 8), memcpy(&eoff, p + 16, 8), memcpy(&esize, p + 24, 8);
  if (total > len || eoff > total || total - eoff < 40)
    return false;
  uint64_t ioff, isize;
  memcpy(&ioff, p + eoff + 24, 8), memcpy(&isize, p + eoff + 32, 8);
  if (ioff > total || isize > total - ioff || isize < 4)
    return false;
  *elf = p + ioff, *size = isize;
  return true;
}

static int region_cmp(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)((const struct region *)a)->id;
  uintptr_t y = (uintptr_t)((const struct region *)b)->id;
  return x < y ? -1 : x > y;
}

static void add_regions(int image) {
  struct tgt_image *im = images[image];
  struct region *r = realloc(regions, (nregions + im->nentries) * sizeof *r);
  if (!r)
    return;
  regions = r;
  for (int i = 0; i < im->nentries; i++)
    if (im->entries[i].size == 0)
      regions[nregions++] = (struct region){im->entries[i].addr, image, i};
  qsort(regions, nregions, sizeof *regions, region_cmp);
}

TGT_API void __tgt_register_lib(struct tgt_bin_desc *desc) {
  tgt_info_init();
  pthread_mutex_lock(&registry_lock);
  for (int i = 0; i < desc->num_images; i++) {
    struct tgt_image *im = calloc(1, sizeof *im);
    struct tgt_image **grown = realloc(images, (nimages + 1) * sizeof *grown);
    if (!im || !grown) {
      tgt_error("out of memory registering a device image");
      free(im);
      break;
    }
    images = grown;
    if (!image_elf(&desc->images[i], &im->elf, &im->size)) {
      TGT_INFO(INFO_PLUGIN, -1, "image %d of %p is neither ELF nor an OffloadBinary; ignored", i,
               (void *)desc);
      free(im);
      continue;
    }
    im->desc = desc;
    im->nentries = parse_entries(desc->entries_begin, desc->entries_end, &im->entries);
    if (im->nentries < 0) {
      free(im);
      continue;
    }
    images[nimages] = im;
    add_regions(nimages++);
    TGT_INFO(INFO_PLUGIN, -1, "registered image %d: %zu bytes, %d entries", nimages - 1, im->size,
             im->nentries);
  }
  pthread_mutex_unlock(&registry_lock);
}

// Images stay loaded until the process exits: a worker thread may still be returning through
// a kernel's code when the wrapper's destructor runs.
TGT_API void __tgt_unregister_lib(struct tgt_bin_desc *desc) {
  pthread_mutex_lock(&registry_lock);
  int kept = 0;
  for (int i = 0; i < nregions; i++)
    if (images[regions[i].image]->desc != desc)
      regions[kept++] = regions[i];
  nregions = kept;
  pthread_mutex_unlock(&registry_lock);
  if (tgt_ompt_on)
    tgt_unload_images(desc);
}

// The code stays mapped (see above); to the tool the images are unloaded from here on.
void tgt_unload_images(const struct tgt_bin_desc *desc) {
  int n = __atomic_load_n(&rtl_done, __ATOMIC_ACQUIRE) ? ndevices : 0;
  for (int i = 0; i < n; i++) {
    struct tgt_device *d = &devices[i];
    pthread_mutex_lock(&d->lock);
    for (int j = 0; d->ready && j < d->nimages; j++) {
      struct loaded_image *li = &d->images[j];
      pthread_mutex_lock(&registry_lock);
      bool ours = !desc || images[j]->desc == desc;
      pthread_mutex_unlock(&registry_lock);
      if (li->module && li->addrs && ours && !li->unload_reported) {
        li->unload_reported = true;
        tgt_ompt_device_unload(d, j);
      }
    }
    pthread_mutex_unlock(&d->lock);
  }
}

// ---- requires ------------------------------------------------------------------------------

// The program's `requires` clauses (OMP_REQ_* bits), from clang-14's __tgt_register_requires or
// the images' requires entry. The host device honours each: its device code runs in the host
// process, so memory is shared (unified_shared_memory: maps use the host's storage; its
// addresses are unified), and its kernels may call the allocators. A device of another kind
// cannot share memory: under unified_shared_memory it is not used (its constructs run on the
// host, or stop the program under OMP_TARGET_OFFLOAD=mandatory), said once per device.
enum { REQ_REVERSE_OFFLOAD = 0x2, REQ_UNIFIED_ADDRESS = 0x4, REQ_USM = 0x8, REQ_DYN_ALLOC = 0x10 };
static uint64_t requires_flags;

static void note_requires(int64_t flags) {
  tgt_info_init(); // clang-14 calls __tgt_register_requires before registering its images
  uint64_t old = __atomic_fetch_or(&requires_flags, (uint64_t)flags, __ATOMIC_RELAXED);
  if ((flags & REQ_USM) && !(old & REQ_USM))
    TGT_INFO(INFO_PLUGIN, -1,
             "requires unified_shared_memory: the host device shares the host's memory (maps "
             "use the host's storage); devices of other kinds are not used");
  if ((flags & REQ_REVERSE_OFFLOAD) && !(old & REQ_REVERSE_OFFLOAD))
    tgt_error("'requires reverse_offload' cannot be honoured: no device here offloads back to "
              "the host");
}

TGT_API void __tgt_register_requires(int64_t flags) {
  note_requires(flags);
}

static bool shares_host_memory(const struct tgt_device *d) {
  return !strcmp(d->rtl->name, "host");
}

bool tgt_shared_memory(const struct tgt_device *d) {
  return (__atomic_load_n(&requires_flags, __ATOMIC_RELAXED) & REQ_USM) && shares_host_memory(d);
}

// Whether the device can honour the program's requires clauses; says once why not.
static bool meets_requires(struct tgt_device *d) {
  if (!(__atomic_load_n(&requires_flags, __ATOMIC_RELAXED) & REQ_USM) || shares_host_memory(d))
    return true;
  static uint64_t warned[4]; // a bit per device number below 256
  if (d->id < 256 &&
      !(__atomic_fetch_or(&warned[d->id / 64], UINT64_C(1) << (d->id % 64), __ATOMIC_RELAXED) &
        (UINT64_C(1) << (d->id % 64))))
    tgt_error("device %d (%s) cannot honour 'requires unified_shared_memory': it has memory of "
              "its own; its target constructs run on the host",
              d->id, d->rtl->name);
  return false;
}

// ---- plugins and devices ------------------------------------------------------------------

// GPUs first, so that device 0 is a GPU when there is one.
static const char *plugin_names[] = {"cuda", "host"};

static const struct glass_plugin *load_plugin(const char *name) {
  Dl_info self;
  char path[4096];
  if (!dladdr((void *)load_plugin, &self) || !self.dli_fname)
    return NULL;
  const char *slash = strrchr(self.dli_fname, '/');
  int dir = slash ? (int)(slash - self.dli_fname) + 1 : 0;
  snprintf(path, sizeof path, "%.*slibomptarget.rtl.%s.so", dir, self.dli_fname, name);
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    TGT_INFO(INFO_PLUGIN, -1, "plugin %s not loaded: %s", name, dlerror());
    return NULL;
  }
  glass_plugin_get_fn get = (glass_plugin_get_fn)dlsym(h, "glass_plugin_get");
  const struct glass_plugin *p = get ? get() : NULL;
  if (!p || p->abi != GLASS_PLUGIN_ABI) {
    TGT_INFO(INFO_PLUGIN, -1, "plugin %s not used: %s", path,
             p ? "interface version mismatch" : "no glass_plugin_get");
    dlclose(h);
    return NULL;
  }
  TGT_INFO(INFO_PLUGIN, -1, "plugin %s loaded from %s", name, path);
  return p;
}

// Set while this thread runs rtl_init: reading OMP_TARGET_OFFLOAD may initialise the host
// runtime, whose tool may ask for the devices from its initializer; it is told none yet
// instead of waiting on the initialisation it is part of.
static __thread bool in_rtl_init;

// Appends the devices of plugin `name` to the device table.
static void try_plugin(const char *name) {
  const struct glass_plugin *p = load_plugin(name);
  int n = p ? p->init() : 0;
  if (p && p->describe)
    TGT_INFO(INFO_PLUGIN, -1, "plugin %s: %s", name, p->describe());
  TGT_INFO(INFO_PLUGIN, -1, "plugin %s: %d device(s)", name, n);
  struct tgt_device *grown = n > 0 ? realloc(devices, (ndevices + n) * sizeof *grown) : NULL;
  if (!grown)
    return;
  devices = grown;
  for (int k = 0; k < n; k++) {
    struct tgt_device *d = &devices[ndevices];
    *d = (struct tgt_device){.id = ndevices, .rtl_id = k, .rtl = p};
    snprintf(d->uid, sizeof d->uid, "%s-%d", name, k);
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&d->lock, &attr);
    pthread_mutexattr_destroy(&attr);
    ndevices++;
  }
}

// GLASS_TARGET_PLUGINS: the plugins to try, in that order, separated by commas (default: every
// plugin, GPUs first). Tests that count host devices name "host" alone, so that a GPU does not
// become device 0 under them. An unknown or repeated name is said and skipped.
static void try_plugins(const char *list) {
  size_t nknown = sizeof plugin_names / sizeof *plugin_names;
  bool tried[sizeof plugin_names / sizeof *plugin_names] = {false};
  for (const char *p = list; *p; p += *p == ',') {
    size_t len = strcspn(p, ","), i = 0;
    while (i < nknown && (strlen(plugin_names[i]) != len || strncmp(p, plugin_names[i], len)))
      i++;
    if (len && (i == nknown || tried[i]))
      tgt_error("GLASS_TARGET_PLUGINS: '%.*s' is %s; skipped", (int)len, p,
                i == nknown ? "no plugin (known: cuda, host)" : "named twice");
    else if (len)
      tried[i] = true, try_plugin(plugin_names[i]);
    p += len;
  }
}

static void rtl_init(void) {
  tgt_info_init();
  in_rtl_init = true;
  int policy = tgt_offload_policy();
  in_rtl_init = false;
  if (policy == 0) {
    TGT_INFO(INFO_PLUGIN, -1, "OMP_TARGET_OFFLOAD=disabled: no devices");
    return;
  }
  const char *list = getenv("GLASS_TARGET_PLUGINS");
  if (list && *list) {
    try_plugins(list);
    return;
  }
  for (size_t i = 0; i < sizeof plugin_names / sizeof *plugin_names; i++)
    try_plugin(plugin_names[i]);
}

static __thread bool in_first_policy;

int tgt_num_devices(void) {
  if (in_rtl_init)
    return 0;
  // Start the host runtime (and its tool) before the devices, so that a tool asking for the
  // devices from its initializer gets them rather than the 0 above.
  if (!__atomic_load_n(&rtl_done, __ATOMIC_ACQUIRE) && !in_first_policy) {
    in_first_policy = true;
    tgt_offload_policy();
    in_first_policy = false;
  }
  pthread_once(&rtl_once, rtl_init);
  __atomic_store_n(&rtl_done, true, __ATOMIC_RELEASE);
  return ndevices;
}

// A reference pointer: what clang gives the device code instead of a `declare target link`
// variable (and instead of every declare target variable under unified_shared_memory).
static bool ref_pointer(const struct tgt_entry *e) {
  size_t n = strlen(e->name), k = strlen("_decl_tgt_ref_ptr");
  return e->size == sizeof(void *) &&
         ((e->flags & ENTRY_LINK) || (n > k && !strcmp(e->name + n - k, "_decl_tgt_ref_ptr")));
}

// Enters a global of a loaded image in the present table: the host's variable at its device
// copy. A `declare target link` variable's entry is its reference pointer, which mapping the
// variable points at the device copy (attach); under shared memory every reference pointer
// starts at the host's variable. An indirect function's entry is the host function, and the
// device symbol holds the device function's address, which a mapped function pointer becomes.
static void enter_global(struct tgt_device *d, const struct tgt_entry *e, void *dev) {
  void *tgt = dev;
  if ((e->flags & ENTRY_INDIRECT) && d->rtl->retrieve(d->rtl_id, &tgt, dev, sizeof tgt)) {
    tgt_error("device %d: cannot read the address of indirect function %s", d->id, e->name);
    return;
  }
  if (ref_pointer(e) && tgt_shared_memory(d) &&
      d->rtl->submit(d->rtl_id, dev, e->addr, sizeof(void *)))
    tgt_error("device %d: cannot set reference pointer %s", d->id, e->name);
  bool extends;
  if (!map_find(&d->table, (uintptr_t)e->addr, e->size, &extends)) {
    struct map_row *r = map_insert(&d->table, (uintptr_t)e->addr, e->size, (uintptr_t)tgt);
    if (r)
      r->dyn_ref = REF_INF;
  }
}

// Loads an image on a device and enters its globals in the present table.
static int load_image(struct tgt_device *d, int index, struct tgt_image *im) {
  struct loaded_image *li = &d->images[index];
  char why[256] = "";
  if (d->rtl->load(d->rtl_id, im->elf, im->size, &li->module, why, sizeof why)) {
    tgt_error("device %d: cannot load image %d: %s", d->id, index, why);
    li->module = NULL;
    return -1;
  }
  li->addrs = calloc(im->nentries ? im->nentries : 1, sizeof *li->addrs);
  if (!li->addrs)
    return -1;
  for (int i = 0; i < im->nentries; i++) // the first kernel tells the compiler's convention
    if (im->entries[i].size == 0) {
      char sym[512];
      snprintf(sym, sizeof sym, ".offloading.entry.%s", im->entries[i].name);
      im->dyn_ptr = d->rtl->lookup(d->rtl_id, li->module, sym) != NULL;
      break;
    }
  if (tgt_ompt_on)
    tgt_ompt_device_load(d, index, im->elf, im->size, li->module);
  TGT_INFO(INFO_PLUGIN, d->id, "loaded image %d (%zu bytes, %d entries, %s kernels)", index,
           im->size, im->nentries, im->dyn_ptr ? "clang >= 17" : "clang-14");
  for (int i = 0; i < im->nentries; i++) {
    struct tgt_entry *e = &im->entries[i];
    li->addrs[i] = d->rtl->lookup(d->rtl_id, li->module, e->name);
    if (!li->addrs[i]) {
      tgt_error("device %d: image %d has no symbol %s", d->id, index, e->name);
      continue;
    }
    if (e->size == 0)
      continue;
    enter_global(d, e, li->addrs[i]);
  }
  return 0;
}

// How well image `index` fits the device: 0 not at all.
static int image_fit(struct tgt_device *d, int index) {
  const struct tgt_image *im = images[index];
  if (!d->rtl->is_compatible(im->elf, im->size))
    return 0;
  return d->rtl->image_score ? d->rtl->image_score(d->rtl_id, im->elf, im->size) : 1;
}

// Of the new images that library `desc` registered (from `first` on), loads the best-fitting
// one the device accepts; without image_score, every compatible one. -1 when none of several
// candidates loaded.
static int load_best_of(struct tgt_device *d, int first, const struct tgt_bin_desc *desc,
                        bool *done) {
  int tried = 0, failed = 0;
  for (;;) {
    int best = -1, best_fit = 0;
    for (int i = first; i < nimages; i++) {
      if (done[i - first] || images[i]->desc != desc)
        continue;
      int fit = image_fit(d, i);
      if (fit <= 0) {
        done[i - first] = true;
        TGT_INFO(INFO_PLUGIN, d->id, "image %d is not for this device; skipped", i);
      } else if (fit > best_fit) {
        best = i, best_fit = fit;
      }
    }
    if (best < 0)
      return tried && failed == tried ? -1 : 0;
    done[best - first] = true;
    tried++;
    if (load_image(d, best, images[best])) {
      failed++;
      continue;
    }
    if (d->rtl->image_score) // one image per library: the rest stay unloaded
      for (int i = first; i < nimages; i++)
        if (images[i]->desc == desc)
          done[i - first] = true;
  }
}

// Loads every registered image the device has not seen yet. Called with d->lock held.
static int device_sync_images(struct tgt_device *d) {
  pthread_mutex_lock(&registry_lock);
  int rc = 0;
  if (d->nimages < nimages) {
    struct loaded_image *li = realloc(d->images, nimages * sizeof *li);
    bool *done = calloc(nimages - d->nimages, sizeof *done);
    if (li)
      d->images = li;
    if (!li || !done) {
      free(done);
      pthread_mutex_unlock(&registry_lock);
      return -1;
    }
    memset(li + d->nimages, 0, (nimages - d->nimages) * sizeof *li);
    // Counted before loading: a tool that finalizes from device_load still gets the
    // device_unload of what loaded (entries not loaded yet have no module and are skipped).
    int first = d->nimages;
    d->nimages = nimages;
    for (int i = first; i < nimages; i++)
      if (!done[i - first] && load_best_of(d, first, images[i]->desc, done))
        rc = -1;
    free(done);
  }
  pthread_mutex_unlock(&registry_lock);
  return rc;
}

static pthread_once_t ompt_once = PTHREAD_ONCE_INIT;

int tgt_device_ready(struct tgt_device *d) {
  // Outside the devices' initialisation: the tool's initializer may ask for the devices.
  pthread_once(&ompt_once, tgt_ompt_connect);
  pthread_mutex_lock(&d->lock);
  if (!d->ready) {
    d->ready = true;
    if (tgt_ompt_on)
      tgt_ompt_device_init(d);
    TGT_INFO(INFO_PLUGIN, d->id, "initialised (%s plugin, type %s)", d->rtl->name,
             d->rtl->device_type(d->rtl_id));
  }
  int rc = meets_requires(d) ? device_sync_images(d) : -1;
  pthread_mutex_unlock(&d->lock);
  return rc;
}

// The device a construct names, or NULL when it runs on the host: the initial device, offload
// disabled, or an invalid number (an error under mandatory; omp_invalid_device always is).
// Under mandatory, naming the initial device explicitly is fine; reaching it only because
// there is no device is not.
struct tgt_device *tgt_device_get(int64_t *device_id, const tgt_ident_t *loc, const char *what) {
  int n = tgt_num_devices();
  bool explicit_id = *device_id != -1;
  int64_t id = explicit_id ? *device_id : omp_get_default_device();
  *device_id = id;
  if (id == -2)
    tgt_fatal(loc, "%s: device number is omp_invalid_device", what);
  bool mandatory = tgt_offload_policy() == 2;
  if (id == n && (!mandatory || explicit_id))
    return NULL;
  if (id < 0 || id >= n) {
    if (mandatory)
      tgt_fatal(loc,
                "%s: device %lld is not available (%d device(s)) and OMP_TARGET_OFFLOAD "
                "is mandatory",
                what, (long long)id, n);
    if (id != n)
      TGT_INFO(INFO_PLUGIN, -1, "%s: device %lld does not exist; running on the host", what,
               (long long)id);
    return NULL;
  }
  struct tgt_device *d = &devices[id];
  if (tgt_device_ready(d)) {
    if (mandatory)
      tgt_fatal(loc, "%s: device %lld failed to initialise", what, (long long)id);
    return NULL;
  }
  return d;
}

// Several images of one library (one per GPU architecture) share region ids: the one this
// device loaded answers.
void *tgt_kernel_lookup(struct tgt_device *d, void *region_id, bool *dyn_ptr) {
  pthread_mutex_lock(&registry_lock);
  struct region key = {region_id, 0, 0};
  struct region *r = bsearch(&key, regions, nregions, sizeof *regions, region_cmp);
  void *fn = NULL;
  while (r && r > regions && r[-1].id == region_id)
    r--;
  for (; r && r < regions + nregions && r->id == region_id && !fn; r++)
    if (r->image < d->nimages && d->images[r->image].addrs) {
      fn = d->images[r->image].addrs[r->entry];
      *dyn_ptr = images[r->image]->dyn_ptr;
    }
  pthread_mutex_unlock(&registry_lock);
  return fn;
}

TGT_API void __tgt_init_all_rtls(void) {
  tgt_num_devices();
}

// The device with this number, initialised, or NULL (no such device, or it failed).
struct tgt_device *tgt_device_at(int id) {
  if (id < 0 || id >= tgt_num_devices())
    return NULL;
  return tgt_device_ready(&devices[id]) ? NULL : &devices[id];
}

struct tgt_device *tgt_device_peek(int id) {
  if (!__atomic_load_n(&rtl_done, __ATOMIC_ACQUIRE) || id < 0 || id >= ndevices)
    return NULL;
  return &devices[id];
}

struct tgt_device *tgt_device_from_handle(const void *handle) {
  uintptr_t p = (uintptr_t)handle, first = (uintptr_t)devices;
  if (!handle || !__atomic_load_n(&rtl_done, __ATOMIC_ACQUIRE) || p < first ||
      p >= first + (uintptr_t)ndevices * sizeof *devices || (p - first) % sizeof *devices)
    return NULL;
  return &devices[(p - first) / sizeof *devices];
}
