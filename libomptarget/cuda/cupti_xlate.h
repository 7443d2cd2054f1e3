// CUPTI activity records into OMPT trace records (ompt_record_ompt_t). Pure bookkeeping, no
// CUPTI calls: the plugin notes each operation it issues under an external correlation id
// (pushed to CUPTI around the driver call), feeds CUPTI's records here as they arrive, and
// hands the translated records on. Tested with synthetic records (test/offload/cupti_xlate.c).
#pragma once
#include <omp-tools.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// The CUPTI activity kinds and record fields used here (CUPTI 13's documented layouts:
// CUpti_ActivityKernel10, CUpti_ActivityMemcpy6, CUpti_ActivityMemset4,
// CUpti_ActivityExternalCorrelation).
enum {
  CUPTI_KIND_MEMCPY = 1,
  CUPTI_KIND_MEMSET = 2,
  CUPTI_KIND_KERNEL = 3,
  CUPTI_KIND_CONCURRENT_KERNEL = 10,
  CUPTI_KIND_EXTERNAL_CORRELATION = 39,
  CUPTI_MEMCPY_HTOD = 1,
  CUPTI_MEMCPY_DTOH = 2,
  CUPTI_MEMCPY_DTOD = 8,
  CUPTI_EXTERNAL_KIND_CUSTOM0 = 3, // the kind Glass pushes its ids under
};
struct cupti_layout {
  uint16_t start, end, correlation, size;
};
// Offsets of start, end and correlationId, and the record's size, per kind.
#define CUPTI_KERNEL_LAYOUT ((struct cupti_layout){16, 24, 92, 216})
#define CUPTI_MEMCPY_LAYOUT ((struct cupti_layout){16, 24, 44, 96})
#define CUPTI_MEMSET_LAYOUT ((struct cupti_layout){16, 24, 44, 88})
enum {
  CUPTI_KERNEL_DEVICE = 40, // deviceId
  CUPTI_COPY_DEVICE = 32,   // deviceId of memcpy and memset records
  CUPTI_KERNEL_GRID_X = 52, // then grid y, z: uint32 each
  CUPTI_MEMCPY_COPY_KIND = 4,
  CUPTI_MEMCPY_BYTES = 8,
  CUPTI_MEMSET_BYTES = 8,
  CUPTI_EXTCORR_KIND = 4,
  CUPTI_EXTCORR_ID = 8,
  CUPTI_EXTCORR_CORRELATION = 16,
  CUPTI_EXTCORR_SIZE = 24,
};

// The external id of the plugin's own driver calls: their records are consumed silently.
#define XL_INTERNAL_ID UINT64_MAX

// What the plugin knew of an operation when it issued it.
struct xl_op {
  uint64_t ext_id;     // its external correlation id (unique, non-zero)
  uint64_t target_id;  // the construct's OMPT target_id (0 outside one)
  uint64_t host_op_id; // the host callbacks' id for it
  uint64_t thread_id;  // the issuing thread's OMPT id, for the record's thread_id
  int optype;          // ompt_target_data_op_t, or 0 for a kernel
  void *src, *dst;
  int src_dev, dst_dev;
  uint32_t requested_teams;
  const void *codeptr;
  int dev; // the plugin's device number, handed back with the record
};

enum xl_result {
  XL_RECORD,   // *out holds an OMPT record
  XL_CONSUMED, // bookkeeping (an external correlation): nothing to deliver
  XL_PENDING,  // held until its correlation arrives (xl_next_ready hands it out)
  XL_IGNORED,  // a kind or an operation with no OMPT record
  XL_ERROR,    // out of memory: the record could not be kept
};

struct xl_pending {
  unsigned char rec[216]; // a copy of the activity record (the largest layout)
  uint32_t kind;
};

struct xl_state {
  pthread_mutex_t lock;
  struct xl_op *ops; // open addressing by ext_id; ext_id 0 = empty
  size_t ops_cap, ops_n;
  struct xl_corr {
    uint32_t corr;
    uint64_t ext;
  } * corr; // open addressing by CUPTI correlation id; corr 0 = empty
  size_t corr_cap, corr_n;
  struct xl_pending *pending;
  size_t pending_n, pending_cap;
  uint64_t unmatched; // records delivered without a known operation
};

void xl_init(struct xl_state *s);
void xl_destroy(struct xl_state *s);
// Notes an operation before it is issued. False: out of memory (its records will carry no ids).
bool xl_note_op(struct xl_state *s, const struct xl_op *op);
// Translates one CUPTI activity record (`kind` first, as CUPTI lays them out). *dev receives
// the noted operation's device, or -1 when the operation is unknown.
enum xl_result xl_translate(struct xl_state *s, const void *record, ompt_record_ompt_t *out,
                            int *dev);
// A held record that can now be translated; with `final`, every held record, whether its
// correlation arrived or not (then without ids). False when there is none. `raw`, when not
// NULL, receives a copy of the activity record.
bool xl_next_ready(struct xl_state *s, bool final, ompt_record_ompt_t *out, int *dev,
                   struct xl_pending *raw);
// The size of an activity record of this kind in CUPTI's layout (0: a kind not handled here).
size_t xl_record_size(uint32_t kind);
