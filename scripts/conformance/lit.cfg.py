# lit configuration for running LLVM's OpenMP and offload test folders (from an extracted
# llvm-toolchain-19 source tree outside this repository) against one OpenMP runtime: Glass or
# LLVM's libomp (with libomptarget for the offload suite).
#
# scripts/conformance/run_lit.py loads this file in place of the folder's own lit.cfg, so the
# tests run unmodified. What the tests expect from their configuration (substitution names,
# compile flags, feature names for REQUIRES/UNSUPPORTED) follows LLVM 19's test configuration
# for a standalone openmp build on Linux x86_64; the values come from the parameters below.
#
# Parameters (--param NAME=VALUE):
#   suite        runtime | multiplex | archer | offload
#   src          the extracted tree (holds openmp/ and offload/)
#   omp_lib      directory holding the runtime under test (libomp.so and libomp.so.5; for
#                offload also libomptarget.so and libomptarget.devicertl.a)
#   omp_inc      directory with that runtime's omp.h and omp-tools.h ("" = the compiler's)
#   exec_root    where compiled tests and their outputs go
#   cc, cxx      test compilers (clang-22, clang++-22)
#   offload_target  the host target the offload suite runs (x86_64-pc-linux-gnu, or the same
#                with -LTO)
#   llvm_bin     directory with FileCheck and not
#   archer_lib   libarcher.so to use (archer suite)
#   archer_mode  ld  = libarcher.so on the library path, no OMP_TOOL_LIBRARIES (how LLVM's own
#                      Archer tests run: the runtime must find Archer by itself)
#                env = OMP_TOOL_LIBRARIES=<archer_lib>, libarcher.so not on the library path
import multiprocessing
import os
import re
import shutil
import subprocess
import sys

import lit.formats

params = lit_config.params


def param(name, default=None):
    value = params.get(name, default)
    if value is None:
        lit_config.fatal("conformance lit config: missing --param %s" % name)
    return value


suite = param("suite")
src = os.path.abspath(param("src"))
omp_lib = os.path.abspath(param("omp_lib"))
omp_inc = param("omp_inc", "")
cc = param("cc", "clang-22")
cxx = param("cxx", cc.replace("clang", "clang++"))
llvm_bin = param("llvm_bin", "/usr/lib/llvm-22/bin")
filecheck = os.path.join(llvm_bin, "FileCheck")
not_tool = os.path.join(llvm_bin, "not")

suite_dirs = {
    "runtime": "openmp/runtime/test",
    "multiplex": "openmp/tools/multiplex/tests",
    "archer": "openmp/tools/archer/tests",
    "offload": "offload/test",
}
if suite not in suite_dirs:
    lit_config.fatal("unknown suite %r (%s)" % (suite, ", ".join(suite_dirs)))
for tool in (filecheck, not_tool):
    if not os.path.exists(tool):
        lit_config.fatal("missing %s" % tool)
for comp in (cc, cxx):
    if not shutil.which(comp):
        lit_config.fatal("compiler %s not found" % comp)
if not os.path.exists(os.path.join(omp_lib, "libomp.so.5")):
    lit_config.fatal("no libomp.so.5 in %s" % omp_lib)

config.name = "conformance-%s" % suite
config.suffixes = [".c", ".cpp"]
# LLVM 19's tests still use %T (a directory for the test's extra files), which newer lit
# rejects; each test gets its own directory beside %t instead.
config.test_format = lit.formats.ShTest(preamble_commands=["mkdir -p %t.dir"])
config.test_source_root = os.path.join(src, suite_dirs[suite])
config.test_exec_root = os.path.abspath(param("exec_root"))
config.excludes = ["Inputs"]


def compiler_version(comp):
    out = subprocess.run([comp, "-dumpversion"], capture_output=True, text=True).stdout.strip()
    return out or "0.0.0"


# LLVM names compiler features <id>, <id>-<major>, <id>-<major.minor>, <id>-<full version>;
# tests use them to skip compilers with known gaps (UNSUPPORTED: clang-10, gcc-9 ...).
version = compiler_version(cc)
major = version.split(".")[0]
majmin = ".".join(version.split(".")[:2])
for feature in ("clang", "clang-" + major, "clang-" + majmin, "clang-" + version):
    config.available_features.add(feature)

# Platform features LLVM's configuration sets on Linux x86_64. Not set: hwloc (the reference
# libomp is not built with it), ompx_taskgraph (off by default in LLVM 19), darwin, netbsd.
for feature in ("linux", "affinity", "hidden-helper", "x86_64-target-arch", "x86-target-arch"):
    config.available_features.add(feature)
if multiprocessing.cpu_count() > 1:
    config.available_features.add("multicpu")
if params.get("ompt", "1") == "1":
    config.available_features.add("ompt")


def tsan_works():
    probe = subprocess.run([cc, "-fsanitize=thread", "-x", "c", "-", "-o", os.devnull],
                           input="int main(void){return 0;}", capture_output=True, text=True)
    return probe.returncode == 0


