"""Timed runs: the microbenchmarks and the application kernels on every runtime and tool
mode, interleaved, repeated, each run checked for disturbance by other processes."""

import json
import os
import shutil
import subprocess
import tempfile
import time

from . import machine
from .common import clean_env, log, median, minimum, parse_json_lines, run_cmd

# A runtime-provided symbol: what a program may need from the OpenMP runtime.
RUNTIME_PREFIXES = ("__kmpc_", "omp_", "ompc_", "kmp_", "kmpc_", "GOMP_", "ompt_")


class Runtime:
    def __init__(self, name, build, libdir, libfile, ompt):
        self.name = name
        self.build = build  # the Build (binaries of one compiler) this runtime runs
        self.libdir = libdir  # goes first on LD_LIBRARY_PATH (None: the default search)
        self.libfile = libfile  # the library itself, for the symbol check
        self.ompt = ompt  # runs the tool modes
        self._defined = None
        # A runtime built with ThreadSanitizer (GLASS_SANITIZE=thread) needs libtsan ahead of
        # libc, which only LD_PRELOAD gives an uninstrumented program.
        self.preload = tsan_runtime(libfile)

    def defined_symbols(self):
        if self._defined is None:
            rc, out, _ = run_cmd(["nm", "-D", "--defined-only", self.libfile], check=False)
            self._defined = {l.split()[-1].split("@")[0] for l in out.splitlines() if l.strip()}
        return self._defined

    def wrong_library(self, loaded):
        """An error message if the run loaded another OpenMP runtime than this one."""
        if not loaded:
            return None
        if os.path.realpath(loaded) != os.path.realpath(self.libfile):
            return "loaded %s instead of %s" % (loaded, self.libfile)
        return None

    def missing(self, binary):
        """Runtime entry points `binary` needs that this runtime does not define."""
        return sorted(needed_symbols(binary) - self.defined_symbols())


_needed = {}


def needed_symbols(binary):
    """The runtime entry points a binary needs (nm is slow: each binary is read once)."""
    if binary not in _needed:
        rc, out, _ = run_cmd(["nm", "-D", "--undefined-only", binary], check=False)
        need = {l.split()[-1].split("@")[0] for l in out.splitlines() if l.strip()}
        _needed[binary] = {s for s in need if s.startswith(RUNTIME_PREFIXES)}
    return _needed[binary]


def tsan_runtime(lib):
    """The libtsan that `lib` depends on, or None."""
    if not lib or not os.path.exists(lib):
        return None
    rc, out, _ = run_cmd(["ldd", lib], check=False)
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0].startswith("libtsan.so") and len(parts) > 2:
            return parts[2]
    return None


def mode_env(runtime, mode, threads, tools, report):
    env = clean_env()
    if runtime.libdir:
        env["LD_LIBRARY_PATH"] = runtime.libdir
    if runtime.preload:
        env["LD_PRELOAD"] = runtime.preload
    env["OMP_NUM_THREADS"] = str(threads)
    if mode in ("nocb", "empty", "light"):
        env["OMP_TOOL_LIBRARIES"] = tools[mode]
    elif mode == "disabled":
        env["OMP_TOOL"] = "disabled"
        env["OMP_TOOL_LIBRARIES"] = tools["light"]  # configured, and must not be loaded
    if report:
        env["BENCH_TOOL_REPORT"] = report
    return env


def trace_wrap(cmd, runtime, tools, prefix):
    """cmd under the glass-trace launcher, on `runtime` (--runtime), outputs at prefix.*, no
    summary on stderr."""
    return [tools["trace"], "-q", "-o", prefix, "--runtime", runtime.libdir, "--"] + list(cmd)


def read_trace(prefix):
    """What glass-trace wrote at prefix.*: the JSON's otherData (slices, flows, dropped and
    spilled events, pairing anomalies) and the output sizes; None if it wrote no trace."""
    try:
        sizes = {ext: os.path.getsize(prefix + "." + ext) for ext in ("json", "html", "txt")}
        with open(prefix + ".json", "rb") as f:
            f.seek(max(0, sizes["json"] - 4096))
            tail = f.read().decode(errors="replace")
        other = json.loads(tail[tail.rindex('"otherData":') + len('"otherData":'):].strip()[:-1])
    except (OSError, ValueError, KeyError):
        return None
    other["bytes"] = sizes
    return other


def read_tool_report(path):
    try:
        with open(path) as f:
            return parse_json_lines(f.read())
    except OSError:
        return []


def check_tool(mode, records):
    """An error message if the tool was not (or, for "disabled", was) initialized."""
    inits = [r for r in records if r.get("event") == "initialize"]
    if mode == "disabled" and inits:
        return "OMP_TOOL=disabled, yet the tool was initialized"
    if mode in ("nocb", "empty", "light") and not inits:
        return "the %s tool was not initialized" % mode
    return None


