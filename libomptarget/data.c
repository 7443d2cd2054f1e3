// The data-mapping steps: what target, target data, target enter/exit data and target update
// do to a device's present table, following the map-type bits clang emits. The caller holds
// the device's lock.
#include "omptarget.h"

#include <stdlib.h>
#include <string.h>

// A user-defined mapper fills one of these through __tgt_push_mapper_component. The handle
// is opaque to the program; one that this runtime did not create (a program calling the two
// entry points itself) is refused by its first word.
#define MAPPER_MAGIC 0x676c6173736d6170ull
struct mapper_components {
  uint64_t magic;
  struct map_args a;
  int32_t cap;
};

static struct mapper_components *mapper_handle(void *handle, const char *what) {
  struct mapper_components *c = handle;
  if (c && c->magic == MAPPER_MAGIC)
    return c;
  tgt_error("%s: %p is not a mapper handle of this runtime; ignored", what, handle);
  return NULL;
}

TGT_API int64_t __tgt_mapper_num_components(void *handle) {
  struct mapper_components *c = mapper_handle(handle, "__tgt_mapper_num_components");
  return c ? c->a.n : 0;
}

TGT_API void __tgt_push_mapper_component(void *handle, void *base, void *begin, int64_t size,
                                         int64_t type, void *name) {
  struct mapper_components *c = mapper_handle(handle, "__tgt_push_mapper_component");
  if (!c)
    return;
  struct map_args *a = &c->a;
  if (a->n == c->cap) {
    int32_t cap = c->cap ? 2 * c->cap : 8;
    void **b = realloc(a->bases, cap * sizeof *b), **p = realloc(a->begins, cap * sizeof *p);
    int64_t *s = realloc(a->sizes, cap * sizeof *s), *t = realloc(a->types, cap * sizeof *t);
    void **nm = realloc(a->names, cap * sizeof *nm);
    a->bases = b ? b : a->bases, a->begins = p ? p : a->begins, a->sizes = s ? s : a->sizes;
    a->types = t ? t : a->types, a->names = nm ? nm : a->names;
    if (!b || !p || !s || !t || !nm) {
      tgt_error("out of memory expanding a user-defined mapper");
      return;
    }
    c->cap = cap;
  }
  int32_t i = a->n++;
  a->bases[i] = base, a->begins[i] = begin, a->sizes[i] = size, a->types[i] = type;
  a->names[i] = name;
}

typedef void (*mapper_fn)(void *handle, void *base, void *begin, int64_t size, int64_t type,
                          void *name);

static void free_components(struct mapper_components *c) {
  free(c->a.bases), free(c->a.begins), free(c->a.sizes), free(c->a.types), free(c->a.names);
}

static int64_t with_parent(int64_t type, int parent) {
  return (int64_t)(((uint64_t)type & ~MAP_MEMBER_OF) | ((uint64_t)(parent + 1) << 48));
}

