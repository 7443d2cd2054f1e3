// A tool that keeps the data of two client tools per object, the way a multiplexing tool does:
// a pair is allocated at each begin event and freed at the matching end event. The initial
// task's end event frees the pair of its implicit parallel region too (there is no other event
// for the end of that region), so it dereferences parallel_data there. Counts what is live and
// reports it at finalize: nothing may leak and no pointer may be NULL or stale.
#include <omp-tools.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define MAGIC 0x5041495255ull // "PAIR"

typedef struct {
  unsigned long long magic;
  ompt_data_t client[2];
} pair_t;

static atomic_int live_parallel, live_task, live_thread, errors;

static pair_t *pair_new(void) {
  pair_t *p = calloc(1, sizeof *p);
  p->magic = MAGIC;
  return p;
}

// Frees the pair in d, which must be one of ours; complains otherwise.
static void pair_free(ompt_data_t *d, const char *what, atomic_int *live) {
  if (!d) {
    printf("pair_tool: %s: NULL data pointer\n", what);
    atomic_fetch_add(&errors, 1);
    return;
  }
  pair_t *p = d->ptr;
  if (!p || p->magic != MAGIC) {
    printf("pair_tool: %s: no live pair (%p)\n", what, (void *)p);
    atomic_fetch_add(&errors, 1);
    return;
  }
  p->magic = 0;
  free(p);
  d->ptr = NULL;
  atomic_fetch_sub(live, 1);
}

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data) {
  (void)type;
  thread_data->ptr = pair_new();
  atomic_fetch_add(&live_thread, 1);
}

static void on_thread_end(ompt_data_t *thread_data) {
  pair_free(thread_data, "thread_end", &live_thread);
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *parallel,
                              unsigned requested, int flags, const void *codeptr) {
  (void)task, (void)frame, (void)requested, (void)flags, (void)codeptr;
  parallel->ptr = pair_new();
  atomic_fetch_add(&live_parallel, 1);
}

static void on_parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags,
                            const void *codeptr) {
  (void)task, (void)flags, (void)codeptr;
  pair_free(parallel, "parallel_end", &live_parallel);
}

static void on_implicit_task(ompt_scope_endpoint_t ep, ompt_data_t *parallel, ompt_data_t *task,
                             unsigned n, unsigned index, int flags) {
  (void)n, (void)index;
  if (ep == ompt_scope_begin) {
    // The initial task's implicit parallel region has no parallel_begin: its pair starts here.
    if (flags & ompt_task_initial) {
      parallel->ptr = pair_new();
      atomic_fetch_add(&live_parallel, 1);
    }
    task->ptr = pair_new();
    atomic_fetch_add(&live_task, 1);
    return;
  }
  if (flags & ompt_task_initial) {
    pair_free(parallel, "initial task end: parallel_data", &live_parallel);
    printf("pair_tool: initial task end\n");
  }
  pair_free(task, "implicit task end: task_data", &live_task);
}

static int initialize(ompt_function_lookup_t lookup, int num, ompt_data_t *data) {
  (void)num, (void)data;
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  set(ompt_callback_thread_begin, (ompt_callback_t)on_thread_begin);
  set(ompt_callback_thread_end, (ompt_callback_t)on_thread_end);
  set(ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin);
  set(ompt_callback_parallel_end, (ompt_callback_t)on_parallel_end);
  set(ompt_callback_implicit_task, (ompt_callback_t)on_implicit_task);
  return 1;
}

static void finalize(ompt_data_t *data) {
  (void)data;
  printf("pair_tool: finalize live parallel=%d task=%d thread=%d errors=%d\n",
         atomic_load(&live_parallel), atomic_load(&live_task), atomic_load(&live_thread),
         atomic_load(&errors));
  fflush(stdout);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int v, const char *runtime) {
  (void)v, (void)runtime;
  static ompt_start_tool_result_t r = {initialize, finalize, {0}};
  setvbuf(stdout, NULL, _IONBF, 0);
  return &r;
}
