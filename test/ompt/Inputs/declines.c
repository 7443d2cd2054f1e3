// An OMPT tool library whose ompt_start_tool declines (returns NULL).
#include <omp-tools.h>
#include <stdio.h>
#include <unistd.h>

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  static const char msg[] = "0: declines: ompt_start_tool called, returning NULL\n";
  ssize_t w = write(STDOUT_FILENO, msg, sizeof(msg) - 1);
  (void)w, (void)omp_version, (void)runtime_version;
  return NULL;
}
