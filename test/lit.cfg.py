# lit configuration for Glass. Every test is a C program with RUN and CHECK lines; the suite
# runs once per compiler (--param cc=clang-14, --param cc=clang-22), each build linked against
# Glass's libomp.so.5 and headers.
import os
import re
import shutil
import subprocess

import lit.formats
import lit.util

config.name = "Glass"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c", ".cpp"]
config.excludes = ["Inputs", "utils", "lit.cfg.py", "gpu"]  # gpu: test/gpu/run.sh runs those
config.test_source_root = os.path.dirname(__file__)

params = lit_config.params
build = os.path.abspath(params.get("glass_build", os.path.join(config.test_source_root, "..", "build")))
cc = params.get("cc", "clang-22")
libdir = os.path.join(build, "lib")
incdir = params.get("incdir", os.path.join(config.test_source_root, "..", "include"))
config.test_exec_root = os.path.join(build, "test-output", cc)

llvm_bin = params.get("llvm_bin", "/usr/lib/llvm-22/bin")
filecheck = os.path.join(llvm_bin, "FileCheck")
notcmd = os.path.join(llvm_bin, "not")
for tool in (filecheck, notcmd):
    if not os.path.exists(tool):
        lit_config.fatal("missing %s (install llvm-22-tools)" % tool)
if not shutil.which(cc):
    lit_config.fatal("compiler %s not found" % cc)
if not os.path.exists(os.path.join(libdir, "libomp.so.5")):
    lit_config.fatal("no Glass build at %s (pass --param glass_build=DIR)" % build)

config.available_features.add(cc)
if params.get("ompt", "1") == "1":
    config.available_features.add("ompt")



def sanitizer_runtimes(lib):
    """The sanitizer runtimes (libasan, ...) a sanitizer build of the runtime needs."""
    try:
        out = subprocess.run(["ldd", lib], capture_output=True, text=True).stdout
    except OSError:
        return []
    return re.findall(r"^\s*lib(?:asan|tsan|hwasan)\.so[.\d]* => (\S+)", out, re.M)


# A runtime built with GLASS_SANITIZE=address (scripts/check.sh's build-asan): the programs are
# not instrumented, but ASan's runtime must come first in their library list, ahead of libc, to
# replace malloc. The tests link against it as their first library, so that it is there however
# a program is started (a launcher, exec, fork, a tool). Feature `asan`: tests that cannot run
# under it say `UNSUPPORTED: asan` and why.
sanitize_link = ""
asan_rt = sanitizer_runtimes(os.path.join(libdir, "libomp.so.5"))
if asan_rt and "tsan" in os.path.basename(asan_rt[0]):
    # A runtime built with GLASS_SANITIZE=thread (scripts/check.sh's build-tsan): the same
    # linking, feature `tsan`. Any report fails the program (exit code 66); nothing is
    # suppressed (docs/internals.md, "ThreadSanitizer"). The longest history, so that both
    # stacks of a report are restored.
    config.available_features.add("tsan")
    sanitize_link = "-Wl,--push-state,--no-as-needed %s -Wl,--pop-state " % asan_rt[0]
    config.environment["TSAN_OPTIONS"] = "exitcode=66:allocator_may_return_null=1:history_size=7"
elif asan_rt:
    config.available_features.add("asan")
    sanitize_link = "-Wl,--push-state,--no-as-needed %s -Wl,--pop-state " % asan_rt[0]
    # Leaks are not checked: a runtime keeps its pools until the process ends, by design. A
    # failed allocation returns NULL (as without ASan): tests ask for impossible sizes.
    # A test that preloads a tool (itself instrumented, defining no allocator) puts it ahead of
    # ASan's runtime, which still comes before libc: the order check would refuse that.
    config.environment["ASAN_OPTIONS"] = ("detect_leaks=0:allocator_may_return_null=1:"
                                          "verify_asan_link_order=0:exitcode=86")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"

cxx = cc.replace("clang", "clang++")
# -fno-omit-frame-pointer: tests compare OMPT frames with __builtin_frame_address.
# test/utils holds what tests share (tool.h: the tool a test program carries in itself).
utilsdir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "utils")
flags = sanitize_link + "-fopenmp -O1 -g -fno-omit-frame-pointer -Wall -Werror=implicit-function-declaration " \
        "-I%s -I%s -L%s -Wl,-rpath,%s" % (incdir, utilsdir, libdir, libdir)
# Per-test time limit, without psutil: a hung runtime must fail the test, not the suite.
limit = params.get("timeout", "120")
runenv = "env LD_LIBRARY_PATH=%s" % libdir
config.environment["OMP_TOOL_VERBOSE_INIT"] = "disabled"
# Offload tests count host devices from 0: on a machine with a GPU the CUDA plugin would put
# it first. The tests of the CUDA plugin name it themselves (GLASS_TARGET_PLUGINS=cuda,host).
config.environment["GLASS_TARGET_PLUGINS"] = "host"
for var in list(config.environment):
    if var.startswith("OMP_") or var.startswith("KMP_"):
        del config.environment[var]

