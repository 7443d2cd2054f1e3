"""The machine: what it is, and how much CPU other processes used while a run was measured.

Disturbance: the CPU time every process on the machine used during a run (from the root
cgroup's cpuacct.usage in nanoseconds, or cgroup v2's cpu.stat, or, coarsest, /proc/stat
ticks), minus what the run itself and the runner used (getrusage). Whatever is left was
spent by someone else, while we measured."""

import os
import platform
import resource
import time

CPUACCT = "/sys/fs/cgroup/cpuacct/cpuacct.usage"
CPUACCT2 = "/sys/fs/cgroup/cpu,cpuacct/cpuacct.usage"
CGROUP2 = "/sys/fs/cgroup/cpu.stat"


def _read_cpuacct(path):
    with open(path) as f:
        return int(f.read()) / 1e9


def _read_cgroup2():
    with open(CGROUP2) as f:
        for line in f:
            if line.startswith("usage_usec"):
                return int(line.split()[1]) / 1e6
    raise OSError("no usage_usec")


_TICK = os.sysconf("SC_CLK_TCK")


def _read_proc_stat():
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    # user nice system idle iowait irq softirq steal guest guest_nice: busy = all but idle,
    # iowait (guest time is already inside user). Steal counts: the hypervisor gave our CPU to
    # someone else.
    busy = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]
    return busy / _TICK


def _pick_source():
    for name, fn in (("cgroup cpuacct.usage", lambda: _read_cpuacct(CPUACCT)),
                     ("cgroup cpuacct.usage", lambda: _read_cpuacct(CPUACCT2)),
                     ("cgroup2 cpu.stat", _read_cgroup2)):
        try:
            a = fn()
            time.sleep(0.02)
            if fn() >= a:
                return name, fn
        except (OSError, ValueError):
            pass
    return "/proc/stat (10 ms ticks)", _read_proc_stat


SOURCE, _machine_cpu = _pick_source()
NCPU = os.cpu_count() or 1


def _own_cpu():
    s = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


class Probe:
    """Brackets one run: start() before launching it, stop() after it was waited for."""

    def start(self):
        self.m0 = _machine_cpu()
        self.o0 = _own_cpu()
        self.t0 = time.monotonic()

    def stop(self):
        self.wall = time.monotonic() - self.t0
        machine = _machine_cpu() - self.m0
        own = _own_cpu() - self.o0
        self.other_cpu = max(0.0, machine - own)
        # In CPUs: 0.5 means another process used half a CPU on average during the run.
        self.other_frac = self.other_cpu / self.wall if self.wall > 0 else 0.0
        return self


def describe():
    info = {"cpus": NCPU, "kernel": platform.release(), "machine": platform.machine()}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal"):
                    info["memory_gib"] = round(int(line.split()[1]) / 1024 / 1024, 1)
                    break
    except OSError:
        pass
    info["hostname"] = platform.node()
    info["disturbance_source"] = SOURCE
    return info


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError):
        return None