def check_trace(info):
    """An error message if a run under glass-trace left no trace, or a trace whose events did
    not pair up (a runtime bug the tracer saw)."""
    if info is None:
        return "glass-trace wrote no trace"
    if info.get("unmatched_begins") or info.get("unmatched_ends"):
        return "glass-trace: %s begin(s) without an end, %s end(s) without a begin" % (
            info.get("unmatched_begins"), info.get("unmatched_ends"))
    return None


class Outcome:
    """One process run."""

    def __init__(self):
        self.rc = None
        self.records = []
        self.stderr = ""
        self.error = None
        self.tool_records = []
        self.probe = None
        self.trace = None


def execute(cmd, env, timeout, mode, trace=None):
    """Runs cmd once. trace: (runtime, tools) to run it under glass-trace (the trace mode);
    its outputs go to a temporary folder, are read (read_trace) and removed."""
    out = Outcome()
    trace_dir = None
    if trace:
        trace_dir = tempfile.mkdtemp(prefix="bench-trace-")
        prefix = os.path.join(trace_dir, "trace")
        cmd = trace_wrap(cmd, trace[0], trace[1], prefix)
    fd, report = tempfile.mkstemp(prefix="bench-tool-", suffix=".jsonl")
    os.close(fd)
    env = dict(env)
    env["BENCH_TOOL_REPORT"] = report
    probe = machine.Probe()
    probe.start()
    try:
        p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=timeout)
        out.rc = p.returncode
        out.stderr = p.stderr
        out.records = parse_json_lines(p.stdout)
    except subprocess.TimeoutExpired as e:
        out.rc = -1
        out.stderr = (e.stderr or b"").decode(errors="replace") if isinstance(
            e.stderr, bytes) else (e.stderr or "")
        out.error = "timed out after %d s" % timeout
    out.probe = probe.stop()
    out.tool_records = read_tool_report(report)
    os.unlink(report)
    if trace_dir:
        out.trace = read_trace(prefix)
        shutil.rmtree(trace_dir, ignore_errors=True)
    if out.error is None and out.rc != 0:
        tail = out.stderr.strip().splitlines()[-3:]
        out.error = "exit %d: %s" % (out.rc, " | ".join(tail))
    if out.error is None:
        out.error = check_tool(mode, out.tool_records)
    if out.error is None and trace_dir:
        out.error = check_trace(out.trace)
    return out


class Policy:
    """When a run counts as disturbed, and how often to retry it."""

    def __init__(self, max_other=0.10, max_delay=0.03, retries=3, deadline=None, enabled=True):
        self.enabled = enabled  # off in smoke mode: runs too short to judge, no timing read
        self.max_other = max_other  # CPUs used by other processes during the run
        self.max_delay = max_delay  # run delay of our threads, per thread, per unit of time
        self.retries = retries
        self.deadline = deadline  # after this monotonic time: no more retries
        self.min_delay_us = 300  # wake-up latencies of sleeping threads add up to less

    def reasons(self, probe, threads, rec):
        if not self.enabled:
            return []
        why = []
        if probe.other_frac > self.max_other:
            why.append("other processes used %.2f CPU" % probe.other_frac)
        # Time our threads waited for a CPU while measuring. With no more threads than CPUs it
        # means someone else had our CPU.
        if rec and threads <= machine.NCPU and rec.get("wall_us"):
            delay = rec.get("run_delay_us", 0)
            frac = delay / rec["wall_us"] / threads
            if frac > self.max_delay and delay > self.min_delay_us:
                why.append("threads waited %.1f%% of the time for a CPU" % (100 * frac))
        return why

    def may_retry(self, attempt):
        return attempt < self.retries and (self.deadline is None or
                                           time.monotonic() < self.deadline)


class Stats:
    def __init__(self, probe=None):
        self.runs = 0
        self.rejected = 0
        self.kept_disturbed = 0
        self.errors = 0
        self.probe = probe  # the core-to-core round-trip probe, or None
        self.pingpong = []  # its results, one per round

    def as_dict(self):
        return dict(runs=self.runs, rejected=self.rejected, kept_disturbed=self.kept_disturbed,
                    errors=self.errors, pingpong_ns=self.pingpong)

    def round_probe(self):
        """Probes the core-to-core round trip before a round; returns ns or None."""
        if not self.probe or machine.NCPU < 2:
            return None
        rc, out, _ = run_cmd([self.probe], check=False, timeout=30)
        recs = parse_json_lines(out)
        v = recs[0].get("pingpong_ns") if rc == 0 and recs else None
        if v is not None:
            self.pingpong.append(v)
        return v


