"""Builds what the runner measures: Glass (optionally), the microbenchmark groups and the
application kernels once per compiler, and the three benchmark tools."""

import atexit
import concurrent.futures
import glob
import os
import shutil
import tempfile

from .common import BENCH_DIR, BuildError, log, run_cmd

MICRO_DIR = os.path.join(BENCH_DIR, "micro")
APPS_DIR = os.path.join(BENCH_DIR, "apps")
TOOLS_DIR = os.path.join(BENCH_DIR, "tools")
TOOL_MODES = {"nocb": "tool_nocb.c", "empty": "tool_empty.c", "light": "tool_light.c"}

CFLAGS = ["-O2", "-fopenmp", "-Wall"]
# Bind every symbol at load time: a binary that needs an entry point the runtime lacks fails
# at once, before measuring anything, instead of in the middle of a run.
LDFLAGS = ["-Wl,-z,now"]


def groups():
    return sorted(os.path.basename(p)[:-2] for p in glob.glob(os.path.join(MICRO_DIR, "*.c"))
                  if not p.endswith("harness.c"))


def apps():
    return sorted(os.path.basename(p)[:-2] for p in glob.glob(os.path.join(APPS_DIR, "*.c")))


def clang_resource_include(cc="clang-22"):
    rc, out, _ = run_cmd([cc, "-print-resource-dir"], check=False)
    return os.path.join(out.strip(), "include") if rc == 0 else None


class Headers:
    """Where omp.h and omp-tools.h come from. Glass's own headers when they exist; until then a
    copy of LLVM's, in a temporary folder outside the repository (never committed)."""

    def __init__(self, glass_src):
        inc = os.path.join(glass_src, "include")
        self.glass_include = inc
        self.fallback = None
        self.notes = []
        self.tools_header = os.path.join(inc, "omp-tools.h")
        self.omp_h = os.path.join(inc, "omp.h")
        llvm_inc = clang_resource_include()
        missing = [h for h in ("omp-tools.h", "omp.h") if not os.path.exists(os.path.join(inc, h))]
        if missing:
            if not llvm_inc:
                raise BuildError("Glass has no %s and clang-22 is missing" % ", ".join(missing))
            # Outside the repository (LLVM's headers must never be committed), removed at exit.
            self.fallback = tempfile.mkdtemp(prefix="glass-bench-inc-")
            atexit.register(shutil.rmtree, self.fallback, True)
            for h in missing:
                shutil.copy(os.path.join(llvm_inc, h), os.path.join(self.fallback, h))
                self.notes.append("%s: Glass has none yet, used LLVM's copy from %s" % (
                    h, llvm_inc))
            if "omp-tools.h" in missing:
                self.tools_header = os.path.join(self.fallback, "omp-tools.h")
            if "omp.h" in missing:
                self.omp_h = os.path.join(self.fallback, "omp.h")

    def tool_includes(self):
        return ["-I", os.path.dirname(self.tools_header)]

    def program_includes(self, compiler):
        """-I flags for the benchmark programs built by `compiler`."""
        if compiler.startswith("gcc"):
            return []  # libgomp's programs use gcc's own omp.h
        if os.path.exists(os.path.join(self.glass_include, "omp.h")):
            return ["-I", self.glass_include]
        if compiler == "clang-22":
            return []  # clang-22 brings LLVM's omp.h
        return ["-I", os.path.dirname(self.omp_h)]

    def cmake_c_flags(self):
        return "-I%s" % self.fallback if self.fallback and not os.path.exists(
            os.path.join(self.glass_include, "omp-tools.h")) else ""


def build_glass(src, build_dir, headers, ompt=True, jobs=2):
    """Configures and builds Glass (cmake) into build_dir; returns its lib folder."""
    args = ["cmake", "-S", src, "-B", build_dir, "-DENABLE_OMPT=%s" % ("ON" if ompt else "OFF")]
    flags = headers.cmake_c_flags()
    if flags:
        args.append("-DCMAKE_C_FLAGS=%s" % flags)
    log("building Glass%s: %s" % ("" if ompt else " (ENABLE_OMPT=OFF)", build_dir))
    run_cmd(args)
    run_cmd(["cmake", "--build", build_dir, "-j", str(jobs), "--target", "omp"])
    lib = os.path.join(build_dir, "lib")
    if not os.path.exists(os.path.join(lib, "libomp.so.5")):
        raise BuildError("no libomp.so.5 in %s" % lib)
    return lib


class Build:
    """The binaries of one compiler."""

    def __init__(self, compiler, root):
        self.compiler = compiler
        self.root = root
        self.micro = {}  # group -> path
        self.apps = {}  # app -> path


def build_compiler(compiler, out_dir, headers, jobs=2, with_apps=True):
    root = os.path.join(out_dir, compiler)
    os.makedirs(os.path.join(root, "micro"), exist_ok=True)
    os.makedirs(os.path.join(root, "apps"), exist_ok=True)
    b = Build(compiler, root)
    inc = headers.program_includes(compiler)
    harness_o = os.path.join(root, "micro", "harness.o")
    log("building the suite with %s" % compiler)
    run_cmd([compiler] + CFLAGS + inc + ["-c", os.path.join(MICRO_DIR, "harness.c"), "-o",
                                         harness_o])
    jobs_list = []
    for g in groups():
        out = os.path.join(root, "micro", g)
        jobs_list.append((g, out, [compiler] + CFLAGS + inc + [
            "-I", MICRO_DIR, os.path.join(MICRO_DIR, g + ".c"), harness_o, "-o", out] + LDFLAGS,
            b.micro))
    if with_apps:
        for a in apps():
            out = os.path.join(root, "apps", a)
            jobs_list.append((a, out, [compiler] + CFLAGS + inc + [
                os.path.join(APPS_DIR, a + ".c"), "-o", out, "-lm"] + LDFLAGS, b.apps))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(run_cmd, cmd): (name, out, table)
                   for name, out, cmd, table in jobs_list}
        errors = []
        for f in concurrent.futures.as_completed(futures):
            name, out, table = futures[f]
            try:
                f.result()
                table[name] = out
            except BuildError as e:
                errors.append(str(e))
    if errors:
        raise BuildError("\n".join(errors))
    return b


def build_probe(out_dir, compiler="gcc"):
    """The core-to-core round-trip probe (no OpenMP)."""
    out = os.path.join(out_dir, "pingpong")
    run_cmd([compiler, "-O2", "-Wall", "-pthread", os.path.join(BENCH_DIR, "probe", "pingpong.c"),
             "-o", out])
    return out


def build_tools(out_dir, headers, compiler="clang-22"):
    root = os.path.join(out_dir, "tools")
    os.makedirs(root, exist_ok=True)
    tools = {}
    for mode, src in TOOL_MODES.items():
        out = os.path.join(root, "libbench-tool-%s.so" % mode)
        run_cmd([compiler, "-O2", "-fPIC", "-shared", "-Wall",
                 "-Werror=incompatible-function-pointer-types"] + headers.tool_includes() +
                [os.path.join(TOOLS_DIR, src), "-o", out])
        tools[mode] = out
    return tools


def trace_launcher(glass_lib):
    """The glass-trace command of the Glass build whose lib/ is glass_lib (the trace mode)."""
    if not glass_lib:
        raise BuildError("the trace mode needs a Glass build (glass-trace ships with it)")
    launcher = os.path.join(os.path.dirname(glass_lib), "bin", "glass-trace")
    for path in (launcher, os.path.join(glass_lib, "libglass-trace.so")):
        if not os.path.exists(path):
            raise BuildError("the trace mode needs %s (build Glass with its tools)" % path)
    return launcher
