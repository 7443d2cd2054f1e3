// Frames let a profiler stitch the user's stack across threads: an implicit task's exit_frame
// is the frame of the runtime procedure that called the outlined function (so it equals the
// outlined function's caller frame), and the encountering task's enter_frame is a runtime frame
// whose saved frame pointer is the user's frame that entered the runtime. In an if(0) region
// the program calls the outlined function itself, and both sides are the runtime entry's frame.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=3 %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>

static ompt_get_task_info_t get_task_info;
static int errors, checks;

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  get_task_info = TOOL_LOOKUP(l, get_task_info);
  (void)dev, (void)data;
  return 1;
}
TOOL_START(initialize, tool_finalize_nothing)

#define CHECK_EQ(a, b, what)                                                                       \
  do {                                                                                             \
    _Pragma("omp atomic") checks++;                                                                \
    if ((void *)(a) != (void *)(b)) {                                                              \
      _Pragma("omp atomic") errors++;                                                              \
      printf("mismatch %s: %p != %p\n", what, (void *)(a), (void *)(b));                           \
    }                                                                                              \
  } while (0)

static void *main_fp;

__attribute__((noinline)) static void check_region(void *outlined_caller, int serialized) {
  ompt_frame_t *me = NULL, *parent = NULL;
  int flags;
  get_task_info(0, &flags, NULL, &me, NULL, NULL);
  get_task_info(1, NULL, NULL, &parent, NULL, NULL);
  int want = ompt_frame_runtime | ompt_frame_framepointer;
  CHECK_EQ((long)me->exit_frame_flags, (long)want, "exit_frame_flags");
  if (serialized) {
    // The program called the outlined function itself: both sides of the boundary are the
    // frame of the runtime entry it called before, the outlined function's frame's place.
    CHECK_EQ(me->exit_frame.ptr, parent->enter_frame.ptr, "if(0) exit_frame is the enter_frame");
    CHECK_EQ((long)parent->enter_frame_flags, (long)want, "if(0) enter_frame_flags");
    CHECK_EQ((long)(me->exit_frame.ptr < outlined_caller), 1L, "if(0) exit_frame below the caller");
    CHECK_EQ((long)(me->exit_frame.ptr >= __builtin_frame_address(0)), 1L,
             "if(0) exit_frame above us");
  } else {
    CHECK_EQ(me->exit_frame.ptr, outlined_caller, "exit_frame");
    CHECK_EQ(*(void **)parent->enter_frame.ptr, main_fp, "enter_frame links to main");
  }
  CHECK_EQ(me->enter_frame.ptr, NULL, "no enter_frame while running user code");
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  main_fp = __builtin_frame_address(0);
  ompt_frame_t *initial;
  get_task_info(0, NULL, NULL, &initial, NULL, NULL);
  CHECK_EQ(initial->enter_frame.ptr, NULL, "initial task outside the runtime");
#pragma omp parallel
  check_region(__builtin_frame_address(1), 0);
  volatile int zero = 0;
#pragma omp parallel if (zero)
  check_region(__builtin_frame_address(1), 1);
  CHECK_EQ(initial->enter_frame.ptr, NULL, "initial task back outside the runtime");
  printf("frames: checks=%d errors=%d\n", checks, errors);
  return errors != 0;
}
// CHECK-NOT: mismatch
// CHECK: frames: checks=20 errors=0
