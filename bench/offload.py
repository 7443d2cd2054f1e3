#!/usr/bin/python3
"""Offload latency on the host device: Glass's libomp + libomptarget against LLVM's (libomp
19.1.7 and libomptarget 22 from /usr/lib/llvm-22/lib), the same clang-22 binary, in one run.

Each round runs every runtime and mode once, back to back (interleaved), so that ratios pair
runs of the same round: a ratio is the median over rounds of (run / reference run in the same
round). Modes: none (no tool); tool (a tool registering every target callback, counting the
events); trace (the same tool, also tracing device 0 with every record type); records (a
tracing tool without the callbacks of target constructs and their operations: it registers
only device initialize/finalize/load/unload and traces device 0 as trace does, observing the
constructs through their records, as a CUPTI-style tracing tool does). LLVM's libomptarget
offers no tracing entry points, so its trace and records modes are reported n/a (the tool says
so, and the runs are checked to have no records).

  bench/offload.py [--glass-build DIR] [--out DIR] [--rounds 5] [--reps 7] [--rep-time US]
                   [--llvm-lib DIR] [--smoke] [--quiet] [--instructions]

--instructions counts instead of timing: each construct runs N and 2N instances under
valgrind's callgrind (collecting inside the program's run_counted only), and the difference
over N is the instructions per instance, which the load of the machine does not change (an
rdtsc counts as one instruction, whatever it costs). Writes DIR/offload-instructions.md.

The report also gives what one reading of the trace clock costs here (bench/offload/clock_cost.c:
rdtsc and clock_gettime in process CPU time), which bounds what tracing can cost per record time.

Writes DIR/offload.md (tables) and DIR/offload.json (every run). Fails (exit 1) when a build or
a run fails, a result is wrong, the intended runtime was not the one loaded, the tool did not
run, or tracing on Glass recorded nothing; never because of a timing.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)
MODES = ["none", "tool", "trace", "records"]
TRACING = ("trace", "records")
RUNTIMES = ["glass", "llvm"]


def fail(msg):
    sys.exit("bench/offload.py: " + msg)


def sh(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        fail("%s failed (%d):\n%s%s" % (" ".join(cmd), r.returncode, r.stdout, r.stderr))
    return r


def build(glass, out):
    inc, lib = os.path.join(SRC, "include"), os.path.join(glass, "lib")
    exe, tool = os.path.join(out, "offload"), os.path.join(out, "libbench-tool-target.so")
    sh(["clang-22", "-O2", "-fopenmp", "-fopenmp-targets=x86_64-unknown-linux-gnu", "-I", inc,
        "-L", lib, os.path.join(HERE, "offload", "offload.c"), "-o", exe])
    sh(["clang-22", "-O2", "-shared", "-fPIC", "-I", inc, "-I", os.path.join(SRC, "test", "utils"),
        os.path.join(HERE, "offload", "tool_target.c"), "-o", tool])
    return exe, tool


def clock_cost(out, smoke):
    """ns per clock reading (rdtsc, rdtsc among stores, clock_gettime), in CPU time."""
    exe = os.path.join(out, "clock_cost")
    sh(["clang-22", "-O2", os.path.join(HERE, "offload", "clock_cost.c"), "-o", exe])
    r = sh([exe, "--count", "100000" if smoke else "10000000"])
    return json.loads(r.stdout)


def clock_line(c):
    return ("Trace clock here (`bench/offload/clock_cost.c`, process CPU time, best of 3): rdtsc "
            "%s ns back to back, %s ns among stores; clock_gettime %s ns." %
            (c["rdtsc_ns"], c["rdtsc_among_stores_ns"], c["clock_gettime_ns"]))


def readings(exe, tool, dirs, construct, mode, n):
    """Clock readings that timed n instances' trace records (LIBOMPTARGET_INFO=0x100 reports
    them at stop_trace), with the start-up's fixed readings included."""
    env = run_env(tool, "glass", mode, dirs)
    env["LIBOMPTARGET_INFO"] = "0x100"
    r = subprocess.run([exe, "--construct", construct, "--count", str(n)], capture_output=True,
                       text=True, env=env, timeout=600)
    m = re.search(r"tracing stopped: (\d+) clock reading", r.stderr)
    if r.returncode != 0 or not m:
        fail("glass %s %s: no count of clock readings (exit %d)\n%s" % (
            mode, construct, r.returncode, r.stderr[-2000:]))
    return int(m.group(1))