# Host offload (test/offload): Glass's libomptarget is built and the compiler can build an
# x86-64 device image. The probe links one small program; its verdict is the `offload` feature.
offload_flags = flags + " -fopenmp-targets=x86_64-unknown-linux-gnu"


def probe_offload():
    import subprocess
    import tempfile
    if not os.path.exists(os.path.join(libdir, "libomptarget.so")):
        return False
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "p.c")
        with open(src, "w") as f:
            f.write("int main(void) { int x = 0;\n#pragma omp target map(tofrom: x)\nx = 1;\n"
                    "return !x; }\n")
        cmd = "%s %s %s -o %s" % (cc, offload_flags, src, os.path.join(tmp, "p"))
        try:
            return subprocess.run(cmd, shell=True, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, timeout=60).returncode == 0
        except subprocess.TimeoutExpired:
            return False


if params.get("offload", "auto") != "0" and probe_offload():
    config.available_features.add("offload")
# LLVM's libomptarget, to check that it works on top of Glass's libomp.
llvm_libomptarget = params.get("llvm_libomptarget", "/usr/lib/llvm-22/lib/libomptarget.so.22.1")
if os.path.exists(llvm_libomptarget):
    config.available_features.add("llvm-libomptarget")

# The NVIDIA plugin (built where CMake found a CUDA toolkit) and CUDA's ptxas, for the tests
# that check its image selection, launch arithmetic and CUPTI translation without a GPU.
cuda_root = params.get("cuda_root", "/usr/local/cuda")
cuda_src = os.path.join(config.test_source_root, "..", "libomptarget", "cuda")
if os.path.exists(os.path.join(libdir, "libomptarget.rtl.cuda.so")):
    config.available_features.add("cuda-plugin")
if os.path.exists(os.path.join(cuda_root, "bin", "ptxas")):
    config.available_features.add("ptxas")
config.substitutions.extend([
    ("%cuda-src", cuda_src),
    ("%ptxas", os.path.join(cuda_root, "bin", "ptxas")),
])
# Feature "hwloc": the runtime reads its topology through hwloc, so tests may describe a machine
# in an hwloc XML file (HWLOC_XMLFILE) and check the places computed for it.
try:
    with open(os.path.join(libdir, "libomp.so.5"), "rb") as f:
        if b"libhwloc.so" in f.read():
            config.available_features.add("hwloc")
except OSError:
    pass
config.substitutions.append(("%topologies", os.path.join(config.test_source_root, "affinity",
                                                         "topologies")))

utils = os.path.join(config.test_source_root, "utils")
config.substitutions.extend([
    ("%llvm-libomptarget", llvm_libomptarget),
    ("%compile-offload", "%s %s %%s -o %%t" % (cc, offload_flags)),
    ("%compile-cxx", "%s %s -x c++ %%s -o %%t" % (cxx, flags)),
    ("%compile", "%s %s %%s -o %%t" % (cc, flags)),
    ("%cc", cc),
    ("%flags", flags),
    ("%sanitize-link", sanitize_link),
    ("%libdir", libdir),
    ("%incdir", incdir),
    ("%printer", os.path.join(libdir, "libglass-printer.so")),
    ("%run-tool", "%s OMP_TOOL_LIBRARIES=%s timeout %s" % (runenv, os.path.join(libdir, "libglass-printer.so"), limit)),
    ("%run", "%s timeout %s" % (runenv, limit)),
    ("%sort-threads", "python3 %s" % os.path.join(utils, "sort_threads.py")),
    ("%FileCheck", filecheck),
    ("%not", notcmd),
])

# Feature "archer": LLVM's Archer (libarcher.so) exists and the test compiler builds and runs a
# ThreadSanitizer OpenMP program. Tests put libarcher.so alone in a directory of their own on
# the library path, so the reference libomp beside it never shadows Glass.
archer_lib = params.get("archer_lib", "/usr/lib/llvm-22/lib/libarcher.so")


def tsan_openmp_works():
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "t.c")
        exe = os.path.join(d, "t")
        with open(src, "w") as f:
            f.write("#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n")
        try:
            subprocess.run([cc, "-fsanitize=thread"] + flags.split() + [src, "-o", exe],
                           check=True, capture_output=True, timeout=60)
            subprocess.run([exe], check=True, capture_output=True, timeout=60,
                           env=dict(os.environ, LD_LIBRARY_PATH=libdir, OMP_TOOL="disabled"))
        except (OSError, subprocess.SubprocessError):
            return False
    return True


if os.path.exists(archer_lib) and tsan_openmp_works():
    config.available_features.add("archer")
config.substitutions.insert(0, ("%archer-lib", archer_lib))
# Runs a TSan program with Archer found the way libomp users find it: on the library path,
# no OMP_TOOL_LIBRARIES.
config.substitutions.insert(0, (
    "%run-archer",
    "mkdir -p %t.archer && ln -sf " + archer_lib + " %t.archer/libarcher.so && "
    "env LD_LIBRARY_PATH=" + libdir + ":%t.archer "
    "TSAN_OPTIONS=ignore_noninstrumented_modules=1 timeout " + limit))
