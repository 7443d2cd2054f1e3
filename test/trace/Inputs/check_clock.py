#!/usr/bin/env python3
"""check_clock.py TRACE.json MARKER MS: the parallel region at the line of the traced program
that holds '// MARKER' lasts at least MS milliseconds in the trace (the program makes sure it
does on the real clock), and every slice lies within the traced time (ts >= 0)."""
import json
import sys


def main():
    path, marker, ms = sys.argv[1], sys.argv[2], float(sys.argv[3])
    d = json.load(open(path))
    xs = [e for e in d["traceEvents"] if e.get("ph") == "X"]
    src = None
    for e in xs:
        s = e.get("args", {}).get("source", "")
        if s:
            src = s.rsplit(":", 1)[0]
            break
    lines = open(src).read().split("\n") if src else []
    want = [i + 1 for i, l in enumerate(lines) if "// " + marker in l]
    if len(want) != 1:
        sys.exit("check_clock: no single line marked '// %s' in %s" % (marker, src))
    # The parallel region's location is its pragma, a few lines above the marker.
    par = [e for e in xs if e["name"].startswith("parallel ") and
           0 < want[0] - int(e["args"]["location"].rsplit(":", 1)[1]) <= 4]
    if len(par) != 1:
        sys.exit("check_clock: expected one parallel region just above line %d, found %d" %
                 (want[0], len(par)))
    if par[0]["dur"] < ms * 1000:
        sys.exit("check_clock: the region lasts %.3f ms in the trace, less than the %.0f ms "
                 "it slept" % (par[0]["dur"] / 1000, ms))
    bad = [e for e in xs if e["ts"] < 0 or e["dur"] < 0]
    if bad:
        sys.exit("check_clock: %d slice(s) with a negative time, e.g. %s" % (len(bad), bad[0]))
    print("clock ok: %.3f ms >= %.0f ms" % (par[0]["dur"] / 1000, ms))


if __name__ == "__main__":
    main()
