// CUPTI gives each driver call a correlation id and, for the external id pushed around it, an
// EXTERNAL_CORRELATION record pairing the two. The activity record (kernel, memcpy, memset)
// may arrive before or after that pair, in another buffer: records are held until their pair
// arrives, and the final flush delivers what is still held without ids rather than lose it.
#include "cupti_xlate.h"

#include "../grow.h"

#include <stdlib.h>
#include <string.h>

static uint32_t rd32(const void *rec, size_t off) {
  uint32_t v;
  memcpy(&v, (const char *)rec + off, 4);
  return v;
}
static uint64_t rd64(const void *rec, size_t off) {
  uint64_t v;
  memcpy(&v, (const char *)rec + off, 8);
  return v;
}

static size_t mix(uint64_t x, size_t cap) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (size_t)x & (cap - 1);
}

void xl_init(struct xl_state *s) {
  *s = (struct xl_state){0};
  pthread_mutex_init(&s->lock, NULL);
}

void xl_destroy(struct xl_state *s) {
  free(s->ops), free(s->corr), free(s->pending);
  pthread_mutex_destroy(&s->lock);
  *s = (struct xl_state){0};
}

// ---- open-addressing tables ------------------------------------------------------------------
// Both tables (ext_id -> operation, correlation id -> ext_id) probe linearly from the key's
// hash; key 0 marks an empty slot. Entries are `size` bytes with their key read by `key`.

typedef uint64_t (*key_fn)(const void *entry);

static void *slot(void *table, size_t size, size_t i) {
  return (char *)table + i * size;
}

// The slot holding `k`, or the empty slot where it would go.
static size_t probe(void *table, size_t size, size_t cap, uint64_t k, key_fn key) {
  size_t i = mix(k, cap);
  while (key(slot(table, size, i)) && key(slot(table, size, i)) != k)
    i = (i + 1) & (cap - 1);
  return i;
}

// Empties slot i, moving later entries of its probe run back (backward-shift deletion keeps
// probes short and needs no tombstones).
static void remove_at(void *table, size_t size, size_t cap, size_t i, key_fn key) {
  size_t mask = cap - 1;
  for (size_t j = (i + 1) & mask; key(slot(table, size, j)); j = (j + 1) & mask) {
    size_t home = mix(key(slot(table, size, j)), cap);
    // Move j into the hole at i unless its home lies cyclically in (i, j].
    if (((j - home) & mask) >= ((j - i) & mask)) {
      memcpy(slot(table, size, i), slot(table, size, j), size);
      i = j;
    }
  }
  memset(slot(table, size, i), 0, size);
}

// Moves the entry with key k (not 0) into *out and empties its slot; false when absent.
static bool table_take(void *table, size_t size, size_t cap, size_t *n, uint64_t k, key_fn key,
                       void *out) {
  if (!cap || !k)
    return false;
  size_t i = probe(table, size, cap, k, key);
  if (!key(slot(table, size, i)))
    return false;
  memcpy(out, slot(table, size, i), size);
  remove_at(table, size, cap, i, key);
  --*n;
  return true;
}

// ---- ext_id -> operation --------------------------------------------------------------------

static uint64_t op_key(const void *e) {
  return ((const struct xl_op *)e)->ext_id;
}

// Doubles a table (256 slots at first), rehashing its entries.
static bool table_grow(void **table, size_t size, size_t *cap, key_fn key) {
  size_t old_cap = *cap, new_cap = old_cap ? 2 * old_cap : 256;
  void *t = calloc(new_cap, size);
  if (!t)
    return false;
  for (size_t i = 0; i < old_cap; i++) {
    void *e = slot(*table, size, i);
    if (key(e))
      memcpy(slot(t, size, probe(t, size, new_cap, key(e), key)), e, size);
  }
  free(*table);
  *table = t, *cap = new_cap;
  return true;
}

// Removes the operation with this id into *out.
static bool ops_take(struct xl_state *s, uint64_t ext, struct xl_op *out) {
  return table_take(s->ops, sizeof *s->ops, s->ops_cap, &s->ops_n, ext, op_key, out);
}

