"""The tracing benchmark (bench/tracing/): glass-trace's cost on real-shaped workloads, each run
untraced and under the glass-trace launcher in the same round. Per run it keeps the workload's
own time (measured inside the program: the recording's cost), the process's wall time (which
under glass-trace includes writing the outputs at exit), the peak resident memory (wait4's
ru_maxrss: the program, and under the launcher the largest of the launcher and the program),
the sizes of the outputs (every PREFIX.* file: HTML, JSON, Perfetto when written, summary) and
the slice count (from the summary's first line)."""

import glob
import os
import re
import shutil
import subprocess
import tempfile
import time

from . import machine
from .build import CFLAGS, LDFLAGS
from .common import BENCH_DIR, BuildError, log, parse_json_lines, run_cmd

TRACING_DIR = os.path.join(BENCH_DIR, "tracing")
# The page must respect its bound whatever the run (tools/trace/write_html.c's default).
HTML_MAX = 32 << 20


def workloads():
    return sorted(os.path.basename(p)[:-2] for p in glob.glob(os.path.join(TRACING_DIR, "*.c")))


def build(compiler, out_dir, headers):
    """The workloads, built like the application kernels; returns name -> binary."""
    root = os.path.join(out_dir, compiler, "tracing")
    os.makedirs(root, exist_ok=True)
    inc = headers.program_includes(compiler)
    out = {}
    for w in workloads():
        exe = os.path.join(root, w)
        run_cmd([compiler] + CFLAGS + inc + [os.path.join(TRACING_DIR, w + ".c"), "-o", exe,
                                             "-lm"] + LDFLAGS)
        out[w] = exe
    return out


def _run(cmd, env, timeout):
    """One process: (returncode, stdout, stderr, wall seconds, peak RSS in MB, other CPUs)."""
    probe = machine.Probe()
    probe.start()
    t0 = time.monotonic()
    with tempfile.TemporaryFile() as so, tempfile.TemporaryFile() as se:
        p = subprocess.Popen(cmd, env=env, stdout=so, stderr=se)
        deadline = t0 + timeout
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                p.kill()
                pid, status, ru = os.wait4(p.pid, 0)
                status = -1
                break
            time.sleep(0.005)
        wall = time.monotonic() - t0
        p.returncode = 0  # reaped here; keep Popen from waiting again
        so.seek(0)
        se.seek(0)
        out, err = so.read().decode(errors="replace"), se.read().decode(errors="replace")
    pr = probe.stop()
    rc = -1 if status == -1 else os.waitstatus_to_exitcode(status)
    return rc, out, err, wall, ru.ru_maxrss / 1024.0, pr.other_frac


def _outputs(prefix):
    """Sizes of the files glass-trace wrote at prefix.*, and the slice count of its summary."""
    sizes = {}
    for path in glob.glob(glob.escape(prefix) + ".*"):
        sizes[path[len(prefix) + 1:]] = os.path.getsize(path)
    slices = None
    try:
        with open(prefix + ".txt") as f:
            m = re.search(r"traced, (\d+) slices", f.readline() + f.readline())
            slices = int(m.group(1)) if m else None
    except OSError:
        pass
    return sizes, slices


def _check(rec, rc, err, traced, sizes):
    if rc != 0:
        return "exit %d: %s" % (rc, " | ".join(err.strip().splitlines()[-3:]))
    if not rec or not rec.get("ok"):
        return "no result or a wrong one"
    if traced:
        # A run over GLASS_TRACE_JSON_MAX events writes the Perfetto trace instead of the page.
        if ("html" not in sizes and "pftrace" not in sizes) or "txt" not in sizes:
            return "glass-trace wrote no page, trace or summary (%s)" % sorted(sizes)
        if sizes.get("html", 0) > HTML_MAX:
            return "the page is %d bytes, over its bound of %d" % (sizes["html"], HTML_MAX)
        if "begin(s) without an end" in err:
            return "glass-trace: events did not pair up: %s" % err.strip().splitlines()[-1]
    return None


def run(runtimes, binaries, launcher, threads_list, opts, small):
    """Every workload at every thread count on every OMPT runtime, untraced and traced, opts.reps
    rounds (the order of the two alternates). Returns one cell per (workload, threads, runtime,
    mode) with its runs, or an error."""
    cells = {}
    rts = [rt for rt in runtimes if rt.ompt and rt.libdir]
    for rep in range(opts.reps):
        for w in sorted(binaries):
            for t in threads_list:
                for rt in rts:
                    modes = ["none", "trace"] if rep % 2 == 0 else ["trace", "none"]
                    for mode in modes:
                        key = (w, t, rt.name, mode)
                        cell = cells.setdefault(key, {"workload": w, "threads": t,
                                                      "runtime": rt.name, "mode": mode,
                                                      "runs": []})
                        if cell.get("status") == "error":
                            continue
                        _one(cell, binaries[w], rt, t, mode, launcher, opts, small, rep)
    return list(cells.values())


def _one(cell, binary, rt, threads, mode, launcher, opts, small, rep):
    env = dict(os.environ)
    env.pop("OMP_TOOL_LIBRARIES", None)
    env["OMP_NUM_THREADS"] = str(threads)
    env["LD_LIBRARY_PATH"] = rt.libdir
    cmd = [binary, "--threads", str(threads)] + (["--small"] if small else [])
    if rt.preload:  # the program's, not the launcher's (bash does not run under libtsan)
        cmd = ["env", "LD_PRELOAD=" + rt.preload] + cmd
    tmp = tempfile.mkdtemp(prefix="bench-tracing-")
    prefix = os.path.join(tmp, "trace")
    if mode == "trace":
        cmd = [launcher, "-q", "-o", prefix, "--runtime", rt.libdir, "--"] + cmd
    try:
        rc, out, err, wall, rss, other = _run(cmd, env, opts.timeout * (10 if not small else 1))
        sizes, slices = _outputs(prefix) if mode == "trace" else ({}, None)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    recs = parse_json_lines(out)
    rec = recs[0] if recs else None
    error = _check(rec, rc, err, mode == "trace", sizes)
    if error:
        cell["status"] = "error"
        cell["error"] = error
        cell["stderr"] = err[-2000:]
        log("ERROR tracing %s T=%d %s/%s: %s" % (cell["workload"], threads, rt.name, mode, error),
            always=True)
        return
    cell["size"] = rec.get("size")
    run = {"round": rep, "time_s": rec["time_s"], "wall_s": round(wall, 4),
           "maxrss_mb": round(rss, 1), "other_cpu": round(other, 3)}
    if mode == "trace":
        run.update(bytes=sizes, slices=slices)
    cell["runs"].append(run)
    log("tracing %s T=%d %s %s: %.3f s in the program, %.3f s in all, %.0f MB peak%s" % (
        cell["workload"], threads, rt.name, mode, rec["time_s"], wall, rss,
        "" if mode != "trace" else ", %s slices, %s" % (
            slices, ", ".join("%s %.1f MB" % (k, v / 1e6) for k, v in sorted(sizes.items())))))


def check_launcher(glass_lib):
    launcher = os.path.join(os.path.dirname(glass_lib), "bin", "glass-trace")
    if not os.path.exists(launcher) or not os.path.exists(os.path.join(glass_lib,
                                                                       "libglass-trace.so")):
        raise BuildError("the tracing benchmark needs glass-trace (%s)" % launcher)
    return launcher