// The argument list with every entry that has a mapper replaced by the components its mapper
// pushes, so that one pass over the whole list sees every reference to a range (a structure
// mapped through its mapper and one of its arrays mapped again must reach zero together).
// Member-of indices are renumbered for the new positions. Returns false when there is no
// mapper: *out is then *a.
static bool flatten(const struct map_args *a, struct mapper_components *out) {
  bool any = false;
  for (int i = 0; a->mappers && i < a->n && !any; i++)
    any = a->mappers[i] != NULL;
  memset(out, 0, sizeof *out);
  out->magic = MAPPER_MAGIC;
  if (!any) {
    out->a = *a;
    return false;
  }
  int *first = malloc(((size_t)a->n + 1) * sizeof *first);
  for (int i = 0; first && i < a->n; i++) {
    first[i] = out->a.n;
    void *name = a->names ? a->names[i] : NULL;
    if (!a->mappers[i]) {
      int p = map_parent(a->types[i]);
      __tgt_push_mapper_component(
          out, a->bases[i], a->begins[i], a->sizes[i],
          p >= 0 && p < i ? with_parent(a->types[i], first[p]) : a->types[i], name);
      continue;
    }
    struct mapper_components c = {.magic = MAPPER_MAGIC};
    ((mapper_fn)a->mappers[i])(&c, a->bases[i], a->begins[i], a->sizes[i], a->types[i], name);
    int outer = map_parent(a->types[i]);
    outer = outer >= 0 && outer < i ? first[outer] : -1;
    for (int k = 0; k < c.a.n; k++) {
      // A component's member-of names an earlier component; one naming itself or a later one
      // carries the entry's own member-of, which names an entry of the outer list.
      int p = map_parent(c.a.types[k]);
      int64_t type = c.a.types[k];
      if (p >= 0 && p < k)
        type = with_parent(type, first[i] + p);
      else if (p >= 0)
        type = outer >= 0 ? with_parent(type, outer) : (int64_t)((uint64_t)type & ~MAP_MEMBER_OF);
      __tgt_push_mapper_component(out, c.a.bases[k], c.a.begins[k], c.a.sizes[k], type,
                                  c.a.names[k]);
    }
    free_components(&c);
  }
  free(first);
  return true;
}

// Map names are source-location strings ";name;file;line;col;;".
const char *tgt_map_name(const struct map_args *a, int i, char *buf, size_t len) {
  const char *s = a->names ? (const char *)a->names[i] : NULL;
  if (!s || s[0] != ';')
    return "unknown";
  const char *end = strchr(s + 1, ';');
  size_t n = end ? (size_t)(end - s - 1) : strlen(s + 1);
  if (n >= len)
    n = len - 1;
  memcpy(buf, s + 1, n);
  buf[n] = 0;
  return buf;
}

static void raw_transfer(struct tgt_device *d, bool to, uintptr_t host, uintptr_t tgt,
                         uint64_t size, const tgt_ident_t *loc) {
  TGT_INFO(INFO_DATA_TRANSFER, d->id, "copying data from %s, HstPtr=%p, TgtPtr=%p, Size=%llu",
           to ? "host to device" : "device to host", (void *)host, (void *)tgt,
           (unsigned long long)size);
  uint64_t op_id = 0;
  int host_dev = tgt_num_devices();
  if (tgt_ompt_on)
    tgt_ompt_data_op(to ? OMPT_TO : OMPT_FROM, true, &op_id, to ? (void *)host : (void *)tgt,
                     to ? host_dev : d->id, to ? (void *)tgt : (void *)host, to ? d->id : host_dev,
                     size);
  int rc = to ? d->rtl->submit(d->rtl_id, (void *)tgt, (void *)host, size)
              : d->rtl->retrieve(d->rtl_id, (void *)host, (void *)tgt, size);
  if (tgt_ompt_on)
    tgt_ompt_data_op(to ? OMPT_TO : OMPT_FROM, false, &op_id, to ? (void *)host : (void *)tgt,
                     to ? host_dev : d->id, to ? (void *)tgt : (void *)host, to ? d->id : host_dev,
                     size);
  if (rc)
    tgt_fatal(loc, "device %d: copy of %llu bytes %s the device failed", d->id,
              (unsigned long long)size, to ? "to" : "from");
}

// A copy that leaves attached pointers alone: the host keeps its pointer values, the device
// its own.
static void transfer(struct tgt_device *d, bool to, uintptr_t host, uintptr_t tgt, uint64_t size,
                     const tgt_ident_t *loc) {
  if (host == tgt) // shared memory: the host's storage is the device's
    return;
  struct shadow *sh;
  size_t n = shadow_range(&d->shadows, host, host + size, &sh);
  uintptr_t keep[8], *saved = n <= 8 ? keep : malloc(n * sizeof *saved);
  if (!saved)
    tgt_fatal(loc, "out of memory");
  for (size_t i = 0; !to && i < n; i++)
    memcpy(&saved[i], (void *)sh[i].host_addr, sizeof *saved);
  raw_transfer(d, to, host, tgt, size, loc);
  for (size_t i = 0; i < n; i++)
    if (to)
      raw_transfer(d, true, (uintptr_t)&sh[i].tgt_value, sh[i].tgt_addr, sizeof(void *), loc);
    else
      memcpy((void *)sh[i].host_addr, &saved[i], sizeof *saved);
  if (saved != keep)
    free(saved);
}