bool xl_note_op(struct xl_state *s, const struct xl_op *op) {
  if (!op->ext_id)
    return false;
  pthread_mutex_lock(&s->lock);
  bool ok = (s->ops_n + 1) * 2 <= s->ops_cap ||
            table_grow((void **)&s->ops, sizeof *s->ops, &s->ops_cap, op_key);
  if (ok) {
    s->ops[probe(s->ops, sizeof *s->ops, s->ops_cap, op->ext_id, op_key)] = *op;
    s->ops_n++;
  }
  pthread_mutex_unlock(&s->lock);
  return ok;
}

// ---- correlation id -> ext_id ---------------------------------------------------------------

static uint64_t corr_key(const void *e) {
  return ((const struct xl_corr *)e)->corr;
}

static bool corr_put(struct xl_state *s, uint32_t corr, uint64_t ext) {
  if ((s->corr_n + 1) * 2 > s->corr_cap &&
      !table_grow((void **)&s->corr, sizeof *s->corr, &s->corr_cap, corr_key))
    return false;
  size_t i = probe(s->corr, sizeof *s->corr, s->corr_cap, corr, corr_key);
  if (!s->corr[i].corr)
    s->corr_n++;
  s->corr[i].corr = corr, s->corr[i].ext = ext;
  return true;
}

static bool corr_take(struct xl_state *s, uint32_t corr, uint64_t *ext) {
  struct xl_corr c;
  if (!table_take(s->corr, sizeof *s->corr, s->corr_cap, &s->corr_n, corr, corr_key, &c))
    return false;
  *ext = c.ext;
  return true;
}

// ---- translation ----------------------------------------------------------------------------

static struct cupti_layout layout_of(uint32_t kind) {
  switch (kind) {
  case CUPTI_KIND_KERNEL:
  case CUPTI_KIND_CONCURRENT_KERNEL:
    return CUPTI_KERNEL_LAYOUT;
  case CUPTI_KIND_MEMCPY:
    return CUPTI_MEMCPY_LAYOUT;
  case CUPTI_KIND_MEMSET:
    return CUPTI_MEMSET_LAYOUT;
  default:
    return (struct cupti_layout){0, 0, 0, 0};
  }
}

static int copy_direction(uint8_t copy_kind) {
  switch (copy_kind) {
  case CUPTI_MEMCPY_HTOD:
  case CUPTI_MEMCPY_DTOD: // device to device: reported as to the (destination) device
    return ompt_target_data_transfer_to_device;
  case CUPTI_MEMCPY_DTOH:
    return ompt_target_data_transfer_from_device;
  default:
    return 0;
  }
}

// The OMPT record of an activity record and the operation it belongs to (op NULL: unknown).
static enum xl_result build(uint32_t kind, const void *rec, const struct xl_op *op,
                            ompt_record_ompt_t *out) {
  struct cupti_layout l = layout_of(kind);
  memset(out, 0, sizeof *out);
  out->time = rd64(rec, l.start);
  if (op)
    out->thread_id = op->thread_id, out->target_id = op->target_id;
  uint64_t end = rd64(rec, l.end);
  if (kind == CUPTI_KIND_KERNEL || kind == CUPTI_KIND_CONCURRENT_KERNEL) {
    uint64_t teams = (uint64_t)rd32(rec, CUPTI_KERNEL_GRID_X) * rd32(rec, CUPTI_KERNEL_GRID_X + 4) *
                     rd32(rec, CUPTI_KERNEL_GRID_X + 8);
    out->type = ompt_callback_target_submit;
    out->record.target_kernel = (ompt_record_target_kernel_t){
        .host_op_id = op ? op->host_op_id : 0,
        .requested_num_teams = op ? op->requested_teams : 0,
        .granted_num_teams = teams > UINT32_MAX ? UINT32_MAX : (unsigned)teams,
        .end_time = end,
    };
    return XL_RECORD;
  }
  int optype = op && op->optype ? op->optype
               : kind == CUPTI_KIND_MEMCPY
                   ? copy_direction(((const unsigned char *)rec)[CUPTI_MEMCPY_COPY_KIND])
                   : 0;
  if (!optype) // a memset the host did not describe: OMPT has no operation for it
    return XL_IGNORED;
  out->type = ompt_callback_target_data_op;
  out->record.target_data_op = (ompt_record_target_data_op_t){
      .host_op_id = op ? op->host_op_id : 0,
      .optype = (ompt_target_data_op_t)optype,
      .src_addr = op ? op->src : NULL,
      .src_device_num = op ? op->src_dev : 0,
      .dest_addr = op ? op->dst : NULL,
      .dest_device_num = op ? op->dst_dev : 0,
      .bytes = rd64(rec, kind == CUPTI_KIND_MEMCPY ? CUPTI_MEMCPY_BYTES : CUPTI_MEMSET_BYTES),
      .end_time = end,
      .codeptr_ra = op ? op->codeptr : NULL,
  };
  return XL_RECORD;
}