def mark_error(cell, label, error, stderr=None):
    """Marks a result cell failed and logs why; label names the run (what, threads, mode)."""
    cell["status"] = "error"
    cell["error"] = error
    if stderr is not None:
        cell["stderr"] = stderr
    log("ERROR %s: %s" % (label, error), always=True)


def run_failed(cell, label, entry):
    """True, with the cell marked failed, when the run failed or printed no result."""
    if "error" not in entry and entry.get("record") is not None:
        return False
    mark_error(cell, label, entry.get("error", "no result printed"), entry.get("stderr", ""))
    return True


def measured_run(cmd, env, threads, mode, policy, stats, timeout, pick, trace=None):
    """Runs cmd until an undisturbed run (or retries run out). Returns (entry, rejected list)
    where entry is the kept run (a dict) and rejected the disturbed runs thrown away."""
    rejected = []
    attempt = 0
    while True:
        stats.runs += 1
        out = execute(cmd, env, timeout, mode, trace)
        if out.error:
            stats.errors += 1
            return {"error": out.error, "stderr": out.stderr[-2000:]}, rejected, out
        rec = pick(out.records)
        entry = {"record": rec, "wall_s": round(out.probe.wall, 4),
                 "other_cpu": round(out.probe.other_frac, 4)}
        if out.trace:
            entry["trace"] = out.trace
        why = policy.reasons(out.probe, threads, rec)
        if not why:
            stats.rejected += len(rejected)
            return entry, rejected, out
        entry["disturbed"] = why
        if not policy.may_retry(attempt):
            stats.kept_disturbed += 1
            # keep the least disturbed of the attempts
            best = min(rejected + [entry], key=lambda e: e["other_cpu"])
            if best is not entry:
                rejected.remove(best)
                rejected.append(entry)
            stats.rejected += len(rejected)
            return best, rejected, out
        rejected.append(entry)
        attempt += 1
        time.sleep(0.2 * attempt)  # let a burst of someone else's work pass


# ---------------------------------------------------------------------------------------------
# Microbenchmarks


def calibrate(build, runtime_env, delay, runs=3):
    """The delay length for `delay` microseconds with this compiler's code (median of runs)."""
    binary = build.micro["parallel"]
    lens = []
    for _ in range(runs):
        rc, out, err = run_cmd([binary, "--calibrate", "--delay", str(delay)], env=runtime_env,
                               check=False, timeout=60)
        recs = parse_json_lines(out)
        if rc == 0 and recs:
            lens.append(recs[0]["delay_len"])
    if not lens:
        raise RuntimeError("delay calibration failed with %s" % binary)
    return int(median(lens))


def list_constructs(build, env):
    """[(group, construct, instance)] from each group binary's --list."""
    out = []
    for group, binary in sorted(build.micro.items()):
        rc, text, err = run_cmd([binary, "--list"], env=env, check=False, timeout=60)
        if rc != 0:
            raise RuntimeError("%s --list failed: %s" % (binary, err.strip()))
        for line in text.splitlines():
            parts = line.split(None, 2)
            if len(parts) >= 2:
                out.append((parts[0], parts[1], parts[2] if len(parts) > 2 else ""))
    return out


def rotate(seq, k):
    k %= len(seq) if seq else 1
    return seq[k:] + seq[:k]


