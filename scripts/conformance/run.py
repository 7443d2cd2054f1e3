#!/usr/bin/env python3
"""Runs LLVM's OpenMP and offload tests against Glass and LLVM's runtimes, reruns failures alone,
and writes the comparison. Called by scripts/conformance.sh, which fetches the suite; see
docs/conformance.md.
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.realpath(__file__))

# suite key -> (lit suite name, folder under the extracted tree, extra lit params)
SUITES = collections.OrderedDict([
    ("runtime", ("runtime", "openmp/runtime/test", {})),
    ("multiplex", ("multiplex", "openmp/tools/multiplex/tests", {})),
    ("archer-ld", ("archer", "openmp/tools/archer/tests", {"archer_mode": "ld"})),
    ("archer-env", ("archer", "openmp/tools/archer/tests", {"archer_mode": "env"})),
    ("offload", ("offload", "offload/test", {})),
])
# What LLVM's side of the offload suite links and loads: libomp 19.1.7 and libomptarget 22
# (which carries its host plugin), under the link names a test build asks for.
LLVM_OFFLOAD_LINKS = {"libomp.so.5": "libomp.so.5", "libomp.so": "libomp.so.5",
                      "libomptarget.so.22.1": "libomptarget.so.22.1",
                      "libomptarget.so": "libomptarget.so.22.1"}
PASSING = {"PASS", "XFAIL"}
SKIPPED = {"UNSUPPORTED"}


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--src", required=True, help="extracted tree, holds openmp/ and offload/")
    p.add_argument("--out", required=True, help="results directory (outside the repository)")
    p.add_argument("--glass-lib", required=True)
    p.add_argument("--glass-inc", required=True)
    p.add_argument("--libomp-lib", default="/usr/lib/llvm-22/lib")
    p.add_argument("--libomp-inc", default="", help="'' = the compiler's own omp.h")
    p.add_argument("--archer-lib", default="/usr/lib/llvm-22/lib/libarcher.so")
    p.add_argument("--runtimes", default="glass,libomp")
    p.add_argument("--suites", default=",".join(SUITES))
    p.add_argument("--cc", default="clang-22")
    p.add_argument("--offload-cc", default="clang-19", help="compiler of the offload suite")
    p.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    p.add_argument("--lit-dir", default="/usr/lib/llvm-22/utils/lit")
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.add_argument("--reruns", type=int, default=3)
    p.add_argument("--timeout", type=int, default=200, help="seconds per test")
    p.add_argument("--resume", action="store_true",
                   help="reuse results.json of runtimes and suites already run into --out")
    p.add_argument("paths", nargs="*",
                   help="subset: SUITE[/PATH], e.g. runtime/ompt/tasks, archer/task, multiplex")
    return p.parse_args()


def llvm_offload_dir(args):
    """A folder of links to LLVM's runtimes plus an empty libomptarget.devicertl.a: the offload
    suite names that archive on its command lines, and an x86-64 image needs nothing from it."""
    d = os.path.join(args.out, "work", "llvm-offload-lib")
    os.makedirs(d, exist_ok=True)
    for name, target in LLVM_OFFLOAD_LINKS.items():
        path = os.path.join(d, name)
        if os.path.lexists(path):
            os.unlink(path)
        os.symlink(target if name != target else os.path.join(args.libomp_lib, name), path)
    rtl = os.path.join(d, "libomptarget.devicertl.a")
    if not os.path.exists(rtl):
        subprocess.run([os.path.join(args.llvm_bin, "llvm-ar"), "rcs", rtl], check=True)
    return d


def runtime_dirs(args, runtime, key):
    if runtime == "glass":
        return args.glass_lib, args.glass_inc
    if key == "offload":
        return llvm_offload_dir(args), args.libomp_inc
    return args.libomp_lib, args.libomp_inc


def suite_cc(args, key):
    return args.offload_cc if key == "offload" else args.cc


def lit_command(args, runtime, key, exec_root, targets, jobs, json_out):
    name, _, extra = SUITES[key]
    lib, inc = runtime_dirs(args, runtime, key)
    params = {"suite": name, "src": args.src, "omp_lib": lib, "omp_inc": inc,
              "exec_root": exec_root, "cc": suite_cc(args, key), "llvm_bin": args.llvm_bin,
              "archer_lib": args.archer_lib}
    params.update(extra)
    cmd = [sys.executable, os.path.join(HERE, "run_lit.py"), args.lit_dir, args.src,
           "-j", str(jobs), "--timeout", str(args.timeout), "-o", json_out, "-q"]
    for k, v in params.items():
        cmd += ["--param", "%s=%s" % (k, v)]
    return cmd + targets


def suite_targets(args, key):
    """Source paths lit should run for this suite, or [] when the subset excludes it."""
    _, folder, _ = SUITES[key]
    root = os.path.join(args.src, folder)
    if not args.paths:
        return [root]
    out = []
    for p in args.paths:
        head, _, rest = p.partition("/")
        if head == key or (head == "archer" and key.startswith("archer-")):
            out.append(os.path.join(root, rest) if rest else root)
    return out


def test_rel(name):
    return name.split(" :: ", 1)[1]


def run_lit(cmd, log):
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)


def load_results(path):
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        data = json.load(f)
    return {test_rel(t["name"]): t for t in data.get("tests", [])}


def run_suite(args, runtime, key, targets):
    """Returns {test: {"code", "final", "output"}} for one runtime and one suite."""
    base = os.path.join(args.out, runtime, key)
    exec_root = os.path.join(args.out, "work", runtime, key)
    os.makedirs(base, exist_ok=True)
    log = os.path.join(base, "lit.log")
    open(log, "w").close()
    first = os.path.join(base, "lit.json")
    start = time.time()
    run_lit(lit_command(args, runtime, key, exec_root, targets, args.jobs, first), log)
    results = {}
    for rel, t in load_results(first).items():
        results[rel] = {"code": t["code"], "final": t["code"], "output": t.get("output", ""),
                        "reruns": []}
    _, folder, _ = SUITES[key]
    for rel, r in sorted(results.items()):
        if r["code"] in PASSING or r["code"] in SKIPPED:
            continue
        for i in range(args.reruns):
            one = os.path.join(base, "rerun.json")
            target = os.path.join(args.src, folder, rel)
            run_lit(lit_command(args, runtime, key, exec_root, [target], 1, one), log)
            code = load_results(one).get(rel, {"code": "UNRESOLVED"})
            r["reruns"].append(code["code"])
            if code["code"] in PASSING:
                r["final"] = "FLAKY"
                break
            r["output"] = code.get("output", r["output"])
            r["final"] = code["code"]
            # A test that hit the time limit twice hangs; more reruns only cost time.
            if code["code"] == "TIMEOUT" and r["code"] == "TIMEOUT":
                break
    logs = os.path.join(base, "failures")
    os.makedirs(logs, exist_ok=True)
    for rel, r in results.items():
        if r["final"] not in PASSING and r["final"] not in SKIPPED:
            path = os.path.join(logs, rel.replace("/", "__") + ".txt")
            with open(path, "w") as f:
                f.write("%s %s reruns=%s\n%s" % (r["final"], rel, r["reruns"], r["output"]))
    with open(os.path.join(base, "results.json"), "w") as f:
        json.dump({"elapsed": time.time() - start,
                   "tests": {k: {kk: vv for kk, vv in v.items() if kk != "output"}
                             for k, v in results.items()}}, f, indent=1, sort_keys=True)
    return results


def passed(r):
    return r is not None and (r["final"] in PASSING or r["final"] == "FLAKY")


def folder_of(key, rel):
    parts = rel.split("/")
    name = SUITES[key][0] if key == "runtime" else key
    if key in ("runtime", "offload") and parts[0] == "ompt" and len(parts) > 2:
        return "%s/ompt/%s" % (name, parts[1])
    return "%s/%s" % (name, parts[0]) if len(parts) > 1 else name


def counts(rows):
    c = collections.Counter()
    for r in rows:
        if r is None:
            continue
        c["total"] += 1
        if r["final"] in SKIPPED:
            c["unsupported"] += 1
        elif passed(r):
            c["pass"] += 1
            if r["final"] == "FLAKY":
                c["flaky"] += 1
        else:
            c["fail"] += 1
    return c


def fmt(c):
    s = "%d/%d" % (c["pass"], c["total"])
    extra = []
    if c["unsupported"]:
        extra.append("%d unsup" % c["unsupported"])
    if c["flaky"]:
        extra.append("%d flaky" % c["flaky"])
    return s + (" (" + ", ".join(extra) + ")" if extra else "")


def report(args, all_results, runtimes):
    lines = ["# Conformance run %s" % time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "",
             "suite: %s; compiler %s (offload: %s); reruns %d; per-test timeout %d s" %
             (args.src, args.cc, args.offload_cc, args.reruns, args.timeout), "",
             "pass/total per folder (total includes unsupported; flaky = failed in the batch,",
             "passed when rerun alone)", "",
             "| folder | " + " | ".join(runtimes) + " |", "|---" * (len(runtimes) + 1) + "|"]
    folders = collections.OrderedDict()
    for key in SUITES:
        for rt in runtimes:
            for rel in all_results.get((rt, key), {}):
                folders.setdefault(folder_of(key, rel), set()).add((key, rel))
    grand = {rt: collections.Counter() for rt in runtimes}
    per_suite = collections.OrderedDict()
    for folder in sorted(folders):
        cells = []
        for rt in runtimes:
            c = counts(all_results.get((rt, k), {}).get(rel) for k, rel in folders[folder])
            cells.append(fmt(c))
            grand[rt].update(c)
        lines.append("| %s | %s |" % (folder, " | ".join(cells)))
    for key in SUITES:
        for rt in runtimes:
            res = all_results.get((rt, key))
            if res:
                per_suite.setdefault(key, {})[rt] = counts(res.values())
    lines.append("| **all** | " + " | ".join("**%s**" % fmt(grand[rt]) for rt in runtimes) + " |")
    lines += ["", "| suite | " + " | ".join(runtimes) + " |", "|---" * (len(runtimes) + 1) + "|"]
    for key, by_rt in per_suite.items():
        lines.append("| %s | %s |" % (key, " | ".join(fmt(by_rt.get(rt, collections.Counter()))
                                                      for rt in runtimes)))
    ompt = {rt: counts(r for (k, rel), r in
                       ((kr, all_results.get((rt, kr[0]), {}).get(kr[1]))
                        for kr in set().union(*folders.values()) if kr[0] == "runtime")
                       if rel.startswith("ompt/")) for rt in runtimes}
    if any(ompt[rt]["total"] for rt in runtimes):
        lines.append("| runtime/ompt (all) | %s |" % " | ".join(fmt(ompt[rt]) for rt in runtimes))
    if "glass" in runtimes and "libomp" in runtimes:
        lines += ["", "## Pass on libomp, fail on Glass", ""]
        for key in SUITES:
            g, l = all_results.get(("glass", key), {}), all_results.get(("libomp", key), {})
            for rel in sorted(set(g) & set(l)):
                if passed(l[rel]) and not passed(g[rel]):
                    lines.append("- %s/%s: %s (reruns %s)" %
                                 (key, rel, g[rel]["final"], ",".join(g[rel]["reruns"])))
        lines += ["", "## Pass on Glass, fail on libomp", ""]
        for key in SUITES:
            g, l = all_results.get(("glass", key), {}), all_results.get(("libomp", key), {})
            for rel in sorted(set(g) & set(l)):
                if passed(g[rel]) and not passed(l[rel]) and l[rel]["final"] not in SKIPPED:
                    lines.append("- %s/%s: %s" % (key, rel, l[rel]["final"]))
    lines += ["", "## Flaky (failed in the batch, passed alone)", ""]
    for (rt, key), res in sorted(all_results.items()):
        for rel, r in sorted(res.items()):
            if r["final"] == "FLAKY":
                lines.append("- %s %s/%s: %s then %s" % (rt, key, rel, r["code"],
                                                          ",".join(r["reruns"])))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(args.out, "comparison.md"), "w") as f:
        f.write(text)
    return text


def check_runtime_loads(args, runtime, key):
    """A test binary built with the suite's flags must load the runtime under test: libomp, and
    for the offload suite libomptarget too."""
    lib, inc = runtime_dirs(args, runtime, key)
    probe = os.path.join(args.out, "work", "probe-%s-%s" % (runtime, key))
    os.makedirs(os.path.dirname(probe), exist_ok=True)
    cmd = [suite_cc(args, key), "-fopenmp=libomp", "-pthread", "-x", "c", "-", "-o", probe,
           "-L", lib, "-Wl,-rpath," + lib] + (["-I", inc] if inc else [])
    names = ["libomp.so.5"]
    if key == "offload":
        # The archive goes before "-x c", which would make it a C source.
        cmd[1:1] = ["-fopenmp-targets=x86_64-pc-linux-gnu", "-nogpulib",
                    os.path.join(lib, "libomptarget.devicertl.a")]
        names.append("libomptarget.so.22.1")
    subprocess.run(cmd, input="#include <omp.h>\nint main(void){return omp_get_max_threads()<1;}",
                   text=True, check=True)
    env = dict(os.environ, LD_LIBRARY_PATH=lib)
    out = subprocess.run(["ldd", probe], env=env, capture_output=True, text=True).stdout
    loaded = {}
    for line in out.splitlines():
        if "=>" in line:
            name, _, where = line.partition("=>")
            loaded[name.strip()] = os.path.realpath(where.split("(")[0].strip())
    for name in names:
        want = os.path.realpath(os.path.join(lib, name))
        if name not in loaded:
            sys.exit("%s: test binaries do not link %s:\n%s" % (runtime, name, out))
        if loaded[name] != want:
            sys.exit("%s: test binaries load %s, not %s" % (runtime, loaded[name], want))


def main():
    args = parse_args()
    args.src, args.out = os.path.realpath(args.src), os.path.realpath(args.out)
    runtimes = [r for r in args.runtimes.split(",") if r]
    keys = [k for k in args.suites.split(",") if k]
    for k in keys:
        if k not in SUITES:
            sys.exit("unknown suite %s (%s)" % (k, ", ".join(SUITES)))
    os.makedirs(args.out, exist_ok=True)
    all_results = {}
    for key in keys:
        targets = suite_targets(args, key)
        if not targets:
            continue
        for rt in runtimes:
            check_runtime_loads(args, rt, key)
            t0 = time.time()
            done = os.path.join(args.out, rt, key, "results.json")
            if args.resume and os.path.exists(done):
                print("== %s %s: kept from %s" % (rt, key, done), flush=True)
                with open(done) as f:
                    all_results[(rt, key)] = json.load(f)["tests"]
            else:
                print("== %s %s ..." % (rt, key), flush=True)
                all_results[(rt, key)] = run_suite(args, rt, key, targets)
            c = counts(all_results[(rt, key)].values())
            print("   %s in %.0f s" % (fmt(c), time.time() - t0), flush=True)
    with open(os.path.join(args.out, "comparison.json"), "w") as f:
        json.dump({"%s/%s" % k: {rel: r["final"] for rel, r in v.items()}
                   for k, v in all_results.items()}, f, indent=1, sort_keys=True)
    print(report(args, all_results, runtimes))


if __name__ == "__main__":
    main()
