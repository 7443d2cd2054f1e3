#!/usr/bin/env python3
"""Group the printer's lines by thread, keeping each thread's lines in order.

Lines look like "<thread>: event ...". Lines of thread 0 (before any thread_begin) come
first, then the initial thread's (the first thread to begin), then the others in the order
their first line appeared. Lines without a thread prefix come first, in order. This makes
multi-threaded event streams checkable with plain CHECK lines per thread.
"""
import re
import sys

order = []
groups = {}
other = []
for line in sys.stdin:
    m = re.match(r"(\d+): ", line)
    if not m:
        other.append(line)
        continue
    t = m.group(1)
    if t not in groups:
        groups[t] = []
        order.append(t)
    groups[t].append(line)

sys.stdout.writelines(other)
if "0" in groups:
    sys.stdout.writelines(groups.pop("0"))
    order.remove("0")
for t in order:
    sys.stdout.writelines(groups[t])