def run_micro(runtimes, items, tools, opts, policy, stats, delay_lens):
    """items: [(group, construct, threads, [modes])]. Returns the list of cells."""
    cells = {}
    configs = []
    for rt in runtimes:
        for mode in (opts.modes if rt.ompt else ["none"]):
            configs.append((rt, mode))
    # Availability: a runtime that lacks the entry points of a group cannot load its binary.
    missing = {}
    for rt in runtimes:
        for group, binary in rt.build.micro.items():
            missing[(rt.name, group)] = rt.missing(binary)
    for group, construct, threads, modes in items:
        for rt, mode in configs:
            if mode not in modes:
                continue
            cell = {"construct": construct, "group": group, "threads": threads,
                    "runtime": rt.name, "mode": mode, "runs": [], "rejected_runs": []}
            miss = missing[(rt.name, group)]
            if miss:
                cell["status"] = "n/a"
                cell["missing"] = miss
            cells[(construct, threads, rt.name, mode)] = cell
    total = sum(1 for c in cells.values() if "status" not in c) * opts.reps
    done = 0
    t_start = time.monotonic()
    for rep in range(opts.reps):
        for idx, (group, construct, threads, modes) in enumerate(items):
            order = rotate(configs, rep + idx)
            pingpong = None
            if any(k[0] == construct and k[1] == threads and "status" not in c
                   for k, c in cells.items()):
                pingpong = stats.round_probe()
            for rt, mode in order:
                cell = cells.get((construct, threads, rt.name, mode))
                if cell is None or cell.get("status") in ("n/a", "error"):
                    continue
                binary = rt.build.micro[group]
                cmd = [binary, "--construct", construct, "--threads", str(threads),
                       "--delay-len", str(delay_lens[rt.build.compiler]),
                       "--reps", str(opts.inner_reps), "--rep-time", str(opts.rep_time),
                       "--warmup", str(opts.warmup)]
                if opts.iterations:
                    cmd += ["--iterations", str(opts.iterations)]
                env = mode_env(rt, mode, threads, tools, None)
                entry, rejected, out = measured_run(
                    cmd, env, threads, mode, policy, stats, opts.timeout,
                    lambda recs: recs[0] if recs else None,
                    (rt, tools) if mode == "trace" else None)
                done += 1
                label = "%s T=%d %s/%s" % (construct, threads, rt.name, mode)
                if run_failed(cell, label, entry):
                    continue
                if mode in ("empty", "light") and out.tool_records:
                    cell["tool_report"] = out.tool_records
                rec = entry.pop("record")
                wrong = rt.wrong_library(rec.get("runtime"))
                if wrong:
                    mark_error(cell, label, wrong)
                    continue
                entry.update(round=rep, pingpong_ns=pingpong, overhead_us=rec["overhead_median_us"],
                             overhead_min_us=rec["overhead_min_us"],
                             ref_us=rec["ref_median_us"], iterations=rec["iterations"],
                             run_delay_us=rec.get("run_delay_us"), raw=rec)
                cell["runs"].append(entry)
                cell["rejected_runs"] += rejected
                if done % 25 == 0 or done == total:
                    el = time.monotonic() - t_start
                    log("micro %d/%d runs, %.0f s, %d rejected as disturbed" %
                        (done, total, el, stats.rejected))
    for cell in cells.values():
        runs = [r["overhead_us"] for r in cell["runs"]]
        if runs and cell.get("status") != "error":
            cell["status"] = "ok"
            cell["median_us"] = median(runs)
            cell["min_us"] = minimum(runs)
            cell["rejected"] = len(cell["rejected_runs"])
    return list(cells.values())


# ---------------------------------------------------------------------------------------------
# Application kernels


def run_apps(runtimes, app_names, threads_list, opts, policy, stats, small=False, tools=None):
    """Every app on every runtime, with no tool; also under glass-trace (mode "trace") on the
    OMPT runtimes when opts.modes has it."""
    cells = {}
    items = [(a, t) for a in app_names for t in threads_list]
    traced = "trace" in opts.modes and tools and "trace" in tools
    rts = [(rt, "none") for rt in runtimes]
    rts += [(rt, "trace") for rt in runtimes if traced and rt.ompt]
    for rep in range(opts.reps):
        for idx, (app, threads) in enumerate(items):
            pingpong = stats.round_probe()
            for rt, mode in rotate(rts, rep + idx):
                key = (app, threads, rt.name, mode)
                cell = cells.get(key)
                if cell is None:
                    cell = cells[key] = {"app": app, "threads": threads, "runtime": rt.name,
                                         "mode": mode, "runs": [], "rejected_runs": []}
                    miss = rt.missing(rt.build.apps[app])
                    if miss:
                        cell["status"] = "n/a"
                        cell["missing"] = miss
                if cell.get("status") in ("n/a", "error"):
                    continue
                cmd = [rt.build.apps[app], "--threads", str(threads)] + (["--small"] if small
                                                                        else [])
                env = mode_env(rt, "none", threads, {}, None)
                entry, rejected, out = measured_run(
                    cmd, env, threads, mode, policy, stats, opts.timeout,
                    lambda recs: recs[0] if recs else None,
                    (rt, tools) if mode == "trace" else None)
                if run_failed(cell, "app %s T=%d %s/%s" % (app, threads, rt.name, mode), entry):
                    continue
                rec = entry.pop("record")
                entry.update(round=rep, pingpong_ns=pingpong, time_s=rec["time_s"], raw=rec)
                cell["runs"].append(entry)
                cell["rejected_runs"] += rejected
    for cell in cells.values():
        runs = [r["time_s"] for r in cell["runs"]]
        if runs and cell.get("status") != "error":
            cell["status"] = "ok"
            cell["median_s"] = median(runs)
            cell["min_s"] = minimum(runs)
            cell["rejected"] = len(cell["rejected_runs"])
    log("apps done, %d rejected as disturbed so far" % stats.rejected)
    return list(cells.values())
