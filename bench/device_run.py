#!/usr/bin/env python3
"""bench device mode, the run: measures Glass, LLVM libomp and libgomp on the machine it runs on,
from a kit that bench/device.sh prepared elsewhere (that machine has no compiler). Standard
library only; matplotlib is used for the plot when it is there, else the plot is a text table.

The kit (bench/device.sh): bin/<compiler>/{micro,apps}/..., lib/{glass,libomp,libgomp}/, this
script as run.py, the runner's common.py (standard library only) and manifest.json. Runs every
construct at every thread count on the three runtimes, interleaved (each round visits every
runtime once per construct and thread count, in a rotating order), threads bound to cores, and
writes results.md, results.json and ratios.png (or ratios.txt) into --out. See bench/README.md,
"Device mode".
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time

try:  # in the repository, next to the runner
    from runner.common import parse_json_lines as json_lines
except ImportError:  # in a kit, where bench/device.sh put runner/common.py beside this file
    from common import parse_json_lines as json_lines

KIT = os.path.dirname(os.path.abspath(__file__))
RUNTIMES = ["glass", "libomp", "libgomp"]
# The constructs of docs/performance.md's 16-core table: (group binary, construct).
CONSTRUCTS = [
    ("parallel", "parallel"), ("parallel", "barrier"), ("for", "for"),
    ("for", "parallel_for"), ("single", "single"), ("critical", "critical"), ("lock", "lock"),
    ("atomic", "atomic"), ("reduction", "reduction"), ("for", "static"),
    ("dynamic", "dynamic_1"), ("dynamic", "dynamic_16"), ("dynamic", "guided_16"),
    ("task", "task_master"), ("task", "task_parallel"), ("taskwait", "taskwait"),
    ("task_deps", "task_deps"),
]
APPS = ["fib", "cholesky"]


def csv(kind):
    return lambda s: [kind(x) for x in s.split(",") if x]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", default=os.environ.get("OUT", "device-out"))
    p.add_argument("--threads", type=csv(int), default=[1, 2, 4, 8, 16])
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--constructs", type=csv(str), default=None,
                   help="construct names (default: the 16-core table's)")
    p.add_argument("--apps", type=csv(str), default=APPS)
    p.add_argument("--runtimes", type=csv(str), default=RUNTIMES)
    p.add_argument("--delay", type=float, default=0.1, help="µs of work per instance")
    p.add_argument("--reps", type=int, default=5, help="harness repetitions per run")
    p.add_argument("--rep-time", type=int, default=1500, help="µs per harness repetition")
    p.add_argument("--warmup", type=int, default=20, help="ms of warm-up per run")
    p.add_argument("--budget", type=float, default=270,
                   help="seconds: no round starts after 85%% of it")
    p.add_argument("--timeout", type=float, default=30, help="seconds per run")
    return p.parse_args()


def log(msg):
    print("[device %6.1fs] %s" % (time.monotonic() - T0, msg), file=sys.stderr, flush=True)


def runtime_env(rt, threads):
    env = dict(os.environ)
    lib = os.path.join(KIT, "lib", rt)
    env["LD_LIBRARY_PATH"] = lib + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH")
                                    else "")
    env["OMP_NUM_THREADS"] = str(threads)
    # Thread i on core i, the same way for every runtime (all three read these two).
    env["OMP_PROC_BIND"] = "close"
    env["OMP_PLACES"] = "cores"
    for k in ("OMP_WAIT_POLICY", "KMP_BLOCKTIME", "GOMP_SPINCOUNT", "OMP_TOOL_LIBRARIES",
              "GLASS_STATS"):
        env.pop(k, None)
    env["OMP_TOOL"] = "disabled"
    return env


def binary(rt, kind, name):
    compiler = "gcc" if rt == "libgomp" else "clang-22"
    return os.path.join(KIT, "bin", compiler, kind, name)


def run(cmd, env, timeout):
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timed out after %gs" % timeout
    except OSError as e:
        return 127, "", str(e)


def loaded_ok(rec, rt):
    """The harness reports the runtime it loaded: it must be the kit's."""
    path = rec.get("runtime", "")
    want = os.path.realpath(os.path.join(KIT, "lib", rt))
    return not path or os.path.realpath(path).startswith(want)


def calibrate(opts):
    """The delay length for --delay µs, per compiler (its own busy loop), median of 3."""
    lens = {}
    for compiler in ("clang-22", "gcc"):
        rts = [rt for rt in opts.runtimes if (rt == "libgomp") == (compiler == "gcc")]
        if not rts:
            continue
        got = []
        for _ in range(3):
            rc, out, err = run([binary(rts[0], "micro", "parallel"), "--calibrate", "--delay",
                                str(opts.delay)], runtime_env(rts[0], 1), 60)
            recs = json_lines(out)
            if rc == 0 and recs:
                got.append(recs[0]["delay_len"])
        if not got:
            sys.exit("device_run: delay calibration failed for %s" % compiler)
        lens[compiler] = int(statistics.median(got))
    return lens