// A range that is not mapped: fatal when its map type says `present` (what: the step).
static void absent(struct tgt_device *d, uintptr_t begin, uint64_t size, int64_t type,
                   const char *what, const tgt_ident_t *loc) {
  if (type & MAP_PRESENT)
    tgt_fatal(loc, "device %d: 'present' %s of host address %p (%llu bytes), which is not mapped",
              d->id, what, (void *)begin, (unsigned long long)size);
}

// Under shared memory a mapped range is its own device copy: nothing is allocated or copied,
// and the row (which keeps reference counts and presence as usual) owns nothing.
static uintptr_t shared_row(struct tgt_device *d, uintptr_t begin, uint64_t size, int64_t type,
                            bool *is_new, const tgt_ident_t *loc) {
  struct map_row *r = map_insert(&d->table, begin, size, begin);
  if (!r)
    tgt_fatal(loc, "device %d: out of memory for the mapping table", d->id);
  r->born = d->epoch;
  if (type & MAP_OMPX_HOLD)
    r->hold_ref = 1;
  else
    r->dyn_ref = 1;
  *is_new = true;
  return begin;
}

// Finds or creates the device copy of [begin, begin+size) and takes a reference when
// `count`. Returns the device address of begin (0 for an absent zero-length section); *is_new
// says whether the range's row was created by the current construct, which is when its data
// is copied in (a member of a structure lives in the structure's row). A new row keeps `base`,
// the section's base pointer, for map_translate_pointer.
static uintptr_t map_range(struct tgt_device *d, uintptr_t begin, uint64_t size, uintptr_t base,
                           int64_t type, bool count, bool *is_new, const tgt_ident_t *loc) {
  bool extends;
  struct map_row *r = map_find(&d->table, begin, size, &extends);
  *is_new = false;
  if (extends)
    tgt_fatal(loc, "device %d: mapping %p (%llu bytes) would extend an existing mapping", d->id,
              (void *)begin, (unsigned long long)size);
  if (r) {
    if (count && (type & MAP_OMPX_HOLD))
      r->hold_ref++;
    else if (count && r->dyn_ref != REF_INF)
      r->dyn_ref++;
    *is_new = r->born == d->epoch;
    TGT_INFO(INFO_MAPPING_EXISTS, d->id,
             "mapping exists with HstPtrBegin=%p, TgtPtrBegin=%p, Size=%llu, DynRefCount=%lld, "
             "HoldRefCount=%llu",
             (void *)begin, (void *)(r->tgt + (begin - r->begin)), (unsigned long long)size,
             r->dyn_ref == REF_INF ? -1LL : (long long)r->dyn_ref, (unsigned long long)r->hold_ref);
    return r->tgt + (begin - r->begin);
  }
  absent(d, begin, size, type, "map", loc);
  if (size == 0)
    return 0;
  if (tgt_shared_memory(d))
    return shared_row(d, begin, size, type, is_new, loc);
  uint64_t op_id = 0;
  if (tgt_ompt_on)
    tgt_ompt_data_op(OMPT_ALLOC, true, &op_id, (void *)begin, tgt_num_devices(), NULL, d->id, size);
  void *tgt = d->rtl->alloc(d->rtl_id, size);
  if (tgt_ompt_on)
    tgt_ompt_data_op(OMPT_ALLOC, false, &op_id, (void *)begin, tgt_num_devices(), tgt, d->id, size);
  if (!tgt)
    tgt_fatal(loc, "device %d: cannot allocate %llu bytes", d->id, (unsigned long long)size);
  r = map_insert(&d->table, begin, size, (uintptr_t)tgt);
  if (!r)
    tgt_fatal(loc, "device %d: out of memory for the mapping table", d->id);
  r->owned = true;
  r->born = d->epoch;
  r->base = base <= begin ? base : begin;
  if (type & MAP_OMPX_HOLD)
    r->hold_ref = 1;
  else
    r->dyn_ref = 1;
  *is_new = true;
  TGT_INFO(INFO_MAPPING_EXISTS, d->id,
           "creating new map entry with HstPtrBegin=%p, TgtPtrBegin=%p, Size=%llu", (void *)begin,
           tgt, (unsigned long long)size);
  return (uintptr_t)tgt;
}

