#!/usr/bin/env python3
"""Checks a glass-trace output (PREFIX.json, PREFIX.html, PREFIX.txt).

Always checked:
  - the JSON parses and has the trace-event layout (traceEvents, otherData);
  - on every track (tid), the complete events ("X") nest: each slice lies inside the one
    enclosing it, and its recorded depth is its nesting depth;
  - the tool saw every begin matched by its end (otherData: unmatched_begins, unmatched_ends,
    truncated are 0, unless --allow-truncated);
  - every flow start ("s") has exactly one finish ("f") with the same id, no earlier than
    the start, and both ends sit in a slice of their track;
  - the HTML timeline passes check_page.py (self-contained, well-formed aggregates and detail
    windows), has as many slices and flows as the JSON, and each thread's busy time by its
    aggregates is the JSON's (its top-level slices), within the aggregates' rounding;
  - the summary file exists and has its header;
  - the summary's times are consistent: in every row inclusive >= exclusive, the exclusive
    times of all rows add up to at most threads x traced time, each thread's exclusive time
    is at most the traced time (twice that for a thread with a device lane, whose exclusive
    time includes the lane's), and a row's count equals the number of its slices in the JSON
    (tasks: task slices; others: slices of that name, waits excluded), and each construct's
    exclusive time is the one its slices' nesting in the JSON gives (a slice's duration minus
    its children's; waits count for their construct, implicit tasks for their region).
Options add expectations; "construct" below is a slice's name without its location
("loop (dynamic)", "barrier wait", "task", ...).
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_page  # noqa: E402

errors = []


def fail(msg):
    errors.append(msg)


def ns(us):
    return round(float(us) * 1000)


def construct(ev):
    name = ev["name"]
    loc = ev.get("args", {}).get("location")
    if loc and name.endswith(" " + loc):
        return name[: -len(loc) - 1]
    return name


def compare(actual, spec, what):
    """spec: 'N', '>=N' or '<=N'."""
    m = re.fullmatch(r"(>=|<=)?(\d+)", spec)
    if not m:
        sys.exit("check_trace: bad count %r" % spec)
    op, n = m.group(1), int(m.group(2))
    ok = actual >= n if op == ">=" else actual <= n if op == "<=" else actual == n
    if not ok:
        fail("%s: expected %s, found %d" % (what, spec, actual))


def split_spec(spec):
    m = re.fullmatch(r"(.+?)(>=|<=|=)(.+)", spec)
    if not m:
        sys.exit("check_trace: expected NAME=VALUE, got %r" % spec)
    name, op, value = m.groups()
    return name, (op if op != "=" else "") + value


def check_nesting(slices):
    """Per track: every slice inside its parent; returns parent links (index -> parent)."""
    parent = {}
    by_track = {}
    for i, ev in enumerate(slices):
        by_track.setdefault(ev["tid"], []).append(i)
    for tid, idx in by_track.items():
        # Parents first: by start, then longer first, then shallower first.
        idx.sort(key=lambda i: (ns(slices[i]["ts"]), -ns(slices[i]["dur"]),
                                slices[i]["args"].get("depth", 0)))
        stack = []
        for i in idx:
            ev = slices[i]
            t0 = ns(ev["ts"])
            t1 = t0 + ns(ev["dur"])
            if ns(ev["dur"]) < 0:
                fail("track %s: negative duration: %s" % (tid, ev["name"]))
            depth = ev["args"].get("depth")
            # Slices that ended before this one starts are closed; one that ends exactly where
            # this one starts may still hold it (a zero-length slice at its end): the recorded
            # depth decides, and must agree with the times.
            while stack and (t0 > stack[-1][2] or (depth is not None and len(stack) > depth)
                             or (depth is None and t0 == stack[-1][2] and t1 > t0)):
                stack.pop()
            if stack and t1 > stack[-1][2]:
                p = slices[stack[-1][0]]
                fail("track %s: %r [%s, +%s] overlaps %r [%s, +%s] without nesting"
                     % (tid, ev["name"], ev["ts"], ev["dur"], p["name"], p["ts"], p["dur"]))
            if depth is not None and depth != len(stack):
                fail("track %s: %r at %s has depth %s, nests at %d"
                     % (tid, ev["name"], ev["ts"], depth, len(stack)))
            parent[i] = stack[-1][0] if stack else None
            stack.append((i, t0, t1))
    return parent


def enclosing(slices, tid, t, start_only=False):
    for ev in slices:
        if ev["tid"] != tid:
            continue
        t0 = ns(ev["ts"])
        if start_only:
            if t0 == t:
                return ev
        elif t0 <= t <= t0 + ns(ev["dur"]):
            return ev
    return None


def check_flows(events, slices):
    starts = {}
    finishes = {}
    for ev in events:
        if ev.get("ph") == "s":
            if ev["id"] in starts:
                fail("flow id %s starts twice" % ev["id"])
            starts[ev["id"]] = ev
        elif ev.get("ph") == "f":
            if ev["id"] in finishes:
                fail("flow id %s finishes twice" % ev["id"])
            finishes[ev["id"]] = ev
    if set(starts) != set(finishes):
        fail("flows without both ends: %s" % sorted(set(starts) ^ set(finishes))[:10])
    counts = {}
    for fid, s in starts.items():
        counts[s["name"]] = counts.get(s["name"], 0) + 1
        f = finishes.get(fid)
        if not f:
            continue
        if ns(f["ts"]) < ns(s["ts"]):
            fail("flow %s (%s) finishes before it starts" % (fid, s["name"]))
        if len(slices) < 20000:
            if not enclosing(slices, s["tid"], ns(s["ts"])):
                fail("flow %s (%s) starts outside any slice" % (fid, s["name"]))
            if not enclosing(slices, f["tid"], ns(f["ts"]), start_only=True):
                fail("flow %s (%s) finishes where no slice starts" % (fid, s["name"]))
    return counts


def parse_summary(text):
    """(threads, traced ms, rows, per-thread rows) from the summary's tables."""
    head = re.search(r"glass-trace summary: (\d+) thread\(s\), ([\d.]+) ms traced", text)
    if not head:
        fail("summary has no header line")
        return None
    rows, threads, part = [], [], 0
    for line in text[head.end():].split("\n")[1:]:
        f = line.split()
        if not f:
            part += 1
            if part > 2:
                break
            continue
        if f[0] in ("construct", "thread") or line.startswith("top "):
            continue
        if part == 0 and len(f) >= 10:
            rows.append({"name": " ".join(f[:-9]), "loc": f[-9], "count": int(f[-8]),
                         "incl": float(f[-7]), "excl": float(f[-6])})
        elif part == 1 and len(f) == 9:
            threads.append({"track": int(f[0]), "type": f[1], "excl": float(f[8])})
    return int(head.group(1)), float(head.group(2)), rows, threads


