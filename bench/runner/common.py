"""Small helpers shared by the runner modules: logging, commands, statistics, and the
description of runtimes and tool modes."""

import json
import os
import statistics
import subprocess
import sys
import time

BENCH_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO_DIR = os.path.dirname(BENCH_DIR)

# Tool modes, in table order. "disabled" configures the light tool *and* OMP_TOOL=disabled:
# the runtime must not load it, and the runner checks that it did not.
MODES = ["none", "disabled", "nocb", "empty", "light"]
# Opt-in modes (--modes ...,trace), never in the default run or the smoke test. "trace": the run
# under the glass-trace launcher (tools/trace), recording every event and writing its outputs at
# exit; the microbenchmark figure is the time measured inside the run, so what is measured is
# the recording, not the writing of the outputs.
OPT_IN_MODES = ["trace"]
MODE_TITLES = {
    "none": "no tool",
    "disabled": "OMP_TOOL=disabled",
    "nocb": "tool, no callback",
    "empty": "every callback, empty",
    "light": "every callback, light work",
    "trace": "under glass-trace",
}

# Runtimes, in table order. Each runs the binaries of one compiler. LLVM's libomp is the
# reference of every ratio.
RUNTIME_TITLES = {
    "glass": "Glass",
    "libomp": "LLVM libomp",
    "libgomp": "libgomp",
    "glass-noompt": "Glass OMPT-off",
    "glass-clang14": "Glass (clang-14)",
    "libomp-clang14": "LLVM libomp (clang-14)",
}
REFERENCE = "libomp"

_log_file = None
_quiet = False


def set_log(path, quiet=False):
    global _log_file, _quiet
    _log_file = open(path, "a") if path else None
    _quiet = quiet


def log(msg, always=False):
    line = time.strftime("%H:%M:%S ") + msg
    if not _quiet or always:
        print(line, file=sys.stderr, flush=True)
    if _log_file:
        _log_file.write(line + "\n")
        _log_file.flush()


class BuildError(Exception):
    pass


def run_cmd(cmd, cwd=None, env=None, timeout=None, check=True):
    """Runs a command, returns (rc, stdout, stderr); raises BuildError when check and rc != 0."""
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, timeout=timeout, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    except subprocess.TimeoutExpired:
        if check:
            raise BuildError("timed out: %s" % " ".join(cmd))
        return (-1, "", "timeout")
    except OSError as e:
        if check:
            raise BuildError("%s: %s" % (cmd[0], e))
        return (-1, "", str(e))
    if check and p.returncode != 0:
        raise BuildError("failed (%d): %s\n%s%s" % (p.returncode, " ".join(cmd), p.stdout,
                                                     p.stderr))
    return (p.returncode, p.stdout, p.stderr)


def first_line(cmd):
    try:
        rc, out, err = run_cmd(cmd, check=False, timeout=30)
        text = (out or err).strip()
        return text.splitlines()[0] if text else "?"
    except Exception:
        return "?"


def median(values):
    return statistics.median(values) if values else None


def minimum(values):
    return min(values) if values else None


def parse_json_lines(text):
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                out.append(json.loads(line))
            except ValueError:
                pass
    return out


def clean_env():
    """The environment with every OpenMP, tool and loader setting removed."""
    env = dict(os.environ)
    for var in list(env):
        if var.startswith(("OMP_", "KMP_", "GOMP_", "BENCH_", "GLASS_TRACE_")) or var in ("LD_LIBRARY_PATH",
                                                                         "LD_PRELOAD"):
            del env[var]
    return env
