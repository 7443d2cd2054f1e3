#!/usr/bin/python3
"""Glass benchmark runner: builds the suite, runs it on Glass, LLVM's libomp and libgomp (and,
for the two OMPT runtimes, under every tool mode), counts instructions under callgrind, and
writes results.md, results.json and ratios.svg. See bench/README.md.

    bench/run.py                      # everything (about 15-20 minutes on 2 CPUs)
    bench/run.py --smoke              # builds and runs everything once, in seconds; for CI
    bench/run.py --glass-build DIR    # measure an existing Glass build
    bench/run.py --constructs parallel,barrier --threads 2 --no-apps
"""

import argparse
import datetime
import json
import os
import shlex
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from runner import build, instr, machine, plot, report, timing, tracing  # noqa: E402
from runner.common import (BENCH_DIR, MODES, OPT_IN_MODES, REPO_DIR, BuildError,  # noqa: E402
                           first_line, log, run_cmd, set_log)


def csv(kind):
    def parse(text):
        return [kind(x) for x in text.split(",") if x]
    return parse


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--out", help="output folder (default bench/out, or bench/out/smoke)")
    p.add_argument("--glass-src", default=REPO_DIR,
                   help="Glass sources to build (default: this repository)")
    p.add_argument("--glass-build",
                   help="an existing Glass build folder to measure (its lib/ is used)")
    p.add_argument("--glass-noompt-build",
                   help="an existing ENABLE_OMPT=OFF build (instruction counts)")
    p.add_argument("--libomp-dir", default="/usr/lib/llvm-19/lib", help="LLVM libomp's folder")
    p.add_argument("--runtimes", type=csv(str), default=["glass", "libomp", "libgomp"],
                   help="of glass, libomp, libgomp")
    p.add_argument("--modes", type=csv(str), default=list(MODES),
                   help="tool modes, of: " + ",".join(MODES) + " (the default), and the "
                        "opt-in " + ",".join(OPT_IN_MODES) + " (under the glass-trace launcher; "
                        "also runs the application kernels under it)")
    p.add_argument("--threads", type=csv(int), default=[1, 2, 4])
    p.add_argument("--tool-threads", type=csv(int), default=[1, 2],
                   help="thread counts measured under the tool modes")
    p.add_argument("--constructs", type=csv(str), help="only these constructs")
    p.add_argument("--reps", type=int, default=5, help="runs per figure (min and median)")
    p.add_argument("--inner-reps", type=int, default=7, help="timed repetitions inside each run")
    p.add_argument("--rep-time", type=float, default=2000, help="target µs of one repetition")
    p.add_argument("--iterations", type=int, help="fixed construct instances per repetition")
    p.add_argument("--delay", type=float, default=0.1, help="µs of work inside each construct")
    p.add_argument("--warmup", type=float, default=50, help="ms of warm-up in each run")
    p.add_argument("--retries", type=int, default=3, help="reruns of a disturbed run")
    p.add_argument("--max-other", type=float, default=0.10,
                   help="disturbed when other processes used more CPUs than this during a run")
    p.add_argument("--max-delay", type=float, default=0.03,
                   help="disturbed when our threads waited for a CPU more than this fraction")
    p.add_argument("--budget", type=float, default=20, help="minutes; no more retries after 80%%")
    p.add_argument("--no-timing", action="store_true", help="skip the timed microbenchmarks")
    p.add_argument("--no-instr", action="store_true", help="skip the instruction counts")
    p.add_argument("--no-apps", action="store_true", help="skip the application kernels")
    p.add_argument("--instr-n", type=csv(int), default=[1000, 3000],
                   help="N1,N2 of the instruction mode")
    p.add_argument("--app-threads", type=csv(int), default=[1, 2])
    p.add_argument("--clang14", action="store_true",
                   help="also run clang-14 builds (no tool modes)")
    p.add_argument("--timeout", type=int, default=120, help="seconds per run")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("--smoke", action="store_true",
                   help="build everything and run every construct once on every runtime and mode;"
                        " exit 1 only on build or run failures, never on timings")
    p.add_argument("--quiet", action="store_true")
    a = p.parse_args(argv)
    if a.smoke:
        a.out = a.out or os.path.join(BENCH_DIR, "out", "smoke")
        a.threads = [2]
        a.reps = 1
        a.inner_reps = 1
        a.iterations = a.iterations or 20
        a.warmup = 1
        a.retries = 0
        a.app_threads = [2]
        a.instr_n = [20, 40]
        a.timeout = min(a.timeout, 60)
    a.out = os.path.abspath(a.out or os.path.join(BENCH_DIR, "out"))
    if a.smoke:
        a.tool_threads = a.threads
    for m in a.modes:
        if m not in MODES + OPT_IN_MODES:
            p.error("unknown mode %s" % m)
    return a