def micro_cmd(opts, rt, group, construct, threads, lens):
    compiler = "gcc" if rt == "libgomp" else "clang-22"
    return [binary(rt, "micro", group), "--construct", construct, "--threads", str(threads),
            "--delay-len", str(lens[compiler]), "--reps", str(opts.reps), "--rep-time",
            str(opts.rep_time), "--warmup", str(opts.warmup)]


def measure(opts, items, lens):
    """items: [(kind, group-or-app, construct, threads)]. Returns {key: [values]}, errors, and
    {key: [(minimum overhead, CPU µs, wall µs)]} of the micro runs (a loaded machine's figures
    are read from the minimums and the CPU time: bench/README.md, "Device mode")."""
    values, errors, extra = {}, {}, {}
    deadline = T0 + opts.budget * 0.85
    for rnd in range(opts.rounds):
        if rnd > 0 and time.monotonic() > deadline:
            log("budget reached: %d round(s) of %d" % (rnd, opts.rounds))
            break
        log("round %d of %d" % (rnd + 1, opts.rounds))
        for idx, (kind, group, name, threads) in enumerate(items):
            k = (rnd + idx) % len(opts.runtimes)
            for rt in opts.runtimes[k:] + opts.runtimes[:k]:
                key = (name, threads, rt)
                if key in errors:
                    continue
                env = runtime_env(rt, threads)
                if kind == "micro":
                    cmd = micro_cmd(opts, rt, group, name, threads, lens)
                else:
                    cmd = [binary(rt, "apps", name), "--threads", str(threads)]
                rc, out, err = run(cmd, env, opts.timeout)
                recs = json_lines(out)
                if rc != 0 or not recs:
                    errors[key] = "rc=%d %s" % (rc, err.strip()[-300:])
                    log("%s %s T=%d: %s" % (rt, name, threads, errors[key]))
                    continue
                rec = recs[0]
                if not loaded_ok(rec, rt):
                    errors[key] = "loaded %s instead of the kit's %s" % (rec.get("runtime"), rt)
                    continue
                if kind == "micro":
                    v = rec["overhead_median_us"]
                    extra.setdefault(key, []).append(
                        (rec.get("overhead_min_us"), rec.get("cpu_us"), rec.get("wall_us")))
                else:
                    if not rec.get("ok", True):
                        errors[key] = "wrong result: %s" % rec.get("detail", "")
                        continue
                    v = rec["time_s"] * 1e6
                values.setdefault(key, []).append(v)
    return values, errors, extra


def fmt(v):
    if v is None:
        return "n/a"
    a = abs(v)
    return "%.3f" % v if a < 1 else "%.2f" % v if a < 100 else "%.0f" % v


def ratio(a, b):
    return a / b if a is not None and b is not None and b > 0.005 and a > 0.005 else None


def tables(opts, names, units, med):
    lines = []
    rts = opts.runtimes
    for t in opts.threads:
        lines.append("\n### %d thread%s: median over rounds (µs; per instance, per loop, per "
                     "task or per app run)\n" % (t, "" if t == 1 else "s"))
        head = "| construct | " + " | ".join(rts) + " | G/L | G/G | unit |"
        lines += [head, "|" + " --- |" * (len(rts) + 4)]
        for n in names:
            vals = [med.get((n, t, rt)) for rt in rts]
            g, l, gg = (med.get((n, t, r)) for r in ("glass", "libomp", "libgomp"))
            lines.append("| %s | %s | %s | %s | %s |" % (
                n, " | ".join(fmt(v) for v in vals), fmt(ratio(g, l)), fmt(ratio(g, gg)),
                units[n]))
    for ref, label in (("libomp", "Glass/libomp"), ("libgomp", "Glass/libgomp")):
        if ref not in rts or "glass" not in rts:
            continue
        lines.append("\n### %s ratio by threads (median/median; below 1: Glass is faster)\n" %
                     label)
        lines += ["| construct | " + " | ".join("T=%d" % t for t in opts.threads) + " |",
                  "|" + " --- |" * (len(opts.threads) + 1)]
        for n in names:
            lines.append("| %s | %s |" % (n, " | ".join(
                fmt(ratio(med.get((n, t, "glass")), med.get((n, t, ref)))) for t in opts.threads)))
    return lines