def clock_bound(exe, tool, dirs, constructs, rounds, clock):
    """Per construct and tracing mode: clock readings per instance ((R(2N) - R(N)) / N), what
    they cost at this machine's rdtsc price among stores, and that cost as a share of the 20%
    of the tool mode's CPU time that 'tracing within 1.2x' allows."""
    lines = ["Clock readings per instance with tracing on (`LIBOMPTARGET_INFO=0x100`, "
             "(R(2N) - R(N)) / N) and what they alone cost at this machine's rdtsc price "
             "(%s ns among stores), against the 20%% of Glass tool's CPU time that tracing "
             "within 1.2x of tracing off allows:" % clock["rdtsc_among_stores_ns"], "",
             "| construct | readings, trace | readings, records | clock, trace (ns) | "
             "clock, records (ns) | allowance: 0.2 x tool (ns) | trace clock / allowance | "
             "records clock / allowance |", "|---" * 8 + "|"]
    for c in constructs:
        n = 200 if c.startswith("data") else 2000
        per = {m: (readings(exe, tool, dirs, c, m, 2 * n) - readings(exe, tool, dirs, c, m, n)) / n
               for m in TRACING}
        tool_us = [r["glass/tool"]["constructs"][c]["cpu_median"] for r in rounds
                   if c in r["glass/tool"]["constructs"]]
        allow = 0.2 * statistics.median(tool_us) * 1000 if tool_us else None
        cost = {m: per[m] * clock["rdtsc_among_stores_ns"] for m in TRACING}
        lines.append("| %s | %.1f | %.1f | %.0f | %.0f | %s | %s | %s |" % (
            c, per["trace"], per["records"], cost["trace"], cost["records"],
            "%.0f" % allow if allow else "n/a",
            "%.2f" % (cost["trace"] / allow) if allow else "n/a",
            "%.2f" % (cost["records"] / allow) if allow else "n/a"))
    return lines


def llvm_dir(llvm_lib, out):
    """A folder with LLVM's libomp.so.5 and libomptarget.so.22.1 (the binary's sonames)."""
    d = os.path.join(out, "llvm-runtime")
    os.makedirs(d, exist_ok=True)
    for name in ("libomp.so.5", "libomptarget.so.22.1"):
        src, dst = os.path.join(llvm_lib, name), os.path.join(d, name)
        if not os.path.exists(src):
            fail("no %s (liboffload-22 and libomp-22-dev)" % src)
        if os.path.lexists(dst):
            os.unlink(dst)
        os.symlink(src, dst)
    return d


def run(exe, tool, runtime, mode, dirs, args):
    env = run_env(tool, runtime, mode, dirs)
    r = subprocess.run([exe] + args, capture_output=True, text=True, env=env, timeout=600)
    if r.returncode != 0:
        fail("%s %s: exit %d\n%s" % (runtime, mode, r.returncode, r.stderr))
    lines = [json.loads(l) for l in r.stdout.splitlines() if l.startswith("{")]
    loaded = lines[0]["runtimes"]
    want = os.path.realpath(os.path.join(dirs[runtime], "libomptarget.so.22.1"))
    if loaded["libomptarget"] != want:
        fail("%s %s: loaded %s, not %s" % (runtime, mode, loaded["libomptarget"], want))
    toolrep = [json.loads(l) for l in r.stderr.splitlines() if l.startswith('{"tool"')]
    if mode != "none":
        if not toolrep or toolrep[0]["events"] == 0:
            fail("%s %s: the tool did not run or saw no event" % (runtime, mode))
        t = toolrep[0]
        if mode in TRACING and runtime == "glass" and (t["trace"] != "on" or t["records"] == 0):
            fail("glass %s: tracing did not start or recorded nothing: %s" % (mode, t))
        if (mode == "tool" or runtime == "llvm") and t["records"]:
            fail("%s %s: records without tracing" % (runtime, mode))
    return {"runtimes": loaded, "tool": toolrep[0] if toolrep else None,
            "constructs": {l["construct"]: l for l in lines[1:]}}


def run_env(tool, runtime, mode, dirs):
    env = dict(os.environ)
    for k in list(env):
        if k.startswith(("OMP_", "KMP_", "LIBOMPTARGET", "GLASS_")):
            del env[k]
    env["LD_LIBRARY_PATH"] = dirs[runtime]
    if mode != "none":
        env["OMP_TOOL_LIBRARIES"] = tool
        env["BENCH_TRACE"] = "1" if mode in TRACING else "0"
        env["BENCH_CALLBACKS"] = "0" if mode == "records" else "1"
    return env