def row_name(name):
    """The summary row a slice's time goes to: waits to their construct, implicit tasks to
    their parallel region."""
    if name == "implicit task":
        return "parallel"
    return name[: -len(" wait")] if name.endswith(" wait") else name


def json_exclusive(slices, parent):
    """Exclusive ms per summary row name, recomputed from the JSON's nesting. A device-lane
    slice has no parent: it runs beside its target construct and does not come out of the
    construct's exclusive time, as in the summary (docs/tracing.md); nor is it a construct row
    (the summary tables it apart, "device (trace records)"), so it counts in no row here."""
    own = [ns(ev["dur"]) for ev in slices]
    for i, p in parent.items():
        if p is not None:
            own[p] -= ns(slices[i]["dur"])
    out, terms = {}, {}
    for i, ev in enumerate(slices):
        if ev.get("args", {}).get("device_record"):
            continue
        name = row_name(construct(ev))
        out[name] = out.get(name, 0) + own[i] / 1e6
        terms[name] = terms.get(name, 0) + 1
    for i, p in parent.items():
        if p is not None:
            name = row_name(construct(slices[p]))
            terms[name] = terms.get(name, 0) + 1
    return out, terms


def check_summary_times(text, slices, parent):
    want, terms = json_exclusive(slices, parent)
    seen = {}
    for ev in slices:
        seen[construct(ev)] = seen.get(construct(ev), 0) + 1
    lanes = {ev["tid"] - DEVICE_TID for ev in slices if ev["tid"] >= DEVICE_TID}
    return check_summary(text, want, terms, seen, "the JSON", lanes)


DEVICE_TID = 100001  # the JSON's tid of thread N's device lane: DEVICE_TID + N