def plot(opts, names, med, out_dir):
    """ratios.png with matplotlib; without it, ratios.txt (the better-of ratio as text bars)."""
    best = {}
    for n in names:
        for t in opts.threads:
            refs = [med.get((n, t, r)) for r in ("libomp", "libgomp") if (n, t, r) in med]
            refs = [r for r in refs if r is not None]
            g = med.get((n, t, "glass"))
            if refs and g is not None:
                best[(n, t)] = ratio(g, min(refs))
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        path = os.path.join(out_dir, "ratios.txt")
        with open(path, "w") as f:
            f.write("Glass / better of libomp and libgomp (below 1: Glass is faster; "
                    "4 marks = 2x, at most 16)\n")
            for n in names:
                for t in opts.threads:
                    r = best.get((n, t))
                    if r is None:
                        continue
                    k = min(16, int(round(abs(math.log2(r)) * 4)))
                    bar = ("<" * k).rjust(16) + "|" if r < 1 else " " * 16 + "|" + ">" * k
                    f.write("%-20s T=%-3d %6.2f %s\n" % (n, t, r, bar))
        return path
    fig, ax = plt.subplots(figsize=(9, 0.35 * len(names) + 1.5))
    markers = "os^Dv"
    for i, t in enumerate(opts.threads):
        ys = [j for j, n in enumerate(names) if best.get((n, t))]
        xs = [best[(names[j], t)] for j in ys]
        ax.scatter(xs, [y + (i - len(opts.threads) / 2) * 0.08 for y in ys],
                   marker=markers[i % len(markers)], label="T=%d" % t)
    ax.set_xscale("log")
    ax.axvline(1, color="k", lw=0.8)
    ax.axvspan(0.01, 1, color="g", alpha=0.06)
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(names)
    ax.invert_yaxis()
    ax.set_xlabel("Glass / better of libomp and libgomp (log; left of 1: Glass faster)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    path = os.path.join(out_dir, "ratios.png")
    fig.savefig(path, dpi=110)
    return path


def main():
    opts = parse_args()
    os.makedirs(opts.out, exist_ok=True)
    manifest = {}
    mpath = os.path.join(KIT, "manifest.json")
    if os.path.exists(mpath):
        with open(mpath) as f:
            manifest = json.load(f)
    ncpu = os.cpu_count() or 1
    over = [t for t in opts.threads if t > ncpu]
    if over:
        log("warning: %s thread(s) exceed the %d CPUs: those figures are oversubscribed" %
            (over, ncpu))
    lens = calibrate(opts)
    log("delay lengths for %g µs: %s" % (opts.delay, lens))
    want = set(opts.constructs) if opts.constructs else None
    micro = [(g, c) for g, c in CONSTRUCTS if want is None or c in want]
    items = [("micro", g, c, t) for g, c in micro for t in opts.threads]
    items += [("app", a, a, t) for a in opts.apps for t in opts.threads]
    values, errors, extra = measure(opts, items, lens)
    med = {k: statistics.median(v) for k, v in values.items() if v}
    names = [c for _, c in micro] + list(opts.apps)
    units = dict({c: "us/inst" for _, c in micro}, **{a: "us/run" for a in opts.apps})
    elapsed = time.monotonic() - T0
    hdr = ["# bench device mode: %d CPUs, %s" % (ncpu, time.strftime("%Y-%m-%d %H:%M UTC",
                                                                      time.gmtime())),
           "",
           "Glass %s, LLVM libomp and libgomp from the kit (manifest below); OMP_PROC_BIND=close "
           "OMP_PLACES=cores; EPCC overhead per instance (%g µs of work), median of %d harness "
           "repetitions per run, median over %d interleaved round(s); %.0f s in all." % (
               manifest.get("glass_commit", "?"), opts.delay, opts.reps, opts.rounds, elapsed)]
    lines = hdr + tables(opts, names, units, med)
    if errors:
        lines += ["", "### Runs that failed", ""]
        lines += ["- %s T=%d on %s: %s" % (k[0], k[1], k[2], v) for k, v in sorted(errors.items())]
    lines += ["", "Kit: `%s`" % json.dumps(manifest, sort_keys=True)]
    with open(os.path.join(opts.out, "results.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    raw = {"meta": {"cpus": ncpu, "elapsed_s": elapsed, "options": vars(opts),
                    "delay_len": lens, "manifest": manifest},
           "runs": [{"construct": k[0], "threads": k[1], "runtime": k[2], "values": v,
                     "median": med.get(k), "min_cpu_wall": extra.get(k)}
                    for k, v in sorted(values.items())],
           "errors": [{"construct": k[0], "threads": k[1], "runtime": k[2], "error": v}
                      for k, v in sorted(errors.items())]}
    with open(os.path.join(opts.out, "results.json"), "w") as f:
        json.dump(raw, f, indent=1)
    p = plot(opts, names, med, opts.out)
    print("\n".join(lines))
    log("wrote results.md, results.json, %s into %s" % (os.path.basename(p), opts.out))
    return 1 if errors else 0


T0 = time.monotonic()
if __name__ == "__main__":
    sys.exit(main())