def collected(exe, tool, runtime, mode, dirs, construct, n):
    """Instructions callgrind collected in run_counted for n instances."""
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                        "--collect-atstart=no", "--toggle-collect=run_counted", exe,
                        "--construct", construct, "--count", str(n)],
                       capture_output=True, text=True, env=run_env(tool, runtime, mode, dirs),
                       timeout=600)
    m = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
    if r.returncode != 0 or not m:
        fail("%s %s %s under callgrind: exit %d\n%s" % (runtime, mode, construct, r.returncode,
                                                          r.stderr[-2000:]))
    return int(m.group(1))


def instructions(exe, tool, dirs, out, quiet):
    """Instructions per instance: (I(2N) - I(N)) / N, which cancels the fixed costs."""
    # Glass traced: N spans several of the tool's 1 MiB buffers (each delivered and walked), so
    # their cost is spread over the instances that filled them. LLVM: fewer (no tracing).
    counts = {"empty": 20000, "map1": 10000, "map8": 2000, "data_update_1mb": 20}
    keys = ["glass/none", "glass/tool", "glass/trace", "glass/records", "llvm/none", "llvm/tool"]
    res = {}
    for c, big in counts.items():
        for k in keys:
            runtime, mode = k.split("/")
            n = big if runtime == "glass" else max(big // 10, 20)
            a = collected(exe, tool, runtime, mode, dirs, c, n)
            b = collected(exe, tool, runtime, mode, dirs, c, 2 * n)
            res.setdefault(c, {})[k] = (b - a) / n
        if not quiet:
            print("instructions: %s done" % c, file=sys.stderr)
    lines = ["# Offload instructions per instance on the host device", "",
             "callgrind, collected in run_counted: (I(2N) - I(N)) / N (N: %s for Glass, a tenth "
             "for LLVM). An rdtsc counts as one." % ", ".join("%s %d" % kv for kv in counts.items()),
             "", "| construct | " + " | ".join(k.replace("/", " ") for k in keys) +
             " | Glass trace - tool | Glass trace ÷ tool | Glass records ÷ none | "
             "Glass records ÷ tool |", "|---" * (len(keys) + 5) + "|"]
    for c in counts:
        r = res[c]
        lines.append("| %s | %s | %.0f | %.2f | %.2f | %.2f |" % (
            c, " | ".join("%.0f" % r[k] for k in keys), r["glass/trace"] - r["glass/tool"],
            r["glass/trace"] / r["glass/tool"], r["glass/records"] / r["glass/none"],
            r["glass/records"] / r["glass/tool"]))
    lines += ["", clock_line(clock_cost(out, False))]
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "offload-instructions.md"), "w") as f:
        f.write(text)
    return text


def paired(rounds, a, b, construct, field="median"):
    """Median over rounds of a's median / b's median, same round."""
    v = []
    for rnd in rounds:
        x, y = rnd.get(a), rnd.get(b)
        if x and y and construct in x["constructs"] and construct in y["constructs"]:
            den = y["constructs"][construct].get(field, 0)
            if den > 0:
                v.append(x["constructs"][construct][field] / den)
    return statistics.median(v) if v else None


def cell(rounds, key, construct, field="median"):
    v = [r[key]["constructs"][construct][field] for r in rounds
         if r.get(key) and construct in r[key]["constructs"]]
    return "%.3f (%.3f)" % (statistics.median(v), min(v)) if v else "n/a"


def fmt(x):
    return "%.2f" % x if x is not None else "n/a"


def key_name(k):
    r, m = k.split("/")
    return "%s %s" % ("Glass" if r == "glass" else "LLVM", m)


def ratio_name(a, b):
    """"glass/trace", "glass/tool" -> "Glass trace ÷ tool"; across runtimes, "Glass ÷ LLVM, tool"."""
    (ra, ma), (rb, mb) = a.split("/"), b.split("/")
    if ra == rb:
        return "%s %s ÷ %s" % (ra.capitalize() if ra == "glass" else "LLVM", ma, mb)
    return "Glass ÷ LLVM, %s" % ("no tool" if ma == "none" else ma)


