#!/usr/bin/env python3
"""Checks a glass-printer event log for task consistency:
every created task is scheduled in (next_task) before it completes, completes exactly once,
never runs after completing, and its dependences event (if any) comes before it first runs;
task_dependence names tasks that were created. Prints a summary line, or the problems."""
import re
import sys

created, completed, started, deps, first_run = {}, {}, set(), {}, {}
errors = []
for n, line in enumerate(sys.stdin):
    m = re.search(r"task_create .* task=(\d+) flags=(\S+) has_dependences=(\d)", line)
    if m:
        tid = m.group(1)
        if tid in created:
            errors.append("task %s created twice" % tid)
        created[tid] = (m.group(2), int(m.group(3)))
        continue
    m = re.search(r"dependences task=(\d+) ndeps=(\d+)", line)
    if m and "task_dependence" not in line:
        deps[m.group(1)] = n
        if m.group(1) in first_run:
            errors.append("dependences of task %s after it ran" % m.group(1))
        continue
    m = re.search(r"task_dependence src_task=(\d+) sink_task=(\d+)", line)
    if m:
        for t in m.groups():
            if t not in created:
                errors.append("task_dependence names unknown task %s" % t)
        continue
    m = re.search(r"task_schedule prior_task=(\d+) status=(\w+) next_task=(\d+)", line)
    if m:
        prior, status, nxt = m.groups()
        if nxt in created:
            if nxt in completed:
                errors.append("task %s scheduled after completing" % nxt)
            first_run.setdefault(nxt, n)
        if status in ("complete", "late_fulfill"):
            if prior in completed:
                errors.append("task %s completed twice" % prior)
            completed[prior] = n
            if prior in created and prior not in first_run:
                errors.append("task %s completed without running" % prior)
for t, (flags, has_deps) in created.items():
    if t not in first_run:
        errors.append("task %s never scheduled" % t)
    if t not in completed:
        errors.append("task %s never completed" % t)
    if has_deps and t not in deps:
        errors.append("task %s has dependences but no dependences event" % t)
if errors:
    for e in errors[:20]:
        print("error:", e)
    sys.exit(1)
print("tasks ok: created=%d completed=%d with_deps=%d" %
      (len(created), sum(1 for t in created if t in completed), len(deps)))
