// OMPT frames and task info in a teams region: each team's initial task has the initial flag,
// thread number 0 and, as exit_frame, the runtime frame that called the teams function; its
// parent is the encountering task, whose enter_frame links to the user's frame; a parallel
// region nested in a team has that initial task as its parent. The same for a league of one.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=3 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
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
    __atomic_fetch_add(&checks, 1, __ATOMIC_RELAXED);                                              \
    if ((long)(a) != (long)(b)) {                                                                  \
      __atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);                                            \
      printf("mismatch %s: %#lx != %#lx\n", what, (long)(a), (long)(b));                           \
    }                                                                                              \
  } while (0)

static void *main_fp;
static ompt_data_t *main_task;

__attribute__((noinline)) static void check_team(void *teams_fn_caller) {
  ompt_frame_t *me = NULL, *parent = NULL;
  ompt_data_t *parent_data = NULL;
  int flags = 0, thread_num = -1;
  get_task_info(0, &flags, NULL, &me, NULL, &thread_num);
  get_task_info(1, NULL, &parent_data, &parent, NULL, NULL);
  CHECK_EQ(flags & ompt_task_initial, ompt_task_initial, "initial task flag");
  CHECK_EQ(thread_num, 0, "thread number in the team");
  CHECK_EQ(me->exit_frame.ptr, teams_fn_caller, "exit_frame");
  CHECK_EQ(me->enter_frame.ptr, NULL, "no enter_frame while running user code");
  CHECK_EQ(parent_data, main_task, "parent is the encountering task");
  CHECK_EQ(*(void **)parent->enter_frame.ptr, main_fp, "enter_frame links to main");
}

__attribute__((noinline)) static void check_nested(ompt_data_t *team_task) {
  ompt_data_t *parent_data = NULL;
  int flags = 0;
  get_task_info(0, &flags, NULL, NULL, NULL, NULL);
  get_task_info(1, NULL, &parent_data, NULL, NULL, NULL);
  CHECK_EQ(flags & ompt_task_implicit, ompt_task_implicit, "nested implicit task");
  CHECK_EQ(parent_data, team_task, "nested region's parent is the team's initial task");
}

static void run(int nteams) {
#pragma omp teams num_teams(nteams) thread_limit(2)
  {
#pragma GCC diagnostic ignored "-Wframe-address"
    check_team(__builtin_frame_address(1));
    ompt_data_t *team_task = NULL;
    get_task_info(0, NULL, &team_task, NULL, NULL, NULL);
#pragma omp parallel
    check_nested(team_task);
  }
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  (void)omp_get_thread_num(); // initializes the runtime, and so the tool
  main_fp = __builtin_frame_address(0);
  get_task_info(0, NULL, &main_task, NULL, NULL, NULL);
  run(3);
  run(1);
  printf("teams frames: errors=%d all checks ran %d\n", errors, checks >= 4 * 6 + 4 * 2);
  return errors != 0;
}
// CHECK-NOT: mismatch
// CHECK: teams frames: errors=0 all checks ran 1