// Points the device copy of the pointer at `ptr_addr` to the device copy of its pointee.
static void attach(struct tgt_device *d, uintptr_t ptr_addr, uintptr_t pointee,
                   const tgt_ident_t *loc) {
  void *dev_ptr = map_translate(&d->table, ptr_addr);
  void *dev_pointee = map_translate(&d->table, pointee);
  if (!dev_ptr || !dev_pointee || (uintptr_t)dev_ptr == ptr_addr) // shared: already right
    return;
  uintptr_t host_value;
  memcpy(&host_value, (void *)ptr_addr, sizeof host_value);
  uintptr_t value = (uintptr_t)dev_pointee - (pointee - host_value);
  raw_transfer(d, true, (uintptr_t)&value, (uintptr_t)dev_ptr, sizeof value, loc);
  shadow_put(&d->shadows, (struct shadow){ptr_addr, (uintptr_t)dev_ptr, value});
}

void tgt_entry_clip(struct tgt_device *d, uintptr_t *begin, uint64_t *size) {
  bool extends;
  if (!map_find(&d->table, *begin, *size, &extends) && extends)
    map_clip(&d->table, begin, size);
}

static void show_args(struct tgt_device *d, const struct map_args *a) {
  for (int i = 0; i < a->n; i++) {
    char name[128];
    tgt_info(d->id, "  arg %d: %s base=%p begin=%p size=%lld type=0x%llx", i,
             tgt_map_name(a, i, name, sizeof name), a->bases[i], a->begins[i],
             (long long)a->sizes[i], (unsigned long long)a->types[i]);
  }
}

static void data_begin_flat(struct tgt_device *d, const struct map_args *a,
                            const tgt_ident_t *loc) {
  if (tgt_info_flags & INFO_KERNEL_ARGS)
    show_args(d, a);
  d->epoch++;
  for (int i = 0; i < a->n; i++) {
    int64_t type = a->types[i];
    if (type & (MAP_LITERAL | MAP_PRIVATE | MAP_ATTACH))
      continue;
    uintptr_t begin, base = (uintptr_t)a->bases[i];
    uint64_t size;
    tgt_entry_range(d, a, i, &begin, &size);
    int parent = map_parent(type);
    bool member = parent >= 0 && parent < i, is_new;
    // The base of a pointer-and-object entry is the pointer's address, not its value.
    if (type & MAP_PTR_AND_OBJ)
      map_range(d, base, sizeof(void *), base, type & ~MAP_PRESENT, !member, &is_new, loc);
    uintptr_t tgt = map_range(d, begin, size, type & MAP_PTR_AND_OBJ ? begin : base, type,
                              !member || (type & MAP_PTR_AND_OBJ), &is_new, loc);
    if (tgt && size && (type & MAP_TO) && (is_new || (type & MAP_ALWAYS)))
      transfer(d, true, begin, tgt, size, loc);
    if (type & MAP_PTR_AND_OBJ)
      attach(d, base, begin, loc);
  }
  for (int i = 0; i < a->n; i++)
    if (a->types[i] & MAP_ATTACH)
      attach(d, (uintptr_t)a->bases[i], (uintptr_t)a->begins[i], loc);
}