def report(rounds, meta, out):
    constructs = list(rounds[0]["glass/none"]["constructs"])
    llvm_trace = rounds[0].get("llvm/trace")
    lines = ["# Offload latency on the host device", "",
             "µs per instance, median (minimum) of the rounds' medians; %d round(s), %s." %
             (len(rounds), meta["args"]),
             "Glass: %s. LLVM: %s." % (meta["glass"], meta["llvm"]), "",
             "| construct | " + " | ".join("%s %s" % (r, m) for r in RUNTIMES for m in MODES) +
             " |", "|---" * (1 + len(RUNTIMES) * len(MODES)) + "|"]
    for c in constructs:
        cells = []
        for r in RUNTIMES:
            for m in MODES:
                if r == "llvm" and m in TRACING:
                    cells.append("n/a (no tracing)")
                else:
                    cells.append(cell(rounds, "%s/%s" % (r, m), c))
        lines.append("| %s | %s |" % (c, " | ".join(cells)))
    ratios = [("glass/none", "llvm/none"), ("glass/tool", "llvm/tool"),
              ("glass/tool", "glass/none"), ("glass/trace", "glass/tool"),
              ("glass/trace", "glass/none"), ("glass/records", "glass/none"),
              ("glass/records", "glass/tool"), ("llvm/tool", "llvm/none")]
    lines += ["", "Paired ratios (median over rounds of the same round's ratio):", "",
              "| construct | " + " | ".join(ratio_name(a, b) for a, b in ratios) + " |",
              "|---" * (1 + len(ratios)) + "|"]
    for c in constructs:
        lines.append("| %s | %s |" % (c, " | ".join(fmt(paired(rounds, a, b, c))
                                                   for a, b in ratios)))
    keys = ["glass/none", "glass/tool", "glass/trace", "glass/records", "llvm/none", "llvm/tool"]
    ratios = [("glass/none", "llvm/none"), ("glass/trace", "glass/tool"),
              ("glass/trace", "glass/none"), ("glass/records", "glass/none"),
              ("glass/records", "glass/tool")]
    lines += ["", "Process CPU time (µs per instance, median (minimum) of the rounds' medians; "
              "what the runs cost without the waits of a loaded machine) and its paired ratios:",
              "", "| construct | " + " | ".join(key_name(k) for k in keys) +
              " | " + " | ".join(ratio_name(a, b) for a, b in ratios) + " |",
              "|---" * (1 + len(keys) + len(ratios)) + "|"]
    for c in constructs:
        cells = [cell(rounds, k, c, "cpu_median") for k in keys]
        cells += [fmt(paired(rounds, a, b, c, "cpu_median")) for a, b in ratios]
        lines.append("| %s | %s |" % (c, " | ".join(cells)))
    lines += ["", clock_line(meta["clock"]), ""] + meta.get("bound", [])
    lines += ["", "Load average at the end: %s." % meta.get("load", "?")]
    if llvm_trace and llvm_trace["tool"]:
        lines += ["", "LLVM's trace and records modes: the tool found no tracing entry points "
                  "(%s)." % json.dumps(llvm_trace["tool"])]
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "offload.md"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "offload.json"), "w") as f:
        json.dump({"meta": meta, "rounds": rounds}, f, indent=1)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--glass-build", default=os.path.join(SRC, "build"))
    ap.add_argument("--out", default=os.path.join(HERE, "out", "offload"))
    ap.add_argument("--llvm-lib", default="/usr/lib/llvm-22/lib")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--rep-time", type=float, default=20000)
    ap.add_argument("--smoke", action="store_true", help="one short round: builds and runs")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--instructions", action="store_true",
                    help="instructions per instance under callgrind instead of times")
    a = ap.parse_args()
    if a.smoke:
        a.rounds, a.reps, a.rep_time = 1, 1, 500
    glass = os.path.abspath(a.glass_build)
    if not os.path.exists(os.path.join(glass, "lib", "libomptarget.so.22.1")):
        fail("no Glass build with libomptarget at %s (--glass-build)" % glass)
    os.makedirs(a.out, exist_ok=True)
    exe, tool = build(glass, a.out)
    dirs = {"glass": os.path.join(glass, "lib"), "llvm": llvm_dir(a.llvm_lib, a.out)}
    if a.instructions:
        print(instructions(exe, tool, dirs, a.out, a.quiet))
        return
    args = ["--reps", str(a.reps), "--rep-time", str(a.rep_time)]
    if a.smoke:
        args += ["--warmup", "1"]
    rounds = []
    for i in range(a.rounds):
        rnd = {}
        for r in RUNTIMES:
            for m in MODES:
                rnd["%s/%s" % (r, m)] = run(exe, tool, r, m, dirs, args)
        rounds.append(rnd)
        if not a.quiet:
            print("round %d/%d done" % (i + 1, a.rounds), file=sys.stderr)
    meta = {"args": " ".join(sys.argv[1:]) or "defaults", "glass": glass,
            "clock": clock_cost(a.out, a.smoke),
            "load": " ".join("%.2f" % x for x in os.getloadavg()),
            "llvm": "%s (libomp 19.1.7, libomptarget 22)" % a.llvm_lib}
    meta["bound"] = clock_bound(exe, tool, dirs, list(rounds[0]["glass/none"]["constructs"]),
                                rounds, meta["clock"])
    text = report(rounds, meta, a.out)
    if not a.quiet:
        print(text)


if __name__ == "__main__":
    main()