def set_environment():
    """Exactly one runtime must be found, the one under test: its directory goes first on the
    library path and into the rpath, whatever the compiler's own default rpath says. Nothing
    from the caller's environment steers the runtime, except the opt-in CHECK_OPENMP_ENV."""
    config.environment["LD_LIBRARY_PATH"] = omp_lib
    for var in list(config.environment):
        if var.startswith(("OMP_", "KMP_", "ARCHER_", "LIBOMPTARGET_")) or \
                var == "LD_PRELOAD" or var.endswith("SAN_OPTIONS"):
            del config.environment[var]
    for item in os.environ.get("CHECK_OPENMP_ENV", "").split():
        name, _, value = item.partition("=")
        config.environment[name] = value


set_environment()

header_flags = (" -I " + omp_inc) if omp_inc else ""
link_flags = " -L %s -Wl,-rpath,%s" % (omp_lib, omp_lib)
openmp_flags = "-fopenmp=libomp -pthread"
ompt_dir = os.path.join(src, "openmp/runtime/test/ompt")

config.substitutions.append(("%python", '"%s"' % sys.executable))
config.substitutions.append(("%not", not_tool))
config.substitutions.append(("%sort-threads", "sort -n -s"))

if suite == "runtime":
    base = " -I " + config.test_source_root + link_flags + " -fno-omit-frame-pointer"
    flags = header_flags + base
    compiler_omp_h_flags = base
    if "ompt" in config.available_features:
        flags += " -I " + ompt_dir
        compiler_omp_h_flags += " -I " + ompt_dir
    libs = " -lm"
    compile_and_run = [
        ("%libomp-compile-and-run", "%libomp-compile && %libomp-run"),
        ("%libomp-irbuilder-compile-and-run", "%libomp-irbuilder-compile && %libomp-run"),
        ("%libomp-c99-compile-and-run", "%libomp-c99-compile && %libomp-run"),
        ("%libomp-cxx-compile-and-run", "%libomp-cxx-compile && %libomp-run"),
        ("%libomp-cxx20-compile-and-run", "%libomp-cxx20-compile && %libomp-run"),
    ]
    compiles = [
        ("%libomp-cxx-compile-c", "%clangXX %openmp_flags %flags -std=c++17 -x c++ %s -o %t" + libs),
        ("%libomp-cxx-compile", "%clangXX %openmp_flags %flags -std=c++17 %s -o %t" + libs),
        ("%libomp-cxx20-compile", "%clangXX %openmp_flags %flags -std=c++20 %s -o %t" + libs),
        ("%libomp-compile", "%clang %openmp_flags %flags %s -o %t" + libs),
        ("%libomp-irbuilder-compile",
         "%clang %openmp_flags %flags -fopenmp-enable-irbuilder %s -o %t" + libs),
        ("%libomp-c99-compile", "%clang %openmp_flags %flags -std=c99 %s -o %t" + libs),
        ("%libomp-run", "%t"),
        ("%clangXX", cxx),
        ("%clang", cc),
        ("%openmp_flags", openmp_flags),
        ("%flags-use-compiler-omp-h", compiler_omp_h_flags),
        ("%flags", flags),
    ]
    config.substitutions.extend(compile_and_run + compiles)
    if "ompt" in config.available_features:
        # Keep each OMPT test's output next to its binary for diagnosis.
        config.substitutions.append(("FileCheck", "tee %%t.out | %s" % filecheck))
        config.substitutions.append(("%preload-tool", "env LD_PRELOAD=%T/tool.so"))
        config.substitutions.append(("%no-as-needed-flag", "-Wl,--no-as-needed"))
    else:
        config.substitutions.append(("FileCheck", filecheck))

elif suite == "multiplex":
    flags = " -I " + os.path.dirname(config.test_source_root) + header_flags + link_flags + \
        " -I " + ompt_dir + " " + openmp_flags
    config.environment["LD_LIBRARY_PATH"] = omp_lib + ":" + config.test_exec_root
    config.substitutions.extend([
        ("FileCheck", "tee %%t.out | %s" % filecheck),
        ("%libomp-compile-and-run", "%libomp-compile && %libomp-run"),
        ("%libomp-compile", "%clang %cflags %s -o %t"),
        ("%libomp-tool", "%clang %cflags -shared -fPIC -g"),
        ("%libomp-run", "%t"),
        ("%clang", cc),
        ("%openmp_flag", openmp_flags),
        ("%cflags", flags),
    ])

