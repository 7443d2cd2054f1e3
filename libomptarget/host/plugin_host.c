// The host plugin: "devices" that run x86-64 device images in this process. Each device
// loads its own copy of an image (so its `declare target` globals are its own) and keeps data
// in blocks of its own, so a missing map shows up as it would on a real device.
#define _GNU_SOURCE
#include "call.h"
#include "../plugin.h"
#include "host.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <pthread.h>
#include <link.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define API __attribute__((visibility("default")))

struct module {
  void *handle;
  const unsigned char *elf;
  size_t size;
  uintptr_t base;
  int fd; // the memfd the image was loaded from
};

static int ndevices;

// GLASS_TARGET_HOST_DEVICES: how many host devices (default 4, as LLVM's host plugin has).
static int host_init(void) {
  const char *v = getenv("GLASS_TARGET_HOST_DEVICES");
  ndevices = 4;
  if (v && *v) {
    char *end;
    long n = strtol(v, &end, 10);
    if (*end || n < 0 || n > 64)
      fprintf(stderr, "omptarget warning: GLASS_TARGET_HOST_DEVICES=%s is not 0 to 64; using 4\n",
              v);
    else
      ndevices = (int)n;
  }
  return ndevices;
}

static const char *host_device_type(int dev) {
  return "x86_64-host";
}

static bool host_is_compatible(const void *image, size_t size) {
  const Elf64_Ehdr *e = image;
  return size >= sizeof *e && !memcmp(e->e_ident, ELFMAG, SELFMAG) &&
         e->e_ident[EI_CLASS] == ELFCLASS64 && e->e_machine == EM_X86_64 && e->e_type == ET_DYN;
}

static bool write_all(int fd, const void *p, size_t n) {
  for (const char *c = p; n;) {
    ssize_t w = write(fd, c, n);
    if (w <= 0)
      return false;
    c += w, n -= (size_t)w;
  }
  return true;
}

// An open descriptor holding the image and no name in any directory: a memfd, or else a
// temporary file unlinked at once.
static int stage_image(const void *image, size_t size) {
  int fd = memfd_create("omptarget-image", MFD_CLOEXEC);
  if (fd < 0) {
    char tmp[4096];
    const char *dir = getenv("TMPDIR");
    snprintf(tmp, sizeof tmp, "%s/omptarget-XXXXXX", dir && *dir ? dir : "/tmp");
    fd = mkostemp(tmp, O_CLOEXEC);
    if (fd >= 0)
      unlink(tmp);
  }
  if (fd >= 0 && !write_all(fd, image, size)) {
    close(fd);
    fd = -1;
  }
  return fd;
}

// dlopen an image from memory through /proc/self/fd. The descriptor stays open while the
// image is loaded: ld.so knows an object by its path, and a closed descriptor's number, reused
// by the next device's load, would hand that device this device's copy.
static void *open_image(const void *image, size_t size, int *keep_fd, char *why, size_t whylen) {
  char path[64];
  int fd = stage_image(image, size);
  if (fd < 0) {
    snprintf(why, whylen, "cannot stage the image: %m");
    return NULL;
  }
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    snprintf(why, whylen, "%s", dlerror());
    close(fd);
    fd = -1;
  }
  *keep_fd = fd;
  return h;
}

static int host_load(int dev, const void *image, size_t size, void **out, char *why,
                     size_t whylen) {
  struct module *m = calloc(1, sizeof *m);
  if (!m) {
    snprintf(why, whylen, "out of memory");
    return -1;
  }
  m->handle = open_image(image, size, &m->fd, why, whylen);
  if (!m->handle) {
    free(m);
    return -1;
  }
  struct link_map *lm;
  if (dlinfo(m->handle, RTLD_DI_LINKMAP, &lm) == 0)
    m->base = lm->l_addr;
  m->elf = image, m->size = size;
  *out = m;
  return 0;
}