// use_device_ptr and use_device_addr: the device address goes back in the base array.
static void return_params(struct tgt_device *d, const struct map_args *a) {
  for (int i = 0; i < a->n; i++) {
    if (!(a->types[i] & MAP_RETURN_PARAM))
      continue;
    uintptr_t begin = (uintptr_t)a->begins[i], base = (uintptr_t)a->bases[i];
    void *t =
        a->sizes[i] ? map_translate(&d->table, begin) : map_translate_pointer(&d->table, begin);
    if (t)
      a->bases[i] = (char *)t - (begin - base);
  }
}

// Drops the references one entry holds; marks rows whose counts reach zero.
static void release_range(struct tgt_device *d, uintptr_t begin, uint64_t size, int64_t type,
                          bool count, const tgt_ident_t *loc) {
  bool extends;
  struct map_row *r = map_find(&d->table, begin, size, &extends);
  if (!r) {
    absent(d, begin, size, type, "map at exit", loc);
    return;
  }
  if (!count)
    return;
  // A row that is never released (associated, global) still counts its ompx_hold references.
  if (r->dyn_ref == REF_INF) {
    if ((type & MAP_OMPX_HOLD) && r->hold_ref)
      r->hold_ref--;
    return;
  }
  if (type & MAP_DELETE)
    r->dyn_ref = 0;
  else if ((type & MAP_OMPX_HOLD) && r->hold_ref)
    r->hold_ref--;
  else if (!(type & MAP_OMPX_HOLD) && r->dyn_ref)
    r->dyn_ref--;
  r->releasing = r->dyn_ref == 0 && r->hold_ref == 0;
}

static void remove_if_released(struct tgt_device *d, uintptr_t begin, uint64_t size) {
  bool extends;
  struct map_row *r = map_find(&d->table, begin, size, &extends);
  if (!r || !r->releasing)
    return;
  TGT_INFO(INFO_MAPPING_EXISTS, d->id,
           "removing map entry with HstPtrBegin=%p, TgtPtrBegin=%p, "
           "Size=%llu",
           (void *)r->begin, (void *)r->tgt, (unsigned long long)(r->end - r->begin));
  shadow_drop(&d->shadows, r->begin, r->end);
  if (r->owned) {
    uint64_t op_id = 0;
    size_t bytes = r->end - r->begin;
    if (tgt_ompt_on)
      tgt_ompt_data_op(OMPT_DELETE, true, &op_id, (void *)r->begin, tgt_num_devices(),
                       (void *)r->tgt, d->id, bytes);
    d->rtl->free(d->rtl_id, (void *)r->tgt);
    if (tgt_ompt_on)
      tgt_ompt_data_op(OMPT_DELETE, false, &op_id, (void *)r->begin, tgt_num_devices(),
                       (void *)r->tgt, d->id, bytes);
  }
  map_remove(&d->table, r);
}

static bool skip_at_end(const struct map_args *a, int i) {
  return a->types[i] & (MAP_LITERAL | MAP_PRIVATE | MAP_ATTACH);
}

// Three passes, so that members (listed after their structure) see whether the structure is
// released before anything is copied back or freed.
static void data_end_flat(struct tgt_device *d, const struct map_args *a, const tgt_ident_t *loc) {
  for (int i = a->n - 1; i >= 0; i--) {
    if (skip_at_end(a, i))
      continue;
    int64_t type = a->types[i];
    bool member = map_parent(type) >= 0;
    uintptr_t begin;
    uint64_t size;
    tgt_entry_range(d, a, i, &begin, &size);
    release_range(d, begin, size, type, !member || (type & MAP_PTR_AND_OBJ), loc);
    if (type & MAP_PTR_AND_OBJ)
      release_range(d, (uintptr_t)a->bases[i], sizeof(void *), type & ~MAP_PRESENT, !member, loc);
  }
  for (int i = 0; i < a->n; i++) {
    int64_t type = a->types[i];
    if (skip_at_end(a, i) || !(type & MAP_FROM) || !a->sizes[i])
      continue;
    bool extends;
    uintptr_t begin;
    uint64_t size;
    tgt_entry_range(d, a, i, &begin, &size);
    struct map_row *r = map_find(&d->table, begin, size, &extends);
    if (r && (r->releasing || (type & MAP_ALWAYS)))
      transfer(d, false, begin, r->tgt + (begin - r->begin), size, loc);
  }
  for (int i = 0; i < a->n; i++) {
    if (skip_at_end(a, i))
      continue;
    uintptr_t begin;
    uint64_t size;
    tgt_entry_range(d, a, i, &begin, &size);
    remove_if_released(d, begin, size);
    if (a->types[i] & MAP_PTR_AND_OBJ)
      remove_if_released(d, (uintptr_t)a->bases[i], sizeof(void *));
  }
}