def check_summary(text, want, terms, seen, source, lanes):
    """The summary's invariants, and its exclusive times (ms per row name) and counts against
    those source gives: want, with terms[name] durations of a microsecond's rounding in each,
    and seen, slices per construct name. lanes: the threads with a device lane, whose
    exclusive time includes the lane's (docs/tracing.md), so up to twice the traced time: the
    lane's slices nest, so they add at most the traced time again."""
    parsed = parse_summary(text)
    if not parsed:
        return
    nthreads, wall, rows, threads = parsed
    # Each number is rounded to a microsecond: the rows' sum and the threads' sum each carry up
    # to half a microsecond per term.
    slack = 0.001 * (len(rows) + len(threads) + 1)
    for r in rows:
        if r["incl"] + 0.001 < r["excl"]:
            fail("summary row %s %s: incl %.3f < excl %.3f" % (r["name"], r["loc"], r["incl"],
                                                               r["excl"]))
    total = sum(r["excl"] for r in rows)
    if total > nthreads * wall + slack:
        fail("summary: exclusive times add up to %.3f ms > %d threads x %.3f ms"
             % (total, nthreads, wall))
    if len(threads) != nthreads:
        fail("summary: %d thread rows for %d threads" % (len(threads), nthreads))
    for t in threads:
        most = 2 * wall if t["track"] in lanes else wall
        if t["excl"] > most + 0.001:
            fail("summary: thread %d exclusive %.3f ms > %straced %.3f ms"
                 % (t["track"], t["excl"], "2 x " if t["track"] in lanes else "", wall))
    # A device track's slices come from trace records, tabled apart from the construct rows.
    if abs(sum(t["excl"] for t in threads if t["type"] != "device") - total) > slack:
        fail("summary: per-thread exclusive %.3f ms, per-construct %.3f ms"
             % (sum(t["excl"] for t in threads), total))
    # The JSON's durations are rounded to a microsecond: each duration a row's exclusive time
    # adds or subtracts (its slices' and their children's) may be off by half of one.
    got = {}
    for r in rows:
        got[r["name"]] = got.get(r["name"], 0) + r["excl"]
    for name in sorted(set(want) | set(got)):
        if abs(want.get(name, 0) - got.get(name, 0)) > slack + 0.0005 * terms.get(name, 0):
            fail("summary: %r exclusive %.3f ms, %s's nesting gives %.3f ms"
                 % (name, got.get(name, 0), source, want.get(name, 0)))
    counted = {}
    for r in rows:
        counted[r["name"]] = counted.get(r["name"], 0) + r["count"]
    for name, n in counted.items():
        if n and seen.get(name, 0) != n:
            fail("summary counts %d %r, %s has %d slices" % (n, name, source, seen.get(name, 0)))
    return counted


