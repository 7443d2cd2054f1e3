#!/usr/bin/env python3
"""glass-trace's cost on one program, in CPU time: runs it untraced and traced (the tool loaded
through OMP_TOOL_LIBRARIES, outputs written at exit) in alternating rounds and prints, per
configuration, the median (minimum) of the program's own time (its "time_s" JSON field, as the
bench/apps and bench/tracing programs print it), the process's CPU time (user + system, the
tool's work at exit and its addr2line included), the wall time, the peak resident memory and
the bytes written. CPU time is the figure to compare on a shared machine; the load average is
printed with the results.

  bench/trace_cost.py [--reps N] [--tool LIB] [--config NAME=VAR:VALUE,...]... [--instr]
                      -- PROGRAM ARGS

--instr counts instructions instead (valgrind's callgrind, one run per configuration, with
OMP_WAIT_POLICY=passive so that spinning adds little): the program's total and, traced, the part
spent in the tool's finalization (reading the records back and writing the outputs), so the
recording's cost and the writers' cost show apart and do not depend on the machine's load.

Configurations: "untraced" and "traced" always; each --config adds a traced run with more
environment variables, e.g. --config perfetto=GLASS_TRACE_FORMAT:perfetto or
--config record=GLASS_TRACE_WINDOW:0:0 (records and reads back every event, writes no slice).
"""
import argparse
import glob
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--tool", default=os.path.join(HERE, "..", "build", "lib",
                                                   "libglass-trace.so"))
    ap.add_argument("--config", action="append", default=[])
    ap.add_argument("--instr", action="store_true")
    ap.add_argument("prog", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    prog = a.prog[1:] if a.prog[:1] == ["--"] else a.prog
    if not prog:
        sys.exit("trace_cost: no program")
    configs = [("untraced", None), ("traced", {})]
    for c in a.config:
        name, _, envs = c.partition("=")
        extra = {}
        for kv in filter(None, envs.split(",")):
            k, _, v = kv.partition(":")
            extra[k] = v
        configs.append((name, extra))
    if a.instr:
        return instr(a, prog, configs)
    tmp = tempfile.mkdtemp(prefix="trace-cost-")
    res = {name: [] for name, _ in configs}
    for _ in range(a.reps):
        for name, extra in configs:
            prefix = os.path.join(tmp, name)
            env = environ(a, extra, prefix)
            with tempfile.TemporaryFile() as so, tempfile.TemporaryFile() as se:
                t0 = time.monotonic()  # output to files: a full pipe would stall the program
                p = subprocess.Popen(prog, env=env, stdout=so, stderr=se)
                _, status, ru = os.wait4(p.pid, 0)
                wall = time.monotonic() - t0
                p.returncode = 0  # reaped here
                so.seek(0)
                se.seek(0)
                out, err = so.read().decode(errors="replace"), se.read().decode(errors="replace")
            if status:
                sys.exit("trace_cost: %s failed: %s" % (name, err[-500:]))
            m = re.search(r'"time_s":([0-9.]+)', out)
            files = glob.glob(glob.escape(prefix) + ".*")
            size = sum(os.path.getsize(f) for f in files)
            for f in files:
                os.remove(f)
            res[name].append((float(m.group(1)) if m else float("nan"), ru.ru_utime + ru.ru_stime,
                              wall, ru.ru_maxrss / 1024, size / 1e6))
    os.rmdir(tmp)
    print("load average %.1f %.1f %.1f; %s; median (minimum) of %d" % (os.getloadavg() + (
        " ".join(prog), a.reps)))
    base = statistics.median(r[1] for r in res["untraced"])
    for name, _ in configs:
        v = res[name]

        def med(k):
            return "%.3f (%.3f)" % (statistics.median(x[k] for x in v), min(x[k] for x in v))
        cpu = statistics.median(x[1] for x in v)
        print("%-10s program %s s  cpu %s s (%.1fx)  wall %s s  peak %.0f MB  written %.1f MB" % (
            name, med(0), med(1), cpu / base if base else 0, med(2),
            statistics.median(x[3] for x in v), statistics.median(x[4] for x in v)))


def environ(a, extra, prefix):
    env = dict(os.environ)
    if extra is not None:
        env.update(OMP_TOOL_LIBRARIES=os.path.abspath(a.tool), GLASS_TRACE_OUT=prefix,
                   GLASS_TRACE_SUMMARY="0", GLASS_TRACE_LAUNCHED="1")
        env.update(extra)  # may name another tool (OMP_TOOL_LIBRARIES:...) to compare
    return env


def instr(a, prog, configs):
    """Instructions per configuration: the total, and the tool's finalization (inclusive)."""
    tmp = tempfile.mkdtemp(prefix="trace-instr-")
    rows = []
    for name, extra in configs:
        prefix = os.path.join(tmp, name)
        out = prefix + ".callgrind"
        env = environ(a, extra, prefix)
        env["OMP_WAIT_POLICY"] = "passive"
        p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + prog,
                           env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if p.returncode:
            sys.exit("trace_cost: %s failed under valgrind: %s" % (name, p.stderr[-500:]))
        ann = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out], capture_output=True,
                             text=True).stdout
        total = re.search(r"([0-9,]+) +\(100\.0%\) +PROGRAM TOTALS", ann)
        fin = re.search(r"([0-9,]+) +\([ 0-9.]+%\) +\S*record\.c:finalize ", ann)
        num = (lambda m: int(m.group(1).replace(",", "")) if m else 0)
        size = sum(os.path.getsize(f) for f in glob.glob(glob.escape(prefix) + ".*")
                   if not f.endswith(".callgrind"))
        rows.append((name, num(total), num(fin), size))
        for f in glob.glob(glob.escape(prefix) + ".*"):
            os.remove(f)
    os.rmdir(tmp)
    print("instructions (callgrind, OMP_WAIT_POLICY=passive); %s" % " ".join(prog))
    base = rows[0][1]
    for name, total, fin, size in rows:
        print("%-10s total %6.1f M (%.2fx)  recording %6.1f M (%.2fx)  at exit %6.1f M  "
              "written %.1f MB" % (name, total / 1e6, total / base, (total - fin) / 1e6,
                                   (total - fin) / base, fin / 1e6, size / 1e6))


if __name__ == "__main__":
    main()
