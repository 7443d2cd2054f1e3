// Frames stay sane when the program has no frame pointer (clang's default from -O1): for an
// undeferred task (if(0), also from a recursive function whose arguments sit where a frame
// pointer would) and inside `parallel if(0)`, the encountering task's enter_frame and the new
// task's exit_frame are non-null, lie in the thread's stack between the current frame and
// main's, are runtime frames (Glass cannot know the user's), and are ordered: the encountering
// task's enter_frame is not below the new task's exit_frame. Checked in task_create's callback
// and with ompt_get_task_info from inside the bodies, also with frame pointers (last RUN).
// REQUIRES: ompt
// RUN: %cc %flags -O2 -fomit-frame-pointer %s -o %t
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: %compile && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

static ompt_get_task_info_t get_task_info;
static char *stack_top; // a local of main: every frame checked lies below it
static int errors, checks;

#define RUNTIME_FP (ompt_frame_runtime | ompt_frame_framepointer)

static void check_frame(const char *what, const void *p, int flags, const volatile char *deeper) {
  checks++;
  uintptr_t v = (uintptr_t)p;
  if (!p || v <= (uintptr_t)deeper || v >= (uintptr_t)stack_top + 4096) {
    printf("mismatch %s: %p not between %p and %p\n", what, p, (void *)deeper,
           (void *)(stack_top + 4096));
    errors++;
  }
  if (flags != RUNTIME_FP) {
    printf("mismatch %s: flags 0x%x\n", what, flags);
    errors++;
  }
}

static void on_task_create(ompt_data_t *parent, const ompt_frame_t *pframe, ompt_data_t *task,
                           int flags, int has_deps, const void *codeptr) {
  volatile char here = 0;
  (void)parent, (void)task, (void)has_deps, (void)codeptr;
  if (flags & ompt_task_undeferred)
    check_frame("task_create enter_frame", pframe->enter_frame.ptr, pframe->enter_frame_flags,
                &here);
}

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  get_task_info = TOOL_LOOKUP(l, get_task_info);
  ompt_set_callback_t set = TOOL_LOOKUP(l, set_callback);
  TOOL_SET(set, task_create, on_task_create);
  (void)dev, (void)data;
  return 1;
}
TOOL_START(initialize, tool_finalize_nothing)

// Inside a body: this task's exit_frame and its parent's enter_frame.
__attribute__((noinline)) static void check_inside(const char *what) {
  volatile char here = 0;
  ompt_frame_t *me = NULL, *parent = NULL;
  get_task_info(0, NULL, NULL, &me, NULL, NULL);
  get_task_info(1, NULL, NULL, &parent, NULL, NULL);
  check_frame(what, me->exit_frame.ptr, me->exit_frame_flags, &here);
  check_frame(what, parent->enter_frame.ptr, parent->enter_frame_flags, &here);
  checks++;
  if ((uintptr_t)parent->enter_frame.ptr < (uintptr_t)me->exit_frame.ptr) {
    printf("mismatch %s: parent enter %p below exit %p\n", what, parent->enter_frame.ptr,
           me->exit_frame.ptr);
    errors++;
  }
}

static int sum;

__attribute__((noinline)) static void recurse(int n, int a, int b, int c) {
  if (n == 0)
    return;
#pragma omp task if (0) firstprivate(n)
  {
    check_inside("if(0) task");
    recurse(n - 1, n + 1, n + 2, n + 3);
  }
#pragma omp atomic
  sum += a + b + c;
}

int main(void) {
  volatile char top = 0;
  stack_top = (char *)&top;
  setvbuf(stdout, NULL, _IONBF, 0);
  recurse(8, 7, 6, 5);
  volatile int zero = 0;
#pragma omp parallel if (zero)
  {
    check_inside("parallel if(0)");
    recurse(3, 2, 1, 0);
  }
#pragma omp parallel num_threads(2)
  recurse(4, 3, 2, 1);
  printf("frames: checks=%d errors=%d sum=%d\n", checks, errors, sum);
  return errors != 0;
}
// CHECK-NOT: mismatch
// CHECK: frames: checks={{[1-9][0-9]+}} errors=0
