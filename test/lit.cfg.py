# lit configuration for Glass. Every test is a C program with RUN and CHECK lines; the suite
# runs once per compiler (--param cc=clang-14, --param cc=clang-22), each build linked against
# Glass's libomp.so.5 and headers.
import os
import shutil

import lit.formats
import lit.util

config.name = "Glass"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c", ".cpp"]
config.excludes = ["Inputs", "utils", "lit.cfg.py"]
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

cxx = cc.replace("clang", "clang++")
# -fno-omit-frame-pointer: tests compare OMPT frames with __builtin_frame_address.
flags = "-fopenmp -O1 -g -fno-omit-frame-pointer -Wall -Werror=implicit-function-declaration " \
        "-I%s -L%s -Wl,-rpath,%s" % (incdir, libdir, libdir)
# Per-test time limit, without psutil: a hung runtime must fail the test, not the suite.
limit = params.get("timeout", "120")
runenv = "env LD_LIBRARY_PATH=%s" % libdir
config.environment["OMP_TOOL_VERBOSE_INIT"] = "disabled"
for var in list(config.environment):
    if var.startswith("OMP_") or var.startswith("KMP_"):
        del config.environment[var]

utils = os.path.join(config.test_source_root, "utils")
config.substitutions.extend([
    ("%compile-cxx", "%s %s -x c++ %%s -o %%t" % (cxx, flags)),
    ("%compile", "%s %s %%s -o %%t" % (cc, flags)),
    ("%cc", cc),
    ("%flags", flags),
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