def package_version(path):
    rc, out, _ = run_cmd(["dpkg", "-S", path], check=False)
    if rc != 0 or ":" not in out:
        return "?"
    pkg = out.split(":")[0].strip()
    rc, ver, _ = run_cmd(["dpkg-query", "-W", "-f", "${Version}", pkg], check=False)
    return "%s %s" % (pkg, ver.strip()) if rc == 0 else pkg


def main(argv):
    opts = parse_args(argv)
    os.makedirs(opts.out, exist_ok=True)
    set_log(os.path.join(opts.out, "run.log"), opts.quiet)
    t0 = time.monotonic()
    deadline = t0 + opts.budget * 60 * 0.8
    meta = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "machine": machine.describe(),
            "command": " ".join(shlex.quote(x) for x in ["bench/run.py"] + argv),
            "notes": []}
    log("output in %s; disturbance measured from %s" % (opts.out, machine.SOURCE))

    # ---- build -------------------------------------------------------------------------------
    failures = []
    try:
        headers = build.Headers(opts.glass_src)
        meta["notes"] += headers.notes
        want_glass = any(r.startswith("glass") for r in opts.runtimes) or opts.clang14
        glass_lib = noompt_lib = None
        if want_glass:
            if opts.glass_build:
                glass_lib = os.path.join(os.path.abspath(opts.glass_build), "lib")
                if opts.glass_noompt_build:
                    noompt_lib = os.path.join(os.path.abspath(opts.glass_noompt_build), "lib")
            else:
                glass_lib = build.build_glass(opts.glass_src, os.path.join(opts.out, "glass-build"),
                                              headers, True, opts.jobs)
                if not opts.no_instr and not opts.smoke:
                    noompt_lib = build.build_glass(opts.glass_src,
                                                   os.path.join(opts.out, "glass-build-noompt"),
                                                   headers, False, opts.jobs)
            if not os.path.exists(os.path.join(glass_lib, "libomp.so.5")):
                raise BuildError("no Glass runtime at %s" % glass_lib)
        rc, commit, _ = run_cmd(["git", "-C", opts.glass_src, "describe", "--always", "--dirty"],
                                check=False)
        meta["glass_commit"] = commit.strip() or "?"
        meta["glass_lib"] = glass_lib
        compilers = ["clang-22", "gcc"] + (["clang-14"] if opts.clang14 else [])
        bdir = os.path.join(opts.out, "build")
        builds = {c: build.build_compiler(c, bdir, headers, opts.jobs) for c in compilers}
        tools = build.build_tools(bdir, headers)
        if "trace" in opts.modes:
            tools["trace"] = build.trace_launcher(glass_lib)
        # The tracing benchmark: with the trace mode, and (small) in the smoke test.
        tracing_bins = None
        if glass_lib and "glass" in opts.runtimes and ("trace" in opts.modes or opts.smoke):
            try:
                tools["tracing"] = tracing.check_launcher(glass_lib)
            except BuildError as e:
                if "trace" in opts.modes:
                    raise
                meta["notes"].append("tracing benchmark skipped: %s" % e)  # a build without it
            if "tracing" in tools:
                tracing_bins = tracing.build("clang-22", bdir, headers)
        probe = build.build_probe(bdir)
    except BuildError as e:
        log("BUILD FAILED: %s" % e, always=True)
        return 1
    meta["compilers"] = [first_line([c, "--version"]) for c in compilers]
    meta["libomp_version"] = package_version(os.path.join(opts.libomp_dir, "libomp.so.5"))
    gomp = os.path.realpath(run_cmd(["gcc", "-print-file-name=libgomp.so.1"])[1].strip())
    meta["libgomp_version"] = package_version(gomp)
    meta["valgrind"] = first_line(["valgrind", "--version"])

    # ---- runtimes ----------------------------------------------------------------------------
    R = timing.Runtime
    all_rts = {}
    if glass_lib:
        all_rts["glass"] = R("glass", builds["clang-22"], glass_lib,
                             os.path.join(glass_lib, "libomp.so.5"), True)
        if opts.clang14:
            all_rts["glass-clang14"] = R("glass-clang14", builds["clang-14"], glass_lib,
                                         os.path.join(glass_lib, "libomp.so.5"), False)
    if noompt_lib:
        all_rts["glass-noompt"] = R("glass-noompt", builds["clang-22"], noompt_lib,
                                    os.path.join(noompt_lib, "libomp.so.5"), False)
    all_rts["libomp"] = R("libomp", builds["clang-22"], opts.libomp_dir,
                          os.path.join(opts.libomp_dir, "libomp.so.5"), True)
    if opts.clang14:
        all_rts["libomp-clang14"] = R("libomp-clang14", builds["clang-14"], opts.libomp_dir,
                                      os.path.join(opts.libomp_dir, "libomp.so.5"), False)
    all_rts["libgomp"] = R("libgomp", builds["gcc"], None, gomp, False)
    selected = [n for n in ["glass", "libomp", "libgomp"] if n in opts.runtimes and n in all_rts]
    if opts.clang14:
        selected += ["glass-clang14", "libomp-clang14"]
    time_rts = [all_rts[n] for n in selected]
    instr_rts = [all_rts[n] for n in ["glass", "glass-noompt", "libomp", "libgomp"]
                 if n in all_rts and (n in opts.runtimes or n == "glass-noompt")]

    availability = {rt.name: {g: rt.missing(b) for g, b in rt.build.micro.items()}
                    for rt in set(time_rts) | set(instr_rts)}
    for name, groups in availability.items():
        na = sorted(g for g, m in groups.items() if m)
        if na:
            log("%s lacks the entry points of: %s (reported n/a)" % (name, ", ".join(na)))

    ref_env = timing.mode_env(all_rts["libomp"], "none", 1, tools, None)
    constructs = timing.list_constructs(builds["clang-22"], ref_env)
    if opts.constructs:
        unknown = set(opts.constructs) - {c for _, c, _ in constructs}
        if unknown:
            log("unknown constructs: %s" % ", ".join(sorted(unknown)), always=True)
            return 2
        constructs = [x for x in constructs if x[1] in opts.constructs]
    instances = {c: inst for _, c, inst in constructs}

    # Delay length per compiler, measured once, the same for every runtime.
    delay_lens = {}
    if opts.smoke:
        delay_lens = {c: 50 for c in compilers}
    else:
        for c in compilers:
            env = ref_env if c != "gcc" else timing.mode_env(all_rts["libgomp"], "none", 1,
                                                             tools, None)
            delay_lens[c] = timing.calibrate(builds[c], env, opts.delay)
    meta["delay_len"] = delay_lens

    policy = timing.Policy(opts.max_other, opts.max_delay, opts.retries, deadline,
                           enabled=not opts.smoke)
    stats = timing.Stats(probe)
    results = {"meta": meta, "options": {k: v for k, v in vars(opts).items()},
               "availability": availability, "instances": instances,
               "micro": [], "instr": [], "apps": []}

    # ---- timed microbenchmarks ---------------------------------------------------------------
    if not opts.no_timing:
        items = []
        for group, c, _ in constructs:
            for t in opts.threads:
                modes = opts.modes if t in opts.tool_threads else ["none"]
                items.append((group, c, t, modes))
        log("timing: %d constructs x %d thread counts, %d runs each" % (
            len(constructs), len(opts.threads), opts.reps))
        results["micro"] = timing.run_micro(time_rts, items, tools, opts, policy, stats, delay_lens)

    # ---- application kernels -----------------------------------------------------------------
    if not opts.no_apps:
        rts = [rt for rt in time_rts]
        results["apps"] = timing.run_apps(rts, build.apps(), opts.app_threads, opts, policy,
                                          stats, small=opts.smoke, tools=tools)

    # ---- tracing benchmark -------------------------------------------------------------------
    results["tracing"] = []
    if tracing_bins:
        log("tracing benchmark: %s, untraced and under glass-trace" % ", ".join(sorted(
            tracing_bins)))
        results["tracing"] = tracing.run([all_rts["glass"]], tracing_bins, tools["tracing"],
                                         [max(opts.app_threads)], opts, small=opts.smoke)

    # ---- instruction counts ------------------------------------------------------------------
    if not opts.no_instr:
        if not instr.have_valgrind():
            meta["notes"].append("valgrind not installed: no instruction counts")
        else:
            cons = [(g, c) for g, c, _ in constructs]
            modes = [m for m in opts.modes if m not in OPT_IN_MODES]
            if opts.smoke:  # one construct is enough to prove the pipeline
                cons = [(g, c) for g, c in cons if c == "barrier"]
            results["instr"] = instr.run_instr(instr_rts, cons, tools, modes, opts)

    results["stats"] = stats.as_dict()
    results["elapsed_s"] = round(time.monotonic() - t0, 1)
    meta["notes"].append("elapsed %.1f minutes" % (results["elapsed_s"] / 60))

    # ---- output ------------------------------------------------------------------------------
    with open(os.path.join(opts.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1, default=str)
    md = report.render(results)
    with open(os.path.join(opts.out, "results.md"), "w") as f:
        f.write(md + "\n")
    svg = plot.render(results)
    if svg:
        with open(os.path.join(opts.out, "ratios.svg"), "w") as f:
            f.write(svg + "\n")
    log("wrote %s/results.md, results.json, ratios.svg (%.1f min; %d runs, %d rejected as "
        "disturbed, %d kept disturbed, %d failed)" % (
            opts.out, results["elapsed_s"] / 60, stats.runs, stats.rejected, stats.kept_disturbed,
            stats.errors), always=True)

    errors = [c for part in ("micro", "apps", "instr", "tracing") for c in results[part]
              if c.get("status") == "error"]
    for c in errors:
        failures.append("%s %s %s: %s" % (c.get("construct") or c.get("app") or
                                          c.get("workload"), c["runtime"],
                                          c.get("mode", ""), c.get("error")))
    if failures:
        log("%d FAILURES:\n  %s" % (len(failures), "\n  ".join(failures)), always=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
