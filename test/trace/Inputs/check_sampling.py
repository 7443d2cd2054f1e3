#!/usr/bin/env python3
"""Checks the task sampling part of a glass-trace summary (PREFIX.txt):

  --created N             the "task sampling: recorded R of C tasks" line is there and C is N
  --row NAME@MARKER=N:PCT the estimates table's row for construct NAME at the --source line
                          holding '// @MARKER' estimates N within PCT percent; without
                          @MARKER, the rows of NAME at every location together. A row that
                          no sampled task touched is exact: its count is the first table's
  --recorded NAME@MARKER>=N  the summary's first table recorded at least N of that row
  --global-off NAME@MARKER=N:PCT  a single scale for every row (created / recorded) would put
                          that row's count more than PCT percent away from N (so the test
                          tells per-slice weights from it)
  --none                  there is no task sampling table (every task was recorded)

Also, always: every row of the estimates table is a row of the summary's first table, whose
recorded count and times it can only raise (weights are at least 1).
"""
import argparse
import os
import re
import sys


def fail(msg):
    print("check_sampling: " + msg)
    sys.exit(1)


def first_table(text):
    """(name, location) -> (count, incl, excl) of the summary's first table."""
    rows = {}
    lines = text.split("\n")
    start = next((i for i, l in enumerate(lines) if l.startswith("construct ")), None)
    if start is None:
        fail("the summary has no construct table")
    for line in lines[start + 1:]:
        f = line.split()
        if not f:
            break
        rows[(" ".join(f[:-9]), f[-9])] = (int(f[-8]), float(f[-7]), float(f[-6]))
    return rows


def estimates(text):
    """(recorded, created, {(name, location): (count, incl, excl)}) or None."""
    m = re.search(r"^task sampling: (?:tasks created every \d+ ns on average; )?recorded "
                  r"([\d,]+) of ([\d,]+) tasks \(1 in \d+( at most)?\); estimated for all tasks",
                  text, re.M)
    if not m:
        return None
    lines = text[m.end():].split("\n")
    head = next((i for i, l in enumerate(lines) if l.startswith("estimated ")), None)
    if head is None:
        fail("the task sampling table has no header")
    rows = {}
    for line in lines[head + 1:]:
        f = line.split()
        if not f:
            break
        rows[(" ".join(f[:-4]), f[-4])] = (int(f[-3]), float(f[-2]), float(f[-1]))
    return int(m.group(1).replace(",", "")), int(m.group(2).replace(",", "")), rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("summary")
    ap.add_argument("--created", type=int)
    ap.add_argument("--row", action="append", default=[])
    ap.add_argument("--source")
    ap.add_argument("--recorded", action="append", default=[])
    ap.add_argument("--global-off", action="append", default=[])
    ap.add_argument("--none", action="store_true")
    a = ap.parse_args()
    text = open(a.summary).read()
    est = estimates(text)
    if a.none:
        if est or "task sampling" in text:
            fail("expected no task sampling in the summary")
        print("check_sampling: ok: no task sampling")
        return
    if not est:
        fail("the summary has no task sampling table")
    recorded, created, rows = est
    if a.created is not None and created != a.created:
        fail("%d tasks created, expected %d" % (created, a.created))
    if not 0 < recorded < created:
        fail("recorded %d of %d tasks" % (recorded, created))
    table = first_table(text)
    for key, (n, incl, excl) in rows.items():
        if key not in table:
            fail("estimated row %s is not in the summary" % (key,))
        rn, ri, rx = table[key]
        if n < rn or incl < ri - 0.0015 or excl < rx - 0.0015:
            fail("estimated row %s below what was recorded: %s < %s" % (key, (n, incl, excl),
                                                                         (rn, ri, rx)))
    lines = open(a.source).read().split("\n") if a.source else []
    def where_of(marker):
        at = [i + 1 for i, l in enumerate(lines) if "// @" + marker in l]
        if not at:
            fail("marker %r not in %s" % (marker, a.source))
        return "%s:%d" % (os.path.basename(a.source), at[0])

    def keys_of(tab, name, marker):
        where = where_of(marker) if marker else None
        return [k for k in tab if k[0] == name and (where is None or k[1] == where)]

    def pick(tab, name, marker):
        keys = keys_of(tab, name, marker)
        where = where_of(marker) if marker else "every location"
        if not keys:
            fail("no row %s at %s (rows: %s)" % (name, where, sorted(tab)))
        return where, sum(tab[k][0] for k in keys)

    for spec in a.recorded:
        m = re.fullmatch(r"([^@>]+)(?:@(\S+))?>=(\d+)", spec)
        if not m:
            fail("bad --recorded %r" % spec)
        where, got = pick(table, m.group(1), m.group(2))
        if got < int(m.group(3)):
            fail("%s at %s: %d recorded, expected at least %s" % (m.group(1), where, got,
                                                                  m.group(3)))
        print("check_sampling: %s at %s: %d recorded" % (m.group(1), where, got))
    for spec in a.global_off:
        m = re.fullmatch(r"([^@=]+)(?:@(\S+))?=(\d+):(\d+)", spec)
        if not m:
            fail("bad --global-off %r" % spec)
        where, got = pick(table, m.group(1), m.group(2))
        want, pct = int(m.group(3)), int(m.group(4))
        scaled = got * created / recorded
        if abs(scaled - want) <= want * pct / 100:
            fail("%s at %s: a single scale would estimate %.0f of %d, within %d%%: this run "
                 "does not tell it from per-slice weights" % (m.group(1), where, scaled, want,
                                                                 pct))
        print("check_sampling: %s at %s: a single scale would estimate %.0f of %d" %
              (m.group(1), where, scaled, want))
    for spec in a.row:
        m = re.fullmatch(r"([^@=]+)(?:@(\S+))?=(\d+):(\d+)", spec)
        if not m:
            fail("bad --row %r" % spec)
        name, marker, want, pct = m.group(1), m.group(2), int(m.group(3)), int(m.group(4))
        # A row that no sampled task touched is exact and only in the first table.
        where, got = pick(rows if keys_of(rows, name, marker) else table, name, marker)
        if abs(got - want) > want * pct / 100:
            fail("%s at %s estimated %d, expected %d within %d%%" % (name, where, got, want, pct))
        print("check_sampling: %s at %s: estimated %d of %d (%+.1f%%)" %
              (name, where, got, want, 100.0 * (got - want) / want))
    print("check_sampling: ok: recorded %d of %d tasks, %d estimated rows" %
          (recorded, created, len(rows)))


if __name__ == "__main__":
    main()