// One contiguous piece of a target update.
static void update_piece(struct tgt_device *d, uintptr_t begin, uint64_t size, int64_t type,
                         const tgt_ident_t *loc) {
  bool extends;
  struct map_row *r = map_find(&d->table, begin, size, &extends);
  if (!r) {
    absent(d, begin, size, type, "update", loc);
    TGT_INFO(INFO_MAPPING_EXISTS, d->id, "update of %p (%llu bytes) skipped: not mapped",
             (void *)begin, (unsigned long long)size);
    return;
  }
  if (size)
    transfer(d, type & MAP_TO, begin, r->tgt + (begin - r->begin), size, loc);
}

// A non-contiguous section: one {offset, count, stride} descriptor per dimension, outermost
// first, the innermost giving the element size. Element i of a dimension lies (offset + i) *
// stride bytes in, as LLVM's libomptarget reads it; the descriptor carries no element count
// per stride, so a strided dimension with a non-zero lower bound cannot be placed exactly
// (docs/offload.md).
struct dim {
  int64_t offset, count, stride;
};
static void update_strided(struct tgt_device *d, uintptr_t base, const struct dim *dims, int ndims,
                           int level, uint64_t offset, int64_t type, const tgt_ident_t *loc) {
  const struct dim *x = &dims[level];
  for (int64_t i = 0; i < x->count; i++) {
    uint64_t at = offset + (uint64_t)((x->offset + i) * x->stride);
    if (level == ndims - 1)
      update_piece(d, base + at, (uint64_t)x->stride, type, loc);
    else
      update_strided(d, base, dims, ndims, level + 1, at, type, loc);
  }
}

static void data_update_flat(struct tgt_device *d, const struct map_args *a,
                             const tgt_ident_t *loc) {
  for (int i = 0; i < a->n; i++) {
    int64_t type = a->types[i];
    if (!(type & (MAP_TO | MAP_FROM)) || (type & (MAP_LITERAL | MAP_PRIVATE | MAP_ATTACH)))
      continue;
    if ((uint64_t)type & MAP_NON_CONTIG)
      update_strided(d, (uintptr_t)a->bases[i], a->begins[i], (int)a->sizes[i], 0, 0, type, loc);
    else
      update_piece(d, (uintptr_t)a->begins[i], a->sizes[i], type, loc);
  }
}

typedef void (*flat_step)(struct tgt_device *, const struct map_args *, const tgt_ident_t *);

// Runs a step on the argument list with its mappers expanded.
static void on_flattened(flat_step step, struct tgt_device *d, const struct map_args *a,
                         const tgt_ident_t *loc) {
  struct mapper_components flat;
  bool owned = flatten(a, &flat);
  step(d, &flat.a, loc);
  if (owned)
    free_components(&flat);
}

int tgt_data_begin(struct tgt_device *d, const struct map_args *a, const tgt_ident_t *loc) {
  on_flattened(data_begin_flat, d, a, loc);
  return_params(d, a);
  return 0;
}

int tgt_data_end(struct tgt_device *d, const struct map_args *a, const tgt_ident_t *loc) {
  on_flattened(data_end_flat, d, a, loc);
  return 0;
}

int tgt_data_update(struct tgt_device *d, const struct map_args *a, const tgt_ident_t *loc) {
  on_flattened(data_update_flat, d, a, loc);
  return 0;
}
