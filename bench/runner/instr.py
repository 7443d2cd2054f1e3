"""Instruction counts: each construct at 1 thread under valgrind --tool=callgrind.

The harness runs test(N1), test(N2), ref(N1), ref(N2) in one process and asks callgrind to dump
its counters after each phase (a client request labelled with the phase). Instructions per
construct instance = (test(N2) - test(N1)) / (N2 - N1) minus the same for the reference, so
start-up, the enclosing region and the loop itself cancel. The count is exact and repeatable:
a change of a few instructions in a construct shows.

With the light tool, two native runs of different sizes give the number of events a construct
delivers per instance, so the cost per delivered callback can be derived."""

import concurrent.futures
import glob
import os
import re
import shutil
import tempfile

from .common import log, run_cmd
from .timing import mode_env, read_tool_report

TRIGGER = re.compile(r"^desc: Trigger: Client Request: (\S+)")


def have_valgrind():
    return shutil.which("valgrind") is not None


def callgrind_phases(cmd, env, timeout):
    """Runs cmd under callgrind; returns ({label: instructions}, error)."""
    d = tempfile.mkdtemp(prefix="bench-cg-")
    try:
        vg = ["valgrind", "--tool=callgrind", "--callgrind-out-file=%s/cg.out" % d,
              "--dump-line=no", "--compress-strings=no", "--compress-pos=no"]
        rc, out, err = run_cmd(vg + cmd, env=env, check=False, timeout=timeout)
        if rc != 0:
            tail = " | ".join(err.strip().splitlines()[-3:])
            return None, "valgrind exit %d: %s" % (rc, tail)
        phases = {}
        for path in glob.glob(os.path.join(d, "cg.out.*")):
            label, total = None, None
            with open(path, errors="replace") as f:
                for line in f:
                    m = TRIGGER.match(line)
                    if m:
                        label = m.group(1)
                    elif line.startswith("summary:") or (total is None and
                                                         line.startswith("totals:")):
                        total = int(line.split()[1])
            if label and total is not None:
                phases[label] = total
        return phases, None
    finally:
        shutil.rmtree(d, ignore_errors=True)


def per_instance(phases, construct, n1, n2):
    try:
        t1 = phases["%s:test:%d" % (construct, n1)]
        t2 = phases["%s:test:%d" % (construct, n2)]
        r1 = phases["%s:ref:%d" % (construct, n1)]
        r2 = phases["%s:ref:%d" % (construct, n2)]
    except KeyError:
        return None, None
    return (t2 - t1 - (r2 - r1)) / (n2 - n1), dict(test=[t1, t2], ref=[r1, r2])


def event_counts(runtime, group, construct, tools, n1, n2, timeout):
    """Events (by callback) the light tool receives per instance of the construct."""
    totals = []
    for a, b in ((n1, n2), (2 * n1, 2 * n2)):
        fd, report = tempfile.mkstemp(prefix="bench-ev-", suffix=".jsonl")
        os.close(fd)
        env = mode_env(runtime, "light", 1, tools, report)
        rc, out, err = run_cmd([runtime.build.micro[group], "--construct", construct,
                                "--threads", "1", "--instr", "%d,%d" % (a, b)], env=env,
                               check=False, timeout=timeout)
        recs = read_tool_report(report)
        os.unlink(report)
        fin = [r for r in recs if r.get("event") == "finalize"]
        if rc != 0 or not fin:
            return None
        totals.append(fin[-1].get("counts", {}))
    span = 2 * n1 + n2  # instances run by the second run and not the first
    per = {}
    for k in set(totals[0]) | set(totals[1]):
        d = (totals[1].get(k, 0) - totals[0].get(k, 0)) / span
        if d:
            per[k] = round(d, 3)
    return per


def have_strace():
    return shutil.which("strace") is not None


