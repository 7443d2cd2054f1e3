// The error action (OpenMP 5.1 §2.5.4 `error` directive, 6.0 strict clauses): a warning is
// printed and execution continues; a fatal error is printed and the program stops.
#include "glass.h"
#include "ompt-internal.h"
#include "kmpc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ";file;function;line;col;;" -> "file:line:col" when the compiler gave a real location.
static void describe_loc(ident_t *loc, char *out, size_t n) {
  out[0] = '\0';
  if (!loc || !loc->psource)
    return;
  const char *f[5] = {0};
  size_t len[5] = {0};
  const char *p = loc->psource;
  if (*p == ';')
    p++;
  for (int i = 0; i < 5 && *p; i++) {
    const char *e = strchr(p, ';');
    if (!e)
      break;
    f[i] = p;
    len[i] = (size_t)(e - p);
    p = e + 1;
  }
  if (!f[0] || !len[0] || (len[0] == 7 && strncmp(f[0], "unknown", 7) == 0))
    return;
  snprintf(out, n, "%.*s:%.*s:%.*s: ", (int)len[0], f[0], (int)len[2], f[2] ? f[2] : "",
           (int)len[3], f[3] ? f[3] : "");
}

void glass_error_action(ident_t *loc, int severity, const char *message, void *codeptr) {
  char where[512];
  describe_loc(loc, where, sizeof(where));
  const char *text = message ? message : "(no message)";
  if (OMPT_ON(error))
    OMPT_CALL(error, severity == 1 ? ompt_warning : ompt_fatal, text, strlen(text), codeptr);
  fprintf(stderr, "OMP: %s: %s%s\n", severity == 1 ? "Warning" : "Error", where, text);
  if (severity != 1) {
    fflush(NULL);
    exit(EXIT_FAILURE);
  }
}

// #pragma omp error at(execution) severity(...) message(...)
GLASS_API void __kmpc_error(ident_t *loc, int32_t severity, const char *message) {
  glass_ensure_init();
  glass_error_action(loc, severity == 1 ? 1 : 2, message, GLASS_CODEPTR());
}