// A symbol the dynamic table does not export (a hidden global): found in the image's .symtab.
static void *symtab_lookup(const struct module *m, const char *name) {
  const Elf64_Ehdr *e = (const void *)m->elf;
  if (e->e_shoff == 0 || e->e_shoff + (size_t)e->e_shnum * sizeof(Elf64_Shdr) > m->size)
    return NULL;
  const Elf64_Shdr *sh = (const void *)(m->elf + e->e_shoff);
  for (int i = 0; i < e->e_shnum; i++) {
    if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= e->e_shnum)
      continue;
    const Elf64_Shdr *str = &sh[sh[i].sh_link];
    if (sh[i].sh_offset + sh[i].sh_size > m->size || str->sh_offset + str->sh_size > m->size)
      continue;
    const Elf64_Sym *sym = (const void *)(m->elf + sh[i].sh_offset);
    size_t n = sh[i].sh_size / sizeof *sym;
    for (size_t k = 0; k < n; k++) {
      if (sym[k].st_name >= str->sh_size || sym[k].st_shndx == SHN_UNDEF)
        continue;
      const char *s = (const char *)m->elf + str->sh_offset + sym[k].st_name;
      if (!strncmp(s, name, str->sh_size - sym[k].st_name) && !strcmp(s, name))
        return (void *)(m->base + sym[k].st_value);
    }
  }
  return NULL;
}

static void *host_lookup(int dev, void *module, const char *name) {
  struct module *m = module;
  void *p = dlsym(m->handle, name);
  Dl_info info;
  // dlsym also searches the image's dependencies; only the image's own symbol will do.
  if (p && (!dladdr(p, &info) || (uintptr_t)info.dli_fbase != m->base))
    p = NULL;
  return p ? p : symtab_lookup(m, name);
}

// ---- tracing: the host device's clock (clock.c) is set up when first needed --------------

static pthread_once_t clock_once = PTHREAD_ONCE_INIT;
static atomic_bool clock_ready;

static void clock_setup(void) {
  host_clock_init();
  atomic_store(&clock_ready, true);
}

static void need_clock(void) {
  if (__builtin_expect(!atomic_load_explicit(&clock_ready, memory_order_acquire), 0))
    pthread_once(&clock_once, clock_setup);
}

static uint64_t host_device_time(int dev) {
  need_clock();
  return host_clock_now();
}

static bool host_time_is_tsc(int dev) {
  need_clock();
  return host_clock_tsc;
}

static double host_translate_time(int dev, uint64_t t) {
  need_clock();
  return host_clock_translate(t);
}

static int host_num_procs(int dev) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

// Operations are synchronous and the plugin has no trace_start: libomptarget reads the device
// clock right before and after each call and writes the records itself.
static void *host_alloc(int dev, size_t size) {
  void *p = NULL;
  if (posix_memalign(&p, 64, size ? size : 1))
    p = NULL;
  return p;
}

static int host_free(int dev, void *p) {
  free(p);
  return 0;
}

static int host_memcpy(int dev, void *dst, const void *src, size_t n) {
  memmove(dst, src, n);
  return 0;
}

static int host_set(int dev, void *p, int value, size_t n) {
  memset(p, value, n);
  return 0;
}

// The kernel forks its own teams through the host runtime, which grants what it requested.
static int host_launch(int dev, void *fn, void **args, int nargs) {
  glass_host_call(fn, args, nargs);
  return 0;
}

static const struct glass_plugin host_plugin = {
    .abi = GLASS_PLUGIN_ABI,
    .name = "host",
    .init = host_init,
    .device_type = host_device_type,
    .is_compatible = host_is_compatible,
    .load = host_load,
    .lookup = host_lookup,
    .alloc = host_alloc,
    .free = host_free,
    .submit = host_memcpy,
    .retrieve = host_memcpy,
    .copy = host_memcpy,
    .set = host_set,
    .launch = host_launch,
    .get_device_time = host_device_time,
    .translate_time = host_translate_time,
    .num_procs = host_num_procs,
    .time_is_tsc = host_time_is_tsc,
};

API const struct glass_plugin *glass_plugin_get(void) {
  return &host_plugin;
}