// Translates a record whose correlation is known. Called with the lock held.
static enum xl_result resolve(struct xl_state *s, uint32_t kind, const void *rec, uint64_t ext,
                              ompt_record_ompt_t *out, int *dev) {
  struct xl_op op;
  bool known = ops_take(s, ext, &op);
  if (!known)
    s->unmatched++;
  *dev = known ? op.dev : -1;
  return build(kind, rec, known ? &op : NULL, out);
}

static enum xl_result hold(struct xl_state *s, uint32_t kind, const void *rec) {
  if (s->pending_n == s->pending_cap) {
    struct xl_pending *p = tgt_grow(s->pending, &s->pending_cap, sizeof *p, 64);
    if (!p)
      return XL_ERROR;
    s->pending = p;
  }
  struct xl_pending *p = &s->pending[s->pending_n++];
  p->kind = kind;
  memcpy(p->rec, rec, layout_of(kind).size);
  return XL_PENDING;
}

enum xl_result xl_translate(struct xl_state *s, const void *rec, ompt_record_ompt_t *out,
                            int *dev) {
  uint32_t kind = rd32(rec, 0);
  *dev = -1;
  enum xl_result r;
  pthread_mutex_lock(&s->lock);
  if (kind == CUPTI_KIND_EXTERNAL_CORRELATION) {
    r = XL_CONSUMED;
    if (rd32(rec, CUPTI_EXTCORR_KIND) == CUPTI_EXTERNAL_KIND_CUSTOM0 &&
        !corr_put(s, rd32(rec, CUPTI_EXTCORR_CORRELATION), rd64(rec, CUPTI_EXTCORR_ID)))
      r = XL_ERROR;
  } else if (layout_of(kind).size == 0) {
    r = XL_IGNORED;
  } else {
    uint64_t ext;
    uint32_t corr = rd32(rec, layout_of(kind).correlation);
    if (!corr_take(s, corr, &ext))
      r = hold(s, kind, rec);
    else
      r = ext == XL_INTERNAL_ID ? XL_IGNORED : resolve(s, kind, rec, ext, out, dev);
  }
  pthread_mutex_unlock(&s->lock);
  return r;
}

size_t xl_record_size(uint32_t kind) {
  return layout_of(kind).size;
}

bool xl_next_ready(struct xl_state *s, bool final, ompt_record_ompt_t *out, int *dev,
                   struct xl_pending *raw) {
  pthread_mutex_lock(&s->lock);
  bool found = false;
  for (size_t i = 0; i < s->pending_n && !found; i++) {
    struct xl_pending p = s->pending[i];
    uint64_t ext = 0;
    bool ready = corr_take(s, rd32(p.rec, layout_of(p.kind).correlation), &ext);
    if (!ready && !final)
      continue;
    // Removed in order, so that records keep the order they arrived in.
    memmove(&s->pending[i], &s->pending[i + 1], (s->pending_n - i - 1) * sizeof p);
    s->pending_n--;
    i--;
    found = ext != XL_INTERNAL_ID && resolve(s, p.kind, p.rec, ext, out, dev) == XL_RECORD;
    if (found && raw)
      *raw = p;
  }
  pthread_mutex_unlock(&s->lock);
  return found;
}