def check_html(path, slices, nflows):
    """The page's structure (check_page.py), its slice and flow counts against the JSON, and
    each lane's busy time by its aggregates against the JSON's top-level slices."""
    errs, meta = check_page.check(path, slices=len(slices), flows=nflows)
    for e in errs:
        fail(e)
    if meta is None:
        return
    busy = {}
    for ev in slices:
        if ev["args"].get("depth") == 0:
            busy[ev["tid"] - 1] = busy.get(ev["tid"] - 1, 0) + ns(ev["dur"])
    for lane, ln in enumerate(meta["lanes"]):
        if ln["dev"] or not meta["_decoded"][lane]:
            continue
        got, slack = check_page.busy_ns(meta, meta["_decoded"], lane)
        want = busy.get(ln["track"], 0)
        if abs(got - want) > slack + 0.01 * want + 2000:
            fail("lane %d: busy %.0f ns by the aggregates, %d ns by the JSON (slack %.0f)"
                 % (lane, got, want, slack))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prefix", help="GLASS_TRACE_OUT prefix (PREFIX.json is read)")
    ap.add_argument("--count", action="append", default=[], metavar="CONSTRUCT=N",
                    help="number of slices of a construct (=N, >=N, <=N)")
    ap.add_argument("--threads", help="tracks with slices (N, >=N)")
    ap.add_argument("--inside", action="append", default=[], metavar="CHILD=PARENT",
                    help="every CHILD slice has a PARENT slice among its ancestors")
    ap.add_argument("--flows", action="append", default=[], metavar="NAME=N",
                    help="flows named 'task created' or 'dependence'")
    ap.add_argument("--loc", action="append", default=[], metavar="CONSTRUCT=MARKER",
                    help="every CONSTRUCT slice is located at the --source line holding '// @MARKER'")
    ap.add_argument("--source", help="the traced program's source, for --loc")
    ap.add_argument("--runtime", help="substring of the runtime's version string")
    ap.add_argument("--allow-truncated", action="store_true")
    ap.add_argument("--dropped", action="store_true", help="expect dropped events")
    ap.add_argument("--spilled", action="store_true", help="expect spilled events")
    ap.add_argument("--summary-row", action="append", default=[], metavar="CONSTRUCT",
                    help="the summary has a row for CONSTRUCT")
    ap.add_argument("--summary-count", action="append", default=[], metavar="CONSTRUCT=N",
                    help="the summary's counts of CONSTRUCT, over its rows (=N, >=N, <=N)")
    args = ap.parse_args()

    try:
        trace = json.load(open(args.prefix + ".json"))
    except (OSError, ValueError) as e:
        print("check_trace: %s.json: %s" % (args.prefix, e))
        return 1
    events = trace.get("traceEvents")
    other = trace.get("otherData")
    if not isinstance(events, list) or not isinstance(other, dict):
        print("check_trace: not a glass-trace trace-event file")
        return 1
    slices = [e for e in events if e.get("ph") == "X"]
    parent = check_nesting(slices)

    for key in ("unmatched_begins", "unmatched_ends") + (() if args.allow_truncated else
                                                          ("truncated",)):
        if other.get(key, 0) != 0:
            fail("otherData.%s = %s" % (key, other[key]))
    if args.dropped and not other.get("dropped_events"):
        fail("expected dropped events, none")
    if not args.dropped and other.get("dropped_events"):
        fail("%s events dropped" % other["dropped_events"])
    if args.spilled and not other.get("spilled_events"):
        fail("expected spilled events, none")
    if args.runtime and args.runtime not in other.get("runtime", ""):
        fail("runtime %r does not contain %r" % (other.get("runtime"), args.runtime))

    names = {}
    for ev in slices:
        names[construct(ev)] = names.get(construct(ev), 0) + 1
    for spec in args.count:
        name, n = split_spec(spec)
        compare(names.get(name, 0), n, "slices %r" % name)
    if args.threads:
        compare(len({e["tid"] for e in slices}), args.threads, "threads with slices")
    for spec in args.inside:
        child, par = split_spec(spec)
        pars = par.split("|")  # any of these parents will do
        for i, ev in enumerate(slices):
            if construct(ev) != child:
                continue
            p = parent.get(i)
            while p is not None and construct(slices[p]) not in pars:
                p = parent.get(p)
            if p is None:
                fail("%r at %s (track %s) is not inside a %r" % (child, ev["ts"], ev["tid"], par))
                break
    flows = check_flows(events, slices)
    for spec in args.flows:
        name, n = split_spec(spec)
        compare(flows.get(name, 0), n, "flows %r" % name)
    if args.loc:
        lines = open(args.source).read().split("\n")
        for spec in args.loc:
            name, marker = split_spec(spec)
            want = [i + 1 for i, l in enumerate(lines) if "// @" + marker in l]
            if not want:
                sys.exit("check_trace: marker %r not in %s" % (marker, args.source))
            label = "%s:%d" % (os.path.basename(args.source), want[0])
            seen = [e for e in slices if construct(e) == name]
            if not seen:
                fail("no %r slice to check the location of" % name)
            bad = {e["args"].get("location") for e in seen} - {label}
            if bad:
                fail("%r located at %s, expected %s" % (name, sorted(map(str, bad)), label))

    check_html(args.prefix + ".html", slices, sum(flows.values()))
    try:
        summary = open(args.prefix + ".txt").read()
        if "construct" not in summary or "imbalance" not in summary:
            fail("summary has no table header")
        for row in args.summary_row:
            if not re.search(r"^%s\s" % re.escape(row), summary, re.M):
                fail("summary has no row for %r" % row)
        counted = check_summary_times(summary, slices, parent) or {}
        for spec in args.summary_count:
            name, n = split_spec(spec)
            compare(counted.get(name, 0), n, "summary count %r" % name)
    except OSError as e:
        fail("no summary file: %s" % e)

    if errors:
        for e in errors[:30]:
            print("check_trace: " + e)
        return 1
    print("check_trace: ok: %d slices on %d tracks, %s"
          % (len(slices), len({e["tid"] for e in slices}),
             ", ".join("%s=%d" % kv for kv in sorted(names.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
