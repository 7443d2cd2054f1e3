// parallel_begin's frame for serialized regions: the encountering task's enter_frame is the
// frame of the runtime entry point the task called (a live frame between the tool's callback
// and the encountering function, flags runtime|framepointer), as for an active region; with
// frame pointers, that frame's saved frame pointer is the encountering function's frame.
// Serialized here: if(0) (__kmpc_serialized_parallel, the program calls the outlined
// function), a region nested beyond max-active-levels and num_threads(1) (__kmpc_fork_call),
// on the initial thread and on workers. Without frame pointers (last two RUN lines) the
// caller's frame pointer register holds anything, so only the runtime's own frame is valid.
// REQUIRES: ompt
// RUN: %compile -DWITH_FP && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %run %t | %FileCheck %s
// RUN: %cc %flags -O2 -fomit-frame-pointer %s -o %t.nofp
// RUN: env OMP_NUM_THREADS=2 %run %t.nofp | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

static __thread void *seen_enter, *seen_cb_frame;
static __thread int seen_flags, seen;

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *parallel,
                              unsigned requested, int flags, const void *codeptr) {
  (void)task, (void)parallel, (void)requested, (void)flags, (void)codeptr;
  seen_enter = frame ? frame->enter_frame.ptr : NULL;
  seen_flags = frame ? frame->enter_frame_flags : -1;
  seen_cb_frame = __builtin_frame_address(0);
  seen++;
}

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  ompt_set_callback_t set = TOOL_LOOKUP(l, set_callback);
  TOOL_SET(set, parallel_begin, on_parallel_begin);
  (void)dev, (void)data;
  return 1;
}
TOOL_START(initialize, tool_finalize_nothing)

static int errors;

// Judges the parallel_begin this thread saw last, for a region encountered by a function whose
// local variable is at `local` (and, with frame pointers, whose frame is `fp`).
static void judge(const char *what, const volatile char *local, void *fp) {
  int bad = 0;
  if (seen != 1) {
    printf("mismatch %s: %d parallel_begin on this thread, expected 1\n", what, seen);
    bad = 1;
  } else {
    if (seen_enter == NULL)
      printf("mismatch %s: enter_frame is NULL\n", what), bad = 1;
    if (seen_flags != (ompt_frame_runtime | ompt_frame_framepointer))
      printf("mismatch %s: enter_frame_flags 0x%x\n", what, seen_flags), bad = 1;
    if (!((uintptr_t)seen_cb_frame < (uintptr_t)seen_enter &&
          (uintptr_t)seen_enter < (uintptr_t)local))
      printf("mismatch %s: enter_frame %p is not between the callback %p and the encountering "
             "function %p\n",
             what, seen_enter, seen_cb_frame, (const void *)local),
          bad = 1;
    else if (fp && *(void **)seen_enter != fp)
      printf("mismatch %s: enter_frame %p links to %p, not to the encountering frame %p\n", what,
             seen_enter, *(void **)seen_enter, fp),
          bad = 1;
  }
  seen = 0;
  if (bad) {
#pragma omp atomic
    errors++;
  }
}

#ifdef WITH_FP
#define MY_FRAME() __builtin_frame_address(0)
#else
#define MY_FRAME() NULL // asking for it would give this function a frame pointer
#endif

__attribute__((noinline)) static void if0_region(int on) {
  volatile char local = 0;
  seen = 0;
#pragma omp parallel if (on)
  local = 1;
  judge("if(0)", &local, MY_FRAME());
}

__attribute__((noinline)) static void one_thread_region(void) {
  volatile char local = 0;
  seen = 0;
#pragma omp parallel num_threads(1)
  local = 1;
  judge("num_threads(1)", &local, MY_FRAME());
}

__attribute__((noinline)) static void nested_region(void) {
  volatile char local = 0;
  seen = 0;
#pragma omp parallel num_threads(2)
  local = 1;
  judge("nested beyond max-active-levels", &local, MY_FRAME());
}

__attribute__((noinline)) static void active_region(void) {
  volatile char local = 0;
  seen = 0;
#pragma omp parallel
  local = 1;
  judge("active", &local, MY_FRAME());
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  volatile int zero = 0;
  active_region();
  if0_region(zero);
  one_thread_region();
  omp_set_max_active_levels(1);
#pragma omp parallel
  {
    if0_region(zero);
    nested_region();
  }
  printf("serialized frames: errors=%d\n", errors);
  return errors != 0;
}
// CHECK-NOT: mismatch
// CHECK: serialized frames: errors=0
