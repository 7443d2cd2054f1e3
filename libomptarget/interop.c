// The interop directive (OpenMP 5.1 §2.15.1) and the values of interop objects (§3.12).
// Objects exist for host devices and the initial device, where every operation completes
// synchronously: there is no foreign runtime, so a targetsync object has nothing to wait on.
// A registry of the live objects lets every entry point refuse a pointer it did not make
// (omp_interop_none, a destroyed object, anything else) without reading through it.
#include "omptarget.h"

#include "interop_props.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { INTEROP_TARGET = 1, INTEROP_TARGETSYNC = 2 }; // clang's interop-type argument

struct interop {
  int device; // an OpenMP device number; omp_get_initial_device() for the host
  int type;
};

static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static struct alloc_set live;

// Copies the object p designates into *out if it is live.
static bool interop_find(omp_interop_t p, struct interop *out) {
  pthread_mutex_lock(&live_lock);
  bool hit = alloc_set_has(&live, (uintptr_t)p);
  if (hit)
    *out = *(struct interop *)p;
  pthread_mutex_unlock(&live_lock);
  return hit;
}

static void interop_message(const tgt_ident_t *loc, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void interop_message(const tgt_ident_t *loc, const char *what, const char *fmt, ...) {
  char where[256], msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  tgt_error("%s: interop %s: %s", tgt_loc_str(loc, where, sizeof where), what, msg);
}

static const char *type_name(int type) {
  return type == INTEROP_TARGETSYNC ? "targetsync" : "target";
}

// The construct is a task with the dependences of its depend clauses; without nowait it is an
// included task, and with nowait it runs as one too: both wait here for the dependences.
static void interop_deps(const tgt_ident_t *loc, int32_t gtid, int32_t ndeps, void *deps) {
  if (ndeps > 0 && deps)
    __kmpc_omp_wait_deps(loc, gtid, ndeps, deps, 0, NULL);
}

// The device an init names, or -1 after saying why there is none. Under disabled every
// construct runs on the initial device, so the object is the initial device's; a device that
// cannot be had stops the program under mandatory, as a target construct would (the initial
// device is fine there when named, not as the default for want of devices).
static int interop_device(const tgt_ident_t *loc, int32_t device) {
  int n = tgt_num_devices();
  int64_t id = device == -1 ? omp_get_default_device() : device;
  if (id == -2)
    tgt_fatal(loc, "interop init: device number is omp_invalid_device");
  int policy = tgt_offload_policy();
  if (policy == 0 && id >= 0)
    return n;
  const char *why = NULL;
  struct tgt_device *d = NULL;
  if (id < 0 || id > n)
    why = "does not exist";
  else if (id < n && !(d = tgt_device_at((int)id)))
    why = "cannot be used (it failed to initialise)";
  else if (d && strcmp(d->rtl->name, "host") != 0)
    why = "is not a host device (interop objects are made for host devices only)";
  else if (id == n && device == -1 && policy == 2)
    why = "is the initial device, reached because there is no device,";
  if (!why)
    return (int)id;
  if (policy == 2)
    tgt_fatal(loc, "interop init: device %lld %s and OMP_TARGET_OFFLOAD is mandatory",
              (long long)id, why);
  interop_message(loc, "init",
                  "device %lld %s (devices are 0 to %d, %d is the host); the object stays "
                  "omp_interop_none",
                  (long long)id, why, n - 1, n);
  return -1;
}

static void interop_info(const tgt_ident_t *loc, const char *what, const struct interop *o,
                         omp_interop_t obj) {
  char where[256];
  TGT_INFO(INFO_KERNEL_ARGS, o->device, "interop %s (%s) at %s: object %p", what,
           type_name(o->type), tgt_loc_str(loc, where, sizeof where), obj);
}

static void interop_init(const tgt_ident_t *loc, omp_interop_t *obj, int type, int32_t device) {
  struct interop old;
  if (*obj && interop_find(*obj, &old)) {
    interop_message(loc, "init",
                    "the variable holds a live object (destroy it first); left as it is");
    return;
  }
  *obj = omp_interop_none;
  if (type != INTEROP_TARGET && type != INTEROP_TARGETSYNC) {
    interop_message(loc, "init",
                    "interop type %d is neither target (1) nor targetsync (2); the object "
                    "stays omp_interop_none",
                    type);
    return;
  }
  int dev = interop_device(loc, device);
  if (dev < 0)
    return;
  struct interop *o = malloc(sizeof *o);
  pthread_mutex_lock(&live_lock);
  bool added = o && alloc_set_add(&live, (uintptr_t)o);
  if (added)
    *o = (struct interop){dev, type};
  pthread_mutex_unlock(&live_lock);
  if (!added) {
    free(o);
    interop_message(loc, "init", "out of memory; the object stays omp_interop_none");
    return;
  }
  *obj = o;
  interop_info(loc, "init", &(struct interop){dev, type}, o);
}

// The live object *obj designates, or false after saying what it is instead.
static bool interop_get(const tgt_ident_t *loc, const char *what, omp_interop_t *obj,
                        struct interop *out) {
  if (!obj)
    interop_message(loc, what, "no interop variable");
  else if (*obj == omp_interop_none)
    interop_message(loc, what, "the object is omp_interop_none; nothing done");
  else if (!interop_find(*obj, out))
    interop_message(loc, what,
                    "%p is not a live interop object (destroyed, or not made by "
                    "the interop directive); nothing done",
                    *obj);
  else
    return true;
  return false;
}

// What use and destroy share: the dependences, then the live object *obj designates (false
// after saying what it is instead).
static bool interop_enter(const tgt_ident_t *loc, int32_t gtid, const char *what,
                          omp_interop_t *obj, int32_t device, int32_t ndeps, void *deps,
                          struct interop *o) {
  interop_deps(loc, gtid, ndeps, deps);
  if (!interop_get(loc, what, obj, o))
    return false;
  if (device != -1 && device != o->device)
    interop_message(loc, what, "device(%d) is not the object's device %d; the object's is used",
                    device, o->device);
  interop_info(loc, what, o, *obj);
  return true;
}

TGT_API void __tgt_interop_init(const tgt_ident_t *loc, int32_t gtid, omp_interop_t *obj,
                                int32_t type, int32_t device, int32_t ndeps, void *deps,
                                int32_t nowait) {
  (void)nowait;
  interop_deps(loc, gtid, ndeps, deps);
  if (!obj) {
    interop_message(loc, "init", "no interop variable");
    return;
  }
  interop_init(loc, obj, type, device);
}

// The host device's work is done when its operations return: use has nothing to wait for.
TGT_API void __tgt_interop_use(const tgt_ident_t *loc, int32_t gtid, omp_interop_t *obj,
                               int32_t device, int32_t ndeps, void *deps, int32_t nowait) {
  (void)nowait;
  struct interop o;
  interop_enter(loc, gtid, "use", obj, device, ndeps, deps, &o);
}

TGT_API void __tgt_interop_destroy(const tgt_ident_t *loc, int32_t gtid, omp_interop_t *obj,
                                   int32_t device, int32_t ndeps, void *deps, int32_t nowait) {
  (void)nowait;
  struct interop o;
  if (!interop_enter(loc, gtid, "destroy", obj, device, ndeps, deps, &o))
    return;
  pthread_mutex_lock(&live_lock);
  bool mine = alloc_set_remove(&live, (uintptr_t)*obj); // a racing destroy may have won
  pthread_mutex_unlock(&live_lock);
  if (!mine) {
    interop_message(loc, "destroy", "%p was destroyed meanwhile; nothing done", *obj);
    return;
  }
  free(*obj);
  *obj = omp_interop_none;
}

// ---- values (libomp forwards a non-null object here) ---------------------------------------

union interop_value {
  omp_intptr_t i;
  void *p;
  const char *s;
};

// Only device_num has a value everywhere; targetsync has one for a targetsync object: a handle
// (the object itself) with nothing behind it to wait on. The foreign-runtime properties have no
// value on a host device.
static int interop_value(omp_interop_t obj, omp_interop_property_t p, enum interop_kind want,
                         union interop_value *v) {
  const struct interop_prop *prop = interop_prop(p);
  struct interop o;
  if (!prop)
    return omp_irc_out_of_range;
  if (obj == omp_interop_none)
    return omp_irc_empty;
  if (!interop_find(obj, &o))
    return omp_irc_other;
  if (prop->kind != want)
    return interop_type_rc(prop->kind);
  if (p == omp_ipr_device_num)
    v->i = o.device;
  else if (p == omp_ipr_targetsync && o.type == INTEROP_TARGETSYNC)
    v->p = obj;
  else
    return omp_irc_no_value;
  return omp_irc_success;
}

static union interop_value interop_query(omp_interop_t obj, omp_interop_property_t p,
                                         enum interop_kind want, int *ret_code) {
  union interop_value v;
  memset(&v, 0, sizeof v);
  int rc = interop_value(obj, p, want, &v);
  if (ret_code)
    *ret_code = rc;
  return v;
}

TGT_API omp_intptr_t omp_get_interop_int(const omp_interop_t obj, omp_interop_property_t p,
                                         int *ret_code) {
  return interop_query(obj, p, INTEROP_INT, ret_code).i;
}

TGT_API void *omp_get_interop_ptr(const omp_interop_t obj, omp_interop_property_t p,
                                  int *ret_code) {
  return interop_query(obj, p, INTEROP_PTR, ret_code).p;
}

TGT_API const char *omp_get_interop_str(const omp_interop_t obj, omp_interop_property_t p,
                                        int *ret_code) {
  return interop_query(obj, p, INTEROP_STR, ret_code).s;
}

TGT_API const char *omp_get_interop_name(const omp_interop_t obj, omp_interop_property_t p) {
  (void)obj;
  const struct interop_prop *prop = interop_prop(p);
  return prop ? prop->name : NULL;
}

TGT_API const char *omp_get_interop_type_desc(const omp_interop_t obj, omp_interop_property_t p) {
  (void)obj;
  const struct interop_prop *prop = interop_prop(p);
  return prop ? prop->type : NULL;
}
