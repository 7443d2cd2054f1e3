// The self-contained HTML timeline: the trace's slices, flows and summary as one JavaScript
// object, followed by the viewer (timeline.js, embedded into the library at build time), in a
// single file with no external resource.
#define _GNU_SOURCE
#include "trace.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// timeline.js, placed in .rodata by the assembler (TRACE_TIMELINE_JS is its path).
__asm__(".section .rodata\n"
        ".global trace_timeline_js\n"
        ".hidden trace_timeline_js\n"
        "trace_timeline_js:\n"
        ".incbin \"" TRACE_TIMELINE_JS "\"\n"
        ".byte 0\n"
        ".previous\n");
extern const char trace_timeline_js[];

static const char *head =
    "<!doctype html>\n<html><head><meta charset=\"utf-8\">\n<title>glass-trace: %s</title>\n"
    "<style>\n"
    "body{font:13px system-ui,sans-serif;margin:0;background:#fafafa;color:#222}\n"
    "header{padding:8px 12px;border-bottom:1px solid #ddd;background:#fff}\n"
    "header div{margin-top:4px}\n"
    "#legend span{display:inline-block;margin-right:14px}\n"
    "#legend i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-2px;"
    "border-radius:2px}\n"
    "#wrap{position:relative;overflow:hidden}\ncanvas{display:block;cursor:grab}\n"
    "#tip{position:absolute;pointer-events:none;background:#fff;border:1px solid #999;"
    "padding:4px 6px;font-size:12px;display:none;white-space:pre;box-shadow:0 1px 4px #0003}\n"
    "pre{padding:8px 12px;font-size:12px;overflow:auto;background:#fff;border-top:1px solid "
    "#ddd;margin:0}\n"
    "</style></head><body>\n"
    "<header><b>glass-trace</b> &middot; %s &middot; <span id=\"info\"></span>\n"
    "<div id=\"legend\"></div>\n"
    "<div>wheel: zoom &middot; drag: pan &middot; double-click: whole run &middot; hover: "
    "details &middot; <label><input type=\"checkbox\" id=\"flows\" checked> task flows "
    "(dashed: creation, solid: dependence)</label></div></header>\n"
    "<div id=\"wrap\"><canvas id=\"c\"></canvas><div id=\"tip\"></div></div>\n"
    "<pre id=\"sum\"></pre>\n<script>\n";

static void html_text(FILE *f, const char *s) {
  for (; *s; s++)
    if (*s == '<')
      fputs("&lt;", f);
    else if (*s == '&')
      fputs("&amp;", f);
    else
      fputc(*s, f);
}

// A JSON string that is also safe inside <script>: no "</" sequence.
static void script_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else if (c == '<')
      fputs("\\u003c", f);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

int trace_write_html(const trace_model_t *m, const trace_locs_t *locs, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "glass-trace: cannot write %s: %m\n", path);
    return 1;
  }
  char exe[512] = "program";
  ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (n > 0) {
    exe[n] = 0;
    memmove(exe, strrchr(exe, '/') ? strrchr(exe, '/') + 1 : exe, strlen(exe) + 1);
  }
  char title[1200];
  FILE *tf = fmemopen(title, sizeof(title), "w");
  if (tf) {
    html_text(tf, exe);
    fclose(tf);
  } else {
    snprintf(title, sizeof(title), "program");
  }
  fprintf(f, head, title, title);

  // Construct names: one entry per (kind, sub) that occurs.
  static int name_of[SL_KINDS * 256];
  memset(name_of, -1, sizeof(name_of));
  int nnames = 0;
  fputs("var D={\"names\":[", f);
  for (size_t i = 0; i < m->nslices; i++) {
    const slice_t *s = &m->slices[i];
    int key = s->kind * 256 + s->sub;
    if (name_of[key] >= 0)
      continue;
    name_of[key] = nnames++;
    slice_t probe = {.kind = s->kind, .sub = s->sub};
    char name[256];
    fputs(nnames > 1 ? ",{\"n\":" : "{\"n\":", f);
    script_string(f, trace_slice_name(&probe, name, sizeof(name), NULL));
    fprintf(f, ",\"c\":\"%s\"}", trace_slice_category(s));
  }
  fputs("],\n\"locs\":[", f);
  for (size_t i = 0; i < locs->n; i++) {
    fputs(i ? ",{\"l\":" : "{\"l\":", f);
    script_string(f, locs->v[i].label);
    fputs(",\"f\":", f);
    script_string(f, locs->v[i].func);
    fputs("}", f);
  }
  fputs("],\n\"tracks\":[", f);
  for (uint32_t t = 0; t < m->ntracks; t++) {
    uint8_t ty = m->threads[t].type;
    fprintf(f, "%s\"thread %u (%s)\"", t ? "," : "", t,
            ty == ompt_thread_initial  ? "initial"
            : ty == ompt_thread_worker ? "worker"
            : ty == ompt_thread_other  ? "other"
                                       : "unannounced");
  }
  // Rows: a wait is drawn over the sync region it belongs to, saving a row per level.
  uint16_t *row = malloc((m->nslices + 1) * sizeof(uint16_t));
  for (size_t i = 0; row && i < m->nslices; i++) {
    const slice_t *s = &m->slices[i], *p = s->parent ? &m->slices[s->parent - 1] : NULL;
    bool over = p && s->kind == SL_WAIT && p->kind == SL_SYNC;
    row[i] = p ? (uint16_t)(row[s->parent - 1] + (over ? 0 : 1)) : 0;
  }
  fputs("],\n\"s\":[", f);
  for (size_t i = 0; i < m->nslices; i++) {
    const slice_t *s = &m->slices[i];
    fprintf(f, "%s%u,%u,%llu,%llu,%d,%u", i ? "," : "", s->track, row ? row[i] : s->depth,
            (unsigned long long)s->t0, (unsigned long long)(s->t1 - s->t0),
            name_of[s->kind * 256 + s->sub], s->loc);
    if (i % 8 == 7)
      fputc('\n', f);
  }
  free(row);
  fputs("],\n\"f\":[", f);
  for (size_t i = 0; i < m->nflows; i++) {
    const flow_t *fl = &m->flows[i];
    fprintf(f, "%s%llu,%u,%llu,%u,%d", i ? "," : "", (unsigned long long)fl->t0, fl->track0,
            (unsigned long long)fl->t1, fl->track1, fl->kind == FLOW_DEPEND);
    if (i % 8 == 7)
      fputc('\n', f);
  }
  fprintf(f, "],\n\"end\":%llu,\n\"summary\":", (unsigned long long)m->tend);
  char *sum = NULL;
  size_t sumlen = 0;
  FILE *sf = open_memstream(&sum, &sumlen);
  if (sf) {
    trace_write_summary(m, locs, sf);
    fclose(sf);
  }
  script_string(f, sum ? sum : "");
  free(sum);
  fputs("};\n", f);
  fputs(trace_timeline_js, f);
  fputs("</script>\n</body></html>\n", f);
  int bad = ferror(f);
  bad |= fclose(f) != 0;
  if (bad)
    fprintf(stderr, "glass-trace: error writing %s\n", path);
  return bad;
}