def _strace_total(cmd, env, timeout):
    """System calls made by cmd and its threads: ({name: calls}, total) or (None, None)."""
    fd, out = tempfile.mkstemp(prefix="bench-strace-", suffix=".txt")
    os.close(fd)
    try:
        rc, _, _ = run_cmd(["strace", "-f", "-c", "-o", out] + cmd, env=env, check=False,
                           timeout=timeout)
        if rc != 0:
            return None, None
        calls, total = {}, None
        with open(out) as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 5 and parts[-1] == "total":
                    total = int(parts[3])
                elif len(parts) >= 5 and parts[0][0].isdigit():
                    calls[parts[-1]] = int(parts[3])
        return calls, total
    finally:
        os.unlink(out)


def syscall_counts(runtime, group, construct, n1, n2, timeout):
    """System calls per instance at 1 thread (strace): the difference of two runs of
    different sizes, as for the event counts. Instruction counts do not see the time a system
    call takes; this says which constructs make them."""
    res = []
    for a, b in ((n1, n2), (2 * n1, 2 * n2)):
        env = mode_env(runtime, "none", 1, {}, None)
        cmd = [runtime.build.micro[group], "--construct", construct, "--threads", "1",
               "--instr", "%d,%d" % (a, b)]
        calls, total = _strace_total(cmd, env, timeout)
        if total is None:
            return None
        res.append(calls)
    span = 2 * n1 + n2
    per = {}
    for k in set(res[0]) | set(res[1]):
        d = (res[1].get(k, 0) - res[0].get(k, 0)) / span
        if abs(d) >= 0.001:
            per[k] = round(d, 3)
    return per


def run_instr(runtimes, constructs, tools, modes, opts):
    """constructs: [(group, construct)]. Returns the list of cells."""
    n1, n2 = opts.instr_n
    jobs = []
    cells = []
    for rt in runtimes:
        for mode in (modes if rt.ompt else ["none"]):
            for group, construct in constructs:
                cell = {"construct": construct, "group": group, "runtime": rt.name,
                        "mode": mode, "n": [n1, n2]}
                cells.append(cell)
                miss = rt.missing(rt.build.micro[group])
                if miss:
                    cell["status"] = "n/a"
                    cell["missing"] = miss
                    continue
                cmd = [rt.build.micro[group], "--construct", construct, "--threads", "1",
                       "--instr", "%d,%d" % (n1, n2)]
                jobs.append((cell, cmd, mode_env(rt, mode, 1, tools, None)))
    log("instruction counts: %d callgrind runs" % len(jobs))

    def work(job):
        cell, cmd, env = job
        phases, err = callgrind_phases(cmd, env, opts.timeout * 4)
        if err:
            cell["status"] = "error"
            cell["error"] = err
            return
        value, raw = per_instance(phases, cell["construct"], n1, n2)
        if value is None:
            cell["status"] = "error"
            cell["error"] = "missing callgrind dumps (built without valgrind/callgrind.h?)"
            return
        cell["status"] = "ok"
        cell["instructions"] = round(value, 1)
        cell["raw"] = raw

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for i, _ in enumerate(pool.map(work, jobs)):
            if (i + 1) % 40 == 0:
                log("instruction counts: %d/%d" % (i + 1, len(jobs)))
    # Events per instance, for the runtimes with tools.
    events = {}
    for rt in runtimes:
        if not rt.ompt or "light" not in modes:
            continue
        for group, construct in constructs:
            if rt.missing(rt.build.micro[group]):
                continue
            events[(rt.name, construct)] = event_counts(rt, group, construct, tools, n1, n2,
                                                        opts.timeout)
    for cell in cells:
        ev = events.get((cell["runtime"], cell["construct"]))
        if ev is not None:
            cell["events_per_instance"] = ev
    if have_strace():
        log("system calls per instance (strace)")
        for cell in cells:
            if cell["mode"] != "none" or cell.get("status") != "ok":
                continue
            rt = next(r for r in runtimes if r.name == cell["runtime"])
            sc = syscall_counts(rt, cell["group"], cell["construct"], n1, n2, opts.timeout)
            if sc is not None:
                cell["syscalls_per_instance"] = sc
    errors = [c for c in cells if c.get("status") == "error"]
    for c in errors:
        log("ERROR instr %s %s/%s: %s" % (c["construct"], c["runtime"], c["mode"], c["error"]),
            always=True)
    return cells