elif suite == "archer":
    archer_lib = os.path.abspath(param("archer_lib"))
    mode = param("archer_mode", "ld")
    if not os.path.exists(archer_lib):
        lit_config.fatal("no libarcher.so at %s" % archer_lib)
    if mode == "ld":
        # A directory holding only libarcher.so, so the reference runtime's directory (which
        # also holds libomp.so.5) never shadows the runtime under test.
        archer_dir = os.path.join(config.test_exec_root, "archer-lib")
        os.makedirs(archer_dir, exist_ok=True)
        link = os.path.join(archer_dir, "libarcher.so")
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(archer_lib, link)
        config.environment["LD_LIBRARY_PATH"] = omp_lib + ":" + archer_dir
    elif mode == "env":
        config.environment["OMP_TOOL_LIBRARIES"] = archer_lib
    else:
        lit_config.fatal("archer_mode must be ld or env")
    if tsan_works():
        config.available_features.add("tsan")
    flags = " -I " + config.test_source_root + header_flags + link_flags
    archer_flags = "-gdwarf-4 -O1 -fsanitize=thread"
    config.environment["ARCHER_OPTIONS"] = "report_data_leak=1"
    deflake = os.path.join(config.test_source_root, "deflake.bash")
    suppress = "env TSAN_OPTIONS='ignore_noninstrumented_modules=0:ignore_noninstrumented_modules=1'"
    nosuppress = "env TSAN_OPTIONS='ignore_noninstrumented_modules=0:exitcode=0'"
    config.substitutions.extend([
        ("%libarcher-compile-and-run-race-noserial",
         "%%libarcher-compile && env ARCHER_OPTIONS=\"ignore_serial=1 %s\" %%libarcher-run-race"
         % config.environment["ARCHER_OPTIONS"]),
        ("%libarcher-compile-and-run-race", "%libarcher-compile && %libarcher-run-race"),
        ("%libarcher-compile-and-run-nosuppression",
         "%libarcher-compile && %libarcher-run-nosuppression"),
        ("%libarcher-compile-and-run", "%libarcher-compile && %libarcher-run"),
        ("%libarcher-cxx-compile-and-run", "%libarcher-cxx-compile && %libarcher-run"),
        ("%libarcher-cxx-compile",
         "%clang-archerXX %openmp_flags %archer_flags %flags -std=c++17 %s -o %t"),
        ("%libarcher-compile", "%clang-archer %openmp_flags %archer_flags %flags %s -o %t"),
        ("%libarcher-run-race", suppress + " " + deflake + " %t 2>&1 | tee %t.log"),
        ("%libarcher-run-nosuppression", nosuppress + " %t 2>&1 | tee %t.log"),
        ("%libarcher-run", suppress + " %t 2>&1 | tee %t.log"),
        ("%clang-archerXX", cxx),
        ("%clang-archer", cc),
        ("%openmp_flags", openmp_flags),
        ("%archer_flags", archer_flags),
        ("%flags", flags),
        ("FileCheck", filecheck),
        ("%preload-tool", "env LD_PRELOAD=%T/tool.so"),
    ])

else:
    # LLVM's own lit.cfg does the work, from the values its CMake build would write into
    # lit.site.cfg: one host target, the runtime under test in every library role (so that no
    # other libomp or libomptarget is on the -L or rpath list), no debug build, no GPU libc.
    for comp in ("libomptarget.so", "libomptarget.devicertl.a"):
        if not os.path.exists(os.path.join(omp_lib, comp)):
            lit_config.fatal("no %s in %s" % (comp, omp_lib))
    target = param("offload_target", "x86_64-pc-linux-gnu")
    config.bin_llvm_tools_dir = llvm_bin
    config.test_c_compiler = cc
    config.test_cxx_compiler = cxx
    config.test_fortran_compiler = ""
    config.test_compiler_features = sorted(f for f in config.available_features
                                           if f.startswith("clang"))
    config.test_openmp_flags = openmp_flags
    config.test_extra_flags = ""
    config.cuda_path = config.cuda_libdir = config.cuda_test_arch = config.amdgpu_test_arch = ""
    config.libomptarget_obj_root = config.test_exec_root
    config.library_dir = config.llvm_library_dir = config.llvm_library_intdir = omp_lib
    config.omp_host_rtl_directory = config.llvm_lib_directory = omp_lib
    config.omp_header_directory = omp_inc or os.path.join(src, "openmp/runtime/test")
    config.operating_system = "Linux"
    hosts = ["aarch64-unknown-linux-gnu", "x86_64-pc-linux-gnu", "s390x-ibm-linux-gnu",
             "powerpc64-ibm-linux-gnu", "powerpc64le-ibm-linux-gnu"]
    gpus = ["nvptx64-nvidia-cuda", "amdgcn-amd-amdhsa"]
    config.libomptarget_all_targets = [t + sfx for t in hosts + gpus for sfx in ("", "-LTO")]
    config.libomptarget_current_target = target
    config.libomptarget_filecheck = filecheck
    config.libomptarget_not = not_tool
    config.libomptarget_debug = False
    config.has_libomptarget_ompt = "ompt" in config.available_features
    config.libomptarget_has_libc = False
    lit_config.load_config(config, os.path.join(config.test_source_root, "lit.cfg"))
    # LLVM's file copies LIBOMPTARGET_* and OMP_TARGET_OFFLOAD from the caller and sets its own
    # test format and suite name (which would put the target between lit's suite name and the
    # test path); ours keeps the %T directory and the usual test names.
    set_environment()
    config.name = "conformance-offload"
    config.test_format = lit.formats.ShTest(preamble_commands=["mkdir -p %t.dir"])
    config.test_exec_root = os.path.abspath(param("exec_root"))

# Last, so that it also rewrites the %T that other substitutions (%preload-tool) bring in.
config.substitutions.append(("%T", "%t.dir"))
